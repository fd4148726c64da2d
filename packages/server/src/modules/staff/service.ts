/** Staff accounts: sign-in with its per-account lock, adding people, roles, and their set-password links. */

import { ACCOUNT_MSG } from '@shop/domain/account/schemas';
import {
  ADMIN_MSG,
  changeOwnPasswordSchema,
  LOGIN_WAIT_MS,
  STAFF_LINK_DAYS,
  type StaffInfo,
  type StaffRole,
  staffCreateSchema,
  staffLoginSchema,
  staffUpdateSchema,
} from '@shop/domain/back-office/schemas';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { staff } from '../../db/schema';
import { isUniqueViolation } from '../../db/sql';
import { type Actor, type AdminDeps, deliverQueued } from '../../lib/back-office';
import { HttpError, parseOr400 } from '../../lib/http';
import { oneLine } from '../../mail/text';
import { recordAudit } from '../audit';
import {
  attemptSubject,
  beginAttempt,
  clearAttempts,
  dummyHash,
  endStaffSessions,
  hashPassword,
  STAFF_SIGN_IN_POLICY,
  type StaffSessions,
  type StaffUser,
  staffAttemptSubject,
  verifyPassword,
} from '../sessions';
import { issueLink, linkUrl } from './links';

export const TOO_MANY_FAILURES = `Too many failed sign-ins for this account, please wait ${LOGIN_WAIT_MS / 60_000} minutes and try again.`;

/** A staff account waiting after too many tries; the route sends the wait in Retry-After. */
export class StaffLocked extends HttpError {
  constructor(readonly retryAfterMs: number) {
    super(429, TOO_MANY_FAILURES);
  }
}

/** Counts a try at a staff member's password before it is checked; throws while the account waits. */
async function countTry(deps: AdminDeps, subject: string): Promise<void> {
  const verdict = await beginAttempt(deps.db, deps.log, STAFF_SIGN_IN_POLICY, subject);
  if (!verdict.allowed) throw new StaffLocked(verdict.retryAfterMs);
}

type StaffRow = typeof staff.$inferSelect;

export function presentStaff(row: StaffRow): StaffInfo {
  return {
    staff_id: row.staffId,
    email: row.email,
    name: row.name,
    role: row.role as StaffRole,
    active: row.active,
    has_password: row.passwordHash !== '',
    created_at: row.createdAt.toISOString(),
  };
}

/** What the audit keeps of a staff member (never the password hash). */
function snapshot(row: StaffRow) {
  return { email: row.email, name: row.name, role: row.role, active: row.active };
}

const byEmail = (email: string) => sql`lower(${staff.email}) = ${email.toLowerCase()}`;

/**
 * Checks e-mail and password; answers the same for an unknown e-mail and a wrong password. Each try is
 * counted in the database before the password is checked (an unknown e-mail under the name as typed), so
 * simultaneous tries on any number of processes get no more checks than tries one after the other.
 */
export async function signInStaff(
  deps: AdminDeps,
  sessions: StaffSessions,
  body: unknown,
): Promise<{ token: string; user: StaffUser }> {
  const { email, password } = parseOr400(staffLoginSchema, body);
  const [person] = await deps.db.select().from(staff).where(byEmail(email)).limit(1);
  const subject = person
    ? staffAttemptSubject(person.staffId)
    : attemptSubject(STAFF_SIGN_IN_POLICY, undefined, email);
  await countTry(deps, subject);
  // An unknown e-mail costs the same time as a wrong password, so timing tells nothing.
  const ok = await verifyPassword(
    person?.passwordHash || (await dummyHash()),
    password,
    deps.log,
    person ? `staff ${person.staffId}` : '',
  );
  if (!person || !ok) throw new HttpError(401, ADMIN_MSG.loginFailed);
  await clearAttempts(deps.db, subject);
  if (!person.active) throw new HttpError(403, ADMIN_MSG.staffDisabled);
  const token = await sessions.create(person.staffId);
  return {
    token,
    user: { staffId: person.staffId, email: person.email, name: person.name, role: person.role as StaffRole },
  };
}

export async function listStaff(deps: AdminDeps): Promise<StaffInfo[]> {
  const rows = await deps.db.select().from(staff).orderBy(asc(staff.staffId));
  return rows.map(presentStaff);
}

async function queueStaffLink(
  deps: AdminDeps,
  tx: Queryable,
  person: StaffRow,
): Promise<{ link: string; mailId: number }> {
  const token = await issueLink(tx, { staffId: person.staffId }, 'staff', STAFF_LINK_DAYS * 86_400_000);
  const link = linkUrl(deps.config.PUBLIC_URL, token, 'staff');
  const mailId = await deps.mailer.enqueue(
    {
      to: person.email,
      // The link sets the password: readable in the outbox only until it is delivered.
      sensitive: true,
      subject: 'Set your password for the Acer Store back office',
      body: [
        `Hello ${oneLine(person.name || person.email)},`,
        '',
        `You have a ${person.role} account in the Acer Store back office. Open this link within ${STAFF_LINK_DAYS} days to choose your password (it works once):`,
        '',
        link,
        '',
        `Then sign in at ${deps.config.PUBLIC_URL}/acer/admin with your e-mail ${person.email}.`,
        'If you did not expect this message, you can ignore it.',
      ].join('\n'),
    },
    tx,
  );
  return { link, mailId };
}

