/**
 * An order's or an invoice's totals: the subtotal, on the invoice its shipping, environmental handling fees
 * and other lines, each tax component by name and rate (an exempt one says why), the total and, on the
 * invoice, what is paid and what is left; and who issues the invoice, with the GST/HST and QST numbers.
 */
import type { InvoiceSeller, OrderDetail, TaxLineAnswer } from '@shop/domain/core/api';
import { addDays } from '@shop/domain/core/days';
import { toCents } from '@shop/domain/core/money';
import { taxLabel } from '@shop/domain/tax/rules';
import { Fragment } from 'react';
import { money, pageLang, t } from '../../lib/i18n';

/** An amount in dollars, as the order records it. */
const dollars = (amount: number) => money(toCents(amount));

/**
 * "GST 5 %", or "QST 9.975 %: exempt (Reseller, no. 1234567890TQ0001, until 2026-12-31)"; given `widest`
 * (the largest base of the components), a component that taxed less names its base, as the PDF does:
 * "PST 7 % on $480.00".
 */
function taxName(tax: TaxLineAnswer, widest?: number): string {
  const rate = taxLabel(tax.component, Math.round(tax.rate * 1000), pageLang());
  const label =
    widest !== undefined && toCents(tax.base) !== widest
      ? t('orders:total.taxOn', { label: rate, base: dollars(tax.base) })
      : rate;
  const e = tax.exemption;
  if (!e) return label;
  if (!e.expires_on) return t('orders:total.exempt', { label, reason: e.reason, reference: e.reference });
  // Its last day: the day before it stops applying.
  return t('orders:total.exemptUntil', {
    label,
    reason: e.reason,
    reference: e.reference,
    until: addDays(e.expires_on, -1),
  });
}

export function OrderTotals({ order: o, kind }: { order: OrderDetail; kind: 'order' | 'invoice' }) {
  const added = (lineKind: 'shipping' | 'fee' | 'other') =>
    o.zoho_line_items
      .filter((l) => l.kind === lineKind)
      .reduce((n, l) => n + toCents(l.item_rate) * l.quantity, 0);
  const charges: [string, number][] =
    kind === 'invoice'
      ? (
          [
            [t('orders:total.shipping'), added('shipping')],
            [t('orders:total.fees'), added('fee')],
            [t('orders:total.other'), added('other')],
          ] as [string, number][]
        ).filter(([, cents]) => cents !== 0)
      : [];
  // On the invoice, a component whose base is not the largest (a line without provincial tax) names it.
  const widest = kind === 'invoice' ? Math.max(0, ...o.taxes.map((tax) => toCents(tax.base))) : undefined;
  return (
    <dl className="order__totals">
      <dt>{t('orders:total.subtotal')}</dt>
      <dd>{dollars(o.subtotal)}</dd>
      {charges.map(([label, cents]) => (
        <Fragment key={label}>
          <dt>{label}</dt>
          <dd>{money(cents)}</dd>
        </Fragment>
      ))}
      {o.taxes.map((tax) => (
        <Fragment key={tax.component}>
          <dt data-tax={tax.component}>{taxName(tax, widest)}</dt>
          <dd>{dollars(tax.amount)}</dd>
        </Fragment>
      ))}
      <dt>{t('orders:total.total')}</dt>
      <dd>{dollars(o.total)}</dd>
      {kind === 'invoice' && o.invoice_paid !== null && o.invoice_balance !== null && (
        <>
          <dt>{t('orders:total.paid')}</dt>
          <dd>{dollars(o.invoice_paid)}</dd>
          <dt>{t('orders:total.balance')}</dt>
          <dd>{money(toCents(o.invoice_balance))}</dd>
        </>
      )}
    </dl>
  );
}

/** Who issues the invoice: the seller's legal name with the GST/HST and QST registration numbers. */
export function InvoiceSellerBlock({ seller }: { seller: InvoiceSeller }) {
  return (
    <section className="order__seller" aria-labelledby="invoice-seller">
      <h2 id="invoice-seller">{t('orders:seller.title')}</h2>
      <p>
        <strong>{seller.legal_name}</strong>
        <br />
        {t('orders:seller.gstHst', { number: seller.gst_hst_number })}
        {seller.qst_number && (
          <>
            <br />
            {t('orders:seller.qst', { number: seller.qst_number })}
          </>
        )}
      </p>
    </section>
  );
}
