/**
 * /acer/admin/webhooks (owners): the endpoints the shop tells of orders, invoices, payments and products
 * (a URL, the events it wants, a signing secret shown once when it is added), each turned on or off, sent
 * a test event; /acer/admin/webhooks/:endpointId, an endpoint's delivery log (status, time, duration, what
 * the receiver answered), each delivery sent again on demand.
 */
import {
  WEBHOOK_EVENTS,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEndpointCreatedAnswer,
} from '@shop/domain/webhooks/schemas';
import { useRef } from 'react';
import { Link } from 'react-router';
import { api } from '../../../lib/api';
import { ADMIN_BASE, attempt, failed, readBody } from '../api';
import { type AdminPage, type PageArgs, usePageData } from '../routing';
import { Checkbox, Field, PageTitle, Result, useAction, useFocusFirstError, When } from '../ui';

async function loader({ request }: PageArgs) {
  const { endpoints } = await api('GET /api/admin/webhooks', { signal: request.signal });
  return endpoints;
}

/** The actions on one endpoint, shared by the list and the delivery log. */
function endpointAction(request: Request, body: Record<string, unknown>) {
  const endpointId = String(body.endpoint_id ?? '');
  switch (body.intent) {
    case 'test':
      return attempt(
        request,
        () => api('POST /api/admin/webhooks/:endpointId/test', { params: { endpointId } }),
        'Test event sent.',
      );
    case 'enable':
    case 'disable':
      return attempt(
        request,
        () =>
          api('PATCH /api/admin/webhooks/:endpointId', {
            params: { endpointId },
            body: { enabled: body.intent === 'enable' },
          }),
        body.intent === 'enable' ? 'Turned on.' : 'Turned off.',
      );
    case 'resend':
      return attempt(
        request,
        () =>
          api('POST /api/admin/webhooks/:endpointId/deliveries/:deliveryId/resend', {
            params: { endpointId, deliveryId: String(body.delivery_id ?? '') },
          }),
        'Sent again.',
      );
    default:
      return Promise.resolve(failed('Unknown action.'));
  }
}

async function action({ request }: PageArgs) {
  const body = await readBody(request);
  if (body.intent !== 'add') return endpointAction(request, body);
  const events = WEBHOOK_EVENTS.filter((e) => body[`event_${e}`] === 'on');
  if (events.length === 0)
    return failed('Choose at least one event.', { events: 'Choose at least one event.' });
  return attempt(
    request,
    () =>
      api('POST /api/admin/webhooks', {
        body: { url: String(body.url ?? ''), description: String(body.description ?? ''), events },
      }),
    'Added.',
  );
}

function EndpointButtons({ endpoint }: { endpoint: WebhookEndpoint }) {
  const { fetcher, busy, result } = useAction();
  return (
    <>
      <fetcher.Form method="post" className="admin-inline-form">
        <input type="hidden" name="endpoint_id" value={endpoint.id} />
        <button
          type="submit"
          name="intent"
          value="test"
          className="admin-btn admin-btn--small"
          disabled={busy}
        >
          Send test event
        </button>{' '}
        <button
          type="submit"
          name="intent"
          value={endpoint.enabled ? 'disable' : 'enable'}
          className="admin-btn admin-btn--small"
          disabled={busy}
        >
          {endpoint.enabled ? 'Turn off' : 'Turn on'}
        </button>
      </fetcher.Form>
      <Result result={result} />
    </>
  );
}

