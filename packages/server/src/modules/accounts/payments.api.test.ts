/**
 * The seller's payments: a part payment then the rest, what is refused (overpaying, a day in the future, a
 * closed invoice), reversing with a reason, the audit and history they leave, and who may do what. Two
 * payments at once never pay more than the balance (on PostgreSQL through two server instances).
 */
import { ACCOUNTS_MSG } from '@shop/domain/accounts/schemas';
import { addDays, todayIn } from '@shop/domain/core/days';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, orderEvents, payments } from '../../db/schema';
import { call, OWNER, staffSignIn } from '../../test/admin';
import { useSecondApp, useTestApp } from '../../test/harness';
import { company, type Invoiced, invoicedOrder, payment } from './test-fixtures';

const ctx = useTestApp({ REMINDER_POLL_MS: 0 });
const second = useSecondApp(ctx);
let owner = '';
let buyer = { customerId: '', cookie: '' };
let other = { customerId: '', cookie: '' };
let invoice: Invoiced;

beforeAll(async () => {
  owner = await staffSignIn(ctx.app, OWNER.email, OWNER.password);
  buyer = await company(ctx.app, owner, 'Payments Test Ltd.');
  other = await company(ctx.app, owner, 'Another Company Inc.');
  invoice = await invoicedOrder(ctx.app, owner, buyer.cookie, 'PO-PAY-1');
});

const statement = async (cookie = buyer.cookie, customerId = buyer.customerId) =>
  call(ctx.app, 'GET', `/api/user/${customerId}/statement`, cookie);

