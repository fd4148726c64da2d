/**
 * Threads with a customer: the seller's message starts one; the company's buyers reply from their account
 * and the seller answers from the back office. A buyer's reply waits as `new` for the seller (and is mailed
 * to the shop's inbox); the seller's answer makes the thread unread for the buyer (and is mailed to them).
 */
import { messageReplySchema } from '@shop/domain/account/schemas';
import {
  type AdminCustomerThread,
  contactStatusSchema,
  customerMessageSchema,
} from '@shop/domain/back-office/schemas';
import type { CustomerMessage, MessageReply } from '@shop/domain/core/api';
import { and, asc, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db, Queryable } from '../../db/client';
import { contacts, customerMessageReplies, customerMessages, customers } from '../../db/schema';
import { mailLanguageOf } from '../../i18n/buyer-lang';
import { type Actor, type AdminDeps, deliverQueued } from '../../lib/back-office';
import { likePattern } from '../../lib/back-office-http';
import { HttpError, parseOr400 } from '../../lib/http';
import type { Mailer } from '../../mail/mailer';
import { mailText } from '../../mail/templates';
import { oneLine, quotedUnder } from '../../mail/text';
import { recordAudit } from '../audit';
import type { SessionUser } from '../sessions';

/** The buyer's 404: a thread of another company is as unknown as one that does not exist. */
const NO_MESSAGE = 'api.noSuchMessage';
export const NO_THREAD = 'There is no such message to a customer.';

type ReplyRow = typeof customerMessageReplies.$inferSelect;
type HeadRow = typeof customerMessages.$inferSelect;

async function repliesOf(db: Queryable, ids: number[]): Promise<ReplyRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(customerMessageReplies)
    .where(inArray(customerMessageReplies.messageId, ids))
    .orderBy(asc(customerMessageReplies.createdAt), asc(customerMessageReplies.replyId));
}

/** The replies of a thread as the buyer sees them, oldest first; the seller's are signed by the shop. */
export async function threadRepliesForBuyer(db: Queryable, messageId: number): Promise<MessageReply[]> {
  return (await repliesOf(db, [messageId])).map((r) => ({
    reply_id: r.replyId,
    author: r.author === 'buyer' ? 'buyer' : 'seller',
    name: r.author === 'buyer' ? r.name : '',
    body: r.body,
    created_at: r.createdAt.toISOString(),
  }));
}

function buyerHead(m: HeadRow): CustomerMessage {
  return {
    message_id: m.messageId,
    body: m.body,
    created_at: m.createdAt.toISOString(),
    is_read: m.readAt !== null,
  };
}

export interface ReplyNeeds {
  db: Db;
  mailer: Mailer;
  config: Config;
}

/**
 * A buyer's reply to a thread of their company: kept in the thread, the thread waits for the seller, and
 * the shop's inbox is mailed (as for a contact message). Another company's thread is a 404.
 */
export async function replyAsBuyer(
  needs: ReplyNeeds,
  user: SessionUser,
  messageId: number,
  input: unknown,
): Promise<CustomerMessage> {
  const { body } = parseOr400(messageReplySchema, input);
  const name = oneLine(user.contactName || `${user.firstName} ${user.lastName}`).trim() || user.email;
  const head = await needs.db.transaction(async (tx) => {
    const [message] = await tx
      .select()
      .from(customerMessages)
      .where(and(eq(customerMessages.messageId, messageId), eq(customerMessages.customerId, user.customerId)))
      .for('update');
    if (!message) throw new HttpError(404, NO_MESSAGE);
    const [saved] = await tx
      .insert(customerMessageReplies)
      .values({ messageId, author: 'buyer', body, contactPersonId: user.contactPersonId, name })
      .returning();
    const [updated] = await tx
      .update(customerMessages)
      .set({ sellerStatus: 'new', lastAt: saved!.createdAt, readAt: message.readAt ?? saved!.createdAt })
      .where(eq(customerMessages.messageId, messageId))
      .returning();
    await needs.mailer.enqueue(
      {
        to: needs.config.SHOP_INBOX,
        replyTo: user.email || undefined,
        subject: `Reply to your message #${messageId}: ${name} (${oneLine(user.company) || user.customerId})`,
        body: [
          `Customer ID: ${user.customerId}`,
          `Company: ${oneLine(user.company)}`,
          `From: ${name}`,
          `Email: ${oneLine(user.email)}`,
          `Answer it in the back office: ${needs.config.PUBLIC_URL}/acer/admin/messages`,
          '',
          ...quotedUnder('Reply:', body),
          '',
          ...quotedUnder('Your message:', message.body),
        ].join('\n'),
      },
      tx,
    );
    return updated!;
  });
  needs.mailer.kick();
  return { ...buyerHead(head), replies: await threadRepliesForBuyer(needs.db, messageId) };
}

// ---- The back office

async function withCompany(db: Queryable, rows: HeadRow[]): Promise<AdminCustomerThread[]> {
  const ids = [...new Set(rows.map((r) => r.customerId))];
  const [replies, companies] = await Promise.all([
    repliesOf(
      db,
      rows.map((r) => r.messageId),
    ),
    ids.length === 0
      ? []
      : db
          .select({ id: customers.customerId, company: customers.company })
          .from(customers)
          .where(inArray(customers.customerId, ids)),
  ]);
  const companyOf = new Map(companies.map((c) => [c.id, c.company]));
  return rows.map((m) => ({
    message_id: m.messageId,
    customer_id: m.customerId,
    company: companyOf.get(m.customerId) ?? '',
    body: m.body,
    created_at: m.createdAt.toISOString(),
    last_at: m.lastAt.toISOString(),
    status: m.sellerStatus === 'new' ? 'new' : 'answered',
    is_read: m.readAt !== null,
    replies: replies
      .filter((r) => r.messageId === m.messageId)
      .map((r) => ({
        reply_id: r.replyId,
        author: r.author === 'buyer' ? 'buyer' : 'seller',
        name: r.name,
        body: r.body,
        created_at: r.createdAt.toISOString(),
      })),
  }));
}

