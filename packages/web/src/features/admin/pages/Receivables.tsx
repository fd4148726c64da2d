/**
 * /acer/admin/receivables: what companies owe, with the aging, found by company or customer id, overdue
 * only, exported as CSV; and, for the company picked, its invoices with their payments: record a payment
 * (the day received, the amount, how, a reference) or reverse one with a reason. The list is worked by
 * keyboard (list-keys.tsx): Enter on a company's row opens its invoices.
 */

import type {
  CustomerInvoicesAnswer,
  PaymentInfo,
  ReceivableInvoice,
  ReceivablesAnswer,
} from '@shop/domain/accounts/answers';
import {
  AGING_BUCKETS,
  type AgingBucket,
  PAYMENT_METHOD_NAMES,
  PAYMENT_METHODS,
  type PaymentTerms,
  paymentSchema,
  reversalSchema,
} from '@shop/domain/accounts/schemas';
import { todayIn } from '@shop/domain/core/days';
import { type RefObject, useRef } from 'react';
import { Form, Link, useSearchParams } from 'react-router';
import { api, queryOf } from '../../../lib/api';
import { shopInfo } from '../../../lib/shop';
import { ADMIN_BASE, attempt, checked, failed, readBody } from '../api';
import { KeysHint, MatchCount, SkipToTable, useListKeys } from '../list-keys';
import { type AdminPage, type PageArgs, usePageData } from '../routing';
import {
  Checkbox,
  Day,
  Field,
  ListPager,
  Money,
  PageTitle,
  Result,
  Select,
  useAction,
  useFocusFirstError,
  When,
} from '../ui';
import { statusWord } from '../words';

/** The aging columns' headings (days past the due date), and their names read out. */
const BUCKET_NAMES: Record<AgingBucket, string> = {
  current: 'Current',
  days_1_30: '1-30',
  days_31_60: '31-60',
  days_61_90: '61-90',
  over_90: '90+',
};
const BUCKET_TITLES: Record<AgingBucket, string> = {
  current: 'Current (not yet due)',
  days_1_30: '1 to 30 days past due',
  days_31_60: '31 to 60 days past due',
  days_61_90: '61 to 90 days past due',
  over_90: 'Over 90 days past due',
};
const TERMS_NAMES: Record<PaymentTerms, string> = {
  due_on_receipt: 'Due on receipt',
  net15: 'Net 15',
  net30: 'Net 30',
  net45: 'Net 45',
  net60: 'Net 60',
};

interface Data {
  list: ReceivablesAnswer;
  /** The company picked (?customer=), with its invoices. */
  picked: CustomerInvoicesAnswer | null;
  /** The filter as a query string (for the CSV link and the company links). */
  query: string;
}

function filterOf(url: URL) {
  return {
    q: url.searchParams.get('q'),
    overdue: url.searchParams.get('overdue'),
    all: url.searchParams.get('all'),
  };
}

async function loader({ request }: PageArgs): Promise<Data> {
  const url = new URL(request.url);
  const filter = filterOf(url);
  const customer = url.searchParams.get('customer');
  const [list, picked] = await Promise.all([
    api('GET /api/admin/receivables', {
      query: { ...filter, page: url.searchParams.get('page') },
      signal: request.signal,
    }),
    customer
      ? api('GET /api/admin/customers/:customerId/invoices', {
          params: { customerId: customer },
          signal: request.signal,
        })
      : Promise.resolve(null),
  ]);
  return { list, picked, query: queryOf(filter) };
}

async function action({ request }: PageArgs) {
  const body = await readBody(request);
  if (body.intent === 'pay') {
    const payment = checked(paymentSchema, {
      amount: body.amount,
      received_on: body.received_on,
      method: body.method,
      reference: body.reference ?? '',
    });
    if (payment.refused) return payment.refused;
    return attempt(
      request,
      () =>
        api('POST /api/admin/invoices/:invoiceId/payments', {
          params: { invoiceId: String(body.invoice_id) },
          body: payment.input,
        }),
      'The payment has been recorded.',
    );
  }
  if (body.intent === 'reverse') {
    const reversal = checked(reversalSchema, { reason: body.reason ?? '' });
    if (reversal.refused) return reversal.refused;
    return attempt(
      request,
      () =>
        api('POST /api/admin/payments/:paymentId/reverse', {
          params: { paymentId: String(body.payment_id) },
          body: reversal.input,
        }),
      'The payment has been reversed.',
    );
  }
  return failed('Unknown action.');
}

