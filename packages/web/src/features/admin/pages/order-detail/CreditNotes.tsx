/**
 * The order's credit notes: each with its total and the credit left, the forms to apply what is left to
 * another open invoice of the company or to record it as refunded, and a form to issue a credit note
 * against the current invoice (a quantity per line, up to what is left to credit; deductions the seller
 * keeps; a reason). The server checks every amount and answers with the credit note as it stands.
 */
import type { AdminOrderCreditNotesAnswer } from '@shop/domain/after-sale/credit-answers';
import { useCallback, useEffect, useState } from 'react';
import { ApiError, api } from '../../../../lib/api';

type Credits = Omit<AdminOrderCreditNotesAnswer, 'scode'>;

const DEDUCTIONS = [
  ['restocking', 'Restocking fee'],
  ['missing_parts', 'Missing parts'],
  ['shipping', 'Return shipping'],
] as const;

const METHODS = ['cheque', 'eft', 'wire', 'card', 'other'] as const;

const usd = (amount: number) =>
  new Intl.NumberFormat('en-CA', { style: 'currency', currency: 'CAD' }).format(amount);

function Outcome({ text, error }: { text: string; error: boolean }) {
  if (!text) return null;
  return (
    <p className={error ? 'admin-error' : 'admin-ok'} role={error ? 'alert' : 'status'}>
      {text}
    </p>
  );
}

/** What a call said: its message, or the refusal's. */
async function said(call: () => Promise<{ smessage: string }>): Promise<{ text: string; error: boolean }> {
  try {
    return { text: (await call()).smessage, error: false };
  } catch (e) {
    return { text: e instanceof ApiError ? e.message : 'The request failed.', error: true };
  }
}

function LeftForms({
  note,
  openInvoices,
  done,
}: {
  note: Credits['credit_notes'][number];
  openInvoices: Credits['open_invoices'];
  done: (outcome: { text: string; error: boolean }) => void;
}) {
  const [busy, setBusy] = useState(false);
  const id = note.credit_note_id;
  const submit = (kind: 'apply' | 'refund') => async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const amount = String(form.get('amount') ?? '').trim();
    setBusy(true);
    const outcome =
      kind === 'apply'
        ? await said(() =>
            api('POST /api/admin/credit-notes/:creditNoteId/apply', {
              params: { creditNoteId: String(id) },
              body: {
                invoice_id: Number(form.get('invoice_id')),
                ...(amount ? { amount: Number(amount) } : {}),
              },
            }),
          )
        : await said(() =>
            api('POST /api/admin/credit-notes/:creditNoteId/refund', {
              params: { creditNoteId: String(id) },
              body: {
                method: String(form.get('method')) as (typeof METHODS)[number],
                reference: String(form.get('reference') ?? ''),
                ...(amount ? { amount: Number(amount) } : {}),
              },
            }),
          );
    setBusy(false);
    done(outcome);
  };
  return (
    <div className="admin-card">
      {openInvoices.length > 0 && (
        <form
          className="admin-form"
          onSubmit={submit('apply')}
          aria-label={`Apply ${note.credit_note_number}`}
        >
          <label htmlFor={`apply-invoice-${id}`}>Apply to invoice</label>
          <select id={`apply-invoice-${id}`} name="invoice_id">
            {openInvoices.map((i) => (
              <option key={i.invoice_id} value={i.invoice_id}>
                {i.invoice_number} ({usd(i.balance)} open)
              </option>
            ))}
          </select>
          <label htmlFor={`apply-amount-${id}`}>Amount (empty: all it can take)</label>
          <input id={`apply-amount-${id}`} name="amount" inputMode="decimal" autoComplete="off" />
          <button type="submit" className="admin-btn" disabled={busy}>
            Apply credit
          </button>
        </form>
      )}
      <form
        className="admin-form"
        onSubmit={submit('refund')}
        aria-label={`Refund ${note.credit_note_number}`}
      >
        <label htmlFor={`refund-method-${id}`}>Refunded by</label>
        <select id={`refund-method-${id}`} name="method">
          {METHODS.map((m) => (
            <option key={m} value={m}>
              {m}
            </option>
          ))}
        </select>
        <label htmlFor={`refund-reference-${id}`}>Reference</label>
        <input id={`refund-reference-${id}`} name="reference" maxLength={200} autoComplete="off" />
        <label htmlFor={`refund-amount-${id}`}>Amount (empty: all that is left)</label>
        <input id={`refund-amount-${id}`} name="amount" inputMode="decimal" autoComplete="off" />
        <button type="submit" className="admin-btn" disabled={busy}>
          Record refund
        </button>
      </form>
    </div>
  );
}

