import { describe, expect, it } from 'vitest';
import {
  availableStock,
  cartButtonState,
  defaultCondition,
  isInStock,
  sortPrice,
  unitPrice,
} from './pricing';

const offer = (over: Partial<Parameters<typeof unitPrice>[0]> = {}) => ({
  item_condition: 'BrandNew' as const,
  is_sale: false,
  price: 100_00,
  sale_price: 0,
  scratch_dent_price: 0,
  ...over,
});

describe('unit price and sort price', () => {
  it('is the price when not on sale', () => {
    expect(unitPrice(offer())).toBe(100_00);
    expect(sortPrice(offer({ sale_price: 80_00 }))).toBe(100_00);
  });
  it('is the sale price when on sale and non-zero', () => {
    expect(sortPrice(offer({ is_sale: true, sale_price: 80_00 }))).toBe(80_00);
  });
  it('ignores a sale price of 0', () => {
    expect(unitPrice(offer({ is_sale: true, sale_price: 0 }))).toBe(100_00);
  });
  it('uses the scratch-and-dent price for a ScratchDent line when non-zero', () => {
    expect(
      unitPrice(
        offer({ item_condition: 'ScratchDent', scratch_dent_price: 60_00, is_sale: true, sale_price: 80_00 }),
      ),
    ).toBe(60_00);
    expect(
      unitPrice(
        offer({ item_condition: 'ScratchDent', scratch_dent_price: 0, is_sale: true, sale_price: 80_00 }),
      ),
    ).toBe(80_00);
  });
});

describe('stock rules', () => {
  it('takes scratch_dent_stock for ScratchDent, else stock', () => {
    expect(availableStock({ item_condition: 'ScratchDent', stock: 5, scratch_dent_stock: 2 })).toBe(2);
    expect(availableStock({ item_condition: 'Recertified', stock: 5, scratch_dent_stock: 2 })).toBe(5);
  });
  it('counts a Warranty item as always in stock', () => {
    expect(isInStock({ item_condition: 'Warranty', stock: 0, scratch_dent_stock: 0 })).toBe(true);
    expect(isInStock({ item_condition: 'BrandNew', stock: 0, scratch_dent_stock: 3 })).toBe(false);
    expect(isInStock({ item_condition: 'ScratchDent', stock: 3, scratch_dent_stock: 0 })).toBe(false);
  });
  it('gives the four button states', () => {
    const inStock = { item_condition: 'BrandNew' as const, stock: 3, scratch_dent_stock: 0 };
    expect(cartButtonState(false, true, inStock)).toBe('Please Login');
    expect(cartButtonState(true, false, inStock)).toBe('Item Removed');
    expect(cartButtonState(true, true, inStock)).toBe('ADD TO CART');
    expect(cartButtonState(true, true, { ...inStock, stock: 0 })).toBe('OUT OF STOCK');
  });
  it('chooses the condition as the product page does', () => {
    const flags = { is_scratch_dent: true, is_brand_new: false, is_recertified: true };
    expect(defaultCondition({ ...flags, wantScratchDent: true })).toBe('ScratchDent');
    expect(defaultCondition(flags)).toBe('Recertified');
    expect(defaultCondition({ ...flags, is_brand_new: true })).toBe('BrandNew');
    expect(defaultCondition({ is_scratch_dent: false, is_brand_new: false, is_recertified: false })).toBe(
      'Warranty',
    );
  });
});
