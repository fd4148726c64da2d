import { describe, expect, it } from 'vitest';
import { conditionFromWord, parseQuickOrder, QUICK_MSG } from './quick-order';

describe('parseQuickOrder', () => {
  it('reads SKU and quantity separated by spaces, commas or tabs, with an optional condition', () => {
    const { lines, problems } = parseQuickOrder(
      'NX.SAHAA.001 5\nDQ.B1HAA.002,2\nUM.QX0AA.003\t7\nNX.SAHAA.001 5 Recertified\n  \nGP.1 1 scratch & dent\r\n"XX.1","3"',
    );
    expect(problems).toEqual([]);
    expect(lines.map((l) => [l.line, l.sku, l.quantity, l.condition])).toEqual([
      [1, 'NX.SAHAA.001', 5, null],
      [2, 'DQ.B1HAA.002', 2, null],
      [3, 'UM.QX0AA.003', 7, null],
      [4, 'NX.SAHAA.001', 5, 'Recertified'],
      [6, 'GP.1', 1, 'ScratchDent'],
      [7, 'XX.1', 3, null],
    ]);
  });

  it('skips a CSV header and names what is wrong with a line', () => {
    const { lines, problems } = parseQuickOrder(
      'sku,quantity,condition\nA.1,2,New\nA.2\nA.3 0\nA.4 2 Shiny\nA.5 12345',
    );
    expect(lines.map((l) => [l.sku, l.condition])).toEqual([['A.1', 'BrandNew']]);
    expect(problems).toEqual([
      { line: 3, text: 'A.2', message: QUICK_MSG.unreadable },
      { line: 4, text: 'A.3 0', message: QUICK_MSG.quantity },
      { line: 5, text: 'A.4 2 Shiny', message: QUICK_MSG.condition('Shiny') },
      { line: 6, text: 'A.5 12345', message: QUICK_MSG.quantity },
    ]);
  });

  it('reads the condition words people write', () => {
    expect(conditionFromWord('Brand New')).toBe('BrandNew');
    expect(conditionFromWord('S&D')).toBe('ScratchDent');
    expect(conditionFromWord('refurbished')).toBe('Recertified');
    expect(conditionFromWord('Warranty')).toBe('Warranty');
    expect(conditionFromWord('used')).toBeNull();
  });

  it('reads the French names of the conditions, with or without accents', () => {
    expect(conditionFromWord('Neuf')).toBe('BrandNew');
    expect(conditionFromWord('Remis à neuf')).toBe('Recertified');
    expect(conditionFromWord('remis a neuf')).toBe('Recertified');
    expect(conditionFromWord('Égratigné et bosselé')).toBe('ScratchDent');
    expect(conditionFromWord('É&B')).toBe('ScratchDent');
    expect(conditionFromWord('Garantie')).toBe('Warranty');
    expect(parseQuickOrder('NX.SAHAA.001 5 Remis à neuf\nNX.SAHAA.002;2;Égratigné et bosselé').lines).toEqual(
      [
        {
          line: 1,
          text: 'NX.SAHAA.001 5 Remis à neuf',
          sku: 'NX.SAHAA.001',
          quantity: 5,
          condition: 'Recertified',
        },
        {
          line: 2,
          text: 'NX.SAHAA.002;2;Égratigné et bosselé',
          sku: 'NX.SAHAA.002',
          quantity: 2,
          condition: 'ScratchDent',
        },
      ],
    );
  });
});
