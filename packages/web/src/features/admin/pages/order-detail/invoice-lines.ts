/** The lines an invoice form edits besides the order's own: extra lines and environmental handling fees. */
import type { AdminInvoice, AdminInvoiceDraft } from '@shop/domain/back-office/schemas';

export interface ExtraLine {
  key: number;
  name: string;
  amount: string;
}

export interface FeeLine {
  key: number;
  name: string;
  quantity: string;
  /** Per unit. */
  amount: string;
  provincialTax: boolean;
  /** A demo value of the fee table. */
  demo: boolean;
}

/** The other lines of an invoice: every line the seller added that is not shipping or a fee. */
export function extrasOf(invoice: AdminInvoice): ExtraLine[] {
  return invoice.lines
    .filter((l) => l.item_id === null && l.kind !== 'shipping' && l.kind !== 'fee')
    .map((l, key) => ({ key, name: l.item_name, amount: l.rate.toFixed(2) }));
}

/** The fee lines of an invoice, or of the fee table's draft. */
export function feesOf(invoice: AdminInvoice | null, draft: AdminInvoiceDraft | null): FeeLine[] {
  if (invoice)
    return invoice.lines
      .filter((l) => l.item_id === null && l.kind === 'fee')
      .map((l, key) => ({
        key: 1000 + key,
        name: l.item_name,
        quantity: String(l.quantity),
        amount: l.rate.toFixed(2),
        provincialTax: l.provincial_tax,
        demo: false,
      }));
  return (draft?.fees ?? []).map((f, key) => ({
    key: 1000 + key,
    name: f.name,
    quantity: String(f.quantity),
    amount: f.amount.toFixed(2),
    provincialTax: f.provincial_tax,
    demo: f.demo,
  }));
}
