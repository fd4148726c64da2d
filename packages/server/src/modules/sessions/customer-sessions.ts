/**
 * Server-side sessions. The cookie carries a random token; the table keeps its sha-256. Each process keeps
 * resolved sessions in a bounded LRU, so a signed-in request costs no database round trip. Whatever ends
 * or changes a session (sign-out, password change or reset, a customer revoked or changed) is announced
 * on the `session_changed` channel when its transaction commits, and every process drops the matching
 * entries as the notification arrives. While the listener is disconnected notifications can be lost, so
 * the cache is then neither read nor filled: every request asks the database until the listener is back.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { BuyerRole, CustomerInfo } from '@shop/domain/core/api';
import { isLang, type Lang } from '@shop/domain/core/i18n';
import { and, eq, gt, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { Db, Queryable } from '../../db/client';
import { type Notifier, notify } from '../../db/notify';
import { contacts, customers, sessions } from '../../db/schema';
import { sessionLanguageSql } from '../../i18n/buyer-lang';

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
  /** A company's admins manage its buyers and addresses; buyers order. */
  role: BuyerRole;
  /** The primary contact signs in with the Customer ID; other buyers with their e-mail. */
  isPrimary: boolean;
  /** The buyer's language: their own choice, else French for a company billed in Quebec; null: not known. */
  language?: Lang | null;
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
    role: user.role,
    is_primary: user.isPrimary,
  };
}

/**
 * A signed-in buyer as one row of contacts joined to customers: what a session or a company's API key
 * acts as. `language` is the buyer's (their choice, else French for a company billed in Quebec).
 */
export const BUYER_COLUMNS = {
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
  role: sql<BuyerRole>`${contacts.role}`,
  isPrimary: contacts.isPrimary,
  language: sessionLanguageSql,
};

/** A buyer's row read with BUYER_COLUMNS, as the session user. */
export function buyerOf<R extends { language: unknown }>(
  row: R,
): Omit<R, 'language'> & { language: Lang | null } {
  const { language, ...rest } = row;
  return { ...rest, language: isLang(language) ? language : null };
}

export const SESSION_CHANNEL = 'session_changed';
const CACHE_MAX = 20_000;
/** A safety net only: a change made behind the application's back (SQL by hand) shows within this time. */
const CACHE_TTL_MS = 5 * 60_000;

/** Recent tokens' hashes: a signed-in request finds its session without hashing its cookie again. */
const recentHashes = new Map<string, string>();
const RECENT_HASHES_MAX = 10_000;

export function hashToken(token: string): string {
  let hash = recentHashes.get(token);
  if (hash === undefined) {
    hash = createHash('sha256').update(token).digest('base64url');
    if (recentHashes.size >= RECENT_HASHES_MAX) recentHashes.clear();
    recentHashes.set(token, hash);
  }
  return hash;
}

/** What a notification names: one session (by token hash), one person, or every person of a customer. */
type Target = { kind: 'token' | 'contact' | 'customer'; id: string };

function encode(target: Target): string {
  return `${target.kind}:${target.id}`;
}

function decode(payload: string): Target | null {
  const colon = payload.indexOf(':');
  const kind = payload.slice(0, colon);
  const id = payload.slice(colon + 1);
  if (colon < 1 || !id || (kind !== 'token' && kind !== 'contact' && kind !== 'customer')) return null;
  return { kind, id };
}

interface Entry {
  /** null: no live session has this token (an ended or unknown one), so it is not looked up again. */
  user: SessionUser | null;
}

export class SessionService {
  private readonly cache = new LRUCache<string, Entry>({ max: CACHE_MAX });
  /**
   * Bumped by every drop. A lookup that started before a drop may have read a session just ended, so it
   * answers its own request but does not put what it read into the cache.
   */
  private generation = 0;

  /** Registers with the notifier, so it must be built before the notifier starts. */
  constructor(
    private readonly db: Db,
    private readonly sessionDays: number,
    private readonly notifier: Notifier,
    private readonly log: Pick<FastifyBaseLogger, 'warn'>,
  ) {
    notifier.on(SESSION_CHANNEL, (payload) => {
      const target = decode(payload);
      if (target) this.drop(target);
      else {
        this.log.warn({ payload }, 'unreadable session notification; dropping every cached session');
        this.dropAll();
      }
    });
    // Anything may have happened while notifications could not arrive.
    notifier.onDisconnect(() => this.dropAll());
    notifier.onReconnect(() => this.dropAll());
  }

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

  /**
   * The session's buyer when this process already knows it (no token, a cached session, or a cached "no
   * such session"); undefined when only the database can tell. Lets the hot path skip a promise.
   */
  known(token: string | undefined): SessionUser | null | undefined {
    if (!token || token.length > 100) return null;
    if (!this.notifier.connected) return undefined;
    return this.cache.get(hashToken(token))?.user;
  }

