/**
 * /acer/admin/returns: the returns (RMA), oldest first, by state (requested by default), reason, customer
 * and age, worked by keyboard (list-keys.tsx); /acer/admin/returns/:returnId: a return's units and photos,
 * authorise (instructions, who pays the shipping) or decline (a reason), receive each line (inspection
 * note, where it goes), then resolve it (a credit note less deductions, a replacement order or a repair);
 * /acer/admin/returns/report: units returned by product, condition and reason over a period, and its CSV.
 * Every step is mailed to the buyer in their language by the server.
 */
import type { ReturnDetail, ReturnSummary } from '@shop/domain/after-sale/return-answers';
import {
  AuthoriseReturnBody,
  DeclineReturnBody,
  ReceiveReturnLineBody,
  ResolveReturnBody,
} from '@shop/domain/after-sale/return-schemas';
import { DISPOSITIONS, RETURN_REASONS, RETURN_STATES } from '@shop/domain/after-sale/rules';
import { todayIn } from '@shop/domain/core/days';
import { useRef } from 'react';
import { Form, Link, useSearchParams } from 'react-router';
import { ApiError, api } from '../../../lib/api';
import { shopInfo } from '../../../lib/shop';
import { ADMIN_BASE, attempt, checked, failed, type ListData, listOrRefusal, readBody } from '../api';
import { KeysHint, MatchCount, SkipToTable, useListKeys } from '../list-keys';
import { type AdminPage, type PageArgs, setFlash, usePageData } from '../routing';
import {
  Field,
  ListPager,
  PageTitle,
  Result,
  Select,
  TextArea,
  useAction,
  useFocusFirstError,
  When,
} from '../ui';

interface ReturnList {
  items: ReturnSummary[];
  total: number;
  page: number;
  page_size: number;
}
const EMPTY: ReturnList = { items: [], total: 0, page: 1, page_size: 50 };

export const REASON_WORDS: Record<string, string> = {
  dead_on_arrival: 'Dead on arrival',
  damaged_in_shipping: 'Damaged in shipping',
  not_as_described: 'Not as described',
  wrong_item: 'Wrong item',
  not_needed: 'Not needed',
  warranty: 'Warranty',
};
const DISPOSITION_WORDS: Record<string, string> = {
  stock: 'Back to stock',
  scratch_dent: 'Scratch-and-dent stock',
  write_off: 'Written off',
};
const RESOLUTION_WORDS: Record<string, string> = {
  credit: 'Credit note',
  replacement: 'Replacement order',
  repair: 'Repair',
};

async function listLoader({ request }: PageArgs): Promise<ListData<ReturnList>> {
  const p = new URL(request.url).searchParams;
  const query = {
    state: p.get('state') ?? 'requested',
    reason: p.get('reason'),
    customer: p.get('customer'),
    older_than: p.get('older_than'),
    page: p.get('page'),
  };
  return listOrRefusal(async () => {
    const answer = await api('GET /api/admin/returns', { query, signal: request.signal });
    return { items: answer.returns, total: answer.total, page: answer.page, page_size: answer.page_size };
  }, EMPTY);
}

function StateTag({ state }: { state: string }) {
  return <span className={`admin-status admin-status--${state}`}>{state}</span>;
}

