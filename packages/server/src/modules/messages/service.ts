/** Messages to a customer (their Messages(N), and mailed), and the contact-form inbox with its replies. */
import {
  type AdminContactMessage,
  contactReplySchema,
  contactStatusSchema,
} from '@shop/domain/back-office/schemas';
import { isLang, type Lang } from '@shop/domain/core/i18n';
import { and, asc, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { contactMessages, contactReplies, contacts, customerMessages, customers } from '../../db/schema';
import { mailLanguageOf } from '../../i18n/buyer-lang';
import { type Actor, type AdminDeps, deliverQueued } from '../../lib/back-office';
import { likePattern } from '../../lib/back-office-http';
import { HttpError, parseOr400 } from '../../lib/http';
import { mailText } from '../../mail/templates';
import { oneLine, quoteLines } from '../../mail/text';
import { recordAudit } from '../audit';

/** Stores a message for the customer and mails it to their primary contact. */
export async function sendCustomerMessage(deps: AdminDeps, actor: Actor, customerId: string, body: string) {
  const done = await deps.db.transaction(async (tx) => {
    const [customer] = await tx.select().from(customers).where(eq(customers.customerId, customerId));
    if (!customer) throw new HttpError(404, `There is no customer ${customerId}.`);
    const [saved] = await tx
      .insert(customerMessages)
      .values({ customerId, body })
      .returning({ id: customerMessages.messageId });
    await recordAudit(tx, actor, {
      action: 'customer.message',
      entityType: 'customer',
      entityId: customerId,
      after: { message_id: saved!.id, body },
    });
    const [primary] = await tx
      .select()
      .from(contacts)
      .where(and(eq(contacts.customerId, customerId), eq(contacts.isPrimary, true)));
    if (!primary?.email) return { messageId: saved!.id, mailId: null, mailedTo: null };
    const lang = await mailLanguageOf(tx, primary.contactPersonId);
    const t = (key: string, values?: Record<string, string | number>) => mailText(lang, key, values);
    const mailId = await deps.mailer.enqueue(
      {
        to: primary.email,
        replyTo: deps.config.SHOP_INBOX,
        subject: t('mail.message.subject', { company: customer.company }),
        body: [
          t('mail.hello', { name: oneLine(primary.firstName) }),
          '',
          body,
          '',
          t('mail.message.read', { url: `${deps.config.PUBLIC_URL}/acer/account/messages` }),
        ].join('\n'),
      },
      tx,
    );
    return { messageId: saved!.id, mailId, mailedTo: primary.email };
  });
  if (done.mailId !== null) await deliverQueued(deps, [done.mailId]);
  return done;
}

type MessageRow = typeof contactMessages.$inferSelect;

async function withReplies(db: Queryable, rows: MessageRow[]): Promise<AdminContactMessage[]> {
  const replies =
    rows.length === 0
      ? []
      : await db
          .select()
          .from(contactReplies)
          .where(
            inArray(
              contactReplies.messageId,
              rows.map((r) => r.id),
            ),
          )
          .orderBy(asc(contactReplies.replyId));
  return rows.map((m) => ({
    id: m.id,
    full_name: m.fullName,
    phone_number: m.phoneNumber,
    email: m.email,
    order_number: m.orderNumber,
    company: m.company,
    rma: m.rma,
    questions: m.questions,
    customer_id: m.customerId,
    status: m.status as AdminContactMessage['status'],
    created_at: m.createdAt.toISOString(),
    replies: replies
      .filter((r) => r.messageId === m.id)
      .map((r) => ({
        reply_id: r.replyId,
        body: r.body,
        actor: r.actor,
        created_at: r.createdAt.toISOString(),
      })),
  }));
}

export async function listContactMessages(
  db: Queryable,
  query: { status?: string; q?: string; page: number; page_size: number },
) {
  const where: SQL[] = [];
  if (query.status) where.push(eq(contactMessages.status, query.status));
  if (query.q) {
    const like = likePattern(query.q);
    where.push(
      or(
        sql`${contactMessages.fullName} ilike ${like}`,
        sql`${contactMessages.email} ilike ${like}`,
        sql`${contactMessages.company} ilike ${like}`,
        sql`${contactMessages.orderNumber} ilike ${like}`,
      )!,
    );
  }
  const condition = where.length > 0 ? and(...where) : undefined;
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(contactMessages)
      .where(condition)
      .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db.select({ n: sql<number>`count(*)::int` }).from(contactMessages).where(condition),
  ]);
  return { rows: await withReplies(db, rows), total: counted?.n ?? 0 };
}

export async function contactMessage(db: Queryable, id: number): Promise<AdminContactMessage | null> {
  const [row] = await db.select().from(contactMessages).where(eq(contactMessages.id, id));
  return row ? (await withReplies(db, [row]))[0]! : null;
}

/** Mails a reply to the sender, keeps it with the message, and marks the message answered. */
export async function replyToContact(deps: AdminDeps, actor: Actor, id: number, body: unknown) {
  const { body: text } = parseOr400(contactReplySchema, body);
  const mailId = await deps.db.transaction(async (tx) => {
    const [message] = await tx.select().from(contactMessages).where(eq(contactMessages.id, id)).for('update');
    if (!message) throw new HttpError(404, 'There is no such contact message.');
    await tx
      .insert(contactReplies)
      .values({ messageId: id, body: text, actor: actor.label, staffId: actor.staffId });
    await tx.update(contactMessages).set({ status: 'answered' }).where(eq(contactMessages.id, id));
    await recordAudit(tx, actor, {
      action: 'contact_message.reply',
      entityType: 'contact_message',
      entityId: String(id),
      before: { status: message.status },
      after: { status: 'answered', reply: text },
    });
    // Every line of the visitor's message is quoted, whatever ends it.
    const quoted = quoteLines(message.questions).join('\n');
    // The reply is in the language of the page the message was sent from.
    const lang: Lang = isLang(message.language) ? message.language : 'en';
    const t = (key: string, values?: Record<string, string | number>) => mailText(lang, key, values);
    return deps.mailer.enqueue(
      {
        to: message.email,
        replyTo: deps.config.SHOP_INBOX,
        subject: t('mail.reply.subject', { orderNumber: message.orderNumber }),
        body: [
          t('mail.hello', { name: oneLine(message.fullName) }),
          '',
          text,
          '',
          t('mail.reply.wrote', { date: message.createdAt.toISOString().slice(0, 10) }),
          quoted,
        ].join('\n'),
      },
      tx,
    );
  });
  await deliverQueued(deps, [mailId]);
  return (await contactMessage(deps.db, id))!;
}

export async function setContactStatus(deps: AdminDeps, actor: Actor, id: number, body: unknown) {
  const { status } = parseOr400(contactStatusSchema, body);
  await deps.db.transaction(async (tx) => {
    const [message] = await tx.select().from(contactMessages).where(eq(contactMessages.id, id)).for('update');
    if (!message) throw new HttpError(404, 'There is no such contact message.');
    await tx.update(contactMessages).set({ status }).where(eq(contactMessages.id, id));
    await recordAudit(tx, actor, {
      action: 'contact_message.status',
      entityType: 'contact_message',
      entityId: String(id),
      before: { status: message.status },
      after: { status },
    });
  });
  return (await contactMessage(deps.db, id))!;
}
