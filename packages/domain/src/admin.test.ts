import { describe, expect, it } from 'vitest';
import {
  actionsFor,
  customerCreateSchema,
  invoiceSchema,
  orderActionSchema,
  productFieldsSchema,
} from './admin';
import { ORDER_STATUSES, orderStatusName } from './admin-rules';

describe('the back office contract', () => {
  it('offers the actions each status allows', () => {
    expect(actionsFor('Pending')).toEqual(['confirm', 'cancel', 'decline']);
    expect(actionsFor('Confirmed')).toEqual(['ship', 'cancel', 'decline']);
    expect(actionsFor('Shipped')).toEqual(['deliver']);
    expect(actionsFor('Canceled')).toEqual([]);
  });

  it('needs a reason to cancel or decline, and keeps carrier and tracking for ship', () => {
    expect(orderActionSchema.safeParse({ action: 'cancel' }).success).toBe(false);
    expect(orderActionSchema.safeParse({ action: 'decline', reason: ' Out of stock ' }).data?.reason).toBe(
      'Out of stock',
    );
    expect(orderActionSchema.safeParse({ action: 'confirm', carrier: 'UPS' }).success).toBe(false);
    expect(orderActionSchema.parse({ action: 'ship', carrier: 'UPS', tracking_number: '1Z' })).toMatchObject({
      carrier: 'UPS',
    });
  });

  it('reads dollars into cents, refusing more than 2 decimals', () => {
    expect(
      invoiceSchema.parse({ shipping: '1,025.50', lines: [{ name: 'Credit', amount: -5 }] }),
    ).toMatchObject({
      shipping: 102_550,
      lines: [{ name: 'Credit', amount: -500 }],
    });
    expect(invoiceSchema.safeParse({ shipping: 1.005 }).success).toBe(false);
    expect(invoiceSchema.safeParse({ shipping: -1 }).success).toBe(false);
    expect(productFieldsSchema.parse({ price: 19.99, stock: '4', is_sale: 'true' })).toEqual({
      price: 1999,
      stock: 4,
      is_sale: true,
    });
  });

  it('checks a new customer with the spec messages', () => {
    const result = customerCreateSchema.safeParse({
      company: 'A',
      first_name: '',
      last_name: 'B',
      email: 'a@b.ca',
      phone_number: '123',
    });
    expect(result.error?.issues.map((i) => i.message)).toEqual([
      'First name cannot be empty and the length needs to be under 50 characters',
      'Phone Number error, Please only enter 10 digit Number.',
    ]);
    expect(
      customerCreateSchema.parse({ company: 'A', first_name: 'C', last_name: 'B', email: 'a@b.ca' }),
    ).toMatchObject({
      percentage: 15,
      phone_number: '',
    });
  });
});

describe('order statuses in the back office', () => {
  it('are written as words; the codes stay for addresses and the API', () => {
    expect(ORDER_STATUSES.map(orderStatusName)).toEqual([
      'On hold',
      'Pending',
      'Confirmed',
      'Shipped',
      'Delivered',
      'Canceled',
      'Declined',
    ]);
    expect(orderStatusName('Lost')).toBe('Lost');
  });
});
