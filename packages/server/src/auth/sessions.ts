/**
 * Server-side sessions. The cookie carries a random token; the table keeps its sha-256. Resolved
 * sessions are cached briefly in memory so a signed-in page view costs no extra database round trip;
 * a sign-out ends the session at once in this process and within SESSION_CACHE_MS in the others.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { CustomerInfo } from '@shop/domain/api';
import { and, eq, gt, inArray, lt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { contacts, customers, sessions } from '../db/schema';

export interface SessionUser {
  customerId: string;
  contactPersonId: string;
  contactName: string;
  firstName: string;
  lastName: string;
  company: string;
  email: string;
  phoneNumber: string;
  username: string;
  percentage: number;
}

/** The customer as sign-in, the header and the account settings show it. */
export function customerInfo(user: SessionUser): CustomerInfo {
  return {
    customer_id: user.customerId,
    contact_person_id: user.contactPersonId,
    contact_name: user.contactName,
    first_name: user.firstName,
    last_name: user.lastName,
    email: user.email,
    company: user.company,
    phone_number: user.phoneNumber,
    username: user.username,
    percentage: user.percentage,
  };
}

const SESSION_CACHE_MS = 10_000;
const CACHE_LIMIT = 20_000;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

export class SessionService {
  private cache = new Map<string, { user: SessionUser | null; until: number; expiresAt: number }>();

  constructor(
    private readonly db: Db,
    private readonly sessionDays: number,
  ) {}

  async create(contactPersonId: string): Promise<{ token: string; expiresAt: Date }> {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + this.sessionDays * 86_400_000);
    await this.db.insert(sessions).values({ tokenHash: hashToken(token), contactPersonId, expiresAt });
    // Housekeeping: expired sessions of this person go when a new one starts.
    await this.db
      .delete(sessions)
      .where(and(eq(sessions.contactPersonId, contactPersonId), lt(sessions.expiresAt, new Date())));
    return { token, expiresAt };
  }

  async resolve(token: string | undefined): Promise<SessionUser | null> {
    if (!token || token.length > 100) return null;
    const key = hashToken(token);
    const now = Date.now();
    const hit = this.cache.get(key);
    if (hit && hit.until > now && hit.expiresAt > now) return hit.user;
    const [row] = await this.db
      .select({
        customerId: customers.customerId,
        contactPersonId: contacts.contactPersonId,
        contactName: contacts.contactName,
        firstName: contacts.firstName,
        lastName: contacts.lastName,
        company: customers.company,
        email: contacts.email,
        phoneNumber: contacts.phoneNumber,
        username: contacts.username,
        percentage: customers.percentage,
        expiresAt: sessions.expiresAt,
      })
      .from(sessions)
      .innerJoin(contacts, eq(contacts.contactPersonId, sessions.contactPersonId))
      .innerJoin(customers, eq(customers.customerId, contacts.customerId))
      .where(and(eq(sessions.tokenHash, key), gt(sessions.expiresAt, new Date())))
      .limit(1);
    const { expiresAt, ...user } = row ?? { expiresAt: new Date(0) };
    const result = row ? (user as SessionUser) : null;
    if (this.cache.size >= CACHE_LIMIT) this.cache.clear();
    this.cache.set(key, {
      user: result,
      until: now + SESSION_CACHE_MS,
      expiresAt: expiresAt.getTime() || now + SESSION_CACHE_MS,
    });
    return result;
  }

  async destroy(token: string | undefined): Promise<void> {
    if (!token) return;
    const key = hashToken(token);
    this.cache.delete(key);
    await this.db.delete(sessions).where(eq(sessions.tokenHash, key));
  }

  /** Forget cached sessions (after a password or percentage change). */
  forget(): void {
    this.cache.clear();
  }

  /** Ends every session of the customer's contacts (a disabled account). */
  async revokeCustomer(customerId: string): Promise<void> {
    await this.db
      .delete(sessions)
      .where(
        inArray(
          sessions.contactPersonId,
          this.db
            .select({ id: contacts.contactPersonId })
            .from(contacts)
            .where(eq(contacts.customerId, customerId)),
        ),
      );
    this.dropCached(customerId);
  }

  /** Drops cached sessions of the customer, so the next request reads the percentage and details again. */
  async refreshCustomer(customerId: string): Promise<void> {
    this.dropCached(customerId);
  }

  private dropCached(customerId: string): void {
    for (const [key, entry] of this.cache) if (entry.user?.customerId === customerId) this.cache.delete(key);
  }
}