function Filters({ query }: { query: string }) {
  const [params] = useSearchParams();
  return (
    <Form method="get" className="admin-filters" role="search" aria-label="Find receivables">
      <Field
        id="receivables-q"
        name="q"
        type="search"
        label="Search"
        hint="Customer ID or company"
        defaultValue={params.get('q') ?? ''}
        maxLength={100}
      />
      <Checkbox
        id="receivables-overdue"
        name="overdue"
        value="true"
        label="Overdue only"
        defaultChecked={params.get('overdue') === 'true'}
      />
      <Checkbox
        id="receivables-all"
        name="all"
        value="true"
        label="Include companies paid up"
        defaultChecked={params.get('all') === 'true'}
      />
      <button type="submit" className="admin-btn">
        Show
      </button>
      <a className="admin-btn" href={`/api/admin/receivables.csv${query}`} download>
        Export CSV
      </a>
    </Form>
  );
}

function ReceivablesTable({ data, table }: { data: Data; table: RefObject<HTMLDivElement | null> }) {
  const { list } = data;
  const [params] = useSearchParams();
  const pickedId = params.get('customer');
  const rows = list.receivables.items;
  if (rows.length === 0)
    return (
      <p id="receivables-table" tabIndex={-1}>
        No company owes anything that matches.
      </p>
    );
  const pick = (customerId: string) => {
    const next = new URLSearchParams(params);
    next.set('customer', customerId);
    return `${ADMIN_BASE}/receivables?${next.toString()}`;
  };
  return (
    <div className="admin-table-wrap" id="receivables-table" ref={table} tabIndex={-1}>
      <table className="admin-table admin-table--compact admin-table--rows">
        <caption className="visually-hidden">Receivables by company, the most overdue first</caption>
        <thead>
          <tr>
            <th scope="col">Customer ID</th>
            <th scope="col">Company</th>
            <th scope="col">Terms</th>
            <th scope="col" className="admin-num">
              Limit
            </th>
            <th scope="col" className="admin-num">
              Balance
            </th>
            <th scope="col" className="admin-num">
              Overdue
            </th>
            {AGING_BUCKETS.map((b) => (
              <th key={b} scope="col" className="admin-num">
                <abbr title={BUCKET_TITLES[b]}>{BUCKET_NAMES[b]}</abbr>
              </th>
            ))}
            <th scope="col">Oldest due</th>
            <th scope="col">Invoices</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr
              key={r.customer_id}
              data-href={pick(r.customer_id)}
              tabIndex={-1}
              aria-current={r.customer_id === pickedId ? 'true' : undefined}
            >
              <td>
                <Link to={`${ADMIN_BASE}/customers/${encodeURIComponent(r.customer_id)}`}>
                  {r.customer_id}
                </Link>
              </td>
              <td>{r.company}</td>
              <td>{TERMS_NAMES[r.terms]}</td>
              <td className="admin-num">
                {r.credit_limit === null ? '—' : <Money amount={r.credit_limit} />}
              </td>
              <td className="admin-num">
                <Money amount={r.balance} />
              </td>
              <td className="admin-num">
                <Money amount={r.overdue} />
              </td>
              {AGING_BUCKETS.map((b) => (
                <td key={b} className="admin-num">
                  <Money amount={r.aging[b]} />
                </td>
              ))}
              <td>
                <Day day={r.oldest_due_on} />
              </td>
              <td>
                <Link
                  to={pick(r.customer_id)}
                  aria-label={`Invoices and payments of ${r.company || r.customer_id}`}
                >
                  {r.open_invoices} open
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={4}>
              Total ({list.receivables.total} {list.receivables.total === 1 ? 'company' : 'companies'})
            </th>
            <td className="admin-num">
              <Money amount={list.totals.balance} />
            </td>
            <td className="admin-num">
              <Money amount={list.totals.overdue} />
            </td>
            {AGING_BUCKETS.map((b) => (
              <td key={b} className="admin-num">
                <Money amount={list.totals.aging[b]} />
              </td>
            ))}
            <td colSpan={2}>{list.totals.open_invoices} open invoices</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

function PaymentForm({ invoice }: { invoice: ReceivableInvoice }) {
  const form = useRef<HTMLFormElement>(null);
  const { fetcher, busy, result, errors } = useAction(() => form.current?.reset());
  useFocusFirstError(form, result);
  const id = `pay-${invoice.invoice_id}`;
  return (
    <fetcher.Form
      ref={form}
      method="post"
      className="admin-form"
      aria-label={`Record a payment on ${invoice.invoice_number}`}
      noValidate
    >
      <input type="hidden" name="intent" value="pay" />
      <input type="hidden" name="invoice_id" value={invoice.invoice_id} />
      <Result result={result} />
      <div className="admin-grid">
        <Field
          id={`${id}-date`}
          name="received_on"
          type="date"
          label="Date received"
          required
          defaultValue={todayIn(shopInfo().timeZone)}
          max={todayIn(shopInfo().timeZone)}
          error={errors.received_on}
        />
        <Field
          id={`${id}-amount`}
          name="amount"
          label="Amount ($)"
          required
          inputMode="decimal"
          autoComplete="off"
          hint={`At most ${invoice.balance.toFixed(2)}, the balance due`}
          error={errors.amount}
        />
        <Select
          id={`${id}-method`}
          name="method"
          label="Method"
          required
          defaultValue="cheque"
          options={PAYMENT_METHODS.map((m) => ({ value: m, label: PAYMENT_METHOD_NAMES[m] }))}
          error={errors.method}
        />
        <Field
          id={`${id}-reference`}
          name="reference"
          label="Reference"
          maxLength={100}
          autoComplete="off"
          hint="Cheque number, transfer reference…"
          error={errors.reference}
        />
      </div>
      <button type="submit" className="admin-btn admin-btn--primary" disabled={busy}>
        Record payment
      </button>
    </fetcher.Form>
  );
}

function ReverseForm({ payment }: { payment: PaymentInfo }) {
  const form = useRef<HTMLFormElement>(null);
  const { fetcher, busy, result, errors } = useAction();
  useFocusFirstError(form, result);
  const id = `reverse-${payment.payment_id}`;
  return (
    <details>
      <summary>Reverse…</summary>
      <fetcher.Form ref={form} method="post" className="admin-form" noValidate>
        <input type="hidden" name="intent" value="reverse" />
        <input type="hidden" name="payment_id" value={payment.payment_id} />
        <Result result={result} />
        <Field
          id={`${id}-reason`}
          name="reason"
          label="Reason for the reversal"
          required
          maxLength={1000}
          hint="A returned cheque, a payment recorded by mistake…"
          error={errors.reason}
        />
        <button type="submit" className="admin-btn admin-btn--danger" disabled={busy}>
          Reverse payment
        </button>
      </fetcher.Form>
    </details>
  );
}

function Payments({ invoice }: { invoice: ReceivableInvoice }) {
  if (invoice.payments.length === 0) return <p className="admin-note">No payment yet.</p>;
  return (
    <div className="admin-table-wrap">
      <table className="admin-table admin-table--compact">
        <caption className="visually-hidden">Payments on {invoice.invoice_number}</caption>
        <thead>
          <tr>
            <th scope="col">Received</th>
            <th scope="col" className="admin-num">
              Amount
            </th>
            <th scope="col">Method</th>
            <th scope="col">Reference</th>
            <th scope="col">Recorded</th>
            <th scope="col">State</th>
          </tr>
        </thead>
        <tbody>
          {invoice.payments.map((p) => (
            <tr key={p.payment_id}>
              <td>
                <Day day={p.received_on} />
              </td>
              <td className="admin-num">
                {p.reversed_at ? (
                  <del>
                    <Money amount={p.amount} />
                  </del>
                ) : (
                  <Money amount={p.amount} />
                )}
              </td>
              <td>{PAYMENT_METHOD_NAMES[p.method]}</td>
              <td>{p.reference || '—'}</td>
              <td>
                <When at={p.created_at} /> by {p.created_by}
              </td>
              <td>
                {p.reversed_at ? (
                  <>
                    Reversed <When at={p.reversed_at} /> by {p.reversed_by}: {p.reversal_reason}
                  </>
                ) : (
                  <ReverseForm payment={p} />
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const STATE_NAMES = { open: 'Open', overdue: 'Overdue', paid: 'Paid' } as const;

function InvoiceCard({ invoice }: { invoice: ReceivableInvoice }) {
  const state =
    invoice.status === 'overdue' ? `Overdue ${invoice.days_overdue} days` : STATE_NAMES[invoice.status];
  return (
    <section
      className="admin-card"
      aria-labelledby={`invoice-${invoice.invoice_id}`}
      data-invoice={invoice.invoice_number}
    >
      <h3 id={`invoice-${invoice.invoice_id}`}>
        {invoice.invoice_number} · {state}
      </h3>
      <dl className="admin-facts">
        <dt>Order</dt>
        <dd>
          <Link to={`${ADMIN_BASE}/orders/${invoice.order_id}`}>{invoice.order_number}</Link> (
          {statusWord(invoice.order_status)}
          ), PO {invoice.purchase_order_id}
        </dd>
        <dt>Dated, due</dt>
        <dd>
          <Day day={invoice.invoice_date} />, due <Day day={invoice.due_on} /> ({TERMS_NAMES[invoice.terms]})
        </dd>
        <dt>Total</dt>
        <dd>
          <Money amount={invoice.total} />
        </dd>
        <dt>Paid</dt>
        <dd>
          <Money amount={invoice.paid} />
        </dd>
        <dt>Balance</dt>
        <dd data-testid="invoice-balance">
          <Money amount={invoice.balance} />
        </dd>
      </dl>
      <h4>Payments</h4>
      <Payments invoice={invoice} />
      {invoice.takes_payments && (
        <>
          <h4>Record a payment</h4>
          <PaymentForm invoice={invoice} />
        </>
      )}
    </section>
  );
}

function CompanyInvoices({ picked }: { picked: CustomerInvoicesAnswer }) {
  const { customer, invoices } = picked;
  return (
    <section className="admin-section" aria-labelledby="company-invoices">
      <h2 id="company-invoices">
        Invoices of {customer.company || customer.customer_id} ({customer.customer_id})
      </h2>
      <p>
        Balance <Money amount={customer.balance} />, overdue <Money amount={customer.overdue} />;{' '}
        {TERMS_NAMES[customer.terms]}
        {customer.credit_limit === null ? (
          ', no credit limit'
        ) : (
          <>
            , credit limit <Money amount={customer.credit_limit} />
          </>
        )}
        .
      </p>
      {invoices.length === 0 ? (
        <p>The company has no invoice.</p>
      ) : (
        invoices.map((invoice) => <InvoiceCard key={invoice.invoice_id} invoice={invoice} />)
      )}
    </section>
  );
}

function Receivables() {
  const data = usePageData<Data>();
  const { list } = data;
  const table = useRef<HTMLDivElement>(null);
  useListKeys(table, 'receivables-q');
  const total = list.receivables.total;
  return (
    <>
      <PageTitle title="Receivables">Receivables</PageTitle>
      <SkipToTable target="receivables-table">Skip to the receivables table</SkipToTable>
      <p className="admin-note">
        As of <Day day={list.today} /> (the shop's day). Current is not yet due; 1-30 to 90+ count the days
        past the due date.
      </p>
      <Filters query={data.query} />
      <MatchCount total={total} one="company matches" many="companies match" />
      <ReceivablesTable data={data} table={table} />
      <KeysHint />
      <ListPager
        page={list.receivables.page}
        pages={list.receivables.pages}
        total={list.receivables.total}
        noun="customer"
      />
      {data.picked && <CompanyInvoices picked={data.picked} />}
    </>
  );
}

export const receivablesPage: AdminPage = { path: '/receivables', loader, action, Component: Receivables };
