/** Queuing mail in the outbox table, inside the caller's transaction when given. */
import type { Queryable } from '../db/client';
import { outbox } from '../db/schema';

export interface MailMessage {
  to: string;
  subject: string;
  body: string;
  replyTo?: string;
  /**
   * Holds a secret (a reset code or a one-time set-password link): its text is removed from the outbox
   * once delivered or given up, so a copy of the database holds no live code or link.
   */
  sensitive?: boolean;
  /**
   * Extra headers, e.g. List-Unsubscribe and List-Unsubscribe-Post (RFC 8058) on a stock alert; removed
   * with the text of a sensitive message.
   */
  headers?: Record<string, string>;
}

/** What replaces the text of a sensitive message after delivery. */
export const REMOVED_BODY =
  '(The text of this message was removed after delivery: it held a one-time code or link.)';

/** Queues the messages with one insert; returns their ids in the same order. */
export async function queueMails(db: Queryable, messages: readonly MailMessage[]): Promise<number[]> {
  if (messages.length === 0) return [];
  const rows = await db
    .insert(outbox)
    .values(
      messages.map((m) => ({
        to: m.to,
        subject: m.subject,
        body: m.body,
        replyTo: m.replyTo,
        sensitive: m.sensitive ?? false,
        headers: m.headers ?? null,
      })),
    )
    .returning({ id: outbox.id });
  return rows.map((r) => r.id);
}

export async function queueMail(db: Queryable, message: MailMessage): Promise<number> {
  const [id] = await queueMails(db, [message]);
  return id!;
}
