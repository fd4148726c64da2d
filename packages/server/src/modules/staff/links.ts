/**
 * One-time set-password links, shared by staff, a new customer's welcome, a seller-sent reset and new
 * buyers. The mail carries a random token; the table keeps its sha-256, its expiry and when it was used.
 * A new link for a person retires their older ones.
 */
import { randomBytes } from 'node:crypto';
import {
  ADMIN_MSG,
  type PasswordLinkInfo,
  type PasswordPurpose,
  passwordTokenSchema,
  setPasswordSchema,
} from '@shop/domain/back-office/schemas';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { contacts, passwordTokens, sessions, staff } from '../../db/schema';
import type { AdminDeps } from '../../lib/back-office';
import { HttpError, parseOr400 } from '../../lib/http';
import { clearAttempts, endStaffSessions, hashPassword, hashToken, staffAttemptSubject } from '../sessions';

type Owner = { staffId: number } | { contactPersonId: string };

/** Makes a link's token for a person; returns the raw token (only ever in the mail, or printed by the CLI). */
export async function issueLink(
  tx: Queryable,
  owner: Owner,
  purpose: PasswordPurpose,
  validMs: number,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const mine =
    'staffId' in owner
      ? eq(passwordTokens.staffId, owner.staffId)
      : eq(passwordTokens.contactPersonId, owner.contactPersonId);
  await tx
    .update(passwordTokens)
    .set({ usedAt: new Date() })
    .where(and(mine, isNull(passwordTokens.usedAt)));
  await tx.insert(passwordTokens).values({
    tokenHash: hashToken(token),
    purpose,
    staffId: 'staffId' in owner ? owner.staffId : null,
    contactPersonId: 'contactPersonId' in owner ? owner.contactPersonId : null,
    expiresAt: new Date(Date.now() + validMs),
  });
  return token;
}

/** The page a link opens: the back office's for staff, the shop's for customers. */
export function linkUrl(publicUrl: string, token: string, kind: 'staff' | 'customer'): string {
  const path = kind === 'staff' ? '/acer/admin/set-password' : '/acer/set-password';
  return `${publicUrl}${path}?token=${encodeURIComponent(token)}`;
}

async function findLive(tx: Queryable, token: string, lock: boolean) {
  const query = tx
    .select()
    .from(passwordTokens)
    .where(
      and(
        eq(passwordTokens.tokenHash, hashToken(token)),
        isNull(passwordTokens.usedAt),
        sql`${passwordTokens.expiresAt} > now()`,
      ),
    );
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** What a link is for, so the page can greet the person; 400 when it does not work (any more). */
export async function checkLink(deps: AdminDeps, body: unknown): Promise<PasswordLinkInfo> {
  const { token } = parseOr400(passwordTokenSchema, body);
  const row = await findLive(deps.db, token, false);
  if (!row) throw new HttpError(400, ADMIN_MSG.linkInvalid);
  const base = { purpose: row.purpose as PasswordPurpose, expires_at: row.expiresAt.toISOString() };
  if (row.staffId !== null) {
    const [person] = await deps.db.select().from(staff).where(eq(staff.staffId, row.staffId));
    if (!person?.active) throw new HttpError(400, ADMIN_MSG.linkInvalid);
    return { ...base, kind: 'staff', name: person.name || person.email, sign_in_with: person.email };
  }
  const [contact] = await deps.db
    .select()
    .from(contacts)
    .where(eq(contacts.contactPersonId, row.contactPersonId!));
  if (!contact?.active) throw new HttpError(400, ADMIN_MSG.linkInvalid);
  return {
    ...base,
    kind: 'customer',
    name: `${contact.firstName} ${contact.lastName}`.trim() || contact.contactName,
    sign_in_with: contact.username,
  };
}

/** Sets the password of the link's person, once; their other sessions end. */
export async function setPasswordByLink(deps: AdminDeps, body: unknown): Promise<PasswordLinkInfo> {
  const input = parseOr400(setPasswordSchema, body);
  const info = await checkLink(deps, { token: input.token });
  const passwordHash = await hashPassword(input.password);
  const done = await deps.db.transaction(async (tx) => {
    const row = await findLive(tx, input.token, true);
    if (!row) throw new HttpError(400, ADMIN_MSG.linkInvalid);
    await tx.update(passwordTokens).set({ usedAt: new Date() }).where(eq(passwordTokens.id, row.id));
    if (row.staffId !== null) {
      await tx.update(staff).set({ passwordHash }).where(eq(staff.staffId, row.staffId));
      await endStaffSessions(tx, row.staffId);
      return { staffId: row.staffId, customerId: null };
    }
    const [contact] = await tx
      .update(contacts)
      .set({ passwordHash })
      .where(eq(contacts.contactPersonId, row.contactPersonId!))
      .returning({ customerId: contacts.customerId });
    await tx.delete(sessions).where(eq(sessions.contactPersonId, row.contactPersonId!));
    return { staffId: null, customerId: contact?.customerId ?? null };
  });
  // A staff member locked out by wrong passwords signs in with the new one at once.
  if (done.staffId !== null) await clearAttempts(deps.db, staffAttemptSubject(done.staffId));
  if (done.customerId) await deps.sessions.refreshCustomer(done.customerId);
  return info;
}