  async resolve(token: string | undefined): Promise<SessionUser | null> {
    if (!token || token.length > 100) return null;
    const key = hashToken(token);
    const trusted = this.notifier.connected;
    if (trusted) {
      const hit = this.cache.get(key);
      if (hit) return hit.user;
    }
    const generation = this.generation;
    const [row] = await this.db
      .select({ ...BUYER_COLUMNS, expiresAt: sessions.expiresAt })
      .from(sessions)
      .innerJoin(contacts, eq(contacts.contactPersonId, sessions.contactPersonId))
      .innerJoin(customers, eq(customers.customerId, contacts.customerId))
      // A buyer turned off, or a disabled company, has no session whatever the table still holds.
      .where(
        and(
          eq(sessions.tokenHash, key),
          gt(sessions.expiresAt, new Date()),
          eq(contacts.active, true),
          isNull(customers.disabledAt),
        ),
      )
      .limit(1);
    let user: SessionUser | null = null;
    let ttl = CACHE_TTL_MS;
    if (row) {
      const { expiresAt, ...rest } = row;
      user = buyerOf(rest);
      ttl = Math.min(ttl, expiresAt.getTime() - Date.now());
    }
    if (trusted && this.notifier.connected && generation === this.generation && ttl > 0) {
      this.cache.set(key, { user }, { ttl });
    }
    return user;
  }

  /** Signs out: the session ends in every process. */
  async destroy(token: string | undefined): Promise<void> {
    if (!token || token.length > 100) return;
    const target: Target = { kind: 'token', id: hashToken(token) };
    await this.db.transaction(async (tx) => {
      await tx.delete(sessions).where(eq(sessions.tokenHash, target.id));
      await notify(tx, SESSION_CHANNEL, encode(target));
    });
    this.drop(target);
  }

  /**
   * Ends a person's sessions (all, or all but `keepToken`), e.g. inside the transaction that changes the
   * password: the other processes hear of it when that transaction commits.
   */
  async endContactSessions(q: Queryable, contactPersonId: string, keepToken?: string): Promise<void> {
    const theirs = eq(sessions.contactPersonId, contactPersonId);
    await q
      .delete(sessions)
      .where(keepToken ? and(theirs, ne(sessions.tokenHash, hashToken(keepToken))) : theirs);
    await this.announce(q, { kind: 'contact', id: contactPersonId });
  }

  /**
   * Ends every session of every person of a customer, in every process. Given `q` (a transaction), it
   * happens with that transaction: the other processes hear of it when it commits.
   */
  async revokeCustomer(customerId: string, q?: Queryable): Promise<void> {
    const run = async (tx: Queryable) => {
      const people = tx
        .select({ id: contacts.contactPersonId })
        .from(contacts)
        .where(eq(contacts.customerId, customerId));
      await tx.delete(sessions).where(inArray(sessions.contactPersonId, people));
      await this.announce(tx, { kind: 'customer', id: customerId });
    };
    if (q) return run(q);
    await this.db.transaction(run);
    this.drop({ kind: 'customer', id: customerId });
  }

  /**
   * Every process forgets what it cached of a customer's sessions (after a change of percentage, company
   * or a person's details), so the next request reads them again; the sessions stay valid. Given `q` (the
   * transaction that makes the change), the other processes hear of it when it commits.
   */
  async refreshCustomer(customerId: string, q?: Queryable): Promise<void> {
    await this.announce(q ?? this.db, { kind: 'customer', id: customerId });
  }

  /**
   * Every process forgets what it cached of one person's sessions (after a change of their details, e.g.
   * their language); the sessions stay valid. Given `q` (the transaction that makes the change), the other
   * processes hear of it when it commits.
   */
  async refreshContact(contactPersonId: string, q?: Queryable): Promise<void> {
    await this.announce(q ?? this.db, { kind: 'contact', id: contactPersonId });
  }

  /**
   * Sends the notification (on commit, when `q` is a transaction) and drops this process's entries now;
   * the notification comes back to this process too and drops anything read again before the commit.
   */
  private async announce(q: Queryable, target: Target): Promise<void> {
    await notify(q, SESSION_CHANNEL, encode(target));
    this.drop(target);
  }

  private drop(target: Target): void {
    this.generation++;
    if (target.kind === 'token') {
      this.cache.delete(target.id);
      return;
    }
    const stale: string[] = [];
    for (const [key, entry] of this.cache.entries()) {
      const user = entry.user;
      if (!user) continue;
      if (target.kind === 'contact' ? user.contactPersonId === target.id : user.customerId === target.id) {
        stale.push(key);
      }
    }
    for (const key of stale) this.cache.delete(key);
  }

  private dropAll(): void {
    this.generation++;
    this.cache.clear();
  }
}
