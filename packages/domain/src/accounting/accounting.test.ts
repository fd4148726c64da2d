import { describe, expect, it } from 'vitest';
import { ACCOUNTING_COLUMNS, AccountingExportQuery, spreadTax, taxCodeOf } from './accounting';

describe('accounting files', () => {
  it('spread a tax over lines to the cent, the last taking what rounding left', () => {
    expect(spreadTax([1000, 1000, 1000], 100)).toEqual([33, 34, 33]);
    // Small lines: no line takes a negative share, and they still sum to the tax.
    expect(spreadTax([30, 30, 30, 30], 6)).toEqual([2, 1, 2, 1]);
    const eight = spreadTax(Array(8).fill(50), 20);
    expect(eight.every((share) => share >= 0)).toBe(true);
    expect(eight.reduce((n, share) => n + share, 0)).toBe(20);
    expect(spreadTax([5000, -500], 585)).toEqual([650, -65]);
    expect(spreadTax([0, 0], 7)).toEqual([0, 7]);
    expect(spreadTax([], 0)).toEqual([]);
    for (const [amounts, tax] of [
      [[1999, 3, 12_345], 1_713],
      [[1, 1, 1, 1, 1, 1, 1], 1],
    ] as const)
      expect(spreadTax(amounts, tax).reduce((n, c) => n + c, 0)).toBe(tax);
  });

  it('name a line’s tax by the owner’s codes, joined for two components', () => {
    expect(taxCodeOf(['GST', 'PST'], { GST: 'GST5', PST: 'PST BC' })).toBe('GST5 + PST BC');
    expect(taxCodeOf(['HST'], {})).toBe('HST');
    expect(taxCodeOf([], { GST: 'G' })).toBe('');
  });

  it('have columns for every file of both systems, none twice', () => {
    for (const files of Object.values(ACCOUNTING_COLUMNS))
      for (const columns of Object.values(files)) expect(new Set(columns).size).toBe(columns.length);
  });

  it('take a period forwards only, and new_only as true or false', () => {
    const base = { system: 'zoho', file: 'invoices', from: '2026-11-01', to: '2026-11-30' };
    expect(AccountingExportQuery.parse({ ...base, new_only: 'true' }).new_only).toBe(true);
    expect(AccountingExportQuery.parse(base).new_only).toBe(false);
    expect(AccountingExportQuery.safeParse({ ...base, from: '2026-12-01' }).success).toBe(false);
    expect(AccountingExportQuery.safeParse({ ...base, system: 'sage' }).success).toBe(false);
  });
});
