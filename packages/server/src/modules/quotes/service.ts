/**
 * Quotes: the buyer's request, the seller's answer, revision or refusal, and the buyer's acceptance, which
 * places one order at the quoted prices (orders' placeOrderOfQuote: the quote moves from answered to
 * accepted in the order's transaction). Every change that mails queues its mail in its own transaction.
 */
import { CART_MSG, MAX_ORDER_TOTAL } from '@shop/domain/cart/rules';
import { isCondition } from '@shop/domain/catalog/rules';
import { todayIn } from '@shop/domain/core/days';
import type { Lang, Message } from '@shop/domain/core/i18n';
import { formatMoney } from '@shop/domain/core/money';
import {
  QUOTE_MSG,
  QUOTE_SELLER_MSG,
  type QuoteAnswer,
  type QuoteDetail,
  type QuotePlaceRequest,
  type QuoteRequest,
  type QuoteState,
  type QuoteSummary,
  quoteNumberOf,
  quoteState,
  validUntilAllowed,
} from '@shop/domain/quotes/schemas';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { contacts, customers, orders, products, quoteLines, quotes } from '../../db/schema';
import { firstRow } from '../../db/sql';
import type { Actor, AdminDeps } from '../../lib/back-office';
import { distinct, HttpError } from '../../lib/http';
import { queueMail, queueMails } from '../../mail/outbox';
import { buyerLimitCents } from '../approvals';
import { recordAudit } from '../audit';
import { type OrderNeeds, placeOrderOfQuote } from '../orders';
import type { SessionUser } from '../sessions';
import { answerMail, declineMail, requestMail, withdrawMail } from './mails';

export const ADMIN_NO_QUOTE = 'There is no such quote.';
export const ADMIN_PAGE_SIZE = 50;

type QuoteRow = typeof quotes.$inferSelect;

/** The previous answer kept on a revision. */
interface PreviousAnswer {
  validUntil: string | null;
  message: string;
  lines: { lineId: number; quotedCents: number | null }[];
}

// ---- The buyer's request

/** Whether the product is sold in that condition (its own, or scratch-and-dent when it has that too). */
function offeredAs(product: { itemCondition: string; isScratchDent: boolean }, condition: string): boolean {
  return condition === 'ScratchDent' ? product.isScratchDent : product.itemCondition === condition;
}

export async function requestQuote(
  deps: AdminDeps,
  user: SessionUser,
  request: QuoteRequest,
  lang: Lang,
): Promise<{ quoteId: number; quoteNumber: string; mailIds: number[] }> {
  const ids = [...new Set(request.lines.map((l) => l.item_id))];
  const found = await deps.db
    .select({
      itemId: products.itemId,
      itemName: products.itemName,
      sku: products.sku,
      itemCondition: products.itemCondition,
      isActive: products.isActive,
      isScratchDent: products.isScratchDent,
    })
    .from(products)
    .where(inArray(products.itemId, ids));
  const byId = new Map(found.map((p) => [p.itemId, p]));
  const problems: Message[] = [];
  const lines = request.lines.map((l, position) => {
    const product = byId.get(l.item_id);
    const condition = l.item_condition;
    if (!product?.isActive || !isCondition(condition)) {
      problems.push(QUOTE_MSG.unknownItem(l.item_id));
      return null;
    }
    if (!offeredAs(product, condition)) {
      problems.push(QUOTE_MSG.notOffered(product.itemName, condition));
      return null;
    }
    return {
      position,
      itemId: product.itemId,
      itemName: product.itemName,
      sku: product.sku,
      itemCondition: condition,
      quantity: l.quantity,
      targetCents: l.target_price ?? null,
    };
  });
  if (problems.length > 0) throw new HttpError(400, distinct(problems));

  return deps.db.transaction(async (tx) => {
    const id = Number(
      firstRow<{ id: string | number }>(
        await tx.execute(sql`select nextval(pg_get_serial_sequence('quotes', 'quote_id')) as id`),
      ).id,
    );
    const quoteNumber = quoteNumberOf(id);
    await tx.insert(quotes).values({
      quoteId: id,
      quoteNumber,
      customerId: user.customerId,
      contactPersonId: user.contactPersonId,
      note: request.note,
      language: lang,
    });
    await tx.insert(quoteLines).values(lines.map((l) => ({ ...l!, quoteId: id })));
    const mailId = await queueMail(
      tx,
      requestMail(deps.config, {
        quoteId: id,
        quoteNumber,
        company: user.company,
        customerId: user.customerId,
        buyer: { name: user.contactName, email: user.email },
        note: request.note,
        lines: lines.map((l) => l!),
      }),
    );
    return { quoteId: id, quoteNumber, mailIds: [mailId] };
  });
}

