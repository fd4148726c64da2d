/**
 * Purchase approvals. A company's administrators set an order limit for every buyer
 * (customers.buyer_order_limit_cents) and per buyer (contacts.order_limit_cents, else the company's). At
 * checkout, a buyer (never an administrator) whose order total, as the server computes it, is above their
 * limit gets no order: in the checkout's own transaction a request is written with the lines as they saw
 * them, the cart is emptied, no stock is taken, and the company's active administrators are mailed. An
 * administrator approves it (the order is placed then, in the buyer's name, with that day's prices and
 * stock, in the same transaction as the request's conditional move to approved) or declines it with a
 * reason; the buyer is mailed either way. The company API is not held (its orders are an administrator's).
 */
import { formatPostalCode } from '@shop/domain/account/rules';
import {
  APPROVAL_MSG,
  type ApprovalChange,
  type ApprovalStatus,
  type ApprovalView,
  approvalNumber,
} from '@shop/domain/approvals/schemas';
import { CART_MSG, type ShippingMethod } from '@shop/domain/cart/rules';
import { type Condition, conditionName } from '@shop/domain/catalog/rules';
import { type Lang, message } from '@shop/domain/core/i18n';
import { formatMoney, toAmount, toCents } from '@shop/domain/core/money';
import { overOrderLimit } from '@shop/domain/orders/checkout-limits';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../../db/client';
import { contacts, customers, orderApprovals, orders } from '../../db/schema';
import { buyerLanguageSql, langOr } from '../../i18n/buyer-lang';
import { HttpError } from '../../lib/http';
import { type MailMessage, queueMails } from '../../mail/outbox';
import { mailText } from '../../mail/templates';
import { oneLine } from '../../mail/text';
import { type CheckoutHold, type PlacedOrder, placeOrderOfLines } from '../orders';
import { BUYER_COLUMNS, buyerOf, type SessionUser } from '../sessions';
import type { ApprovalNeeds } from './needs';

/** A unit price the approver was shown and confirms (dollars, as the 409 gave it). */
export interface ConfirmedPrice {
  item_id: string;
  item_condition: string;
  price: number;
}

/** A request's line as it is kept (order_approvals.lines). */
export interface ApprovalLineRow {
  item_id: string;
  item_condition: Condition;
  quantity: number;
  unit_cents: number;
  item_name: string;
  sku: string;
}

type ApprovalRow = typeof orderApprovals.$inferSelect;

const msg = message;

/** How a person is named in mails and on decisions: their name, else their e-mail, else their user name. */
function personName(p: {
  firstName: string;
  lastName: string;
  contactName?: string;
  email: string;
  username?: string;
}) {
  return `${p.firstName} ${p.lastName}`.trim() || p.contactName || p.email || p.username || '';
}

function heldAnswer(row: Pick<ApprovalRow, 'approvalId' | 'totalCents' | 'limitCents'>, repeated: boolean) {
  return {
    orderId: 0,
    orderNumber: '',
    status: 'Approval',
    repeated,
    approval: {
      approvalId: row.approvalId,
      number: approvalNumber(row.approvalId),
      totalCents: Number(row.totalCents),
      limitCents: Number(row.limitCents),
    },
  } satisfies PlacedOrder;
}

/** The checkout's hold: over the buyer's limit, a request for approval instead of an order. */
/**
 * The order limit that holds this person's orders now: their own, else the company's; null for none and
 * for an administrator (never held).
 */
export async function buyerLimitCents(db: Queryable, contactPersonId: string): Promise<number | null> {
  const [who] = await db
    .select({ role: contacts.role, own: contacts.orderLimitCents, company: customers.buyerOrderLimitCents })
    .from(contacts)
    .innerJoin(customers, eq(customers.customerId, contacts.customerId))
    .where(eq(contacts.contactPersonId, contactPersonId));
  if (!who || who.role === 'admin') return null;
  const limit = who.own ?? who.company;
  return limit === null ? null : Number(limit);
}

