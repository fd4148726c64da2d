/**
 * The seller's side of orders: status changes (cancel and decline put the stock back); the invoices
 * module makes their invoices. The back office and the seller's commands both come through here; each
 * change is one transaction with its history event, its audit entry and the customer's mail.
 */
import { ORDER_ACTIONS, type OrderAction } from '@shop/domain/back-office/schemas';
import type { Lang } from '@shop/domain/core/i18n';
import { CARRIER_MSG, carrierNamed, trackingUrl } from '@shop/domain/orders/carriers';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Queryable } from '../../db/client';
import { contacts, orderEvents, orderLines, orders, products } from '../../db/schema';
import { mailLanguageOf } from '../../i18n/buyer-lang';
import { type Actor, CLI_ACTOR } from '../../lib/back-office';
import { HttpError } from '../../lib/http';
import { queueMail } from '../../mail/outbox';
import { formatOrderDate, mailText } from '../../mail/templates';
import { oneLine } from '../../mail/text';
import { recordAudit } from '../audit';
import { recordWebhookEvent } from '../webhooks';
import { type LineSerials, recordShipmentSerials, serialClash } from './serials';

export { ORDER_ACTIONS, type OrderAction };

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

type OrderRow = typeof orders.$inferSelect;

const EVENT_OF: Record<OrderAction, string> = {
  confirm: 'confirmed',
  ship: 'shipped',
  deliver: 'delivered',
  cancel: 'canceled',
  decline: 'declined',
  release: 'released',
};

/** An order by its id (123) or number (SO-000123), locked for the change about to be made unless `lock` is false. */
export async function findOrder(db: Queryable, ref: string, lock = true) {
  const byNumber = /^SO-\d+$/i.test(ref);
  if (!byNumber && !/^\d{1,9}$/.test(ref))
    throw new HttpError(400, `"${ref}" is not an order id (123) or number (SO-000123).`);
  const query = db
    .select()
    .from(orders)
    .where(byNumber ? eq(orders.orderNumber, ref.toUpperCase()) : eq(orders.orderId, Number(ref)));
  // Not a key update: a payment or reminder recorded meanwhile (its row refers to the order) need not wait.
  const [order] = lock ? await query.for('no key update') : await query;
  if (!order) throw new HttpError(404, `There is no order ${ref}.`);
  return order;
}

/**
 * Issues the credit note of a canceled order's invoice (all that earlier credit notes left) in the cancel's
 * transaction; nothing when the order has no invoice. Returns the mail queued.
 */
export type CreditCanceled = (
  tx: Tx,
  orderId: number,
  reason: string,
  actor: Actor,
  timeZone: string,
) => Promise<number[]>;

export interface StatusOptions {
  actor?: Actor;
  carrier?: string;
  trackingNumber?: string;
  /** Required to cancel or decline; it goes into the customer's mail. */
  reason?: string;
  /**
   * Credits the invoice of an order canceled or declined in the same transaction (the credit notes module's,
   * handed over by app.ts); returns the mail it queued.
   */
  creditCanceled?: CreditCanceled;
  /** With ship: each serialised line's serial numbers, one per unit (serials.ts checks them). */
  serials?: readonly LineSerials[];
}

/**
 * Puts the stock of an order's lines back: one statement for all its products, after locking them in
 * item_id order (the order checkouts and imports lock in), so it never deadlocks with them.
 */
async function restock(tx: Tx, orderId: number): Promise<void> {
  const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, orderId));
  const back = new Map<string, { stock: number; sd: number }>();
  for (const line of lines) {
    if (line.itemCondition === 'Warranty') continue;
    const entry = back.get(line.itemId) ?? { stock: 0, sd: 0 };
    if (line.itemCondition === 'ScratchDent') entry.sd += line.quantity;
    else entry.stock += line.quantity;
    back.set(line.itemId, entry);
  }
  if (back.size === 0) return;
  const ids = [...back.keys()].sort();
  await tx
    .select({ id: products.itemId })
    .from(products)
    .where(inArray(products.itemId, ids))
    .orderBy(asc(products.itemId))
    .for('update');
  const values = sql.join(
    ids.map((id) => sql`(${id}::text, ${back.get(id)!.stock}::int, ${back.get(id)!.sd}::int)`),
    sql`, `,
  );
  await tx.execute(sql`
    update products set stock = products.stock + v.stock, scratch_dent_stock = products.scratch_dent_stock + v.sd
    from (values ${values}) as v(item_id, stock, sd)
    where products.item_id = v.item_id`);
}

