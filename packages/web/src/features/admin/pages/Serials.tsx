/**
 * /acer/admin/serials?q=: serials found by their start (any case); /acer/admin/serials/{serial}: every unit
 * ever shipped with a serial (it may have shipped again after a return), newest first, with its order,
 * company, item, warranty end and state, and its history (plan, returns, claims, replacement).
 */
import type {
  AdminUnit,
  SerialHistoryAnswer,
  SerialSearchAnswer,
} from '@shop/domain/after-sale/device-schemas';
import { Form, Link, useSearchParams } from 'react-router';
import { api } from '../../../lib/api';
import { ADMIN_BASE } from '../api';
import { type AdminPage, type PageArgs, usePageData } from '../routing';
import { Day, Field, PageTitle, When } from '../ui';
import { conditionWord } from '../words';

const STATE_WORDS: Record<string, string> = {
  in_warranty: 'In warranty',
  expired: 'Warranty expired',
  returned: 'Returned',
  replaced: 'Replaced',
};
const BASIS_WORDS: Record<string, string> = {
  terms: '90 days (terms of sale)',
  battery: '1 year (battery)',
  factory: '1 year (manufacturer, brand new)',
  plan: 'Extended plan',
};

export const stateWord = (state: string) => STATE_WORDS[state] ?? state;
export const serialPath = (serial: string) => `${ADMIN_BASE}/serials/${encodeURIComponent(serial)}`;