export function approvalHold(services: ApprovalNeeds): CheckoutHold {
  return {
    async earlier(tx, user, key) {
      const [row] = await tx
        .select()
        .from(orderApprovals)
        .where(and(eq(orderApprovals.customerId, user.customerId), eq(orderApprovals.checkoutKey, key)));
      return row ? heldAnswer(row, true) : null;
    },
    async hold(tx, checkout) {
      const { user } = checkout;
      // The role and limits as they are now (the session's copy may be older).
      const [who] = await tx
        .select({
          role: contacts.role,
          own: contacts.orderLimitCents,
          company: customers.buyerOrderLimitCents,
          companyName: customers.company,
        })
        .from(contacts)
        .innerJoin(customers, eq(customers.customerId, contacts.customerId))
        .where(eq(contacts.contactPersonId, user.contactPersonId));
      if (!who || who.role === 'admin') return null;
      const own = who.own ?? who.company;
      const limit = own === null ? null : Number(own);
      if (limit === null || !overOrderLimit(checkout.totalCents, limit)) return null;

      const lines: ApprovalLineRow[] = checkout.lines.map((l) => ({
        item_id: l.itemId,
        item_condition: l.condition,
        quantity: l.quantity,
        unit_cents: l.unitCents,
        item_name: l.name,
        sku: l.sku,
      }));
      const [row] = await tx
        .insert(orderApprovals)
        .values({
          customerId: user.customerId,
          contactPersonId: user.contactPersonId,
          checkoutKey: checkout.key,
          purchaseOrderId: checkout.purchaseOrderId,
          shippingMethod: checkout.shippingMethod,
          shippingAddressId: checkout.shippingAddressId,
          billingAddressId: checkout.billingAddressId,
          lines,
          subtotalCents: checkout.subtotalCents,
          totalCents: checkout.totalCents,
          limitCents: Number(limit),
        })
        .onConflictDoNothing()
        .returning();
      if (!row) {
        // The same checkout, sent at the same moment from another tab, wrote it first.
        const first = await this.earlier(tx, user, checkout.key);
        if (first) return first;
        throw new HttpError(409, CART_MSG.cartChanged);
      }
      // The cart goes with the request (as with an order); a cart changed meanwhile keeps nothing of it.
      const emptied = await tx.execute(
        sql`delete from cart_items where contact_person_id = ${user.contactPersonId} returning quantity`,
      );
      const removed = (emptied as unknown as { rows: { quantity: number }[] }).rows;
      const units = removed.reduce((sum, r) => sum + Number(r.quantity), 0);
      if (removed.length !== lines.length || units !== lines.reduce((sum, l) => sum + l.quantity, 0))
        throw new HttpError(409, CART_MSG.cartChanged);

      const mails = await requestMails(tx, services, row, personName(user) || user.username);
      const mailIds = await queueMails(tx, mails);
      return { ...heldAnswer(row, false), mailIds };
    },
  };
}

function url(services: ApprovalNeeds, path: string): string {
  return `${services.config.PUBLIC_URL.replace(/\/$/, '')}${path}`;
}

/** The mails of a new request: one to each active administrator with an address, in their language. */
async function requestMails(
  tx: Tx,
  services: ApprovalNeeds,
  row: ApprovalRow,
  buyer: string,
): Promise<MailMessage[]> {
  const admins = await tx
    .select({
      email: contacts.email,
      firstName: contacts.firstName,
      lastName: contacts.lastName,
      contactName: contacts.contactName,
      language: buyerLanguageSql(contacts.language, contacts.customerId),
    })
    .from(contacts)
    .where(
      and(eq(contacts.customerId, row.customerId), eq(contacts.role, 'admin'), eq(contacts.active, true)),
    );
  const number = approvalNumber(row.approvalId);
  const lines = row.lines as ApprovalLineRow[];
  return admins
    .filter((a) => a.email)
    .map((admin) => {
      const lang: Lang = langOr(admin.language, 'en');
      const t = (key: string, values?: Record<string, string | number>) => mailText(lang, key, values);
      const money = (cents: number) => formatMoney(cents, lang);
      const name = personName(admin);
      return {
        to: admin.email,
        subject: oneLine(
          t('mail.approval.request.subject', { number, buyer, total: money(Number(row.totalCents)) }),
        ),
        body: [
          name ? t('mail.hello', { name }) : t('mail.helloThere'),
          '',
          t('mail.approval.request.intro', {
            buyer,
            total: money(Number(row.totalCents)),
            limit: money(Number(row.limitCents)),
          }),
          '',
          ...lines.map((l) =>
            t('mail.placed.line', {
              quantity: String(l.quantity),
              name: l.item_name,
              sku: l.sku,
              condition: conditionName(l.item_condition, lang),
              price: money(l.unit_cents),
            }),
          ),
          '',
          t('mail.approval.request.po', { po: row.purchaseOrderId }),
          t('mail.approval.request.link', {
            url: url(services, `/acer/account/approvals/${row.approvalId}`),
          }),
          '',
          t('mail.approval.closing'),
        ].join('\n'),
      };
    });
}