function Webhooks() {
  const endpoints = usePageData<WebhookEndpoint[]>();
  const ref = useRef<HTMLFormElement>(null);
  const { fetcher, busy, result, errors } = useAction(() => ref.current?.reset());
  useFocusFirstError(ref, result);
  const made = result?.ok ? (result.data as WebhookEndpointCreatedAnswer | undefined) : undefined;
  return (
    <>
      <PageTitle title="Webhooks">Webhooks</PageTitle>
      <p>
        The shop posts each event an endpoint wants to its URL, signed with the endpoint’s secret as Standard
        Webhooks say (<code>webhook-id</code>, <code>webhook-timestamp</code>, <code>webhook-signature</code>
        ). An endpoint that fails for a day is turned off and the owners are mailed.
      </p>
      <div className="admin-table-wrap">
        <table className="admin-table admin-table--rows">
          <caption className="visually-hidden">Webhook endpoints</caption>
          <thead>
            <tr>
              <th scope="col">URL</th>
              <th scope="col">Events</th>
              <th scope="col">State</th>
              <th scope="col">Waiting</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {endpoints.length === 0 && (
              <tr>
                <td colSpan={5}>No endpoints yet.</td>
              </tr>
            )}
            {endpoints.map((e) => (
              <tr key={e.id} data-endpoint={e.id}>
                <td>
                  <Link to={`${ADMIN_BASE}/webhooks/${e.id}`}>{e.url}</Link>
                  {e.description && <div>{e.description}</div>}
                </td>
                <td>{e.events.join(', ')}</td>
                <td>{e.enabled ? 'On' : `Off${e.disabled_reason ? `: ${e.disabled_reason}` : ''}`}</td>
                <td>{e.pending}</td>
                <td>
                  <EndpointButtons endpoint={e} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <section className="admin-card" aria-labelledby="add-endpoint-heading">
        <h2 id="add-endpoint-heading">Add an endpoint</h2>
        <Result result={result} />
        {made?.secret && (
          <p className="admin-note">
            Signing secret of {made.endpoint.url} (shown this once):{' '}
            <code data-testid="webhook-secret">{made.secret}</code>
          </p>
        )}
        <fetcher.Form method="post" ref={ref} className="admin-form admin-grid" noValidate>
          <input type="hidden" name="intent" value="add" />
          <Field
            id="webhook-url"
            name="url"
            label="URL"
            type="url"
            required
            maxLength={2000}
            error={errors.url}
          />
          <Field id="webhook-description" name="description" label="Description" maxLength={200} />
          <fieldset className="admin-grid__full">
            <legend>Events</legend>
            {WEBHOOK_EVENTS.map((e) => (
              <Checkbox key={e} id={`webhook-event-${e}`} name={`event_${e}`} label={e} />
            ))}
            {errors.events && <p className="field-error">{errors.events}</p>}
          </fieldset>
          <div className="admin-actions admin-grid__full">
            <button type="submit" className="admin-btn admin-btn--primary" disabled={busy}>
              Add the endpoint
            </button>
          </div>
        </fetcher.Form>
      </section>
    </>
  );
}

export const webhooksPage: AdminPage = {
  path: '/webhooks',
  owner: true,
  loader,
  action,
  Component: Webhooks,
};

async function deliveriesLoader({ request, params }: PageArgs) {
  const endpointId = String(params.endpointId ?? '');
  const [{ endpoints }, { deliveries }] = await Promise.all([
    api('GET /api/admin/webhooks', { signal: request.signal }),
    api('GET /api/admin/webhooks/:endpointId/deliveries', { params: { endpointId }, signal: request.signal }),
  ]);
  return { endpoint: endpoints.find((e) => String(e.id) === endpointId), deliveries };
}

async function deliveriesAction({ request }: PageArgs) {
  return endpointAction(request, await readBody(request));
}

function DeliveryRow({ endpointId, delivery: d }: { endpointId: number; delivery: WebhookDelivery }) {
  const { fetcher, busy, result } = useAction();
  return (
    <tr data-delivery={d.id}>
      <td>{d.event_type}</td>
      <td>
        <When at={d.created_at} />
      </td>
      <td>{d.state}</td>
      <td>{d.last_status ?? '—'}</td>
      <td>{d.last_attempt_at ? <When at={d.last_attempt_at} /> : '—'}</td>
      <td>{d.last_duration_ms === null ? '—' : `${d.last_duration_ms} ms`}</td>
      <td>
        <code>{d.last_response ?? ''}</code>
      </td>
      <td>
        <fetcher.Form method="post">
          <input type="hidden" name="endpoint_id" value={endpointId} />
          <input type="hidden" name="delivery_id" value={d.id} />
          <button
            type="submit"
            name="intent"
            value="resend"
            className="admin-btn admin-btn--small"
            disabled={busy}
          >
            Send again<span className="visually-hidden"> {d.event_type}</span>
          </button>
        </fetcher.Form>
        <Result result={result} />
      </td>
    </tr>
  );
}

function WebhookDeliveries() {
  const { endpoint, deliveries } = usePageData<{
    endpoint: WebhookEndpoint | undefined;
    deliveries: WebhookDelivery[];
  }>();
  if (!endpoint) return <p>There is no such webhook endpoint.</p>;
  return (
    <>
      <PageTitle title={`Webhook ${endpoint.url}`}>Deliveries to {endpoint.url}</PageTitle>
      <p>
        <Link to={`${ADMIN_BASE}/webhooks`}>All endpoints</Link> · {endpoint.enabled ? 'On' : 'Off'} · Events:{' '}
        {endpoint.events.join(', ')}
      </p>
      <EndpointButtons endpoint={endpoint} />
      <div className="admin-table-wrap">
        <table className="admin-table admin-table--rows">
          <caption className="visually-hidden">Deliveries, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Event</th>
              <th scope="col">Made</th>
              <th scope="col">State</th>
              <th scope="col">Status</th>
              <th scope="col">Last try</th>
              <th scope="col">Duration</th>
              <th scope="col">Answer</th>
              <th scope="col">Send again</th>
            </tr>
          </thead>
          <tbody>
            {deliveries.length === 0 && (
              <tr>
                <td colSpan={8}>Nothing sent yet.</td>
              </tr>
            )}
            {deliveries.map((d) => (
              <DeliveryRow key={d.id} endpointId={endpoint.id} delivery={d} />
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

export const webhookDeliveriesPage: AdminPage = {
  path: '/webhooks/:endpointId',
  owner: true,
  loader: deliveriesLoader,
  action: deliveriesAction,
  Component: WebhookDeliveries,
};