function IssueForm({
  invoice,
  done,
}: {
  invoice: NonNullable<Credits['invoice']>;
  done: (outcome: { text: string; error: boolean }) => void;
}) {
  const [busy, setBusy] = useState(false);
  const lines = invoice.lines.filter((l) => l.quantity > l.credited);
  if (lines.length === 0) return <p>Everything on invoice {invoice.invoice_number} has been credited.</p>;
  const submit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const chosen = lines
      .map((l) => ({
        invoice_line_id: l.invoice_line_id,
        quantity: Number(data.get(`quantity-${l.invoice_line_id}`) || 0),
      }))
      .filter((l) => l.quantity > 0);
    const deductions = DEDUCTIONS.flatMap(([kind]) => {
      const amount = String(data.get(`deduction-${kind}`) ?? '').trim();
      return amount ? [{ kind, amount: Number(amount) }] : [];
    });
    setBusy(true);
    const outcome = await said(() =>
      api('POST /api/admin/invoices/:invoiceId/credit-notes', {
        params: { invoiceId: String(invoice.invoice_id) },
        body: { lines: chosen, deductions, reason: String(data.get('reason') ?? '') },
      }),
    );
    setBusy(false);
    if (!outcome.error) form.reset();
    done(outcome);
  };
  return (
    <form className="admin-card admin-form" onSubmit={submit} aria-label="Issue a credit note">
      <h3>Issue a credit note against {invoice.invoice_number}</h3>
      <div className="admin-table-wrap">
        <table className="admin-table">
          <caption className="visually-hidden">Lines to credit</caption>
          <thead>
            <tr>
              <th scope="col">Line</th>
              <th scope="col">Charged</th>
              <th scope="col">Credited</th>
              <th scope="col">Unit price</th>
              <th scope="col">Quantity to credit</th>
            </tr>
          </thead>
          <tbody>
            {lines.map((l) => (
              <tr key={l.invoice_line_id}>
                <td>
                  {l.sku ? `${l.sku} ` : ''}
                  {l.name} ({l.kind})
                </td>
                <td>{l.quantity}</td>
                <td>{l.credited}</td>
                <td>{usd(l.rate)}</td>
                <td>
                  <input
                    aria-label={`Quantity of ${l.name} to credit`}
                    name={`quantity-${l.invoice_line_id}`}
                    type="number"
                    min={0}
                    max={l.quantity - l.credited}
                    defaultValue={0}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <fieldset>
        <legend>Deductions the seller keeps (dollars, empty for none)</legend>
        {DEDUCTIONS.map(([kind, label]) => (
          <p key={kind}>
            <label htmlFor={`deduction-${kind}`}>{label}</label>{' '}
            <input
              id={`deduction-${kind}`}
              name={`deduction-${kind}`}
              inputMode="decimal"
              autoComplete="off"
            />
          </p>
        ))}
      </fieldset>
      <label htmlFor="credit-reason">Reason (on the credit note)</label>
      <input id="credit-reason" name="reason" maxLength={500} required />
      <button type="submit" className="admin-btn" disabled={busy}>
        Issue credit note
      </button>
    </form>
  );
}

export function CreditNotes({ orderId }: { orderId: number }) {
  const [credits, setCredits] = useState<Credits | null>(null);
  const [outcome, setOutcome] = useState({ text: '', error: false });
  const load = useCallback(() => {
    api('GET /api/admin/orders/:orderId/credit-notes', { params: { orderId: String(orderId) } }).then(
      ({ scode: _, ...answer }) => setCredits(answer),
      () => setCredits(null),
    );
  }, [orderId]);
  useEffect(load, [load]);
  const done = (said: { text: string; error: boolean }) => {
    setOutcome(said);
    load();
  };
  if (!credits || (!credits.invoice && credits.credit_notes.length === 0)) return null;
  return (
    <section className="admin-section" aria-labelledby="credit-notes-heading">
      <h2 id="credit-notes-heading">Credit notes</h2>
      <Outcome {...outcome} />
      <p>Company credit left: {usd(credits.credit_left)}</p>
      {credits.credit_notes.length > 0 && (
        <div className="admin-table-wrap">
          <table className="admin-table">
            <caption className="visually-hidden">Credit notes of the order</caption>
            <thead>
              <tr>
                <th scope="col">Number</th>
                <th scope="col">Date</th>
                <th scope="col">Invoice</th>
                <th scope="col">Reason</th>
                <th scope="col">Total</th>
                <th scope="col">Left</th>
              </tr>
            </thead>
            <tbody>
              {credits.credit_notes.map((n) => (
                <tr key={n.credit_note_id} data-credit-note={n.credit_note_number}>
                  <td>{n.credit_note_number}</td>
                  <td>{n.date}</td>
                  <td>{n.invoice_number}</td>
                  <td>{n.reason}</td>
                  <td>{usd(n.total)}</td>
                  <td>{usd(n.left)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {credits.credit_notes
        .filter((n) => n.left > 0)
        .map((n) => (
          <div key={n.credit_note_id}>
            <h3>
              {n.credit_note_number}: {usd(n.left)} left
            </h3>
            <LeftForms note={n} openInvoices={credits.open_invoices} done={done} />
          </div>
        ))}
      {credits.invoice && <IssueForm invoice={credits.invoice} done={done} />}
    </section>
  );
}