// ---- Reading

interface SummaryRow {
  quote: QuoteRow;
  company: string;
  orderNumber: string | null;
  lines: number;
  quantity: number;
  quotedTotal: number | null;
}

function summaryOf(row: SummaryRow, today: string, withCompany: boolean): QuoteSummary {
  const q = row.quote;
  return {
    quote_id: q.quoteId,
    quote_number: q.quoteNumber,
    state: quoteState(q.status, q.validUntil, today),
    created_at: q.createdAt.toISOString(),
    valid_until: q.validUntil,
    lines: Number(row.lines),
    quantity: Number(row.quantity),
    quoted_total_cents: q.revision > 0 && row.quotedTotal !== null ? Number(row.quotedTotal) : null,
    revision: q.revision,
    order_id: q.orderId,
    order_number: row.orderNumber,
    ...(withCompany ? { company: row.company, customer_id: q.customerId } : {}),
  };
}

const lineTotals = {
  lines: sql<number>`(select count(*) from quote_lines l where l.quote_id = ${quotes.quoteId})`,
  quantity: sql<number>`(select coalesce(sum(l.quantity), 0) from quote_lines l where l.quote_id = ${quotes.quoteId})`,
  quotedTotal: sql<
    number | null
  >`(select sum(l.quantity * l.quoted_cents) from quote_lines l where l.quote_id = ${quotes.quoteId})`,
};

/** The SQL condition of a shown state on `today`, the shop's day (expired is an answered quote past its day). */
function stateCondition(state: QuoteState, today: string) {
  if (state === 'answered')
    return sql`${quotes.status} = 'answered' and ${quotes.validUntil} >= ${today}::date`;
  if (state === 'expired')
    return sql`${quotes.status} = 'answered' and ${quotes.validUntil} < ${today}::date`;
  return eq(quotes.status, state);
}

/** The company's quotes, newest first (every buyer of the company sees them), as they stand on `today`. */
export async function listCompanyQuotes(
  db: Queryable,
  customerId: string,
  today: string,
): Promise<QuoteSummary[]> {
  const rows = await db
    .select({ quote: quotes, company: sql<string>`''`, orderNumber: orders.orderNumber, ...lineTotals })
    .from(quotes)
    .leftJoin(orders, eq(orders.orderId, quotes.orderId))
    .where(eq(quotes.customerId, customerId))
    .orderBy(desc(quotes.quoteId))
    .limit(500);
  return rows.map((r) => summaryOf(r, today, false));
}

export async function listAdminQuotes(
  db: Queryable,
  query: { status?: QuoteState | undefined; page: number },
  today: string,
): Promise<{ quotes: QuoteSummary[]; total: number }> {
  const where = query.status ? stateCondition(query.status, today) : undefined;
  const rows = await db
    .select({ quote: quotes, company: customers.company, orderNumber: orders.orderNumber, ...lineTotals })
    .from(quotes)
    .innerJoin(customers, eq(customers.customerId, quotes.customerId))
    .leftJoin(orders, eq(orders.orderId, quotes.orderId))
    .where(where)
    .orderBy(desc(quotes.quoteId))
    .limit(ADMIN_PAGE_SIZE)
    .offset((query.page - 1) * ADMIN_PAGE_SIZE);
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(quotes).where(where);
  return { quotes: rows.map((r) => summaryOf(r, today, true)), total: Number(count?.n ?? 0) };
}

/** How many requests wait for the seller's answer (the back office's menu). */
export async function requestedQuoteCount(db: Queryable): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(quotes)
    .where(eq(quotes.status, 'requested'));
  return Number(row?.n ?? 0);
}