/** Adds a staff member and mails them a set-password link; the link is returned for the seller's command to print. */
export async function addStaff(
  deps: AdminDeps,
  actor: Actor,
  body: unknown,
): Promise<{ staff: StaffInfo; link: string }> {
  const input = parseOr400(staffCreateSchema, body);
  let result: { row: StaffRow; link: string; mailId: number };
  try {
    result = await deps.db.transaction(async (tx) => {
      const [taken] = await tx.select({ id: staff.staffId }).from(staff).where(byEmail(input.email));
      if (taken) throw new HttpError(409, `${input.email} already has a staff account.`);
      const [row] = await tx
        .insert(staff)
        .values({ email: input.email, name: input.name, role: input.role })
        .returning();
      const { link, mailId } = await queueStaffLink(deps, tx, row!);
      await recordAudit(tx, actor, {
        action: 'staff.add',
        entityType: 'staff',
        entityId: String(row!.staffId),
        after: snapshot(row!),
      });
      return { row: row!, link, mailId };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new HttpError(409, `${input.email} already has a staff account.`);
    throw error;
  }
  await deliverQueued(deps, [result.mailId]);
  return { staff: presentStaff(result.row), link: result.link };
}

/** Mails a fresh set-password link (the older ones stop working). */
export async function sendStaffLink(
  deps: AdminDeps,
  actor: Actor,
  staffId: number,
): Promise<{ staff: StaffInfo; link: string }> {
  const result = await deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(staff).where(eq(staff.staffId, staffId));
    if (!row) throw new HttpError(404, 'There is no such staff member.');
    if (!row.active) throw new HttpError(409, 'This staff account is disabled; enable it first.');
    const sent = await queueStaffLink(deps, tx, row);
    await recordAudit(tx, actor, {
      action: 'staff.send_link',
      entityType: 'staff',
      entityId: String(staffId),
    });
    return { row, ...sent };
  });
  await deliverQueued(deps, [result.mailId]);
  return { staff: presentStaff(result.row), link: result.link };
}

/** Changes a staff member's name, role or active flag; the shop always keeps one active owner. */
export async function updateStaff(
  deps: AdminDeps,
  actor: Actor,
  staffId: number,
  body: unknown,
): Promise<StaffInfo> {
  const input = parseOr400(staffUpdateSchema, body);
  return deps.db.transaction(async (tx) => {
    // Owners are locked together, so two owners demoting each other at once cannot leave none.
    await tx
      .select({ id: staff.staffId })
      .from(staff)
      .where(eq(staff.role, 'owner'))
      .orderBy(asc(staff.staffId))
      .for('update');
    const [row] = await tx.select().from(staff).where(eq(staff.staffId, staffId)).for('update');
    if (!row) throw new HttpError(404, 'There is no such staff member.');
    const next = {
      name: input.name ?? row.name,
      role: input.role ?? row.role,
      active: input.active ?? row.active,
    };
    const stillOwner = next.role === 'owner' && next.active;
    if (row.role === 'owner' && row.active && !stillOwner) {
      const [others] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(staff)
        .where(and(eq(staff.role, 'owner'), eq(staff.active, true), ne(staff.staffId, staffId)));
      if ((others?.n ?? 0) === 0) throw new HttpError(409, ADMIN_MSG.lastOwner);
    }
    const [updated] = await tx.update(staff).set(next).where(eq(staff.staffId, staffId)).returning();
    if (!next.active || next.role !== row.role) await endStaffSessions(tx, staffId);
    await recordAudit(tx, actor, {
      action: 'staff.update',
      entityType: 'staff',
      entityId: String(staffId),
      before: snapshot(row),
      after: snapshot(updated!),
    });
    return presentStaff(updated!);
  });
}

/** A staff member changes their own password; their other sessions end. */
export async function changeOwnPassword(
  deps: AdminDeps,
  user: StaffUser,
  currentToken: string | undefined,
  body: unknown,
) {
  const input = parseOr400(changeOwnPasswordSchema, body);
  // A check of the current password is a try at it like a sign-in, and counts with them.
  const subject = staffAttemptSubject(user.staffId);
  await countTry(deps, subject);
  const [row] = await deps.db.select().from(staff).where(eq(staff.staffId, user.staffId));
  if (
    !row ||
    !(await verifyPassword(
      row.passwordHash || (await dummyHash()),
      input.password,
      deps.log,
      `staff ${row.staffId}`,
    ))
  ) {
    throw new HttpError(401, ACCOUNT_MSG.currentWrong, { errors: { password: ACCOUNT_MSG.currentWrong } });
  }
  await clearAttempts(deps.db, subject);
  const passwordHash = await hashPassword(input.newPassword);
  await deps.db.transaction(async (tx) => {
    await tx.update(staff).set({ passwordHash }).where(eq(staff.staffId, user.staffId));
    await endStaffSessions(tx, user.staffId, currentToken);
    await recordAudit(
      tx,
      { staffId: user.staffId, label: user.email },
      {
        action: 'staff.change_password',
        entityType: 'staff',
        entityId: String(user.staffId),
      },
    );
  });
}