describe('recording payments', () => {
  it('takes a part payment, then the rest; the statement moves from open to paid', async () => {
    const part = Math.floor(invoice.totalCents * 0.4);
    const first = await call(
      ctx.app,
      'POST',
      `/api/admin/invoices/${invoice.invoiceId}/payments`,
      owner,
      payment(part, { method: 'eft', reference: 'EFT 2231' }),
    );
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.smessage).toMatch(
      new RegExp(`recorded on invoice ${invoice.invoiceNumber}; .* is left to pay`),
    );
    expect(first.body.payment).toMatchObject({ amount: part / 100, method: 'eft', reference: 'EFT 2231' });
    expect(first.body.invoice).toMatchObject({
      paid: part / 100,
      balance: (invoice.totalCents - part) / 100,
      status: 'open',
      takes_payments: true,
    });

    const open = (await statement()).body.statement;
    expect(open.invoices).toHaveLength(1);
    expect(open.invoices[0]).toMatchObject({
      invoice_number: invoice.invoiceNumber,
      order_number: invoice.orderNumber,
      purchase_order_id: 'PO-PAY-1',
      status: 'open',
      days_overdue: 0,
      paid: part / 100,
      balance: (invoice.totalCents - part) / 100,
      last_paid_on: todayIn(ctx.config.SHOP_TIME_ZONE),
    });
    expect(open.totals).toEqual({
      balance: (invoice.totalCents - part) / 100,
      overdue: 0,
      aging: {
        current: (invoice.totalCents - part) / 100,
        days_1_30: 0,
        days_31_60: 0,
        days_61_90: 0,
        over_90: 0,
      },
    });

    const rest = await call(
      ctx.app,
      'POST',
      `/api/admin/invoices/${invoice.invoiceId}/payments`,
      owner,
      payment(invoice.totalCents - part),
    );
    expect(rest.status, JSON.stringify(rest.body)).toBe(200);
    expect(rest.body.smessage).toContain('it is paid in full');
    expect(rest.body.invoice).toMatchObject({ balance: 0, status: 'paid', takes_payments: false });
    expect(rest.body.invoice.payments).toHaveLength(2);

    const paid = (await statement()).body.statement;
    expect(paid.invoices[0]).toMatchObject({ status: 'paid', balance: 0, paid: invoice.totalCents / 100 });
    expect(paid.totals.balance).toBe(0);
    expect(paid.totals.aging).toEqual({ current: 0, days_1_30: 0, days_31_60: 0, days_61_90: 0, over_90: 0 });
  });

  it('leaves an audit entry and an order event for each payment', async () => {
    const audit = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'order'), eq(auditLog.entityId, String(invoice.orderId))));
    const recorded = audit.filter((a) => a.action === 'payment.record');
    expect(recorded).toHaveLength(2);
    expect(recorded[0]).toMatchObject({ actor: OWNER.email });
    expect(recorded[0]!.after).toMatchObject({
      invoice_number: invoice.invoiceNumber,
      method: 'eft',
      reference: 'EFT 2231',
    });
    const events = await ctx.database.db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, invoice.orderId));
    expect(events.filter((e) => e.kind === 'payment').map((e) => e.reason)).toEqual([
      'EFT EFT 2231',
      'Cheque CHQ-1',
    ]);
    const order = await call(ctx.app, 'GET', `/api/admin/orders/${invoice.orderId}`, owner);
    expect(order.body.order.invoices[0]).toMatchObject({ balance: 0, paid: invoice.totalCents / 100 });
  });

  it('refuses more than the balance due, and anything on an invoice paid in full', async () => {
    const fresh = await invoicedOrder(ctx.app, owner, buyer.cookie, 'PO-PAY-2');
    const over = await call(
      ctx.app,
      'POST',
      `/api/admin/invoices/${fresh.invoiceId}/payments`,
      owner,
      payment(fresh.totalCents + 1),
    );
    expect(over.status).toBe(400);
    expect(over.body.smessage).toMatch(
      new RegExp(
        `^The amount \\$[\\d,.]+ is more than the balance due on invoice ${fresh.invoiceNumber}, \\$[\\d,.]+\\.$`,
      ),
    );
    expect(over.body.errors.amount).toBe(over.body.smessage);
    const paidUp = await call(
      ctx.app,
      'POST',
      `/api/admin/invoices/${invoice.invoiceId}/payments`,
      owner,
      payment(100),
    );
    expect(paidUp.status).toBe(400);
    expect(paidUp.body.smessage).toBe(ACCOUNTS_MSG.paidInFull(invoice.invoiceNumber));
  });

  it('refuses a bad amount, a day in the future, an unknown method, a long reference', async () => {
    const fresh = await invoicedOrder(ctx.app, owner, buyer.cookie, 'PO-PAY-3');
    const url = `/api/admin/invoices/${fresh.invoiceId}/payments`;
    const tomorrow = addDays(todayIn(ctx.config.SHOP_TIME_ZONE), 1);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ amount: '0' }, 'amount', ACCOUNTS_MSG.amount],
      [{ amount: '-5' }, 'amount', ACCOUNTS_MSG.amount],
      [{ amount: '1.001' }, 'amount', ACCOUNTS_MSG.amount],
      [{ received_on: '31/12/2025' }, 'received_on', ACCOUNTS_MSG.receivedOn],
      [{ received_on: '2025-02-30' }, 'received_on', ACCOUNTS_MSG.receivedOnReal],
      [{ received_on: tomorrow }, 'received_on', ACCOUNTS_MSG.receivedOnFuture],
      [{ method: 'cash' }, 'method', ACCOUNTS_MSG.method],
      [{ reference: 'R'.repeat(101) }, 'reference', ACCOUNTS_MSG.reference],
    ];
    for (const [fields, field, message] of cases) {
      const refused = await call(ctx.app, 'POST', url, owner, payment(100, fields));
      expect(refused.status, JSON.stringify(fields)).toBe(400);
      expect(refused.body.errors[field], JSON.stringify(fields)).toBe(message);
    }
    const none = await ctx.database.db.select().from(payments).where(eq(payments.invoiceId, fresh.invoiceId));
    expect(none).toEqual([]);
  });

  it('takes payments only on the current invoice of an order that is not canceled', async () => {
    const fresh = await invoicedOrder(ctx.app, owner, buyer.cookie, 'PO-PAY-4');
    const corrected = await call(
      ctx.app,
      'POST',
      `/api/admin/orders/${fresh.orderId}/invoice/correct`,
      owner,
      {
        shipping: '12.00',
        note: 'Shipping was more',
      },
    );
    expect(corrected.status, JSON.stringify(corrected.body)).toBe(200);
    const current = corrected.body.order.invoices[0];
    const onOld = await call(
      ctx.app,
      'POST',
      `/api/admin/invoices/${fresh.invoiceId}/payments`,
      owner,
      payment(100),
    );
    expect(onOld.status).toBe(409);
    expect(onOld.body.smessage).toBe(
      `Invoice ${fresh.invoiceNumber} has been replaced by ${current.invoice_number}; record the payment on the current invoice.`,
    );
    const missing = await call(ctx.app, 'POST', '/api/admin/invoices/999999/payments', owner, payment(100));
    expect(missing.status).toBe(404);
    const canceled = await call(ctx.app, 'POST', `/api/admin/orders/${fresh.orderId}/status`, owner, {
      action: 'cancel',
      reason: 'The customer asked',
    });
    expect(canceled.status, JSON.stringify(canceled.body)).toBe(200);
    const closed = await call(
      ctx.app,
      'POST',
      `/api/admin/invoices/${current.invoice_id}/payments`,
      owner,
      payment(100),
    );
    expect(closed.status).toBe(409);
    expect(closed.body.smessage).toContain('is Canceled');
  });
});