/** The buyer's mail of a decision, in their language; none when they have no address. */
async function decisionMail(
  tx: Tx,
  services: ApprovalNeeds,
  row: ApprovalRow,
  admin: string,
  decision:
    | { kind: 'approved'; orderId: number; orderNumber: string; totalCents: number }
    | { kind: 'declined' },
): Promise<MailMessage[]> {
  const [buyer] = await tx
    .select({
      email: contacts.email,
      firstName: contacts.firstName,
      lastName: contacts.lastName,
      contactName: contacts.contactName,
      language: buyerLanguageSql(contacts.language, contacts.customerId),
    })
    .from(contacts)
    .where(eq(contacts.contactPersonId, row.contactPersonId));
  if (!buyer?.email) return [];
  const lang: Lang = langOr(buyer.language, 'en');
  const t = (key: string, values?: Record<string, string | number>) => mailText(lang, key, values);
  const number = approvalNumber(row.approvalId);
  const name = personName(buyer);
  const hello = name ? t('mail.hello', { name }) : t('mail.helloThere');
  if (decision.kind === 'approved') {
    const total = formatMoney(decision.totalCents, lang);
    return [
      {
        to: buyer.email,
        subject: oneLine(t('mail.approval.approved.subject', { number, orderNumber: decision.orderNumber })),
        body: [
          hello,
          '',
          t('mail.approval.approved.body', { admin, number, orderNumber: decision.orderNumber, total }),
          t('mail.approval.approved.link', { url: url(services, `/acer/order/${decision.orderId}`) }),
          '',
          t('mail.approval.closing'),
        ].join('\n'),
      },
    ];
  }
  return [
    {
      to: buyer.email,
      subject: oneLine(t('mail.approval.declined.subject', { number })),
      body: [
        hello,
        '',
        t('mail.approval.declined.body', {
          admin,
          number,
          total: formatMoney(Number(row.totalCents), lang),
          po: row.purchaseOrderId,
        }),
        t('mail.approval.declined.reason', { reason: row.declineReason }),
        '',
        t('mail.approval.declined.link', { url: url(services, '/acer/account/orders') }),
        '',
        t('mail.approval.closing'),
      ].join('\n'),
    },
  ];
}

// ---- Reading

function present(
  row: ApprovalRow,
  buyer: { firstName: string; lastName: string; contactName: string; email: string } | null,
  orderNumber: string | null,
  shipTo: string,
): ApprovalView {
  return {
    approval_id: row.approvalId,
    number: approvalNumber(row.approvalId),
    status: row.status as ApprovalStatus,
    buyer: {
      contact_person_id: row.contactPersonId,
      name: buyer ? personName(buyer) : '',
      email: buyer?.email ?? '',
    },
    purchase_order_id: row.purchaseOrderId,
    shipping_method: row.shippingMethod,
    ship_to: shipTo,
    lines: (row.lines as ApprovalLineRow[]).map((l) => ({
      item_id: l.item_id,
      item_condition: l.item_condition,
      quantity: l.quantity,
      item_name: l.item_name,
      sku: l.sku,
      unit_price: toAmount(l.unit_cents),
    })),
    subtotal: toAmount(Number(row.subtotalCents)),
    total: toAmount(Number(row.totalCents)),
    limit: toAmount(Number(row.limitCents)),
    decline_reason: row.declineReason,
    decided_by: row.decidedBy,
    decided_at: row.decidedAt?.toISOString() ?? null,
    order_id: row.orderId,
    order_number: orderNumber,
    created_at: row.createdAt.toISOString(),
  };
}