/** One quote with its lines as it stands on `today`; `customerId` limits it to that company's (else null). */
export async function quoteDetail(
  db: Queryable,
  quoteId: number,
  customerId: string | null,
  today: string,
  withStock = false,
): Promise<QuoteDetail | null> {
  const [row] = await db
    .select({
      quote: quotes,
      company: customers.company,
      orderNumber: orders.orderNumber,
      buyerName: contacts.contactName,
      ...lineTotals,
    })
    .from(quotes)
    .innerJoin(customers, eq(customers.customerId, quotes.customerId))
    .leftJoin(orders, eq(orders.orderId, quotes.orderId))
    .leftJoin(contacts, eq(contacts.contactPersonId, quotes.contactPersonId))
    .where(
      customerId === null
        ? eq(quotes.quoteId, quoteId)
        : and(eq(quotes.quoteId, quoteId), eq(quotes.customerId, customerId)),
    );
  if (!row) return null;
  const lines = await db
    .select({
      line: quoteLines,
      stock: products.stock,
      sdStock: products.scratchDentStock,
    })
    .from(quoteLines)
    .leftJoin(products, eq(products.itemId, quoteLines.itemId))
    .where(eq(quoteLines.quoteId, quoteId))
    .orderBy(asc(quoteLines.position));
  const previous = row.quote.previousAnswer as PreviousAnswer | null;
  const before = new Map(previous?.lines.map((l) => [l.lineId, l.quotedCents]) ?? []);
  const q = row.quote;
  return {
    ...summaryOf(row, today, customerId === null),
    note: q.note,
    seller_message: q.sellerMessage,
    decline_reason: q.declineReason,
    answered_at: q.answeredAt?.toISOString() ?? null,
    buyer_name: row.buyerName ?? '',
    language: q.language,
    previous: previous ? { valid_until: previous.validUntil, message: previous.message } : null,
    detail_lines: lines.map(({ line, stock, sdStock }) => {
      const was = before.get(line.lineId);
      return {
        line_id: line.lineId,
        item_id: line.itemId,
        item_name: line.itemName,
        sku: line.sku,
        item_condition: line.itemCondition,
        quantity: line.quantity,
        target_cents: line.targetCents,
        quoted_cents: line.quotedCents,
        previous_quoted_cents: was !== undefined && was !== line.quotedCents ? was : null,
        ...(withStock
          ? {
              in_stock:
                line.itemCondition === 'Warranty'
                  ? line.quantity
                  : line.itemCondition === 'ScratchDent'
                    ? (sdStock ?? 0)
                    : (stock ?? 0),
            }
          : {}),
      };
    }),
  };
}

// ---- The seller's answer, revision and refusal

function stateWord(q: Pick<QuoteRow, 'status' | 'validUntil'>, today: string): string {
  return quoteState(q.status, q.validUntil, today);
}

/**
 * Answers a requested quote, or revises an answered one (also an expired one: a new date revives it):
 * the revision counts up and the answer before it is kept for the buyer's "what changed".
 */