describe('reversing a payment', () => {
  it('needs a reason, puts the balance back, is audited and happens once', async () => {
    const fresh = await invoicedOrder(ctx.app, owner, buyer.cookie, 'PO-REV-1');
    const paid = await call(
      ctx.app,
      'POST',
      `/api/admin/invoices/${fresh.invoiceId}/payments`,
      owner,
      payment(fresh.totalCents, { reference: 'CHQ 881' }),
    );
    const paymentId = paid.body.payment.payment_id as number;
    expect(
      (await statement()).body.statement.invoices.find(
        (i: { invoice_id: number }) => i.invoice_id === fresh.invoiceId,
      ).status,
    ).toBe('paid');

    const noReason = await call(ctx.app, 'POST', `/api/admin/payments/${paymentId}/reverse`, owner, {
      reason: '  ',
    });
    expect(noReason.status).toBe(400);
    expect(noReason.body.errors.reason).toBe(ACCOUNTS_MSG.reason);

    const reversed = await call(ctx.app, 'POST', `/api/admin/payments/${paymentId}/reverse`, owner, {
      reason: 'Cheque returned NSF',
    });
    expect(reversed.status, JSON.stringify(reversed.body)).toBe(200);
    expect(reversed.body.payment).toMatchObject({
      reversed_by: OWNER.email,
      reversal_reason: 'Cheque returned NSF',
    });
    expect(reversed.body.payment.reversed_at).not.toBeNull();
    expect(reversed.body.invoice).toMatchObject({ balance: fresh.totalCents / 100, paid: 0, status: 'open' });

    const row = (await statement()).body.statement.invoices.find(
      (i: { invoice_id: number }) => i.invoice_id === fresh.invoiceId,
    );
    expect(row).toMatchObject({ status: 'open', balance: fresh.totalCents / 100 });

    const again = await call(ctx.app, 'POST', `/api/admin/payments/${paymentId}/reverse`, owner, {
      reason: 'Twice',
    });
    expect(again.status).toBe(409);
    expect(again.body.smessage).toBe(
      `This payment was reversed already, by ${OWNER.email}: Cheque returned NSF`,
    );

    const [audit] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'payment.reverse'), eq(auditLog.entityId, String(fresh.orderId))));
    expect(audit).toMatchObject({ actor: OWNER.email });
    expect(audit!.before).toMatchObject({ payment_id: paymentId, reversed: false, reference: 'CHQ 881' });
    expect(audit!.after).toMatchObject({ reversed: true, reason: 'Cheque returned NSF' });
    const events = await ctx.database.db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, fresh.orderId));
    expect(events.find((e) => e.kind === 'payment_reversed')).toMatchObject({
      reason: 'Cheque returned NSF',
    });

    const listed = await call(ctx.app, 'GET', `/api/admin/invoices/${fresh.invoiceId}/payments`, owner);
    expect(listed.status).toBe(200);
    expect(listed.body.invoice.payments).toEqual([
      expect.objectContaining({ payment_id: paymentId, reversal_reason: 'Cheque returned NSF' }),
    ]);
    const missing = await call(ctx.app, 'POST', '/api/admin/payments/999999/reverse', owner, { reason: 'x' });
    expect(missing.status).toBe(404);
  });
});

describe('two payments at once', () => {
  it('never pay more than the balance: one is recorded, the other refused', async () => {
    const fresh = await invoicedOrder(ctx.app, owner, buyer.cookie, 'PO-RACE-1');
    const share = Math.ceil(fresh.totalCents * 0.6);
    const apps = [ctx.app, second.app ?? ctx.app];
    const results = await Promise.all(
      [0, 1, 2, 3].map((i) =>
        call(apps[i % 2]!, 'POST', `/api/admin/invoices/${fresh.invoiceId}/payments`, owner, payment(share)),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 400, 400, 400]);
    const rows = await ctx.database.db.select().from(payments).where(eq(payments.invoiceId, fresh.invoiceId));
    expect(rows).toHaveLength(1);
  });
});

describe('who may', () => {
  it('reads a statement: any buyer of the company, of their own company only; not a visitor', async () => {
    expect((await statement()).status).toBe(200);
    const theirs = await call(ctx.app, 'GET', `/api/user/${buyer.customerId}/statement`, other.cookie);
    expect(theirs.status).toBe(403);
    for (const path of ['statement', 'statement.pdf', 'statement.csv']) {
      expect((await call(ctx.app, 'GET', `/api/user/${buyer.customerId}/${path}`, other.cookie)).status).toBe(
        403,
      );
      expect((await call(ctx.app, 'GET', `/api/user/${buyer.customerId}/${path}`)).status).toBe(401);
    }
    const own = await call(ctx.app, 'GET', `/api/user/${other.customerId}/statement`, other.cookie);
    expect(own.status).toBe(200);
    expect(own.body.statement).toMatchObject({ customer_id: other.customerId, invoices: [] });
  });

  it('records and reverses payments: staff only', async () => {
    const url = `/api/admin/invoices/${invoice.invoiceId}/payments`;
    expect((await call(ctx.app, 'POST', url, '', payment(100))).status).toBe(401);
    expect((await call(ctx.app, 'POST', url, buyer.cookie, payment(100))).status).toBe(401);
    expect((await call(ctx.app, 'GET', url, buyer.cookie)).status).toBe(401);
    expect((await call(ctx.app, 'GET', '/api/admin/receivables', buyer.cookie)).status).toBe(401);
    expect((await call(ctx.app, 'POST', '/api/admin/payments/1/reverse', '', { reason: 'x' })).status).toBe(
      401,
    );
  });
});
