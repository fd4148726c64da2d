/**
 * Punchout sessions. A setup request (cXML) makes one with a one-time start token (only its sha-256 kept,
 * good for START_URL_MINUTES); opening the start URL takes it once, with a conditional update, and signs
 * the buyer in with an ordinary session cookie, whose hash the punchout session then keeps. OCI's sign-in
 * is its own start. What a session cookie's punchout is, is read from the database for each request of a
 * browser with the punchout mark (the framing headers of its pages), so every process knows it exactly.
 */
import { randomBytes } from 'node:crypto';
import { START_URL_MINUTES } from '@shop/domain/punchout/rules';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { contacts, customers, punchoutSessions, punchoutSettings } from '../../db/schema';
import { BUYER_COLUMNS, buyerOf, hashToken, type SessionUser } from '../sessions';
import { hashSecret } from './settings';

export type Protocol = 'cxml' | 'oci';

export interface PunchoutOfSession {
  punchoutId: number;
  customerId: string;
  protocol: Protocol;
  returnUrl: string;
  buyerCookie: string;
  frameOrigins: string[];
}

/**
 * Who the session signs in as: the company's active contact with that e-mail when the request names one,
 * else its primary contact.
 */
export async function contactFor(q: Queryable, customerId: string, email: string): Promise<string | null> {
  const [row] = await q
    .select({ id: contacts.contactPersonId })
    .from(contacts)
    .where(
      and(
        eq(contacts.customerId, customerId),
        eq(contacts.active, true),
        email
          ? sql`(lower(${contacts.email}) = ${email.toLowerCase()} or ${contacts.isPrimary})`
          : eq(contacts.isPrimary, true),
      ),
    )
    .orderBy(desc(sql`lower(${contacts.email}) = ${email.toLowerCase()}`), desc(contacts.isPrimary))
    .limit(1);
  return row?.id ?? null;
}

/** A new punchout session waiting for its start; returns the start token (to put in the start URL). */
export async function openPunchout(
  q: Queryable,
  input: {
    customerId: string;
    contactPersonId: string;
    protocol: Protocol;
    returnUrl: string;
    buyerCookie: string;
  },
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await q.insert(punchoutSessions).values({
    ...input,
    startHash: hashSecret(token),
    startExpiresAt: new Date(Date.now() + START_URL_MINUTES * 60_000),
  });
  return token;
}

/**
 * Takes a start token once: the contact to sign in, or null when it is unknown, used or expired. `tie`
 * gives the session cookie's token, kept (hashed) with the punchout session.
 */
export async function takeStart(
  q: Queryable,
  token: string,
  tie: (contactPersonId: string) => Promise<string>,
): Promise<{ contactPersonId: string; sessionToken: string } | null> {
  if (!token || token.length > 100) return null;
  const [taken] = await q
    .update(punchoutSessions)
    .set({ startedAt: sql`now()` })
    .where(
      and(
        eq(punchoutSessions.startHash, hashSecret(token)),
        isNull(punchoutSessions.startedAt),
        gt(punchoutSessions.startExpiresAt, sql`now()`),
      ),
    )
    .returning({
      punchoutId: punchoutSessions.punchoutId,
      contactPersonId: punchoutSessions.contactPersonId,
    });
  if (!taken) return null;
  const sessionToken = await tie(taken.contactPersonId);
  await q
    .update(punchoutSessions)
    .set({ sessionHash: hashToken(sessionToken) })
    .where(eq(punchoutSessions.punchoutId, taken.punchoutId));
  return { contactPersonId: taken.contactPersonId, sessionToken };
}

/** The punchout of a signed-in session (its cookie's token), or null; the cart not yet sent back. */
export async function punchoutOf(
  q: Queryable,
  sessionToken: string | undefined,
): Promise<PunchoutOfSession | null> {
  if (!sessionToken || sessionToken.length > 100) return null;
  const key = hashToken(sessionToken);
  // Read for each request (one indexed row), never kept: a punchout ended or its settings changed on
  // another process show here on the next request. Only a browser with the punchout mark asks.
  const [row] = await q
    .select({
      punchoutId: punchoutSessions.punchoutId,
      customerId: punchoutSessions.customerId,
      protocol: punchoutSessions.protocol,
      returnUrl: punchoutSessions.returnUrl,
      buyerCookie: punchoutSessions.buyerCookie,
      frameOrigins: punchoutSettings.frameOrigins,
    })
    .from(punchoutSessions)
    .innerJoin(punchoutSettings, eq(punchoutSettings.customerId, punchoutSessions.customerId))
    .where(
      and(
        eq(punchoutSessions.sessionHash, key),
        isNull(punchoutSessions.returnedAt),
        eq(punchoutSettings.enabled, true),
      ),
    )
    .orderBy(desc(punchoutSessions.punchoutId))
    .limit(1);
  return row ? { ...row, protocol: row.protocol as Protocol } : null;
}

/** Marks the punchout returned: it is then over (once). */
export async function markReturned(q: Queryable, punchoutId: number): Promise<boolean> {
  const done = await q
    .update(punchoutSessions)
    .set({ returnedAt: sql`now()` })
    .where(and(eq(punchoutSessions.punchoutId, punchoutId), isNull(punchoutSessions.returnedAt)))
    .returning({ id: punchoutSessions.punchoutId });
  return done.length > 0;
}

/** A contact of a company that is not disabled, as a session user; null when gone or turned off. */
export async function buyerById(q: Queryable, contactPersonId: string): Promise<SessionUser | null> {
  const [row] = await q
    .select(BUYER_COLUMNS)
    .from(contacts)
    .innerJoin(customers, eq(customers.customerId, contacts.customerId))
    .where(
      and(
        eq(contacts.contactPersonId, contactPersonId),
        eq(contacts.active, true),
        isNull(customers.disabledAt),
      ),
    )
    .limit(1);
  return row ? buyerOf(row) : null;
}