/** Units whose serial starts with what was typed: a table of links to each serial's page. */
export function SerialMatches({ units, q }: { units: SerialSearchAnswer['units']; q: string }) {
  if (units.length === 0) return <p>No serial number starts with “{q}”.</p>;
  return (
    <div className="admin-table-wrap">
      <table className="admin-table">
        <caption>Serial numbers starting with “{q}”</caption>
        <thead>
          <tr>
            <th scope="col">Serial</th>
            <th scope="col">Item</th>
            <th scope="col">Customer</th>
            <th scope="col">Order</th>
            <th scope="col">State</th>
          </tr>
        </thead>
        <tbody>
          {units.map((u) => (
            <tr key={u.unit_id}>
              <td>
                <Link to={serialPath(u.serial)}>{u.serial}</Link>
              </td>
              <td>{u.item_name}</td>
              <td>
                <Link to={`${ADMIN_BASE}/customers/${u.customer_id}`}>
                  {u.customer_id} {u.company}
                </Link>
              </td>
              <td>
                <Link to={`${ADMIN_BASE}/orders/${u.order_id}`}>{u.order_number}</Link>
              </td>
              <td>{stateWord(u.state)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

type SearchData = { q: string; units: SerialSearchAnswer['units']; refusal: string };

async function searchLoader({ request }: PageArgs): Promise<SearchData> {
  const q = new URL(request.url).searchParams.get('q')?.trim() ?? '';
  if (!q) return { q, units: [], refusal: '' };
  if (q.length < 3) return { q, units: [], refusal: 'Type at least 3 characters of a serial number.' };
  const { units } = await api('GET /api/admin/serials', { query: { q }, signal: request.signal });
  return { q, units, refusal: '' };
}

function SerialSearch() {
  const { q, units, refusal } = usePageData<SearchData>();
  const [params] = useSearchParams();
  return (
    <>
      <PageTitle title="Serial numbers">Serial numbers</PageTitle>
      <Form method="get" className="admin-filters" role="search" aria-label="Find a serial number">
        <Field
          id="serial-q"
          name="q"
          label="Serial number (or its beginning)"
          defaultValue={params.get('q') ?? ''}
          maxLength={40}
          error={refusal || undefined}
        />
        <button type="submit" className="admin-btn">
          Find
        </button>
      </Form>
      {q && !refusal && <SerialMatches units={units} q={q} />}
    </>
  );
}

function UnitFacts({ unit }: { unit: AdminUnit }) {
  return (
    <dl className="admin-facts">
      <dt>Customer</dt>
      <dd>
        <Link to={`${ADMIN_BASE}/customers/${unit.customer_id}`}>
          {unit.customer_id} {unit.company}
        </Link>
      </dd>
      <dt>Order</dt>
      <dd>
        <Link to={`${ADMIN_BASE}/orders/${unit.order_id}`}>{unit.order_number}</Link> placed{' '}
        <Day day={unit.ordered_on} />
      </dd>
      <dt>Item</dt>
      <dd>
        <Link to={`${ADMIN_BASE}/products/${unit.item_id}`}>{unit.item_name}</Link> ({unit.sku}),{' '}
        {conditionWord(unit.condition)}
      </dd>
      <dt>Shipped</dt>
      <dd>
        <When at={unit.shipped_at} />
      </dd>
      <dt>Delivered</dt>
      <dd>
        <Day day={unit.delivered_on} />
      </dd>
      <dt>Invoice</dt>
      <dd>{unit.invoice_number ?? 'None yet'}</dd>
      <dt>Warranty ends</dt>
      <dd>
        <Day day={unit.warranty_ends_on} /> — {BASIS_WORDS[unit.warranty_basis] ?? unit.warranty_basis}
      </dd>
      <dt>State</dt>
      <dd>{stateWord(unit.state)}</dd>
      {unit.plan && (
        <>
          <dt>Extended plan</dt>
          <dd>
            {unit.plan.item_name} ({unit.plan.sku}) on order{' '}
            <Link to={`${ADMIN_BASE}/orders/${unit.plan.order_id}`}>{unit.plan.order_number}</Link>
          </dd>
        </>
      )}
      {unit.returned_at && (
        <>
          <dt>Came back</dt>
          <dd>
            <When at={unit.returned_at} />
          </dd>
        </>
      )}
      {unit.replaced_by && (
        <>
          <dt>Replaced by</dt>
          <dd>
            <Link to={serialPath(unit.replaced_by.serial)}>{unit.replaced_by.serial}</Link>
          </dd>
        </>
      )}
      {unit.replaces && (
        <>
          <dt>Replaces</dt>
          <dd>
            <Link to={serialPath(unit.replaces.serial)}>{unit.replaces.serial}</Link>
          </dd>
        </>
      )}
      {unit.returns.length > 0 && (
        <>
          <dt>Returns</dt>
          <dd>
            <ul>
              {unit.returns.map((r) => (
                <li key={r.return_id}>
                  <Link to={`${ADMIN_BASE}/returns/${r.return_id}`}>{r.rma_number}</Link> (
                  {r.reason.replaceAll('_', ' ')}): {r.state}
                  {r.resolution ? `, ${r.resolution}` : ''}, opened <When at={r.created_at} />
                </li>
              ))}
            </ul>
          </dd>
        </>
      )}
      {unit.claims.length > 0 && (
        <>
          <dt>Warranty claims</dt>
          <dd>
            <ul>
              {unit.claims.map((c) => (
                <li key={c.claim_id}>
                  <Link to={`${ADMIN_BASE}/warranty-claims/${c.claim_id}`}>{c.claim_number}</Link>: {c.state}
                  {c.answer ? `, ${c.answer}` : ''}, submitted <When at={c.created_at} />
                </li>
              ))}
            </ul>
          </dd>
        </>
      )}
    </dl>
  );
}

async function serialLoader({ request, params }: PageArgs): Promise<SerialHistoryAnswer> {
  return api('GET /api/admin/serials/:serial', {
    params: { serial: params.serial ?? '' },
    signal: request.signal,
  });
}

function SerialHistory() {
  const { serial, units } = usePageData<SerialHistoryAnswer>();
  return (
    <>
      <p className="admin-crumbs">
        <Link to={`${ADMIN_BASE}/serials`}>Serial numbers</Link>
      </p>
      <PageTitle title={`Serial ${serial}`}>Serial {serial}</PageTitle>
      <p>
        {units.length === 1
          ? 'Shipped once.'
          : `Shipped ${units.length} times (a unit that came back may ship again); the latest first.`}
      </p>
      {units.map((unit, i) => (
        <section key={unit.unit_id} className="admin-section" aria-labelledby={`unit-${unit.unit_id}`}>
          <h2 id={`unit-${unit.unit_id}`}>
            {i === 0 ? 'Latest shipment' : 'Earlier shipment'}: {unit.order_number}, {stateWord(unit.state)}
          </h2>
          <UnitFacts unit={unit} />
        </section>
      ))}
    </>
  );
}

export const serialsPage: AdminPage = { path: '/serials', loader: searchLoader, Component: SerialSearch };
export const serialPage: AdminPage = {
  path: '/serials/:serial',
  loader: serialLoader,
  Component: SerialHistory,
};
