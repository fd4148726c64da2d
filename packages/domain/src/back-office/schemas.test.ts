import { describe, expect, it } from 'vitest';
import { english } from '../core/english';
import { backOfficeDay, backOfficeMoment, ORDER_STATUSES, orderStatusName } from './rules';
import {
  actionsFor,
  customerCreateSchema,
  invoiceSchema,
  orderActionSchema,
  productFieldsSchema,
} from './schemas';

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
    expect(result.error?.issues.map((i) => english(i.message))).toEqual([
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

describe('dates in the back office', () => {
  it("are written one way: a day as Mar 4, 2026, a moment as its day in the shop's time zone with the time", () => {
    expect(backOfficeDay('2026-03-04')).toBe('Mar 4, 2026');
    expect(backOfficeDay('2026-12-31')).toBe('Dec 31, 2026');
    // A timestamp's day is its first ten characters.
    expect(backOfficeDay('2026-09-04T23:30:00.000Z')).toBe('Sep 4, 2026');
    expect(backOfficeDay('soon')).toBe('soon');
    expect(backOfficeMoment('2026-03-04T20:05:00.000Z', 'America/Toronto')).toBe('Mar 4, 2026, 3:05 p.m.');
    // Past midnight in UTC is still the evening before in Toronto, and earlier still in Vancouver.
    expect(backOfficeMoment('2026-03-05T02:30:00.000Z', 'America/Toronto')).toBe('Mar 4, 2026, 9:30 p.m.');
    expect(backOfficeMoment('2026-03-05T02:30:00.000Z', 'America/Vancouver')).toBe('Mar 4, 2026, 6:30 p.m.');
  });
});
