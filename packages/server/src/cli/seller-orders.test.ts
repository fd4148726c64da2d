import { describe, expect, it } from 'vitest';
import { invoiceOptions } from './seller-orders';

describe('the invoice command options', () => {
  it('takes the fee lines from the fee table unless told --no-fees', () => {
    expect(invoiceOptions(['--shipping', '25.00'])).toEqual({
      shipping: 2500,
      extras: [],
      note: '',
      fees: 'table',
    });
    expect(invoiceOptions(['--shipping', '25.00', '--no-fees']).fees).toBe('given');
  });
  it('reads lines, credits and a note', () => {
    expect(
      invoiceOptions(['--line', 'Handling', '5.00', '--line', 'Credit', '-2.50', '--note', 'why']),
    ).toEqual({
      shipping: 0,
      extras: [
        { name: 'Handling', cents: 500 },
        { name: 'Credit', cents: -250 },
      ],
      note: 'why',
      fees: 'table',
    });
    expect(() => invoiceOptions(['--fees'])).toThrow('Unknown option --fees.');
  });
});
