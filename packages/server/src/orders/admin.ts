/** The seller's side of orders: status changes (cancel and decline put the stock back) and invoices. */
import { formatMoney, roundMoney, toAmount } from '@shop/domain/money';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { contacts, invoiceLines, invoices, orderLines, orders, products } from '../db/schema';
import { queueMail } from '../mail/outbox';
import { formatOrderDate } from './order-mails';

export const ORDER_ACTIONS = {
  confirm: { from: ['Pending'], to: 'Confirmed' },
  ship: { from: ['Confirmed'], to: 'Shipped' },
  deliver: { from: ['Shipped'], to: 'Delivered' },
  cancel: { from: ['Pending', 'Confirmed'], to: 'Canceled' },
  decline: { from: ['Pending', 'Confirmed'], to: 'Declined' },
} as const;
export type OrderAction = keyof typeof ORDER_ACTIONS;

async function findOrder(db: Db | Tx, ref: string) {
  const byNumber = /^SO-\d+$/i.test(ref);
  if (!byNumber && !/^\d{1,9}$/.test(ref))
    throw new Error(`"${ref}" is not an order id (123) or number (SO-000123).`);
  const [order] = await db
    .select()
    .from(orders)
    .where(byNumber ? eq(orders.orderNumber, ref.toUpperCase()) : eq(orders.orderId, Number(ref)))
    .for('update');
  if (!order) throw new Error(`There is no order ${ref}.`);
  return order;
}

/** Moves an order on; returns its new status. Cancel and decline return the stock in the same transaction. */
export async function changeOrderStatus(
  db: Db,
  ref: string,
  action: OrderAction,
): Promise<{ orderNumber: string; status: string }> {
  const rule = ORDER_ACTIONS[action];
  return db.transaction(async (tx) => {
    const order = await findOrder(tx, ref);
    if (!(rule.from as readonly string[]).includes(order.status)) {
      throw new Error(
        `Order ${order.orderNumber} is ${order.status}; it can be ${action}ed only when ${rule.from.join(' or ')}.`,
      );
    }
    if (rule.to === 'Canceled' || rule.to === 'Declined') {
      const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, order.orderId));
      for (const line of lines) {
        if (line.itemCondition === 'Warranty') continue;
        const sd = line.itemCondition === 'ScratchDent';
        await tx
          .update(products)
          .set(
            sd
              ? { scratchDentStock: sql`${products.scratchDentStock} + ${line.quantity}` }
              : { stock: sql`${products.stock} + ${line.quantity}` },
          )
          .where(eq(products.itemId, line.itemId));
      }
    }
    await tx
      .update(orders)
      .set({ status: rule.to, updatedAt: new Date() })
      .where(eq(orders.orderId, order.orderId));
    await tx.update(orderLines).set({ status: rule.to }).where(eq(orderLines.orderId, order.orderId));
    // Queued with the change itself: the customer hears of every status the order really reached.
    await tellCustomer(
      tx,
      order,
      `Order ${order.orderNumber} ${rule.to.toLowerCase()} (PO ${order.purchaseOrderId})`,
      STATUS_TEXT[rule.to],
    );
    return { orderNumber: order.orderNumber, status: rule.to };
  });
}

const STATUS_TEXT: Record<string, string> = {
  Confirmed: 'We have confirmed your order and are preparing it for shipping.',
  Shipped: 'Your order is on its way. Shipping takes 5-7 days.',
  Delivered: 'Your order has been delivered. Report any shipment damage within 7 days.',
  Canceled: 'Your order has been canceled. A refund goes to the original payment method.',
  Declined: 'We could not accept your order. A refund goes to the original payment method.',
};

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Queues a mail to the person who placed the order; the server's mail loop sends it. */
async function tellCustomer(
  tx: Tx,
  order: typeof orders.$inferSelect,
  subject: string,
  text: string | undefined,
) {
  const [contact] = await tx
    .select({ email: contacts.email, name: contacts.contactName })
    .from(contacts)
    .where(eq(contacts.contactPersonId, order.contactPersonId));
  if (!contact?.email || !text) return;
  await queueMail(tx, {
    to: contact.email,
    subject,
    body: `Hello ${contact.name},\n\n${text}\n\nOrder ${order.orderNumber}, purchase order ${order.purchaseOrderId}, placed ${formatOrderDate(order.createdAt)}.`,
  });
}

export interface ExtraLine {
  name: string;
  cents: number;
}

/**
 * Makes the invoice of an order: the order's lines plus shipping and any extra lines (e.g. a recycling
 * fee). Shipping and extras are taxed at the order's rate. One invoice per order.
 */
export async function createInvoice(db: Db, ref: string, shippingCents: number, extras: ExtraLine[] = []) {
  if (!Number.isInteger(shippingCents) || shippingCents < 0)
    throw new Error('Shipping must be an amount of 0 or more.');
  return db.transaction(async (tx) => {
    const order = await findOrder(tx, ref);
    if (order.status === 'Canceled' || order.status === 'Declined') {
      throw new Error(`Order ${order.orderNumber} is ${order.status}; it cannot be invoiced.`);
    }
    const [already] = await tx.select().from(invoices).where(eq(invoices.orderId, order.orderId));
    if (already) throw new Error(`Order ${order.orderNumber} already has invoice ${already.invoiceNumber}.`);
    const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, order.orderId));
    const extraTotal = extras.reduce((n, e) => n + e.cents, 0);
    const shippingTax = roundMoney(((shippingCents + extraTotal) * order.taxRateMilli) / 100_000);
    const total = order.totalCents + shippingCents + extraTotal + shippingTax;
    const { rows } = (await tx.execute(
      sql`select nextval(pg_get_serial_sequence('invoices', 'invoice_id'))::int as id`,
    )) as unknown as { rows: [{ id: number }] };
    const id = rows[0].id;
    const invoiceNumber = `INV-${String(id).padStart(6, '0')}`;
    await tx.insert(invoices).values({
      invoiceId: id,
      invoiceNumber,
      orderId: order.orderId,
      shippingCents,
      shippingTaxCents: shippingTax,
      totalCents: total,
    });
    await tx.insert(invoiceLines).values([
      ...lines.map((l) => ({
        invoiceId: id,
        itemId: l.itemId,
        itemName: l.itemName,
        sku: l.sku,
        itemCondition: l.itemCondition,
        quantity: l.quantity,
        rateCents: l.itemRateCents,
      })),
      ...(shippingCents > 0
        ? [
            {
              invoiceId: id,
              itemId: null,
              itemName: `Shipping (${order.shippingMethod})`,
              quantity: 1,
              rateCents: shippingCents,
            },
          ]
        : []),
      ...extras.map((e) => ({
        invoiceId: id,
        itemId: null,
        itemName: e.name,
        quantity: 1,
        rateCents: e.cents,
      })),
    ]);
    await tellCustomer(
      tx,
      order,
      `Invoice ${invoiceNumber} for order ${order.orderNumber}`,
      [
        `Your invoice ${invoiceNumber} for order ${order.orderNumber} (PO ${order.purchaseOrderId}) is ready.`,
        `Shipping: ${formatMoney(shippingCents)}${extras.map((e) => `, ${e.name}: ${formatMoney(e.cents)}`).join('')}.`,
        `Total: ${formatMoney(total)}. You can see it under Orders in your account.`,
      ].join('\n'),
    );
    return { invoiceId: id, invoiceNumber, orderNumber: order.orderNumber, total: toAmount(total) };
  });
}
