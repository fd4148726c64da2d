/** Setup for the accounts module's API tests: companies with invoiced orders, and invoices moved in time. */
import { addDays, todayIn } from '@shop/domain/core/days';
import { toCents } from '@shop/domain/core/money';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { invoices } from '../../db/schema';
import { call, makeCustomer, placeOrder } from '../../test/admin';
import { testConfig } from '../../test/config';

/** An active item in stock at its regular price, for orders of a test. */
export function stockedItem(app: FastifyInstance) {
  const item = [...app.services.catalog.items.values()].find(
    (p) => p.isActive && p.itemCondition === 'BrandNew' && !p.isSale && p.stock > 20 && p.priceCents > 0,
  );
  if (!item) throw new Error('no item in stock');
  return item;
}

export interface Invoiced {
  orderId: number;
  orderNumber: string;
  invoiceId: number;
  invoiceNumber: string;
  totalCents: number;
}

/** Places an order as the buyer and invoices it (shipping $10) as the owner. */
export async function invoicedOrder(
  app: FastifyInstance,
  owner: string,
  buyer: string,
  po: string,
): Promise<Invoiced> {
  const { orderId, orderNumber } = await placeOrder(
    app,
    buyer,
    [{ itemId: stockedItem(app).itemId, quantity: 1 }],
    po,
  );
  const made = await call(app, 'POST', `/api/admin/orders/${orderId}/invoice`, owner, { shipping: '10.00' });
  if (made.status !== 200) throw new Error(`invoice not made: ${JSON.stringify(made.body)}`);
  const invoice = made.body.order.invoices[0];
  return {
    orderId,
    orderNumber,
    invoiceId: invoice.invoice_id,
    invoiceNumber: invoice.invoice_number,
    totalCents: toCents(invoice.total),
  };
}

/** A new company of the test, its primary contact signed in. */
export async function company(app: FastifyInstance, owner: string, name: string) {
  return makeCustomer(app, owner, { company: name });
}

/** Moves an invoice's due day to `days` from the shop's today (negative: in the past). */
export async function dueIn(app: FastifyInstance, invoiceId: number, days: number): Promise<string> {
  const day = addDays(todayIn(app.services.config.SHOP_TIME_ZONE), days);
  await app.services.database.db
    .update(invoices)
    .set({ dueOn: day })
    .where(eq(invoices.invoiceId, invoiceId));
  return day;
}

/** A payment's body: `cents` in dollars, received today (the shop's day of the tests' apps) by cheque. */
export function payment(cents: number, fields: Record<string, unknown> = {}) {
  return {
    amount: (cents / 100).toFixed(2),
    received_on: todayIn(testConfig().SHOP_TIME_ZONE),
    method: 'cheque',
    reference: 'CHQ-1',
    ...fields,
  };
}