export async function answerQuote(
  deps: AdminDeps,
  quoteId: number,
  answer: QuoteAnswer,
  actor: Actor,
): Promise<{ revised: boolean; mailIds: number[] }> {
  const today = todayIn(deps.config.SHOP_TIME_ZONE);
  if (!validUntilAllowed(answer.valid_until, today)) throw new HttpError(400, QUOTE_SELLER_MSG.validUntil);
  return deps.db.transaction(async (tx) => {
    const [q] = await tx.select().from(quotes).where(eq(quotes.quoteId, quoteId)).for('update');
    if (!q) throw new HttpError(404, ADMIN_NO_QUOTE);
    if (q.status !== 'requested' && q.status !== 'answered')
      throw new HttpError(409, QUOTE_SELLER_MSG.notChangeable(stateWord(q, today)));
    const lines = await tx
      .select()
      .from(quoteLines)
      .where(eq(quoteLines.quoteId, quoteId))
      .orderBy(asc(quoteLines.position));
    const prices = new Map(answer.lines.map((l) => [l.line_id, l.price]));
    if (
      prices.size !== answer.lines.length ||
      prices.size !== lines.length ||
      lines.some((l) => !prices.has(l.lineId))
    )
      throw new HttpError(400, QUOTE_SELLER_MSG.everyLine);
    // An answer the buyer could never accept (an order's total is capped) is refused here, not at checkout.
    const total = lines.reduce((sum, l) => sum + l.quantity * prices.get(l.lineId)!, 0);
    if (total > MAX_ORDER_TOTAL)
      throw new HttpError(400, QUOTE_SELLER_MSG.tooLarge(formatMoney(total), formatMoney(MAX_ORDER_TOTAL)));
    const revised = q.status === 'answered';
    const previous: PreviousAnswer | null = revised
      ? {
          validUntil: q.validUntil,
          message: q.sellerMessage,
          lines: lines.map((l) => ({ lineId: l.lineId, quotedCents: l.quotedCents })),
        }
      : null;
    // Conditional on the status read under the lock: a buyer's acceptance in between makes this a no-op.
    const updated = await tx
      .update(quotes)
      .set({
        status: 'answered',
        validUntil: answer.valid_until,
        sellerMessage: answer.message,
        revision: q.revision + 1,
        previousAnswer: previous,
        answeredBy: actor.label,
        answeredAt: new Date(),
        updatedAt: new Date(),
      })
      .where(and(eq(quotes.quoteId, quoteId), eq(quotes.status, q.status)))
      .returning({ id: quotes.quoteId });
    if (updated.length === 0) throw new HttpError(409, QUOTE_SELLER_MSG.notChangeable('accepted'));
    for (const l of lines) {
      await tx
        .update(quoteLines)
        .set({ quotedCents: prices.get(l.lineId)! })
        .where(eq(quoteLines.lineId, l.lineId));
    }
    await recordAudit(tx, actor, {
      action: revised ? 'quote.revise' : 'quote.answer',
      entityType: 'quote',
      entityId: String(quoteId),
      before: previous ?? { status: q.status },
      after: {
        validUntil: answer.valid_until,
        message: answer.message,
        lines: lines.map((l) => ({ lineId: l.lineId, quotedCents: prices.get(l.lineId) })),
      },
    });
    const buyer = await buyerOf(tx, q.contactPersonId);
    const mailIds = buyer?.email
      ? await queueMails(tx, [
          answerMail(
            deps.config,
            {
              quoteId,
              quoteNumber: q.quoteNumber,
              lang: q.language === 'fr' ? 'fr' : 'en',
              buyerName: buyer.name,
              to: buyer.email,
              validUntil: answer.valid_until,
              message: answer.message,
              previousValidUntil:
                previous && previous.validUntil !== answer.valid_until ? previous.validUntil : null,
              lines: lines.map((l) => ({
                quantity: l.quantity,
                name: l.itemName,
                sku: l.sku,
                condition: l.itemCondition,
                priceCents: prices.get(l.lineId)!,
                previousCents:
                  revised && l.quotedCents !== prices.get(l.lineId) ? (l.quotedCents ?? null) : null,
              })),
            },
            revised,
          ),
        ])
      : [];
    return { revised, mailIds };
  });
}

export async function declineQuote(
  deps: AdminDeps,
  quoteId: number,
  reason: string,
  actor: Actor,
): Promise<{ mailIds: number[] }> {
  return deps.db.transaction(async (tx) => {
    const [q] = await tx.select().from(quotes).where(eq(quotes.quoteId, quoteId)).for('update');
    if (!q) throw new HttpError(404, ADMIN_NO_QUOTE);
    if (q.status !== 'requested' && q.status !== 'answered')
      throw new HttpError(
        409,
        QUOTE_SELLER_MSG.notChangeable(stateWord(q, todayIn(deps.config.SHOP_TIME_ZONE))),
      );
    const updated = await tx
      .update(quotes)
      .set({ status: 'declined', declineReason: reason, decidedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(quotes.quoteId, quoteId), eq(quotes.status, q.status)))
      .returning({ id: quotes.quoteId });
    if (updated.length === 0) throw new HttpError(409, QUOTE_SELLER_MSG.notChangeable('accepted'));
    await recordAudit(tx, actor, {
      action: 'quote.decline',
      entityType: 'quote',
      entityId: String(quoteId),
      before: { status: q.status },
      after: { status: 'declined', reason },
    });
    const buyer = await buyerOf(tx, q.contactPersonId);
    const mailIds = buyer?.email
      ? await queueMails(tx, [
          declineMail(deps.config, {
            quoteId,
            quoteNumber: q.quoteNumber,
            lang: q.language === 'fr' ? 'fr' : 'en',
            buyerName: buyer.name,
            to: buyer.email,
            reason,
          }),
        ])
      : [];
    return { mailIds };
  });
}

// ---- The buyer withdraws