const MAX_LISTED = 200;

/**
 * The requests a person sees: an administrator, the company's (pending first, then newest); a buyer, their
 * own. `pending` counts those waiting.
 */
export async function listApprovals(db: Queryable, user: SessionUser, role: string) {
  const mine = role !== 'admin';
  const where = mine
    ? and(
        eq(orderApprovals.customerId, user.customerId),
        eq(orderApprovals.contactPersonId, user.contactPersonId),
      )
    : eq(orderApprovals.customerId, user.customerId);
  const rows = await db
    .select({
      row: orderApprovals,
      firstName: contacts.firstName,
      lastName: contacts.lastName,
      contactName: contacts.contactName,
      email: contacts.email,
      orderNumber: orders.orderNumber,
    })
    .from(orderApprovals)
    .leftJoin(contacts, eq(contacts.contactPersonId, orderApprovals.contactPersonId))
    .leftJoin(orders, eq(orders.orderId, orderApprovals.orderId))
    .where(where)
    .orderBy(sql`(${orderApprovals.status} = 'pending') desc`, desc(orderApprovals.approvalId))
    .limit(MAX_LISTED);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orderApprovals)
    .where(and(where, eq(orderApprovals.status, 'pending')));
  return {
    approvals: rows.map((r) => present(r.row, r.firstName === null ? null : (r as never), r.orderNumber, '')),
    pending: count?.n ?? 0,
  };
}

/** One request of the company (an administrator) or of the buyer (their own); else 404. */
export async function approvalOf(db: Queryable, user: SessionUser, role: string, approvalId: number) {
  const [r] = await db
    .select({
      row: orderApprovals,
      firstName: contacts.firstName,
      lastName: contacts.lastName,
      contactName: contacts.contactName,
      email: contacts.email,
      orderNumber: orders.orderNumber,
      // Where it goes: who, street and city, then the postal code as Canada Post writes it.
      shipPlace: sql<
        string | null
      >`(select concat_ws(', ', nullif(concat_ws(' ', a.first_name, a.last_name), ''),
        nullif(a.company_name, ''), a.address_line_1, a.city, a.province)
        from addresses a where a.address_id = ${orderApprovals.shippingAddressId} and a.customer_id = ${orderApprovals.customerId})`,
      shipZip: sql<
        string | null
      >`(select a.zip from addresses a where a.address_id = ${orderApprovals.shippingAddressId} and a.customer_id = ${orderApprovals.customerId})`,
    })
    .from(orderApprovals)
    .leftJoin(contacts, eq(contacts.contactPersonId, orderApprovals.contactPersonId))
    .leftJoin(orders, eq(orders.orderId, orderApprovals.orderId))
    .where(and(eq(orderApprovals.approvalId, approvalId), eq(orderApprovals.customerId, user.customerId)));
  if (!r || (role !== 'admin' && r.row.contactPersonId !== user.contactPersonId))
    throw new HttpError(404, APPROVAL_MSG.notFound);
  const shipTo = r.shipPlace === null ? '' : `${r.shipPlace} ${formatPostalCode(r.shipZip ?? '')}`.trim();
  return present(r.row, r.firstName === null ? null : (r as never), r.orderNumber, shipTo);
}

/** The clear refusal of a request that is no longer pending. */
async function decidedError(db: Queryable, row: Pick<ApprovalRow, 'approvalId' | 'status' | 'orderId'>) {
  const number = approvalNumber(row.approvalId);
  if (row.status === 'approved') {
    const [order] = row.orderId
      ? await db.select({ n: orders.orderNumber }).from(orders).where(eq(orders.orderId, row.orderId))
      : [];
    return new HttpError(409, msg(APPROVAL_MSG.alreadyApproved, { number, orderNumber: order?.n ?? '' }));
  }
  if (row.status === 'declined') return new HttpError(409, msg(APPROVAL_MSG.alreadyDeclined, { number }));
  return new HttpError(409, msg(APPROVAL_MSG.alreadyWithdrawn, { number }));
}

