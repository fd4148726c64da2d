/**
 * A credit note's amounts: the invoice lines it credits (a quantity of each, never more than the invoice
 * charged less what earlier credit notes credited), the deductions the seller keeps (negative lines), and
 * each of the invoice's tax components reversed at the invoice's own rate and exemption, rounded once on
 * the credited base as the invoice was (docs/decisions/015-tax-components.md). The component's base is
 * what it taxed on the invoice: a line without provincial tax is in the GST or HST base only; deductions
 * lower every component's base. A credit that takes the rest of a component's base takes the rest of its
 * tax, so crediting a whole invoice (at once or in parts) reverses every component to the cent; no credit
 * ever goes past what the invoice charged, per component and in total. No Zod here.
 */
import type { Cents } from '../core/money';
import { componentTax, isProvincialComponent, type TaxComponent, type TaxExemption } from '../tax/rules';
import type { DeductionKind } from './rules';

/** An invoice line as a credit note sees it: what it charged and what earlier credit notes credited. */
export interface CreditableLine {
  lineId: number;
  kind: string;
  itemName: string;
  quantity: number;
  rateCents: Cents;
  provincialTax: boolean;
  /** The quantity earlier credit notes credited. */
  creditedQuantity: number;
}

/** An invoice's tax component and what earlier credit notes reversed of it. */
export interface CreditableTax {
  position: number;
  component: TaxComponent;
  rateMilli: number;
  baseCents: Cents;
  taxCents: Cents;
  exemption: TaxExemption | null;
  creditedBaseCents: Cents;
  creditedTaxCents: Cents;
}

export interface CreditableInvoice {
  lines: readonly CreditableLine[];
  taxes: readonly CreditableTax[];
  totalCents: Cents;
  /** The totals of its earlier credit notes added up. */
  creditedTotalCents: Cents;
}

export interface CreditRequest {
  lines: readonly { lineId: number; quantity: number }[];
  deductions: readonly { kind: DeductionKind; cents: Cents }[];
}

export interface CreditedLine {
  lineId: number;
  quantity: number;
  rateCents: Cents;
  amountCents: Cents;
  provincialTax: boolean;
}

export interface CreditedTax {
  position: number;
  component: TaxComponent;
  rateMilli: number;
  baseCents: Cents;
  taxCents: Cents;
  exemption: TaxExemption | null;
}

export interface CreditAmounts {
  lines: CreditedLine[];
  taxes: CreditedTax[];
  /** Lines less deductions. */
  subtotalCents: Cents;
  taxCents: Cents;
  totalCents: Cents;
}

/** Why a credit cannot be made: a message key of the after-sale catalogue and its values. */
export interface CreditRefusal {
  refused: string;
  values: Record<string, string | number>;
}

/** The quantity of a line still to credit. */
export function creditableQuantity(line: CreditableLine): number {
  return Math.max(0, line.quantity - line.creditedQuantity);
}

/** Every line's quantity still to credit: the rest of the invoice (a cancel credits it all). */
export function restOfInvoice(invoice: Pick<CreditableInvoice, 'lines'>): CreditRequest {
  return {
    lines: invoice.lines
      .filter((l) => creditableQuantity(l) > 0)
      .map((l) => ({ lineId: l.lineId, quantity: creditableQuantity(l) })),
    deductions: [],
  };
}

/** The amounts of a credit note, or why it cannot be made. */
export function creditAmounts(
  invoice: CreditableInvoice,
  request: CreditRequest,
): CreditAmounts | CreditRefusal {
  if (request.lines.length === 0 || request.lines.every((l) => l.quantity === 0))
    return { refused: 'afterSale.creditNothing', values: {} };
  const seen = new Set<number>();
  const lines: CreditedLine[] = [];
  for (const asked of request.lines) {
    const line = invoice.lines.find((l) => l.lineId === asked.lineId);
    if (!line || seen.has(asked.lineId))
      return { refused: 'afterSale.creditLineUnknown', values: { line: asked.lineId } };
    seen.add(asked.lineId);
    if (!Number.isInteger(asked.quantity) || asked.quantity < 0)
      return { refused: 'afterSale.creditQuantity', values: { name: line.itemName } };
    if (asked.quantity === 0) continue;
    const left = creditableQuantity(line);
    if (asked.quantity > left)
      return { refused: 'afterSale.creditQuantityLeft', values: { name: line.itemName, left } };
    lines.push({
      lineId: line.lineId,
      quantity: asked.quantity,
      rateCents: line.rateCents,
      amountCents: line.rateCents * asked.quantity,
      provincialTax: line.provincialTax,
    });
  }
  for (const d of request.deductions)
    if (!Number.isInteger(d.cents) || d.cents <= 0)
      return { refused: 'afterSale.deductionAmount', values: {} };
  const deducted = request.deductions.reduce((n, d) => n + d.cents, 0);
  const credited = lines.reduce((n, l) => n + l.amountCents, 0);
  const subtotalCents = credited - deducted;
  if (subtotalCents < 0) return { refused: 'afterSale.deductionsTooLarge', values: {} };

  const taxes = invoice.taxes.map((t): CreditedTax => {
    const provincial = isProvincialComponent(t.component);
    const linesBase = lines.reduce((n, l) => n + (provincial && !l.provincialTax ? 0 : l.amountCents), 0);
    const restBase = t.baseCents - t.creditedBaseCents;
    const restTax = t.taxCents - t.creditedTaxCents;
    const base = Math.max(0, Math.min(linesBase - deducted, Math.max(0, restBase)));
    let tax: Cents;
    if (t.exemption || base === 0) tax = 0;
    else if (base >= restBase) tax = Math.max(0, restTax);
    else tax = Math.max(0, Math.min(componentTax(base, t.rateMilli), restTax));
    return {
      position: t.position,
      component: t.component,
      rateMilli: t.rateMilli,
      baseCents: base,
      taxCents: tax,
      exemption: t.exemption,
    };
  });
  const taxCents = taxes.reduce((n, t) => n + t.taxCents, 0);
  const totalCents = subtotalCents + taxCents;
  const left = invoice.totalCents - invoice.creditedTotalCents;
  if (totalCents > left) return { refused: 'afterSale.creditPastInvoice', values: { left } };
  return { lines, taxes, subtotalCents, taxCents, totalCents };
}

export function isRefusal(result: CreditAmounts | CreditRefusal): result is CreditRefusal {
  return 'refused' in result;
}

/** How much of a credit goes to its own invoice: what is still open on it, no more than the credit. */
export function allocationToOwnInvoice(creditCents: Cents, openCents: Cents): Cents {
  return Math.max(0, Math.min(creditCents, openCents));
}