/** Why the company's quote cannot be withdrawn now that it is in `status` (null: it can). */
function withdrawRefusal(status: string): HttpError | null {
  if (status === 'withdrawn') return new HttpError(409, QUOTE_MSG.withdrawnAlready);
  if (status === 'accepted') return new HttpError(409, QUOTE_MSG.withdrawAccepted);
  if (status === 'declined') return new HttpError(409, QUOTE_MSG.withdrawDeclined);
  return null;
}

/**
 * A buyer withdraws their company's quote while it is requested or answered (an expired one too: the seller
 * could revise it back). One conditional update decides against the seller's answer (which locks the row
 * and requires the status it read) and the acceptance (answered to accepted in the order's transaction):
 * whichever commits first wins, and the other is refused. The shop inbox is told; the trail names the buyer.
 */
export async function withdrawQuote(
  deps: AdminDeps,
  user: SessionUser,
  quoteId: number,
): Promise<{ quoteNumber: string; mailIds: number[] }> {
  return deps.db.transaction(async (tx) => {
    const [moved] = await tx
      .update(quotes)
      .set({ status: 'withdrawn', decidedAt: new Date(), updatedAt: new Date() })
      .where(
        and(
          eq(quotes.quoteId, quoteId),
          eq(quotes.customerId, user.customerId),
          inArray(quotes.status, ['requested', 'answered']),
        ),
      )
      .returning();
    if (!moved) {
      const [now] = await tx
        .select({ status: quotes.status })
        .from(quotes)
        .where(and(eq(quotes.quoteId, quoteId), eq(quotes.customerId, user.customerId)));
      if (!now) throw new HttpError(404, QUOTE_MSG.noQuote);
      throw withdrawRefusal(now.status) ?? new HttpError(409, QUOTE_MSG.withdrawnAlready);
    }
    // What it was a moment ago: the answered status and validity date are kept as they were.
    const was = quoteState(
      moved.validUntil === null ? 'requested' : 'answered',
      moved.validUntil,
      todayIn(deps.config.SHOP_TIME_ZONE),
    );
    await recordAudit(tx, buyerActor(user), {
      action: 'quote.withdraw',
      entityType: 'quote',
      entityId: String(quoteId),
      before: { status: was },
      after: { status: 'withdrawn' },
    });
    const mailId = await queueMail(
      tx,
      withdrawMail(deps.config, {
        quoteId,
        quoteNumber: moved.quoteNumber,
        company: user.company,
        customerId: user.customerId,
        buyer: { name: user.contactName, email: user.email },
        was,
      }),
    );
    return { quoteNumber: moved.quoteNumber, mailIds: [mailId] };
  });
}

/** The trail names the buyer who acted and their company. */
function buyerActor(user: SessionUser): Actor {
  return { staffId: null, label: `${user.email || user.username} (${user.customerId})` };
}

async function buyerOf(db: Queryable, contactPersonId: string) {
  const [row] = await db
    .select({ name: contacts.contactName, email: contacts.email })
    .from(contacts)
    .where(eq(contacts.contactPersonId, contactPersonId));
  return row ?? null;
}

// ---- Accepting: the quote's checkout

/** Why an answered quote cannot be accepted now, or null when it can. */
function refusalOf(q: QuoteRow, today: string): HttpError | null {
  if (q.status === 'requested') return new HttpError(409, QUOTE_MSG.notAnswered);
  if (q.status === 'declined') return new HttpError(409, QUOTE_MSG.declined);
  if (q.status === 'withdrawn') return new HttpError(409, QUOTE_MSG.withdrawn);
  if (q.status === 'accepted') return new HttpError(409, QUOTE_MSG.accepted);
  if (q.validUntil === null || q.validUntil < today)
    return new HttpError(409, QUOTE_MSG.expired(q.validUntil ?? today));
  return null;
}

export interface QuotePlaced {
  orderId: number;
  orderNumber: string;
  status: string;
  repeated: boolean;
  quoteNumber: string;
}

/**
 * Places the order of the company's answered, unexpired quote: its lines at its prices, the stock taken
 * then. The same quote accepted again (a double click, another tab) gives back its one order. `lang` is the
 * request's: the amounts of a refusal are written in it.
 */