async function companyRequest(db: Queryable, customerId: string, approvalId: number): Promise<ApprovalRow> {
  const [row] = await db
    .select()
    .from(orderApprovals)
    .where(and(eq(orderApprovals.approvalId, approvalId), eq(orderApprovals.customerId, customerId)));
  if (!row) throw new HttpError(404, APPROVAL_MSG.notFound);
  return row;
}

// ---- Deciding

/** A line as the buyer sent it, as a change names it. */
function lineAsSent(l: ApprovalLineRow) {
  return {
    item_id: l.item_id,
    item_condition: l.item_condition,
    item_name: l.item_name,
    sku: l.sku,
    quantity: l.quantity,
    price_was: toAmount(l.unit_cents),
  };
}

/** The stock each line needs today, against what there is: the lines short of stock or no longer offered. */
async function stockChanges(db: Queryable, lines: ApprovalLineRow[]): Promise<ApprovalChange[]> {
  const ids = [...new Set(lines.map((l) => l.item_id))];
  const result =
    await db.execute(sql`select item_id, item_condition, is_active, is_scratch_dent, stock, scratch_dent_stock
    from products where item_id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`);
  const products = new Map(
    (
      result as unknown as {
        rows: {
          item_id: string;
          item_condition: string;
          is_active: boolean;
          is_scratch_dent: boolean;
          stock: number;
          scratch_dent_stock: number;
        }[];
      }
    ).rows.map((p) => [p.item_id, p]),
  );
  const wanted = new Map<string, number>();
  const changes: ApprovalChange[] = [];
  for (const l of lines) {
    const p = products.get(l.item_id);
    const offered =
      p?.is_active &&
      (l.item_condition === 'ScratchDent' ? p.is_scratch_dent : p.item_condition === l.item_condition);
    const change = lineAsSent(l);
    if (!p || !offered) {
      changes.push({ ...change, price_now: null, stock_short: 0 });
      continue;
    }
    if (l.item_condition === 'Warranty') continue;
    const pool = `${l.item_id}|${l.item_condition === 'ScratchDent' ? 'sd' : 'stock'}`;
    const need = (wanted.get(pool) ?? 0) + l.quantity;
    wanted.set(pool, need);
    const left = l.item_condition === 'ScratchDent' ? p.scratch_dent_stock : p.stock;
    if (left < need)
      changes.push({
        ...change,
        price_now: change.price_was,
        stock_short: Math.max(0, left - (need - l.quantity)),
      });
  }
  return changes;
}

/** Who decided, as the request and the back office name them. */
function deciderOf(user: SessionUser): string {
  return personName(user) || user.username;
}

/**
 * Approves a pending request: the order is placed in the buyer's name at today's prices and stock, in one
 * transaction with the request's conditional move pending → approved (so two approvals at once place one
 * order; the checkout key `approval:<id>` is a second guard). When a price changed since the request, the
 * first approval is refused (409 with the changes) and a second with `confirm` places it at today's prices;
 * a line short of stock cannot be placed.
 */
