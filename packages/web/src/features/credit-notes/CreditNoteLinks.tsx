/**
 * The credit notes of an invoice or an order, as links to their pages: shown on the buyer's invoice and
 * order pages, from the company's credit notes their loaders read with the page. Nothing while there are none.
 */
import type { CreditNoteSummary } from '@shop/domain/after-sale/credit-answers';
import { toCents } from '@shop/domain/core/money';
import { Link } from 'react-router';
import { money, t } from '../../lib/i18n';

export function CreditNoteLinks({
  notes,
  invoiceId,
  orderId,
}: {
  notes: readonly CreditNoteSummary[];
  invoiceId?: number | null;
  orderId: number;
}) {
  const own = notes.filter((n) => (invoiceId ? n.invoice_id === invoiceId : n.order_id === orderId));
  if (own.length === 0) return null;
  return (
    <section className="credit-note-links" aria-labelledby="credit-note-links">
      <h2 id="credit-note-links">{t(invoiceId ? 'credit-notes:ofInvoice' : 'credit-notes:ofOrder')}</h2>
      <ul>
        {own.map((n) => (
          <li key={n.credit_note_id}>
            <Link to={`/acer/credit-notes/${n.credit_note_id}`}>{n.credit_note_number}</Link>{' '}
            {money(toCents(n.total))}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Every credit note of the company, newest first, each linking to its page (the statement lists them). */
export function CreditNotesList({ notes }: { notes: readonly CreditNoteSummary[] }) {
  if (notes.length === 0) return null;
  return (
    <section className="acct-section" aria-labelledby="statement-credit-notes">
      <h2 id="statement-credit-notes">{t('credit-notes:list')}</h2>
      <ul className="credit-notes-credit" data-testid="statement-credit-notes">
        {notes.map((n) => (
          <li key={n.credit_note_id}>
            <Link to={`/acer/credit-notes/${n.credit_note_id}`}>{n.credit_note_number}</Link>{' '}
            {n.invoice_number} · {money(toCents(n.total))}
          </li>
        ))}
      </ul>
    </section>
  );
}