function Returns() {
  const list = usePageData<ListData<ReturnList>>();
  const [params] = useSearchParams();
  const table = useRef<HTMLDivElement>(null);
  useListKeys(table, 'returns-customer');
  const pages = Math.max(1, Math.ceil(list.total / list.page_size));
  return (
    <>
      <PageTitle title="Returns">Returns</PageTitle>
      <p>
        <Link to={`${ADMIN_BASE}/returns/report`}>Returns report</Link>
      </p>
      <SkipToTable target="returns-table">Skip to the returns</SkipToTable>
      <Form method="get" className="admin-filters" role="search" aria-label="Find returns">
        <Select
          id="returns-state"
          name="state"
          label="State"
          defaultValue={params.get('state') ?? 'requested'}
          options={[{ value: '', label: 'All' }, ...RETURN_STATES.map((s) => ({ value: s, label: s }))]}
        />
        <Select
          id="returns-reason"
          name="reason"
          label="Reason"
          defaultValue={params.get('reason') ?? ''}
          options={[
            { value: '', label: 'Any reason' },
            ...[...RETURN_REASONS, 'warranty'].map((r) => ({ value: r, label: REASON_WORDS[r] ?? r })),
          ]}
        />
        <Select
          id="returns-age"
          name="older_than"
          label="Opened"
          defaultValue={params.get('older_than') ?? ''}
          options={[
            { value: '', label: 'Any time' },
            { value: '3', label: '3 days ago or more' },
            { value: '7', label: '7 days ago or more' },
            { value: '14', label: '14 days ago or more' },
          ]}
        />
        <Field
          id="returns-customer"
          name="customer"
          label="Customer"
          hint="Customer ID or company"
          defaultValue={params.get('customer') ?? ''}
          maxLength={100}
        />
        <button type="submit" className="admin-btn">
          Show
        </button>
      </Form>
      <MatchCount total={list.total} one="return matches" many="returns match" refusal={list.refusal} />
      <div id="returns-table" ref={table} tabIndex={-1} className="admin-table-wrap">
        {list.items.length > 0 && (
          <table className="admin-table admin-table--rows">
            <caption className="visually-hidden">Returns</caption>
            <thead>
              <tr>
                <th scope="col">RMA</th>
                <th scope="col">Opened</th>
                <th scope="col">Customer</th>
                <th scope="col">Order</th>
                <th scope="col">Reason</th>
                <th scope="col">Units</th>
                <th scope="col">State</th>
              </tr>
            </thead>
            <tbody>
              {list.items.map((r) => (
                <tr key={r.return_id} data-href={`${ADMIN_BASE}/returns/${r.return_id}`}>
                  <th scope="row">
                    <Link to={`${ADMIN_BASE}/returns/${r.return_id}`}>{r.rma_number}</Link>
                  </th>
                  <td>
                    <When at={r.created_at} />
                  </td>
                  <td>
                    {r.company} ({r.customer_id})
                  </td>
                  <td>{r.order_number}</td>
                  <td>{REASON_WORDS[r.reason] ?? r.reason}</td>
                  <td>{r.units}</td>
                  <td>
                    <StateTag state={r.state} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
      <ListPager page={list.page} pages={pages} total={list.total} noun="return" />
      <KeysHint />
    </>
  );
}

export const returnsPage: AdminPage = { path: '/returns', loader: listLoader, Component: Returns };

// ---- One return

async function detailLoader({ request, params }: PageArgs): Promise<ReturnDetail> {
  const answer = await api('GET /api/admin/returns/:returnId', {
    params: { returnId: params.returnId ?? '' },
    signal: request.signal,
  });
  return answer.return;
}

async function detailAction(args: PageArgs) {
  const result = await act(args);
  // The step's form goes away with the step done: the page's message says it.
  if (result.ok) setFlash(result.message);
  return result;
}

async function act({ request, params }: PageArgs) {
  const body = await readBody(request);
  const returnId = params.returnId ?? '';
  if (body.intent === 'authorise') {
    const v = checked(AuthoriseReturnBody, {
      instructions: body.instructions ?? '',
      shipping_paid_by: body.shipping_paid_by ?? '',
    });
    if (v.refused) return v.refused;
    return attempt(
      request,
      () => api('POST /api/admin/returns/:returnId/authorise', { params: { returnId }, body: v.input }),
      'Authorised.',
    );
  }
  if (body.intent === 'decline') {
    const v = checked(DeclineReturnBody, { reason: body.reason ?? '' });
    if (v.refused) return v.refused;
    return attempt(
      request,
      () => api('POST /api/admin/returns/:returnId/decline', { params: { returnId }, body: v.input }),
      'Declined.',
    );
  }
  if (body.intent === 'receive') {
    const v = checked(ReceiveReturnLineBody, {
      disposition: body.disposition ?? '',
      inspection_note: body.inspection_note ?? '',
    });
    if (v.refused) return v.refused;
    return attempt(
      request,
      () =>
        api('POST /api/admin/returns/:returnId/lines/:returnLineId/receive', {
          params: { returnId, returnLineId: String(body.return_line_id ?? '') },
          body: v.input,
        }),
      'Received.',
    );
  }
  if (body.intent === 'resolve') {
    const deductions = (['restocking', 'missing_parts', 'shipping'] as const).flatMap((kind) => {
      const amount = String(body[`deduction_${kind}`] ?? '').trim();
      return amount ? [{ kind, amount }] : [];
    });
    const v = checked(ResolveReturnBody, {
      resolution: body.resolution ?? '',
      note: body.note ?? '',
      deductions,
    });
    if (v.refused) return v.refused;
    return attempt(
      request,
      () => api('POST /api/admin/returns/:returnId/resolve', { params: { returnId }, body: v.input }),
      'Resolved.',
    );
  }
  return failed('Unknown action.');
}

function AuthoriseForm() {
  const { fetcher, busy, result, errors } = useAction();
  const ref = useRef<HTMLFormElement>(null);
  useFocusFirstError(ref, result);
  return (
    <fetcher.Form method="post" ref={ref} className="admin-form" noValidate aria-labelledby="authorise-title">
      <h2 id="authorise-title">Authorise the return</h2>
      <input type="hidden" name="intent" value="authorise" />
      <Result result={result} />
      <TextArea
        id="return-instructions"
        name="instructions"
        label="Where to send the units"
        rows={3}
        maxLength={2000}
        required
        hint="Mailed to the buyer with the RMA number to write on the box."
        error={errors.instructions}
      />
      <Select
        id="return-payer"
        name="shipping_paid_by"
        label="Return shipping paid by"
        defaultValue="customer"
        options={[
          { value: 'customer', label: 'The customer' },
          { value: 'shop', label: 'The shop' },
        ]}
        error={errors.shipping_paid_by}
      />
      <button type="submit" className="admin-btn admin-btn--primary" disabled={busy}>
        Authorise
      </button>
    </fetcher.Form>
  );
}

function DeclineForm() {
  const { fetcher, busy, result, errors } = useAction();
  return (
    <fetcher.Form method="post" className="admin-form" noValidate aria-labelledby="decline-title">
      <h2 id="decline-title">Decline the return</h2>
      <input type="hidden" name="intent" value="decline" />
      <Result result={result} />
      <TextArea
        id="return-decline"
        name="reason"
        label="Reason"
        rows={2}
        maxLength={1000}
        required
        hint="Mailed to the buyer."
        error={errors.reason}
      />
      <button type="submit" className="admin-btn" disabled={busy}>
        Decline
      </button>
    </fetcher.Form>
  );
}

function ReceiveForm({ line }: { line: ReturnDetail['lines'][number] }) {
  const { fetcher, busy, result, errors } = useAction();
  const id = `receive-${line.return_line_id}`;
  const what = line.serial ? `unit ${line.serial}` : `${line.quantity} × ${line.item_name}`;
  return (
    <fetcher.Form
      method="post"
      className="admin-form admin-form--inline"
      noValidate
      aria-label={`Receive ${what}`}
    >
      <input type="hidden" name="intent" value="receive" />
      <input type="hidden" name="return_line_id" value={line.return_line_id} />
      <Result result={result} />
      <Select
        id={`${id}-disposition`}
        name="disposition"
        label={`Where ${what} goes`}
        defaultValue="stock"
        options={DISPOSITIONS.map((d) => ({ value: d, label: DISPOSITION_WORDS[d] ?? d }))}
        error={errors.disposition}
      />
      <Field
        id={`${id}-note`}
        name="inspection_note"
        label={`Inspection of ${what}`}
        maxLength={2000}
        error={errors.inspection_note}
      />
      <button type="submit" className="admin-btn" disabled={busy}>
        Receive
      </button>
    </fetcher.Form>
  );
}

function ResolveForm() {
  const { fetcher, busy, result, errors } = useAction();
  const ref = useRef<HTMLFormElement>(null);
  useFocusFirstError(ref, result);
  return (
    <fetcher.Form method="post" ref={ref} className="admin-form" noValidate aria-labelledby="resolve-title">
      <h2 id="resolve-title">Resolve the return</h2>
      <input type="hidden" name="intent" value="resolve" />
      <Result result={result} />
      <Select
        id="return-resolution"
        name="resolution"
        label="Resolution"
        defaultValue="credit"
        options={Object.entries(RESOLUTION_WORDS).map(([value, label]) => ({ value, label }))}
        error={errors.resolution}
      />
      <fieldset>
        <legend>Deductions from the credit (dollars, before tax)</legend>
        <Field
          id="deduction-restocking"
          name="deduction_restocking"
          label="Restocking fee"
          inputMode="decimal"
        />
        <Field
          id="deduction-missing"
          name="deduction_missing_parts"
          label="Missing parts"
          inputMode="decimal"
        />
        <Field id="deduction-shipping" name="deduction_shipping" label="Shipping" inputMode="decimal" />
      </fieldset>
      <TextArea
        id="return-note"
        name="note"
        label="Note to the buyer"
        rows={2}
        maxLength={2000}
        hint="Required for a repair: what was done."
        error={errors.note}
      />
      <button type="submit" className="admin-btn admin-btn--primary" disabled={busy}>
        Resolve
      </button>
    </fetcher.Form>
  );
}

function ReturnPage() {
  const ret = usePageData<ReturnDetail>();
  return (
    <>
      <p>
        <Link to={`${ADMIN_BASE}/returns`}>All returns</Link>
      </p>
      <PageTitle title={`Return ${ret.rma_number}`}>
        Return {ret.rma_number} <StateTag state={ret.state} />
      </PageTitle>
      <dl className="admin-facts">
        <dt>Customer</dt>
        <dd>
          <Link to={`${ADMIN_BASE}/customers/${ret.customer_id}`}>
            {ret.company} ({ret.customer_id})
          </Link>
        </dd>
        <dt>Order</dt>
        <dd>
          <Link to={`${ADMIN_BASE}/orders/${ret.order_id}`}>{ret.order_number}</Link>
        </dd>
        <dt>Reason</dt>
        <dd>{REASON_WORDS[ret.reason] ?? ret.reason}</dd>
        <dt>Opened</dt>
        <dd>
          <When at={ret.created_at} />
        </dd>
        <dt>Notes</dt>
        <dd className="admin-pre">{ret.notes || '(none)'}</dd>
        {ret.instructions && (
          <>
            <dt>Instructions</dt>
            <dd className="admin-pre">
              {ret.instructions} (shipping paid by{' '}
              {ret.shipping_paid_by === 'shop' ? 'the shop' : 'the customer'})
            </dd>
          </>
        )}
        {ret.decline_reason && (
          <>
            <dt>Declined</dt>
            <dd>{ret.decline_reason}</dd>
          </>
        )}
        {ret.resolution && (
          <>
            <dt>Resolution</dt>
            <dd>
              {RESOLUTION_WORDS[ret.resolution]}
              {ret.credit_note_number && ` ${ret.credit_note_number}`}
              {ret.replacement_order_id && (
                <>
                  {' '}
                  <Link to={`${ADMIN_BASE}/orders/${ret.replacement_order_id}`}>
                    {ret.replacement_order_number}
                  </Link>
                </>
              )}
              {ret.resolution_note && <div className="admin-pre">{ret.resolution_note}</div>}
            </dd>
          </>
        )}
      </dl>
      <section aria-labelledby="units-title">
        <h2 id="units-title">Units</h2>
        <table className="admin-table">
          <caption className="visually-hidden">Units of the return</caption>
          <thead>
            <tr>
              <th scope="col">Item</th>
              <th scope="col">Serial</th>
              <th scope="col">Quantity</th>
              <th scope="col">Received</th>
            </tr>
          </thead>
          <tbody>
            {ret.lines.map((l) => (
              <tr key={l.return_line_id}>
                <th scope="row">
                  {l.item_name} <span className="admin-muted">{l.condition}</span>
                </th>
                <td>{l.serial ?? ''}</td>
                <td>{l.quantity}</td>
                <td>
                  {l.received_at ? (
                    <>
                      <When at={l.received_at} /> · {DISPOSITION_WORDS[l.disposition ?? ''] ?? l.disposition}
                      {l.inspection_note && <div className="admin-pre">{l.inspection_note}</div>}
                    </>
                  ) : ret.state === 'authorised' ? (
                    <ReceiveForm line={l} />
                  ) : (
                    'Not received'
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      {ret.photos.length > 0 && (
        <section aria-labelledby="photos-title">
          <h2 id="photos-title">Photos</h2>
          <ul className="admin-photos">
            {ret.photos.map((p, i) => {
              const src = `/api/admin/returns/${ret.return_id}/photos/${p.photo_id}`;
              return (
                <li key={p.photo_id}>
                  <a href={src} target="_blank" rel="noreferrer">
                    <img
                      src={src}
                      alt={`What the buyer sent, ${i + 1} of ${ret.photos.length}`}
                      width={160}
                      loading="lazy"
                    />
                  </a>
                </li>
              );
            })}
          </ul>
        </section>
      )}
      {ret.state === 'requested' && (
        <>
          <AuthoriseForm />
          <DeclineForm />
        </>
      )}
      {ret.state === 'received' && <ResolveForm />}
    </>
  );
}

export const returnPage: AdminPage = {
  path: '/returns/:returnId',
  loader: detailLoader,
  action: detailAction,
  Component: ReturnPage,
};

// ---- The report

interface Report {
  from: string;
  to: string;
  rows: {
    item_id: string;
    item_name: string;
    sku: string;
    condition: string;
    reason: string;
    returns: number;
    units: number;
    received: number;
  }[];
  refusal?: string;
}

async function reportLoader({ request }: PageArgs): Promise<Report> {
  const p = new URL(request.url).searchParams;
  const today = todayIn(shopInfo().timeZone);
  const from = p.get('from') || `${today.slice(0, 8)}01`;
  const to = p.get('to') || today;
  try {
    const answer = await api('GET /api/admin/returns/report', {
      query: { from, to },
      signal: request.signal,
    });
    return { from, to, rows: answer.rows };
  } catch (error) {
    // A period the server refuses stays on screen with its message.
    if (error instanceof ApiError && error.status === 400)
      return { from, to, rows: [], refusal: error.message };
    throw error;
  }
}

function ReturnsReport() {
  const report = usePageData<Report>();
  const csv = `/api/admin/returns/report.csv?from=${encodeURIComponent(report.from)}&to=${encodeURIComponent(report.to)}`;
  return (
    <>
      <p>
        <Link to={`${ADMIN_BASE}/returns`}>All returns</Link>
      </p>
      <PageTitle title="Returns report">Returns report</PageTitle>
      <Form method="get" className="admin-filters" aria-label="Period">
        <Field id="report-from" name="from" label="From" type="date" defaultValue={report.from} />
        <Field id="report-to" name="to" label="To" type="date" defaultValue={report.to} />
        <button type="submit" className="admin-btn">
          Show
        </button>
      </Form>
      {report.refusal && (
        <p className="admin-error" role="alert">
          {report.refusal}
        </p>
      )}
      <p>
        <a href={csv} download>
          Download as CSV
        </a>
      </p>
      {report.rows.length === 0 ? (
        <p>No returns were opened in this period.</p>
      ) : (
        <table className="admin-table">
          <caption>
            Units returned by product, condition and reason, {report.from} to {report.to}
          </caption>
          <thead>
            <tr>
              <th scope="col">Product</th>
              <th scope="col">Condition</th>
              <th scope="col">Reason</th>
              <th scope="col">Returns</th>
              <th scope="col">Units</th>
              <th scope="col">Received</th>
            </tr>
          </thead>
          <tbody>
            {report.rows.map((r) => (
              <tr key={`${r.item_id}|${r.condition}|${r.reason}`}>
                <th scope="row">
                  {r.item_name} <span className="admin-muted">{r.sku}</span>
                </th>
                <td>{r.condition}</td>
                <td>{REASON_WORDS[r.reason] ?? r.reason}</td>
                <td>{r.returns}</td>
                <td>{r.units}</td>
                <td>{r.received}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}

export const returnsReportPage: AdminPage = {
  path: '/returns/report',
  loader: reportLoader,
  Component: ReturnsReport,
};
