/** Queuing mail in the outbox table, inside the caller's transaction when given. */
import type { Queryable } from '../db/client';
import { outbox } from '../db/schema';

export interface MailMessage {
  to: string;
  subject: string;
  body: string;
  replyTo?: string;
}

export async function queueMail(db: Queryable, message: MailMessage): Promise<number> {
  const [row] = await db
    .insert(outbox)
    .values({ to: message.to, subject: message.subject, body: message.body, replyTo: message.replyTo })
    .returning({ id: outbox.id });
  return row!.id;
}
