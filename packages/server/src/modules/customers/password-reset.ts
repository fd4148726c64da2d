/**
 * Password reset by e-mailed code: a 6-digit code, stored only as its sha-256, valid 15 minutes and for
 * 5 tries, at most one sent per account every 60 seconds and 5 a day, and at most 10 codes tried per
 * account a day whatever number were sent (kept in the database, so it holds across processes). Nothing
 * in the answers, nor in how long they take, tells whether an account exists.
 */
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { setTimeout } from 'node:timers/promises';
import type { PasswordResetBody } from '@shop/domain/account/requests';
import { ACCOUNT_MSG, RESEND_SECONDS, RESET_USERNAME_MESSAGE } from '@shop/domain/account/schemas';
import { tooManyCodeAttempts } from '@shop/domain/core/messages';
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { contacts, passwordResetCodes } from '../../db/schema';
import { mailLanguageOf } from '../../i18n/buyer-lang';
import { HttpError } from '../../lib/http';
import { mailText } from '../../mail/templates';
import { attemptSubject, beginAttempt, clearAttempts, hashPassword, RESET_POLICY } from '../sessions';
import type { CustomerNeeds } from './needs';

const CODE_VALID_MS = 15 * 60_000;
const CODE_TRIES = 5;
export const CODES_PER_DAY = 5;
/** Every send-code answer takes at least this long, so sending a code does not show in the timing. */
export const SEND_CODE_MIN_MS = 300;
export const USERNAME_MESSAGE = RESET_USERNAME_MESSAGE;

function codeHash(code: string): string {
  return createHash('sha256').update(code).digest('hex');
}

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

const byUsername = (username: string) => sql`lower(${contacts.username}) = ${username.toLowerCase()}`;

/**
 * Sends a code when the account exists, none went out in the last minute and fewer than 5 today; the
 * caller always says the same, after the same time.
 */
export async function sendResetCode(services: CustomerNeeds, username: string): Promise<void> {
  const started = performance.now();
  const { db } = services.database;
  const mailId = await db.transaction(async (tx) => {
    // The contact row lock makes two quick requests send one code, not two.
    const [contact] = await tx
      .select({ id: contacts.contactPersonId, email: contacts.email, firstName: contacts.firstName })
      .from(contacts)
      .where(byUsername(username))
      .for('update');
    if (!contact?.email) return null;
    const now = Date.now();
    const today = await tx
      .select({ createdAt: passwordResetCodes.createdAt })
      .from(passwordResetCodes)
      .where(
        and(
          eq(passwordResetCodes.contactPersonId, contact.id),
          gt(passwordResetCodes.createdAt, new Date(now - 86_400_000)),
        ),
      )
      .orderBy(desc(passwordResetCodes.id));
    if (today.length >= CODES_PER_DAY) return null;
    const last = today[0];
    if (last && now - last.createdAt.getTime() < RESEND_SECONDS * 1000) return null;
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await tx.insert(passwordResetCodes).values({
      contactPersonId: contact.id,
      codeHash: codeHash(code),
      createdAt: new Date(now),
      expiresAt: new Date(now + CODE_VALID_MS),
    });
    const lang = await mailLanguageOf(tx, contact.id);
    const t = (key: string, values?: Record<string, string | number>) => mailText(lang, key, values);
    return services.mailer.enqueue(
      {
        to: contact.email,
        subject: t('mail.code.subject'),
        // The code is readable in the outbox only until it is delivered.
        sensitive: true,
        body: [
          contact.firstName ? t('mail.hello', { name: contact.firstName }) : t('mail.helloThere'),
          '',
          t('mail.code.code', { code }),
          '',
          t('mail.code.enter', { minutes: CODE_VALID_MS / 60_000 }),
          t('mail.code.ignore'),
        ].join('\n'),
      },
      tx,
    );
  });
  // Delivery is not awaited: an existing account must not answer slower than a missing one.
  if (mailId !== null) services.mailer.kick();
  const rest = SEND_CODE_MIN_MS - (performance.now() - started);
  if (rest > 0) await setTimeout(rest);
}

/** Checks the code and sets the new password; every session of that contact ends. */
export async function resetPassword(
  services: CustomerNeeds,
  input: z.output<typeof PasswordResetBody>,
  log: FastifyBaseLogger,
): Promise<void> {
  const { username } = input;
  const { db } = services.database;
  const [known] = await db
    .select({ id: contacts.contactPersonId })
    .from(contacts)
    .where(byUsername(username));
  const subject = attemptSubject(RESET_POLICY, known?.id, username);
  const verdict = await beginAttempt(db, log, RESET_POLICY, subject);
  if (!verdict.allowed) throw new HttpError(429, tooManyCodeAttempts(verdict.retryAfterMs));
  const passwordHash = await hashPassword(input.password);
  const done = await db.transaction(async (tx) => {
    const [contact] = await tx
      .select({ id: contacts.contactPersonId })
      .from(contacts)
      .where(byUsername(username));
    if (!contact) return false;
    // Only the newest code counts: asking for a new one retires the older ones.
    const [code] = await tx
      .select()
      .from(passwordResetCodes)
      .where(eq(passwordResetCodes.contactPersonId, contact.id))
      .orderBy(desc(passwordResetCodes.id))
      .limit(1)
      .for('update');
    if (!code || code.usedAt || code.expiresAt.getTime() <= Date.now() || code.attempts >= CODE_TRIES) {
      return false;
    }
    const right = sameHash(codeHash(input.verificationCode), code.codeHash);
    await tx
      .update(passwordResetCodes)
      .set({ attempts: code.attempts + 1, ...(right ? { usedAt: new Date() } : {}) })
      .where(eq(passwordResetCodes.id, code.id));
    if (!right) return false;
    await tx.update(contacts).set({ passwordHash }).where(eq(contacts.contactPersonId, contact.id));
    await services.sessions.endContactSessions(tx, contact.id);
    return true;
  });
  if (!done) throw new HttpError(400, ACCOUNT_MSG.resetCodeWrong);
  await clearAttempts(db, subject);
}