export async function placeQuote(
  services: OrderNeeds,
  user: SessionUser,
  quoteId: number,
  request: QuotePlaceRequest,
  lang: Lang = 'en',
): Promise<QuotePlaced> {
  const db = services.database.db;
  const read = async () => {
    const [q] = await db
      .select()
      .from(quotes)
      .where(and(eq(quotes.quoteId, quoteId), eq(quotes.customerId, user.customerId)));
    if (!q) throw new HttpError(404, QUOTE_MSG.noQuote);
    return q;
  };
  const alreadyPlaced = async (q: QuoteRow): Promise<QuotePlaced | null> => {
    if (q.status !== 'accepted' || q.orderId === null) return null;
    const [o] = await db
      .select({ orderId: orders.orderId, orderNumber: orders.orderNumber, status: orders.status })
      .from(orders)
      .where(eq(orders.orderId, q.orderId));
    return o ? { ...o, repeated: true, quoteNumber: q.quoteNumber } : null;
  };
  const q = await read();
  const first = await alreadyPlaced(q);
  if (first) return first;
  const refused = refusalOf(q, todayIn(services.config.SHOP_TIME_ZONE));
  if (refused) throw refused;
  const lines = await db
    .select()
    .from(quoteLines)
    .where(eq(quoteLines.quoteId, quoteId))
    .orderBy(asc(quoteLines.position));
  // A line whose product was turned off, or is no longer sold in its condition, cannot be placed however
  // much stock there is: the buyer needs a new quote, and is told so before anything is taken.
  const sold = await db
    .select({
      itemId: products.itemId,
      itemName: products.itemName,
      isActive: products.isActive,
      itemCondition: products.itemCondition,
      isScratchDent: products.isScratchDent,
    })
    .from(products)
    .where(
      inArray(
        products.itemId,
        lines.map((l) => l.itemId),
      ),
    );
  const productOf = new Map(sold.map((p) => [p.itemId, p]));
  const notSold = (l: (typeof lines)[number]) => {
    const p = productOf.get(l.itemId);
    return !p?.isActive || !offeredAs(p, l.itemCondition);
  };
  const gone = lines.filter(notSold);
  const goneMessage = (l: (typeof lines)[number]) =>
    QUOTE_MSG.noLongerSold(productOf.get(l.itemId)?.itemName ?? l.itemName, l.itemCondition);
  if (gone.length > 0) throw new HttpError(409, distinct(gone.map(goneMessage)));
  // Turned off while the order is placed: the order names the product by its name now (or its item id).
  const lineNamed = (name: string) => {
    const ofItem = lines.filter((l) => l.itemId === name || productOf.get(l.itemId)?.itemName === name);
    return ofItem.find(notSold) ?? ofItem[0];
  };
  try {
    const placed = await placeOrderOfQuote(
      services,
      user,
      {
        key: `quote:${quoteId}`,
        lines: lines.map((l) => ({
          itemId: l.itemId,
          condition: l.itemCondition as never,
          quantity: l.quantity,
        })),
        shippingAddressId: request.shipping_address_id,
        billingAddressId: request.billing_address_id,
        purchaseOrderId: request.purchase_order_id,
        shippingMethod: request.shipping_method,
        messages: {
          notEnoughStock: (name, left, wanted) => QUOTE_MSG.shortStock(name, left, wanted),
          notOffered: (name) => {
            const line = lineNamed(name);
            return line ? QUOTE_MSG.noLongerSold(name, line.itemCondition) : QUOTE_MSG.unknownItem(name);
          },
          noAddress: CART_MSG.noAddress,
          orderTooLarge: CART_MSG.orderTooLarge,
        },
      },
      {
        quoteId,
        quoteNumber: q.quoteNumber,
        unitCents: lines.map((l) => Number(l.quotedCents)),
        refused: QUOTE_MSG.accepted,
        revision: request.revision,
        revised: QUOTE_MSG.revised,
        limitOf: (tx) => buyerLimitCents(tx, user.contactPersonId),
        // The amounts in the buyer's language: the message is translated by its template, values as they are.
        overLimit: (total, limit) => QUOTE_MSG.overLimit(formatMoney(total, lang), formatMoney(limit, lang)),
      },
    );
    return { ...placed, quoteNumber: q.quoteNumber };
  } catch (error) {
    // Refused at commit time: say why as it stands now (accepted in another tab gives back its order).
    if (error instanceof HttpError && error.said === QUOTE_MSG.accepted) {
      const now = await read();
      const placed = await alreadyPlaced(now);
      if (placed) return placed;
      throw refusalOf(now, todayIn(services.config.SHOP_TIME_ZONE)) ?? error;
    }
    throw error;
  }
}
