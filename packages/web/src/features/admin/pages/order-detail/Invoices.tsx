/** The order's invoices: the form making one, the current one with the form correcting it, and those replaced. */
import type { AdminInvoice, AdminInvoiceDraft, AdminOrderDetail } from '@shop/domain/back-office/schemas';
import { toCents } from '@shop/domain/core/money';
import { PAYMENT_TERM_NAMES, type PaymentTerms } from '@shop/domain/tax/admin';
import { Day, Money, When } from '../../ui';
import { InvoiceAccountingIds } from './AccountingIds';
import { InvoiceForm } from './InvoiceForm';
import { TaxRows } from './taxes';

function InvoiceView({
  invoice,
  current,
  subtotal,
}: {
  invoice: AdminInvoice;
  current: boolean;
  subtotal: number;
}) {
  const added = (kind: string) =>
    invoice.lines
      .filter((l) => l.item_id === null && l.kind === kind)
      .reduce((n, l) => n + toCents(l.rate) * l.quantity, 0) / 100;
  const charges = (
    [
      ['Shipping', added('shipping')],
      ['Environmental handling fees', added('fee')],
      ['Other lines', added('other')],
    ] as [string, number][]
  ).filter(([, amount]) => amount !== 0);
  return (
    <div className="admin-card">
      <h3>
        Invoice {invoice.invoice_number} {current ? '(current)' : '(replaced)'}
      </h3>
      <p className="admin-note">
        Made <When at={invoice.created_at} />
        {invoice.replaced_at && (
          <>
            ; replaced <When at={invoice.replaced_at} />
          </>
        )}
        {invoice.note && <>. Note: {invoice.note}</>}
      </p>
      <InvoiceAccountingIds invoiceNumber={invoice.invoice_number} />
      <dl className="admin-facts">
        <dt>Terms</dt>
        <dd>{PAYMENT_TERM_NAMES[invoice.terms as PaymentTerms] ?? invoice.terms}</dd>
        <dt>Due</dt>
        <dd>
          <Day day={invoice.due_on} />
        </dd>
        <dt>Paid</dt>
        <dd>
          <Money amount={invoice.paid} />
        </dd>
        <dt>Balance</dt>
        <dd>
          <Money amount={invoice.balance} />
        </dd>
      </dl>
      <table className="admin-table admin-table--compact">
        <caption className="visually-hidden">Lines of invoice {invoice.invoice_number}</caption>
        <thead>
          <tr>
            <th scope="col">Line</th>
            <th scope="col" className="admin-num">
              Qty
            </th>
            <th scope="col" className="admin-num">
              Rate
            </th>
          </tr>
        </thead>
        <tbody>
          {invoice.lines.map((l, i) => (
            <tr key={i}>
              <td>
                {l.item_name}
                {l.sku ? ` (${l.sku})` : ''}
                {l.kind === 'fee' && !l.provincial_tax ? ' (no provincial tax)' : ''}
                {l.serials.length > 0 && (
                  <span className="admin-serial-list">Serial numbers: {l.serials.join(', ')}</span>
                )}
              </td>
              <td className="admin-num">{l.quantity}</td>
              <td className="admin-num">
                <Money amount={l.rate} />
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={2}>
              Subtotal
            </th>
            <td className="admin-num">
              <Money amount={subtotal} />
            </td>
          </tr>
          {charges.map(([label, amount]) => (
            <tr key={label}>
              <th scope="row" colSpan={2}>
                {label}
              </th>
              <td className="admin-num">
                <Money amount={amount} />
              </td>
            </tr>
          ))}
          <TaxRows taxes={invoice.taxes} span={2} />
          <tr>
            <th scope="row" colSpan={2}>
              Total
            </th>
            <td className="admin-num">
              <Money amount={invoice.total} />
            </td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

export function Invoices({ order, draft }: { order: AdminOrderDetail; draft: AdminInvoiceDraft | null }) {
  const current = order.invoices.find((i) => i.replaced_at === null) ?? null;
  return (
    <section className="admin-section" aria-labelledby="invoice-heading">
      <h2 id="invoice-heading">Invoice</h2>
      <div className="admin-cards">
        {order.can_invoice && <InvoiceForm key="new" order={order} correcting={null} draft={draft} />}
        {current && <InvoiceView invoice={current} current subtotal={order.subtotal} />}
        {current && order.status !== 'Canceled' && order.status !== 'Declined' && (
          <InvoiceForm
            key={`correct-${current.invoice_id}`}
            order={order}
            correcting={current}
            draft={draft}
          />
        )}
        {!order.can_invoice && !current && <p>This order cannot be invoiced.</p>}
      </div>
      {order.invoices
        .filter((i) => i !== current)
        .map((i) => (
          <InvoiceView key={i.invoice_id} invoice={i} current={false} subtotal={order.subtotal} />
        ))}
    </section>
  );
}