/**
 * Moves an order on; returns its new status and the mail queued for the customer (the caller delivers it
 * after the commit). Cancel and decline return the stock in the same transaction.
 */
export async function changeOrderStatus(
  db: Db,
  timeZone: string,
  ref: string,
  action: OrderAction,
  options: StatusOptions = {},
): Promise<{ orderId: number; orderNumber: string; status: string; mailIds: number[] }> {
  const rule = ORDER_ACTIONS[action];
  if (!rule) throw new HttpError(400, `Unknown action ${action}.`);
  const actor = options.actor ?? CLI_ACTOR;
  const carrierGiven = options.carrier?.trim() ?? '';
  // One of the listed carriers (as the list spells it), or none.
  const carrier = carrierNamed(carrierGiven) ?? '';
  if (carrierGiven !== '' && carrier === '') throw new HttpError(400, CARRIER_MSG.unknown);
  const trackingNumber = options.trackingNumber?.trim() ?? '';
  const reason = options.reason?.trim() ?? '';
  if ((action === 'cancel' || action === 'decline') && reason === '')
    throw new HttpError(
      400,
      `Please give a reason to ${action} the order; it is put in the customer's mail.`,
    );
  if (action !== 'ship' && (carrier || trackingNumber))
    throw new HttpError(400, 'A carrier and tracking number go with ship only.');
  const serials = options.serials ?? [];
  if (action !== 'ship' && serials.length > 0) throw new HttpError(400, 'Serial numbers go with ship only.');
  try {
    return await moveOrder(db, timeZone, ref, action, {
      actor,
      carrier,
      trackingNumber,
      reason,
      serials,
      creditCanceled: options.creditCanceled,
    });
  } catch (error) {
    // Another shipment of one of these serials committed first (on this process or another).
    throw serialClash(error) ?? error;
  }
}

