/**
 * The company's statement of account: what it owes, what is overdue, the aging, its open and paid invoices
 * (each linking to its invoice page), and the statement as a PDF or a CSV file in the page's language.
 * Any buyer of the company may read it.
 */

import type { Statement as StatementData, StatementInvoice } from '@shop/domain/accounts/answers';
import type { AgingBucket } from '@shop/domain/accounts/schemas';
import type { CreditNoteSummary } from '@shop/domain/after-sale/credit-answers';
import { LOCALE } from '@shop/domain/core/i18n';
import { toCents } from '@shop/domain/core/money';
import { Link } from 'react-router';
import { Loading } from '../../../components/Loading';
import { money, pageLang, t } from '../../../lib/i18n';
import { useRead } from '../../../lib/reads';
import { CreditNotesList } from '../../credit-notes';
import { useAccountReads } from '../loader';
import { LoadError } from './LoadError';
import './statement.css';

/** The aging buckets in the order they are shown (the domain's AGING_BUCKETS). */
const BUCKETS: readonly AgingBucket[] = ['current', 'days_1_30', 'days_31_60', 'days_61_90', 'over_90'];

const dollars = (amount: number) => money(toCents(amount));

/** A calendar day (YYYY-MM-DD) as the page's language writes it; the same day wherever the reader is. */
function day(value: string): string {
  return new Intl.DateTimeFormat(LOCALE[pageLang()], { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${value}T12:00:00Z`),
  );
}

function StatusTag({ invoice }: { invoice: StatementInvoice }) {
  const text =
    invoice.status === 'overdue'
      ? t('account:statement.overdueDays', { days: invoice.days_overdue })
      : t(`account:statement.state.${invoice.status}`);
  return <span className={`acct-status acct-statement__state--${invoice.status}`}>{text}</span>;
}

function InvoiceTable({
  id,
  caption,
  invoices,
}: {
  id: string;
  caption: string;
  invoices: StatementInvoice[];
}) {
  const col = (key: string) => t(`account:statement.col.${key}`);
  return (
    <div className="acct-table-wrap">
      <table className="acct-table acct-statement__invoices" id={id}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{col('invoice')}</th>
            <th scope="col">{col('order')}</th>
            <th scope="col">{col('po')}</th>
            <th scope="col">{col('date')}</th>
            <th scope="col">{col('due')}</th>
            <th scope="col" className="acct-num">
              {col('total')}
            </th>
            <th scope="col" className="acct-num">
              {col('paid')}
            </th>
            <th scope="col" className="acct-num">
              {col('balance')}
            </th>
            <th scope="col">{col('status')}</th>
          </tr>
        </thead>
        <tbody>
          {invoices.map((invoice) => (
            <tr key={invoice.invoice_id} data-invoice={invoice.invoice_number}>
              <td data-label={col('invoice')}>
                <Link to={`/acer/invoice/${encodeURIComponent(String(invoice.invoice_id))}`}>
                  {invoice.invoice_number}
                </Link>
              </td>
              <td data-label={col('order')}>
                <Link to={`/acer/order/${encodeURIComponent(String(invoice.order_id))}`}>
                  {invoice.order_number}
                </Link>
              </td>
              <td data-label={col('po')}>{invoice.purchase_order_id}</td>
              <td data-label={col('date')}>{day(invoice.invoice_date)}</td>
              <td data-label={col('due')}>{day(invoice.due_on)}</td>
              <td data-label={col('total')} className="acct-num">
                {dollars(invoice.total)}
              </td>
              <td data-label={col('paid')} className="acct-num">
                {dollars(invoice.paid)}
              </td>
              <td data-label={col('balance')} className="acct-num">
                {dollars(invoice.balance)}
              </td>
              <td data-label={col('status')}>
                <StatusTag invoice={invoice} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function StatementView({
  statement,
  creditNotes,
}: {
  statement: StatementData;
  creditNotes: readonly CreditNoteSummary[];
}) {
  const base = `/api/user/${encodeURIComponent(statement.customer_id)}/statement`;
  const open = statement.invoices.filter((i) => i.status !== 'paid');
  const paid = statement.invoices.filter((i) => i.status === 'paid');
  const { totals } = statement;
  return (
    <div className="acct-statement">
      <section className="acct-section" aria-labelledby="statement-summary">
        <h2 id="statement-summary" className="visually-hidden">
          {t('account:statement.summary')}
        </h2>
        <dl className="acct-statement__totals">
          <div>
            <dt>{t('account:statement.balance')}</dt>
            <dd data-testid="statement-balance">{dollars(totals.balance)}</dd>
          </div>
          <div className={totals.overdue > 0 ? 'acct-statement__overdue' : undefined}>
            <dt>{t('account:statement.overdue')}</dt>
            <dd data-testid="statement-overdue">{dollars(totals.overdue)}</dd>
          </div>
        </dl>
        <dl className="acct-details">
          <dt>{t('account:statement.date')}</dt>
          <dd>{day(statement.today)}</dd>
          <dt>{t('account:statement.terms')}</dt>
          <dd>{t(`account:statement.termsName.${statement.terms}`)}</dd>
          <dt>{t('account:statement.creditLimit')}</dt>
          <dd>
            {statement.credit_limit === null
              ? t('account:statement.noCreditLimit')
              : dollars(statement.credit_limit)}
          </dd>
        </dl>
        <p className="acct-statement__files">
          <a className="btn" href={`${base}.pdf`} download>
            {t('account:statement.downloadPdf')}
          </a>{' '}
          <a className="btn" href={`${base}.csv`} download>
            {t('account:statement.downloadCsv')}
          </a>
        </p>
      </section>

      <section className="acct-section" aria-labelledby="statement-aging">
        <h2 id="statement-aging">{t('account:statement.aging')}</h2>
        <div className="acct-table-wrap">
          <table className="acct-table acct-statement__aging">
            <caption className="visually-hidden">{t('account:statement.agingCaption')}</caption>
            <thead>
              <tr>
                {BUCKETS.map((bucket) => (
                  <th key={bucket} scope="col" className="acct-num">
                    {t(`account:statement.bucket.${bucket}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              <tr>
                {BUCKETS.map((bucket) => (
                  <td
                    key={bucket}
                    className="acct-num"
                    data-label={t(`account:statement.bucket.${bucket}`)}
                    data-bucket={bucket}
                  >
                    {dollars(totals.aging[bucket])}
                  </td>
                ))}
              </tr>
            </tbody>
          </table>
        </div>
      </section>

      {statement.credits.length > 0 && (
        <section className="acct-section" aria-labelledby="statement-credits">
          <h2 id="statement-credits">{t('credit-notes:creditLeftTitle')}</h2>
          <ul className="credit-notes-credit" data-testid="statement-credits">
            {statement.credits.map((c) => (
              <li key={c.credit_note_id}>
                <Link to={`/acer/credit-notes/${c.credit_note_id}`}>{c.credit_note_number}</Link>{' '}
                {t('credit-notes:creditLeftLine', { invoice: c.invoice_number, left: dollars(c.left) })}
              </li>
            ))}
          </ul>
          <p>{t('credit-notes:creditLeftTotal', { amount: dollars(statement.credit_left) })}</p>
        </section>
      )}
      <CreditNotesList notes={creditNotes} />

      <section className="acct-section" aria-labelledby="statement-open">
        <h2 id="statement-open">{t('account:statement.open')}</h2>
        {open.length === 0 ? (
          <p className="acct-empty">{t('account:statement.noOpen')}</p>
        ) : (
          <InvoiceTable id="statement-open-invoices" caption={t('account:statement.open')} invoices={open} />
        )}
      </section>

      <section className="acct-section" aria-labelledby="statement-paid">
        <h2 id="statement-paid">{t('account:statement.paidInvoices')}</h2>
        {paid.length === 0 ? (
          <p className="acct-empty">{t('account:statement.noPaid')}</p>
        ) : (
          <InvoiceTable
            id="statement-paid-invoices"
            caption={t('account:statement.paidInvoices')}
            invoices={paid}
          />
        )}
      </section>
    </div>
  );
}

/** The account's Statement section: read by the account's loader, drawn by the server with the page. */
export function Statement() {
  const reads = useAccountReads();
  const { data: statement, error } = useRead(reads.statement);
  const { data: creditNotes } = useRead(reads.creditNotes);
  if (error) return <LoadError error={error} />;
  if (!statement) return <Loading label={t('account:statement.loading')} />;
  return <StatementView statement={statement} creditNotes={creditNotes ?? []} />;
}