export async function approve(
  services: ApprovalNeeds,
  user: SessionUser,
  approvalId: number,
  confirmed: ConfirmedPrice[] | null,
) {
  const db = services.database.db;
  const row = await companyRequest(db, user.customerId, approvalId);
  if (row.status !== 'pending') throw await decidedError(db, row);
  const number = approvalNumber(approvalId);
  const lines = row.lines as ApprovalLineRow[];
  const short = await stockChanges(db, lines);
  if (short.length > 0)
    throw new HttpError(409, msg(APPROVAL_MSG.stockShort, { number }), {
      changes: short,
      can_confirm: false,
    });

  const [buyerRow] = await db
    .select(BUYER_COLUMNS)
    .from(contacts)
    .innerJoin(customers, eq(customers.customerId, contacts.customerId))
    .where(eq(contacts.contactPersonId, row.contactPersonId));
  if (!buyerRow) throw new HttpError(404, APPROVAL_MSG.notFound);
  const [standing] = await db
    .select({ active: contacts.active })
    .from(contacts)
    .where(eq(contacts.contactPersonId, row.contactPersonId));
  // A buyer turned off since sending it: no order is placed in the name of someone who cannot sign in.
  if (!standing?.active) throw new HttpError(409, APPROVAL_MSG.buyerGone);
  const buyer: SessionUser = buyerOf(buyerRow);
  const decider = deciderOf(user);

  const placed = await placeOrderOfLines(services, buyer, {
    key: `approval:${approvalId}`,
    lines: lines.map((l) => ({ itemId: l.item_id, condition: l.item_condition, quantity: l.quantity })),
    shippingAddressId: row.shippingAddressId,
    billingAddressId: row.billingAddressId,
    purchaseOrderId: row.purchaseOrderId,
    shippingMethod: row.shippingMethod as ShippingMethod,
    messages: {
      notEnoughStock: CART_MSG.notEnoughStock,
      notOffered: (name) => CART_MSG.notEnoughStock(name, 0),
      noAddress: CART_MSG.noAddress,
      orderTooLarge: CART_MSG.orderTooLarge,
    },
    approvalId,
    within: async (tx, order) => {
      // Each line's price as the approver last saw it: the request's, or the one they confirmed.
      const seen = new Map(
        (confirmed ?? []).map((p) => [`${p.item_id}|${p.item_condition}`, toCents(p.price)]),
      );
      const changes: ApprovalChange[] = [];
      lines.forEach((l, i) => {
        const now = order.lines[i]?.unitCents;
        const expected = seen.get(`${l.item_id}|${l.item_condition}`) ?? l.unit_cents;
        if (now !== undefined && now !== expected)
          changes.push({ ...lineAsSent(l), price_now: toAmount(now), stock_short: null });
      });
      if (changes.length > 0) {
        // Nothing of this order is kept; the approver sees today's prices and totals, then confirms them.
        const [now] = await tx
          .select({ subtotal: orders.subtotalCents, total: orders.totalCents })
          .from(orders)
          .where(eq(orders.orderId, order.orderId));
        throw new HttpError(409, msg(APPROVAL_MSG.changed, { number }), {
          changes,
          can_confirm: true,
          subtotal_now: toAmount(Number(now?.subtotal ?? 0)),
          total_now: toAmount(Number(now?.total ?? 0)),
        });
      }
      const [moved] = await tx
        .update(orderApprovals)
        .set({ status: 'approved', decidedBy: decider, decidedAt: new Date(), orderId: order.orderId })
        .where(and(eq(orderApprovals.approvalId, approvalId), eq(orderApprovals.status, 'pending')))
        .returning();
      // Decided meanwhile (another administrator, another tab): nothing of this order is kept.
      if (!moved) throw await decidedError(tx, await companyRequest(tx, user.customerId, approvalId));
      const [totals] = await tx
        .select({ total: orders.totalCents })
        .from(orders)
        .where(eq(orders.orderId, order.orderId));
      await queueMails(
        tx,
        await decisionMail(tx, services, moved, decider, {
          kind: 'approved',
          orderId: order.orderId,
          orderNumber: order.orderNumber,
          totalCents: Number(totals?.total ?? 0),
        }),
      );
    },
  });
  if (placed.repeated) {
    // Another approval of the same request placed the order first.
    throw new HttpError(409, msg(APPROVAL_MSG.alreadyApproved, { number, orderNumber: placed.orderNumber }));
  }
  services.mailer.kick();
  return {
    smessage: msg(APPROVAL_MSG.approved, {
      number,
      orderNumber: placed.orderNumber,
      name: personName(buyer),
    }),
    approval: await approvalOf(db, user, 'admin', approvalId),
  };
}

