/**
 * /acer/admin/warranty-claims: the buyers' warranty claims, waiting ones first and oldest first, by state,
 * days waiting and customer, worked by keyboard (list-keys.tsx); /acer/admin/warranty-claims/:claimId: the
 * unit (serial, order, warranty end), the problem and photos, and the one answer (repair, replacement or
 * refund with a note). Unless "no need to send the unit" is ticked, the answer opens the unit's authorised
 * return, linked from here. The buyer is mailed in their language.
 */
import {
  type AdminClaimDetail,
  type AdminClaimRow,
  CLAIM_ANSWERS,
  CLAIM_STATES,
  claimAnswerSchema,
} from '@shop/domain/warranty-claims/schemas';
import { useRef } from 'react';
import { Form, Link, useSearchParams } from 'react-router';
import { api } from '../../../lib/api';
import { ADMIN_BASE, attempt, checked, failed, type ListData, listOrRefusal, readBody } from '../api';
import { KeysHint, MatchCount, SkipToTable, useListKeys } from '../list-keys';
import { type AdminPage, type PageArgs, setFlash, usePageData } from '../routing';
import {
  Checkbox,
  Day,
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

interface ClaimList {
  items: AdminClaimRow[];
  total: number;
  page: number;
  page_size: number;
}

const EMPTY: ClaimList = { items: [], total: 0, page: 1, page_size: 50 };

async function listLoader({ request }: PageArgs): Promise<ListData<ClaimList>> {
  const p = new URL(request.url).searchParams;
  // The queue opens on what waits.
  const state = p.get('state') ?? 'submitted';
  const query = { state, age: p.get('age'), customer: p.get('customer'), page: p.get('page') };
  return listOrRefusal(async () => {
    const answer = await api('GET /api/admin/warranty-claims', { query, signal: request.signal });
    return { items: answer.claims, total: answer.total, page: answer.page, page_size: answer.page_size };
  }, EMPTY);
}

const ANSWER_WORDS: Record<string, string> = {
  repair: 'Repair',
  replacement: 'Replacement',
  refund: 'Refund',
};

function StateTag({ state }: { state: string }) {
  return (
    <span className={`admin-status admin-status--${state}`}>{state === 'submitted' ? 'waiting' : state}</span>
  );
}

function WarrantyClaims() {
  const list = usePageData<ListData<ClaimList>>();
  const [params] = useSearchParams();
  const table = useRef<HTMLDivElement>(null);
  useListKeys(table, 'claims-customer');
  const pages = Math.max(1, Math.ceil(list.total / list.page_size));
  return (
    <>
      <PageTitle title="Warranty claims">Warranty claims</PageTitle>
      <SkipToTable target="claims-table">Skip to the claims</SkipToTable>
      <Form method="get" className="admin-filters" role="search" aria-label="Find warranty claims">
        <Select
          id="claims-state"
          name="state"
          label="State"
          defaultValue={params.get('state') ?? 'submitted'}
          options={[
            { value: '', label: 'All' },
            ...CLAIM_STATES.map((s) => ({ value: s, label: s === 'submitted' ? 'Waiting' : 'Answered' })),
          ]}
        />
        <Select
          id="claims-age"
          name="age"
          label="Waiting"
          defaultValue={params.get('age') ?? ''}
          options={[
            { value: '', label: 'Any time' },
            { value: '3', label: '3 days or more' },
            { value: '7', label: '7 days or more' },
          ]}
        />
        <Field
          id="claims-customer"
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
      <MatchCount total={list.total} one="claim matches" many="claims match" refusal={list.refusal} />
      <div id="claims-table" ref={table} tabIndex={-1} className="admin-table-wrap">
        {list.items.length > 0 && (
          <table className="admin-table admin-table--rows">
            <caption className="visually-hidden">Warranty claims</caption>
            <thead>
              <tr>
                <th scope="col">Claim</th>
                <th scope="col">Submitted</th>
                <th scope="col">Customer</th>
                <th scope="col">Serial</th>
                <th scope="col">Item</th>
                <th scope="col">Warranty ends</th>
                <th scope="col">State</th>
                <th scope="col">Answer</th>
              </tr>
            </thead>
            <tbody>
              {list.items.map((c) => (
                <tr key={c.claim_id} data-href={`${ADMIN_BASE}/warranty-claims/${c.claim_id}`}>
                  <th scope="row">
                    <Link to={`${ADMIN_BASE}/warranty-claims/${c.claim_id}`}>{c.claim_number}</Link>
                  </th>
                  <td>
                    <When at={c.created_at} />
                  </td>
                  <td>
                    {c.company} ({c.customer_id})
                  </td>
                  <td>{c.serial}</td>
                  <td>{c.item_name}</td>
                  <td>
                    <Day day={c.warranty_ends_on} />
                  </td>
                  <td>
                    <StateTag state={c.state} />
                  </td>
                  <td>{c.answer ? ANSWER_WORDS[c.answer] : ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
      <ListPager page={list.page} pages={pages} total={list.total} noun="claim" />
      <KeysHint />
    </>
  );
}

export const warrantyClaimsPage: AdminPage = {
  path: '/warranty-claims',
  loader: listLoader,
  Component: WarrantyClaims,
};

// ---- One claim

async function detailLoader({ request, params }: PageArgs): Promise<AdminClaimDetail> {
  const { claim } = await api('GET /api/admin/warranty-claims/:claimId', {
    params: { claimId: params.claimId ?? '' },
    signal: request.signal,
  });
  return claim;
}

async function detailAction({ request, params }: PageArgs) {
  const body = await readBody(request);
  if (body.intent !== 'answer') return failed('Unknown action.');
  const answer = checked(claimAnswerSchema, {
    answer: body.answer,
    note: body.note ?? '',
    keep_unit: body.keep_unit === 'on',
  });
  if (answer.refused) return answer.refused;
  const result = await attempt(
    request,
    () =>
      api('POST /api/admin/warranty-claims/:claimId/answer', {
        params: { claimId: params.claimId ?? '' },
        body: answer.input,
      }),
    'Answered.',
  );
  // The answered claim has no form left to say it: the page's message does.
  if (result.ok) setFlash(result.message);
  return result;
}

function AnswerForm() {
  const { fetcher, busy, result, errors } = useAction();
  const ref = useRef<HTMLFormElement>(null);
  useFocusFirstError(ref, result);
  return (
    <fetcher.Form method="post" ref={ref} className="admin-form" noValidate aria-labelledby="answer-title">
      <h2 id="answer-title">Answer the claim</h2>
      <input type="hidden" name="intent" value="answer" />
      <Result result={result} />
      <Select
        id="claim-answer"
        name="answer"
        label="Answer"
        required
        defaultValue=""
        options={[
          { value: '', label: 'Choose…' },
          ...CLAIM_ANSWERS.map((a) => ({ value: a, label: ANSWER_WORDS[a]! })),
        ]}
        error={errors.answer}
      />
      <TextArea
        id="claim-note"
        name="note"
        label="Note to the buyer"
        rows={3}
        maxLength={2000}
        hint="Mailed to the buyer with the answer."
        error={errors.note}
      />
      <Checkbox
        id="claim-keep-unit"
        name="keep_unit"
        label="No need to send the unit (no return is opened)"
      />
      <button type="submit" className="admin-btn admin-btn--primary" disabled={busy}>
        Send the answer
      </button>
    </fetcher.Form>
  );
}

function WarrantyClaimPage() {
  const claim = usePageData<AdminClaimDetail>();
  return (
    <>
      <p>
        <Link to={`${ADMIN_BASE}/warranty-claims`}>All warranty claims</Link>
      </p>
      <PageTitle title={`Warranty claim ${claim.claim_number}`}>
        Warranty claim {claim.claim_number} <StateTag state={claim.state} />
      </PageTitle>
      <dl className="admin-facts">
        <dt>Customer</dt>
        <dd>
          <Link to={`${ADMIN_BASE}/customers/${claim.customer_id}`}>
            {claim.company} ({claim.customer_id})
          </Link>
        </dd>
        <dt>Claimed by</dt>
        <dd>
          {claim.buyer_name} {claim.buyer_email && <span className="admin-muted">{claim.buyer_email}</span>}
        </dd>
        <dt>Submitted</dt>
        <dd>
          <When at={claim.created_at} />
        </dd>
      </dl>
      <section aria-labelledby="unit-title">
        <h2 id="unit-title">Unit</h2>
        <dl className="admin-facts">
          <dt>Serial</dt>
          <dd>{claim.serial}</dd>
          <dt>Item</dt>
          <dd>
            {claim.item_name} <span className="admin-muted">{claim.item_id}</span>
          </dd>
          <dt>Order</dt>
          <dd>
            <Link to={`${ADMIN_BASE}/orders/${claim.order_id}`}>{claim.order_number}</Link>
          </dd>
          <dt>Shipped</dt>
          <dd>
            <When at={claim.shipped_at} />
          </dd>
          <dt>Warranty ends</dt>
          <dd>
            <Day day={claim.warranty_ends_on} /> <span className="admin-muted">({claim.warranty_basis})</span>
          </dd>
          <dt>Unit now</dt>
          <dd>{claim.unit_state.replaceAll('_', ' ')}</dd>
        </dl>
      </section>
      <section aria-labelledby="problem-title">
        <h2 id="problem-title">Problem</h2>
        <p className="admin-pre">{claim.problem}</p>
        {claim.photos.length > 0 && (
          <ul className="admin-photos">
            {claim.photos.map((p, i) => {
              const src = `/api/admin/warranty-claims/${claim.claim_id}/photos/${p.photo_id}`;
              return (
                <li key={p.photo_id}>
                  <a href={src} target="_blank" rel="noreferrer">
                    <img
                      src={src}
                      alt={`The problem, ${i + 1} of ${claim.photos.length}`}
                      width={160}
                      loading="lazy"
                    />
                  </a>
                </li>
              );
            })}
          </ul>
        )}
      </section>
      {claim.state === 'answered' ? (
        <section aria-labelledby="answered-title">
          <h2 id="answered-title">Answer</h2>
          <dl className="admin-facts">
            <dt>Answer</dt>
            <dd>{claim.answer ? ANSWER_WORDS[claim.answer] : ''}</dd>
            <dt>Answered</dt>
            <dd>
              <When at={claim.answered_at} />
            </dd>
            <dt>Note</dt>
            <dd className="admin-pre">{claim.answer_note || '(none)'}</dd>
            <dt>Return</dt>
            <dd>
              {claim.return_id ? (
                <>
                  <Link to={`${ADMIN_BASE}/returns/${claim.return_id}`}>{claim.rma_number}</Link>{' '}
                  <span className="admin-muted">({claim.return_state})</span>
                </>
              ) : (
                'None: the unit need not come back'
              )}
            </dd>
          </dl>
        </section>
      ) : (
        <AnswerForm />
      )}
    </>
  );
}

export const warrantyClaimPage: AdminPage = {
  path: '/warranty-claims/:claimId',
  loader: detailLoader,
  action: detailAction,
  Component: WarrantyClaimPage,
};
