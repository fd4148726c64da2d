/** Account settings: the details are read-only (support changes them); only the password can change here. */
import { ACCOUNT_MSG, type accountUpdateSchema } from '@shop/domain/account/schemas';
import { tooManySignInAttempts } from '@shop/domain/core/messages';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { contacts } from '../../db/schema';
import { HttpError } from '../../lib/http';
import type { SessionUser } from '../sessions';
import {
  attemptSubject,
  beginAttempt,
  clearAttempts,
  hashPassword,
  SIGN_IN_POLICY,
  verifyPassword,
} from '../sessions';
import type { CustomerNeeds } from './needs';

/** The account settings form as the route's schema read it. */
export type AccountUpdate = z.output<typeof accountUpdateSchema>;

/**
 * Applies POST /user/information/update (its form checked by the route): changes the password when a new
 * one is given. The customer's other sessions end after a change; `sessionToken` (the current one) stays.
 */
export async function updateAccount(
  services: CustomerNeeds,
  user: SessionUser,
  sessionToken: string | undefined,
  form: AccountUpdate,
  log: FastifyBaseLogger,
): Promise<void> {
  if (!form.newPassword) return;
  const { db } = services.database;
  // Checking the current password is a try at it like a sign-in: it counts with them, before the check.
  const subject = attemptSubject(SIGN_IN_POLICY, user.contactPersonId, '');
  const verdict = await beginAttempt(db, log, SIGN_IN_POLICY, subject);
  if (!verdict.allowed) throw new HttpError(429, tooManySignInAttempts(verdict.retryAfterMs));
  const [contact] = await db
    .select({ passwordHash: contacts.passwordHash })
    .from(contacts)
    .where(eq(contacts.contactPersonId, user.contactPersonId));
  if (
    !contact ||
    !(await verifyPassword(contact.passwordHash, form.password ?? '', log, user.contactPersonId))
  ) {
    throw new HttpError(401, ACCOUNT_MSG.currentWrong, { errors: { password: ACCOUNT_MSG.currentWrong } });
  }
  await clearAttempts(db, subject);
  const passwordHash = await hashPassword(form.newPassword);
  await db.transaction(async (tx) => {
    await tx.update(contacts).set({ passwordHash }).where(eq(contacts.contactPersonId, user.contactPersonId));
    await services.sessions.endContactSessions(tx, user.contactPersonId, sessionToken);
  });
}
