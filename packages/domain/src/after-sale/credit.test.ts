import { describe, expect, it } from 'vitest';
import { componentTax, taxLines } from '../tax/rules';
import {
  type CreditAmounts,
  type CreditableInvoice,
  creditAmounts,
  isRefusal,
  restOfInvoice,
} from './credit';

/**
 * A British Columbia invoice as invoices are made: the order's components rounded on the order's lines,
 * plus each component's tax on what the invoice adds (shipping, a fee without PST) rounded on its own.
 */
function bcInvoice(): CreditableInvoice {
  const components = [
    { component: 'GST' as const, rateMilli: 5000, exemption: null },
    { component: 'PST' as const, rateMilli: 7000, exemption: null },
  ];
  const order = taxLines([{ cents: 3 * 3000 }, { cents: 1010 }], components);
  const added = taxLines([{ cents: 710 }, { cents: 2 * 150, provincial: false }], components);
  const taxes = components.map((c, i) => ({
    position: i,
    component: c.component,
    rateMilli: c.rateMilli,
    baseCents: order[i]!.baseCents + added[i]!.baseCents,
    taxCents: order[i]!.taxCents + added[i]!.taxCents,
    exemption: null,
    creditedBaseCents: 0,
    creditedTaxCents: 0,
  }));
  const subtotal = 3 * 3000 + 1010 + 710 + 300;
  return {
    lines: [
      {
        lineId: 1,
        kind: 'item',
        itemName: 'Laptop',
        quantity: 3,
        rateCents: 3000,
        provincialTax: true,
        creditedQuantity: 0,
      },
      {
        lineId: 2,
        kind: 'item',
        itemName: 'Dock',
        quantity: 1,
        rateCents: 1010,
        provincialTax: true,
        creditedQuantity: 0,
      },
      {
        lineId: 3,
        kind: 'shipping',
        itemName: 'Shipping',
        quantity: 1,
        rateCents: 710,
        provincialTax: true,
        creditedQuantity: 0,
      },
      {
        lineId: 4,
        kind: 'fee',
        itemName: 'Fee',
        quantity: 2,
        rateCents: 150,
        provincialTax: false,
        creditedQuantity: 0,
      },
    ],
    taxes,
    totalCents: subtotal + taxes.reduce((n, t) => n + t.taxCents, 0),
    creditedTotalCents: 0,
  };
}

function ok(result: ReturnType<typeof creditAmounts>): CreditAmounts {
  if (isRefusal(result)) throw new Error(`refused: ${result.refused}`);
  return result;
}

/** The invoice after a credit note: its lines and components with what it credited. */
function after(invoice: CreditableInvoice, credit: CreditAmounts): CreditableInvoice {
  return {
    ...invoice,
    lines: invoice.lines.map((l) => ({
      ...l,
      creditedQuantity: l.creditedQuantity + (credit.lines.find((c) => c.lineId === l.lineId)?.quantity ?? 0),
    })),
    taxes: invoice.taxes.map((t) => {
      const c = credit.taxes.find((x) => x.position === t.position)!;
      return {
        ...t,
        creditedBaseCents: t.creditedBaseCents + c.baseCents,
        creditedTaxCents: t.creditedTaxCents + c.taxCents,
      };
    }),
    creditedTotalCents: invoice.creditedTotalCents + credit.totalCents,
  };
}