/** Declines a pending request with a reason; the buyer is mailed in the same transaction. */
export async function decline(
  services: ApprovalNeeds,
  user: SessionUser,
  approvalId: number,
  reason: string,
) {
  const db = services.database.db;
  const row = await companyRequest(db, user.customerId, approvalId);
  const number = approvalNumber(approvalId);
  const decider = deciderOf(user);
  const moved = await db.transaction(async (tx) => {
    const [done] = await tx
      .update(orderApprovals)
      .set({ status: 'declined', declineReason: reason, decidedBy: decider, decidedAt: new Date() })
      .where(and(eq(orderApprovals.approvalId, approvalId), eq(orderApprovals.status, 'pending')))
      .returning();
    if (!done) return null;
    await queueMails(tx, await decisionMail(tx, services, done, decider, { kind: 'declined' }));
    return done;
  });
  if (!moved) throw await decidedError(db, await companyRequest(db, user.customerId, row.approvalId));
  services.mailer.kick();
  const view = await approvalOf(db, user, 'admin', approvalId);
  return { smessage: msg(APPROVAL_MSG.declined, { number, name: view.buyer.name }), approval: view };
}

/** The buyer withdraws their own pending request. */
export async function withdraw(db: Queryable, user: SessionUser, approvalId: number) {
  const row = await companyRequest(db, user.customerId, approvalId);
  // A buyer sees only their own requests; an administrator sees them all and declines another's instead.
  if (row.contactPersonId !== user.contactPersonId)
    throw user.role === 'admin'
      ? new HttpError(403, APPROVAL_MSG.notYours)
      : new HttpError(404, APPROVAL_MSG.notFound);
  const [moved] = await db
    .update(orderApprovals)
    .set({ status: 'withdrawn', decidedBy: deciderOf(user), decidedAt: new Date() })
    .where(and(eq(orderApprovals.approvalId, approvalId), eq(orderApprovals.status, 'pending')))
    .returning();
  if (!moved) throw await decidedError(db, await companyRequest(db, user.customerId, approvalId));
  return {
    smessage: msg(APPROVAL_MSG.withdrawn, { number: approvalNumber(approvalId) }),
    approval: await approvalOf(db, user, 'buyer', approvalId),
  };
}

// ---- Limits

/** The company's limits: for all buyers, and each sign-in's own (administrators are never held). */
export async function orderLimits(db: Queryable, customerId: string) {
  const [company] = await db
    .select({ limit: customers.buyerOrderLimitCents })
    .from(customers)
    .where(eq(customers.customerId, customerId));
  const people = await db
    .select()
    .from(contacts)
    .where(eq(contacts.customerId, customerId))
    .orderBy(desc(contacts.isPrimary), contacts.createdAt, contacts.contactPersonId);
  const all = company?.limit ?? null;
  const dollars = (cents: number | null) => (cents === null ? null : toAmount(Number(cents)));
  return {
    buyer_order_limit: dollars(all),
    contacts: people.map((c) => ({
      contact_person_id: c.contactPersonId,
      name: personName(c),
      email: c.email,
      role: c.role === 'admin' ? ('admin' as const) : ('buyer' as const),
      active: c.active,
      order_limit: c.role === 'admin' ? null : dollars(c.orderLimitCents),
      applies: c.role === 'admin' ? null : dollars(c.orderLimitCents ?? all),
    })),
  };
}

export async function setCompanyLimit(db: Queryable, customerId: string, cents: number | null) {
  await db.update(customers).set({ buyerOrderLimitCents: cents }).where(eq(customers.customerId, customerId));
  return {
    smessage: cents === null ? APPROVAL_MSG.companyLimitCleared : APPROVAL_MSG.companyLimitSet,
    ...(await orderLimits(db, customerId)),
  };
}

/** A buyer's own limit; an administrator's is refused (they are never held). */
export async function setBuyerLimit(
  db: Queryable,
  customerId: string,
  contactPersonId: string,
  cents: number | null,
) {
  const [person] = await db.select().from(contacts).where(eq(contacts.contactPersonId, contactPersonId));
  if (!person || person.customerId !== customerId) throw new HttpError(404, APPROVAL_MSG.buyerNotFound);
  if (person.role === 'admin' && cents !== null) throw new HttpError(400, APPROVAL_MSG.adminNeverHeld);
  await db
    .update(contacts)
    .set({ orderLimitCents: cents })
    .where(eq(contacts.contactPersonId, contactPersonId));
  const name = personName(person);
  return {
    smessage: msg(cents === null ? APPROVAL_MSG.buyerLimitCleared : APPROVAL_MSG.buyerLimitSet, { name }),
    ...(await orderLimits(db, customerId)),
  };
}