/** Threads with customers, the latest active first, by status (`new`: a buyer's reply waits) or text. */
export async function listCustomerThreads(
  db: Queryable,
  query: { status?: string; q?: string; page: number; page_size: number },
) {
  const where: SQL[] = [];
  if (query.status) where.push(eq(customerMessages.sellerStatus, query.status));
  if (query.q) {
    const like = likePattern(query.q);
    where.push(
      or(
        sql`${customerMessages.customerId} ilike ${like}`,
        sql`${customerMessages.customerId} in (select ${customers.customerId} from ${customers} where ${customers.company} ilike ${like})`,
      )!,
    );
  }
  const condition = where.length > 0 ? and(...where) : undefined;
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(customerMessages)
      .where(condition)
      .orderBy(desc(customerMessages.lastAt), desc(customerMessages.messageId))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db.select({ n: sql<number>`count(*)::int` }).from(customerMessages).where(condition),
  ]);
  return { rows: await withCompany(db, rows), total: counted?.n ?? 0 };
}

export async function customerThread(db: Queryable, id: number): Promise<AdminCustomerThread | null> {
  const [row] = await db.select().from(customerMessages).where(eq(customerMessages.messageId, id));
  return row ? (await withCompany(db, [row]))[0]! : null;
}

/**
 * The seller answers in a thread: kept in it, the thread is unread again for the buyer, and the answer is
 * mailed to the buyer who last replied (else the company's primary contact), as the first message was.
 */
export async function answerThread(deps: AdminDeps, actor: Actor, id: number, input: unknown) {
  const { body } = parseOr400(customerMessageSchema, input);
  const done = await deps.db.transaction(async (tx) => {
    const [message] = await tx
      .select()
      .from(customerMessages)
      .where(eq(customerMessages.messageId, id))
      .for('update');
    if (!message) throw new HttpError(404, NO_THREAD);
    const [saved] = await tx
      .insert(customerMessageReplies)
      .values({ messageId: id, author: 'seller', body, name: actor.label, staffId: actor.staffId })
      .returning();
    await tx
      .update(customerMessages)
      .set({ sellerStatus: 'answered', lastAt: saved!.createdAt, readAt: null })
      .where(eq(customerMessages.messageId, id));
    await recordAudit(tx, actor, {
      action: 'customer.message_reply',
      entityType: 'customer',
      entityId: message.customerId,
      before: { message_id: id, status: message.sellerStatus },
      after: { message_id: id, status: 'answered', body },
    });
    const [lastBuyer] = await tx
      .select({ contactPersonId: customerMessageReplies.contactPersonId })
      .from(customerMessageReplies)
      .where(and(eq(customerMessageReplies.messageId, id), eq(customerMessageReplies.author, 'buyer')))
      .orderBy(desc(customerMessageReplies.replyId))
      .limit(1);
    const candidates = await tx
      .select()
      .from(contacts)
      .where(and(eq(contacts.customerId, message.customerId), eq(contacts.active, true)));
    const to =
      candidates.find((c) => c.contactPersonId === lastBuyer?.contactPersonId && c.email) ??
      candidates.find((c) => c.isPrimary && c.email);
    if (!to) return { mailId: null, mailedTo: null };
    const [customer] = await tx.select().from(customers).where(eq(customers.customerId, message.customerId));
    const lang = await mailLanguageOf(tx, to.contactPersonId);
    const t = (key: string, values?: Record<string, string | number>) => mailText(lang, key, values);
    const mailId = await deps.mailer.enqueue(
      {
        to: to.email,
        replyTo: deps.config.SHOP_INBOX,
        subject: t('mail.message.subject', { company: customer?.company ?? message.customerId }),
        body: [
          t('mail.hello', { name: oneLine(to.firstName) }),
          '',
          body,
          '',
          t('mail.message.read', { url: `${deps.config.PUBLIC_URL}/acer/account/messages/${id}` }),
        ].join('\n'),
      },
      tx,
    );
    return { mailId, mailedTo: to.email };
  });
  if (done.mailId !== null) await deliverQueued(deps, [done.mailId]);
  return { thread: (await customerThread(deps.db, id))!, mailedTo: done.mailedTo };
}

export async function setThreadStatus(deps: AdminDeps, actor: Actor, id: number, input: unknown) {
  const { status } = parseOr400(contactStatusSchema, input);
  await deps.db.transaction(async (tx) => {
    const [message] = await tx
      .select()
      .from(customerMessages)
      .where(eq(customerMessages.messageId, id))
      .for('update');
    if (!message) throw new HttpError(404, NO_THREAD);
    await tx.update(customerMessages).set({ sellerStatus: status }).where(eq(customerMessages.messageId, id));
    await recordAudit(tx, actor, {
      action: 'customer.message_status',
      entityType: 'customer',
      entityId: message.customerId,
      before: { message_id: id, status: message.sellerStatus },
      after: { message_id: id, status },
    });
  });
  return (await customerThread(deps.db, id))!;
}