describe('a credit note', () => {
  it('of the whole invoice reverses every component to the cent', () => {
    const invoice = bcInvoice();
    // Rounded in two parts, the invoice's GST is not the GST of its whole base: the credit takes the invoice's.
    for (const t of invoice.taxes) expect(t.taxCents).not.toBe(componentTax(t.baseCents, t.rateMilli));
    const credit = ok(creditAmounts(invoice, restOfInvoice(invoice)));
    expect(credit.taxes.map((t) => [t.baseCents, t.taxCents])).toEqual(
      invoice.taxes.map((t) => [t.baseCents, t.taxCents]),
    );
    expect(credit.totalCents).toBe(invoice.totalCents);
  });

  it('of part of an invoice is taxed on the credited base per component, PST only on lines that had it', () => {
    const invoice = bcInvoice();
    const credit = ok(
      creditAmounts(invoice, {
        lines: [
          { lineId: 1, quantity: 1 },
          { lineId: 4, quantity: 1 },
        ],
        deductions: [],
      }),
    );
    expect(credit.subtotalCents).toBe(3000 + 150);
    expect(credit.taxes.map((t) => [t.component, t.baseCents, t.taxCents])).toEqual([
      ['GST', 3150, componentTax(3150, 5000)],
      ['PST', 3000, componentTax(3000, 7000)],
    ]);
    expect(credit.totalCents).toBe(3150 + componentTax(3150, 5000) + componentTax(3000, 7000));
  });

  it('lowers every base by its deductions', () => {
    const invoice = bcInvoice();
    const credit = ok(
      creditAmounts(invoice, {
        lines: [{ lineId: 1, quantity: 2 }],
        deductions: [{ kind: 'restocking', cents: 1000 }],
      }),
    );
    expect(credit.subtotalCents).toBe(5000);
    expect(credit.taxes.map((t) => t.baseCents)).toEqual([5000, 5000]);
  });

  it('in parts never goes past the invoice, and the last part takes the rest of each component', () => {
    let invoice = bcInvoice();
    const parts = [
      { lines: [{ lineId: 1, quantity: 1 }], deductions: [] },
      {
        lines: [
          { lineId: 1, quantity: 1 },
          { lineId: 4, quantity: 1 },
        ],
        deductions: [],
      },
    ];
    for (const part of parts) invoice = after(invoice, ok(creditAmounts(invoice, part)));
    const last = ok(creditAmounts(invoice, restOfInvoice(invoice)));
    invoice = after(invoice, last);
    for (const t of invoice.taxes) {
      expect(t.creditedBaseCents).toBe(t.baseCents);
      expect(t.creditedTaxCents).toBe(t.taxCents);
    }
    expect(invoice.creditedTotalCents).toBe(invoice.totalCents);
    const again = creditAmounts(invoice, { lines: [{ lineId: 2, quantity: 1 }], deductions: [] });
    expect(isRefusal(again) && again.refused).toBe('afterSale.creditQuantityLeft');
  });

  it('refuses more than the line charged, deductions above the credit, and nothing', () => {
    const invoice = bcInvoice();
    const refused = (r: ReturnType<typeof creditAmounts>) => (isRefusal(r) ? r.refused : null);
    expect(refused(creditAmounts(invoice, { lines: [{ lineId: 2, quantity: 2 }], deductions: [] }))).toBe(
      'afterSale.creditQuantityLeft',
    );
    expect(
      refused(
        creditAmounts(invoice, {
          lines: [{ lineId: 2, quantity: 1 }],
          deductions: [{ kind: 'shipping', cents: 2000 }],
        }),
      ),
    ).toBe('afterSale.deductionsTooLarge');
    expect(refused(creditAmounts(invoice, { lines: [], deductions: [] }))).toBe('afterSale.creditNothing');
    expect(refused(creditAmounts(invoice, { lines: [{ lineId: 99, quantity: 1 }], deductions: [] }))).toBe(
      'afterSale.creditLineUnknown',
    );
  });

  it('reverses an exempt component with no tax', () => {
    const invoice = bcInvoice();
    const exempt = {
      ...invoice,
      taxes: invoice.taxes.map((t) =>
        t.component === 'PST'
          ? {
              ...t,
              taxCents: 0,
              exemption: {
                scope: 'provincial' as const,
                province: 'British Columbia',
                reference: 'PST-1',
                reason: 'Reseller',
                expiresOn: null,
              },
            }
          : t,
      ),
    };
    const credit = ok(creditAmounts(exempt, { lines: [{ lineId: 2, quantity: 1 }], deductions: [] }));
    expect(credit.taxes[1]).toMatchObject({ baseCents: 1010, taxCents: 0 });
  });
});
