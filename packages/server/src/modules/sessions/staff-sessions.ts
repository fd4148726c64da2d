/**
 * Staff sessions: a random token in an httpOnly cookie, its sha-256 in the staff_sessions table. Each
 * request reads the table (the back office is light traffic), so a sign-out or a disabled account ends
 * the session in every server process at once. The expiry slides with use: 12 hours after the last request.
 */
import { randomBytes } from 'node:crypto';
import { STAFF_IDLE_MS, type StaffRole } from '@shop/domain/back-office/schemas';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db, Queryable } from '../../db/client';
import { staff, staffSessions } from '../../db/schema';
import { hashToken } from './customer-sessions';

export const STAFF_COOKIE = 'staff_sid';

export interface StaffUser {
  staffId: number;
  email: string;
  name: string;
  role: StaffRole;
}

/** A session is pushed forward at most once a minute, so reading pages does not write on every request. */
const SLIDE_STEP_MS = 60_000;

export class StaffSessions {
  constructor(private readonly db: Db) {}

  async create(staffId: number): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await this.db.insert(staffSessions).values({
      tokenHash: hashToken(token),
      staffId,
      expiresAt: new Date(Date.now() + STAFF_IDLE_MS),
    });
    await this.db
      .delete(staffSessions)
      .where(and(eq(staffSessions.staffId, staffId), lt(staffSessions.expiresAt, new Date())));
    return token;
  }

  async resolve(token: string | undefined): Promise<StaffUser | null> {
    if (!token || token.length > 100) return null;
    const key = hashToken(token);
    const now = Date.now();
    const [row] = await this.db
      .select({
        staffId: staff.staffId,
        email: staff.email,
        name: staff.name,
        role: staff.role,
        expiresAt: staffSessions.expiresAt,
      })
      .from(staffSessions)
      .innerJoin(staff, eq(staff.staffId, staffSessions.staffId))
      .where(
        and(
          eq(staffSessions.tokenHash, key),
          gt(staffSessions.expiresAt, new Date(now)),
          eq(staff.active, true),
        ),
      )
      .limit(1);
    if (!row) return null;
    if (row.expiresAt.getTime() - now < STAFF_IDLE_MS - SLIDE_STEP_MS) {
      await this.db
        .update(staffSessions)
        .set({ expiresAt: new Date(now + STAFF_IDLE_MS) })
        .where(eq(staffSessions.tokenHash, key));
    }
    return { staffId: row.staffId, email: row.email, name: row.name, role: row.role as StaffRole };
  }

  async destroy(token: string | undefined): Promise<void> {
    if (!token) return;
    await this.db.delete(staffSessions).where(eq(staffSessions.tokenHash, hashToken(token)));
  }
}

/** Ends every session of a staff member (disabled, or a new password). */
export async function endStaffSessions(tx: Queryable, staffId: number, keepToken?: string): Promise<void> {
  await tx
    .delete(staffSessions)
    .where(
      keepToken
        ? and(eq(staffSessions.staffId, staffId), sql`${staffSessions.tokenHash} <> ${hashToken(keepToken)}`)
        : eq(staffSessions.staffId, staffId),
    );
}
