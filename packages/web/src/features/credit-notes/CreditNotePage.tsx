/**
 * A credit note as its buyer sees it: its number and day, the invoice it credits, the lines, the
 * deductions, each tax component reversed, the total, where the credit went and what is left, and its PDF
 * in the page's language. Reached from the statement and from the invoice it credits.
 */
import type { CreditNoteDetail } from '@shop/domain/after-sale/credit-answers';
import { LOCALE } from '@shop/domain/core/i18n';
import { toCents } from '@shop/domain/core/money';
import { taxLabel } from '@shop/domain/tax/rules';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { Loading } from '../../components/Loading';
import { SignInFirst } from '../../components/SignInFirst';
import { ApiError, api } from '../../lib/api';
import { money, pageLang, t } from '../../lib/i18n';
import { useSession } from '../../lib/session';
import { usePageTitle } from '../../lib/title';
import './credit-notes.css';

const dollars = (amount: number) => money(toCents(amount));

/** A calendar day (YYYY-MM-DD) as the page's language writes it. */
export function dayName(value: string): string {
  return new Intl.DateTimeFormat(LOCALE[pageLang()], { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${value}T12:00:00Z`),
  );
}

function lineName(line: CreditNoteDetail['lines'][number]): string {
  if (line.kind === 'deduction')
    return line.name || t(`credit-notes:deduction.${line.deduction_kind ?? 'restocking'}`);
  return line.sku ? `${line.sku} · ${line.name}` : line.name;
}

export default function CreditNotePage() {
  const { loggedIn, customerId } = useSession();
  const { creditnoteid = '' } = useParams();
  const [note, setNote] = useState<CreditNoteDetail | null>(null);
  const [error, setError] = useState('');
  usePageTitle(t('credit-notes:title', { number: note?.credit_note_number ?? '' }));
  useEffect(() => {
    if (!loggedIn) return;
    const controller = new AbortController();
    api('GET /api/user/:customerid/credit-notes/:creditNoteId', {
      params: { customerid: customerId, creditNoteId: creditnoteid },
      signal: controller.signal,
    }).then(
      (answer) => setNote(answer.credit_note),
      (e: unknown) => {
        if (!controller.signal.aborted)
          setError(e instanceof ApiError ? e.message : t('credit-notes:failed'));
      },
    );
    return () => controller.abort();
  }, [loggedIn, customerId, creditnoteid]);

  if (!loggedIn) return <SignInFirst />;
  if (error)
    return (
      <div className="credit-note">
        <p className="banner banner--error" role="alert">
          {error}
        </p>
        <Link to="/acer/account/statement">{t('credit-notes:back')}</Link>
      </div>
    );
  if (!note) return <Loading fill />;
  const pdf = `/api/user/${encodeURIComponent(customerId)}/credit-notes/${note.credit_note_id}/pdf`;
  return (
    <div className="credit-note">
      <h1>{t('credit-notes:title', { number: note.credit_note_number })}</h1>
      <dl className="order__facts">
        <dt>{t('credit-notes:date')}</dt>
        <dd>{dayName(note.date)}</dd>
        <dt>{t('credit-notes:invoice')}</dt>
        <dd>
          <Link to={`/acer/invoice/${note.invoice_id}`}>{note.invoice_number}</Link>
        </dd>
        <dt>{t('credit-notes:order')}</dt>
        <dd>
          <Link to={`/acer/order/${note.order_id}`}>{note.order_number}</Link>
        </dd>
        {note.reason && (
          <>
            <dt>{t('credit-notes:reason')}</dt>
            <dd>{note.reason}</dd>
          </>
        )}
      </dl>
      <p>
        <a className="btn" href={pdf} download>
          {t('credit-notes:pdf')}
        </a>
      </p>
      <div className="acct-table-wrap">
        <table className="acct-table credit-note__lines">
          <thead>
            <tr>
              <th scope="col">{t('credit-notes:description')}</th>
              <th scope="col" className="acct-num">
                {t('credit-notes:quantity')}
              </th>
              <th scope="col" className="acct-num">
                {t('credit-notes:unitPrice')}
              </th>
              <th scope="col" className="acct-num">
                {t('credit-notes:amount')}
              </th>
            </tr>
          </thead>
          <tbody>
            {note.lines.map((line) => (
              <tr
                key={line.line_id}
                className={line.kind === 'deduction' ? 'credit-note__deduction' : undefined}
              >
                <td>
                  {lineName(line)}
                  {line.serials.length > 0 && (
                    <div className="credit-note__serials">
                      {t('credit-notes:serials', { serials: line.serials.join(', ') })}
                    </div>
                  )}
                </td>
                <td className="acct-num">{line.quantity}</td>
                <td className="acct-num">{dollars(line.rate)}</td>
                <td className="acct-num">{dollars(line.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <dl className="credit-note__totals">
        <dt>{t('credit-notes:subtotal')}</dt>
        <dd>{dollars(note.subtotal)}</dd>
        {note.taxes.map((tax) => (
          <div key={tax.component} className="credit-note__row">
            <dt>
              {t('credit-notes:taxReversed', {
                label: taxLabel(tax.component, Math.round(tax.rate * 1000), pageLang()),
              })}
            </dt>
            <dd>{dollars(tax.amount)}</dd>
          </div>
        ))}
        <dt className="credit-note__total">{t('credit-notes:total')}</dt>
        <dd className="credit-note__total" data-testid="credit-note-total">
          {dollars(note.total)}
        </dd>
        {note.allocations.map((a, i) => (
          <div key={`${a.created_at}-${i}`} className="credit-note__row">
            <dt>
              {a.invoice_number
                ? t('credit-notes:allocated', { invoice: a.invoice_number })
                : t('credit-notes:refunded')}
            </dt>
            <dd>{dollars(a.amount)}</dd>
          </div>
        ))}
        <dt>{t('credit-notes:left')}</dt>
        <dd data-testid="credit-note-left">{dollars(note.left)}</dd>
      </dl>
      <p>
        <Link to="/acer/account/statement">{t('credit-notes:back')}</Link>
      </p>
    </div>
  );
}