async function moveOrder(
  db: Db,
  timeZone: string,
  ref: string,
  action: OrderAction,
  given: {
    actor: Actor;
    carrier: string;
    trackingNumber: string;
    reason: string;
    serials: readonly LineSerials[];
    creditCanceled?: CreditCanceled;
  },
): Promise<{ orderId: number; orderNumber: string; status: string; mailIds: number[] }> {
  const rule = ORDER_ACTIONS[action];
  const { actor, carrier, trackingNumber, reason } = given;
  return db.transaction(async (tx) => {
    const order = await findOrder(tx, ref);
    if (!(rule.from as readonly string[]).includes(order.status)) {
      throw new HttpError(
        409,
        `Order ${order.orderNumber} is ${order.status}; it can be ${EVENT_OF[action]} only when ${rule.from.join(' or ')}.`,
      );
    }
    if (rule.to === 'Canceled' || rule.to === 'Declined') await restock(tx, order.orderId);
    const creditMailIds =
      (rule.to === 'Canceled' || rule.to === 'Declined') && given.creditCanceled
        ? await given.creditCanceled(tx, order.orderId, reason, actor, timeZone)
        : [];
    const unitCount = action === 'ship' ? await recordShipmentSerials(tx, timeZone, order, given.serials) : 0;
    await tx
      .update(orders)
      .set({
        status: rule.to,
        updatedAt: new Date(),
        ...(action === 'ship' ? { shippingCarrier: carrier, trackingNumber } : {}),
      })
      .where(eq(orders.orderId, order.orderId));
    await tx.update(orderLines).set({ status: rule.to }).where(eq(orderLines.orderId, order.orderId));
    await tx.insert(orderEvents).values({
      orderId: order.orderId,
      kind: EVENT_OF[action],
      actor: actor.label,
      staffId: actor.staffId,
      carrier,
      trackingNumber,
      reason,
    });
    await recordAudit(tx, actor, {
      action: `order.${action}`,
      entityType: 'order',
      entityId: String(order.orderId),
      before: { status: order.status },
      after: {
        status: rule.to,
        ...(action === 'ship' ? { carrier, tracking_number: trackingNumber } : {}),
        ...(unitCount > 0 ? { serialised_units: unitCount } : {}),
        ...(reason ? { reason } : {}),
      },
    });
    await recordWebhookEvent(tx, {
      type: WEBHOOK_OF[action],
      subject: `order:${order.orderId}`,
      data: {
        order_id: order.orderId,
        order_number: order.orderNumber,
        customer_id: order.customerId,
        status: rule.to,
        ...(action === 'ship' ? { carrier, tracking_number: trackingNumber } : {}),
        ...(reason ? { reason } : {}),
      },
    });
    // Queued with the change itself: the customer hears of every status the order really reached.
    const status = rule.to;
    const mailId = STATUS_MAILED.has(status)
      ? await tellCustomer(tx, timeZone, order, (t, lang) => ({
          subject: t(`mail.status.${status}.subject`, {
            orderNumber: order.orderNumber,
            po: oneLine(order.purchaseOrderId),
          }),
          text: [
            t(`mail.status.${status}`),
            action === 'ship' && carrier
              ? t('mail.status.carrier', { carrier: carrierWord(t, carrier) })
              : '',
            action === 'ship' && trackingNumber
              ? t('mail.status.tracking', { trackingNumber: oneLine(trackingNumber) })
              : '',
            ...trackingLines(t, action === 'ship' ? trackingUrl(carrier, trackingNumber, lang) : null),
            reason ? t('mail.status.reason', { reason }) : '',
          ]
            .filter(Boolean)
            .join('\n'),
        }))
      : null;
    return {
      orderId: order.orderId,
      orderNumber: order.orderNumber,
      status: rule.to,
      mailIds: [...(mailId === null ? [] : [mailId]), ...creditMailIds],
    };
  });
}

/** The webhook event of each action. */
const WEBHOOK_OF = {
  confirm: 'order.confirmed',
  ship: 'order.shipped',
  deliver: 'order.delivered',
  cancel: 'order.canceled',
  decline: 'order.declined',
  release: 'order.released',
} as const satisfies Record<OrderAction, string>;

/** A carrier's name in the mail's language (Other is translated; the carriers' own names are not). */
function carrierWord(t: MailT, carrier: string): string {
  return carrier === 'Other' ? t('mail.carrier.Other') : carrier;
}

/** The carrier's tracking page: a line saying so, then the link on a line of its own. */
function trackingLines(t: MailT, url: string | null): string[] {
  return url ? [t('mail.status.trackingLink'), url] : [];
}

/** The statuses the customer is mailed about (their texts are mail.status.<status> in mail.json). */
const STATUS_MAILED = new Set(['Pending', 'Confirmed', 'Shipped', 'Delivered', 'Canceled', 'Declined']);

export type MailT = (key: string, values?: Record<string, string | number>) => string;

/**
 * Queues a mail to the person who placed the order, in their language (see mailLanguageOf); returns its
 * outbox id (null when there is no address).
 */
export async function tellCustomer(
  tx: Tx,
  timeZone: string,
  order: OrderRow,
  write: (t: MailT, lang: Lang) => { subject: string; text: string },
) {
  const [contact] = await tx
    .select({ email: contacts.email, name: contacts.contactName })
    .from(contacts)
    .where(eq(contacts.contactPersonId, order.contactPersonId));
  if (!contact?.email) return null;
  const lang = await mailLanguageOf(tx, order.contactPersonId);
  const t: MailT = (key, values) => mailText(lang, key, values);
  const { subject, text } = write(t, lang);
  return queueMail(tx, {
    to: contact.email,
    subject,
    body: [
      t('mail.hello', { name: oneLine(contact.name) }),
      '',
      text,
      '',
      t('mail.order.footer', {
        orderNumber: order.orderNumber,
        po: oneLine(order.purchaseOrderId),
        date: formatOrderDate(order.createdAt, lang, timeZone),
      }),
    ].join('\n'),
  });
}
