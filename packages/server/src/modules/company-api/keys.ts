/**
 * A company's API keys: made, listed and revoked by its administrators, and checked on every /api/v1
 * request. The secret is `ak_live_<prefix>_<random>`: 32 random bytes (base64url) after an 8-character
 * prefix that names the key. Only the secret's sha-256 is kept (the secret has 256 bits of entropy, so a
 * plain hash cannot be reversed or guessed; a slow password hash would only slow every request), and it
 * is shown once, in the answer that makes it.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  API_KEY_PATTERN,
  API_MSG,
  type ApiKeyCreateRequest,
  type ApiKeyView,
  type ApiScope,
  MAX_ACTIVE_KEYS,
} from '@shop/domain/company-api/schemas';
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db, Queryable } from '../../db/client';
import { apiKeys, contacts, customers } from '../../db/schema';
import { HttpError } from '../../lib/http';
import type { SessionUser } from '../sessions';

const PREFIX_ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';

/** The hash kept of a secret (and looked up by). */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('base64url');
}

/** A new secret and what is kept of it. */
function newSecret(): { secret: string; prefix: string; hash: string } {
  // 5 random bytes are 40 bits: 8 characters of a 32-letter alphabet.
  const bits = randomBytes(5).reduce((n, byte) => n * 256n + BigInt(byte), 0n);
  let prefix = '';
  for (let i = 0; i < 8; i++) prefix += PREFIX_ALPHABET[Number((bits >> BigInt(5 * i)) & 31n)];
  const secret = `ak_live_${prefix}_${randomBytes(32).toString('base64url')}`;
  return { secret, prefix, hash: hashSecret(secret) };
}

const maker = alias(contacts, 'maker');
const revoker = alias(contacts, 'revoker');

const viewColumns = {
  keyId: apiKeys.keyId,
  name: apiKeys.name,
  scopes: apiKeys.scopes,
  prefix: apiKeys.prefix,
  createdAt: apiKeys.createdAt,
  createdBy: sql<string>`coalesce(${maker.contactName}, '')`,
  lastUsedAt: apiKeys.lastUsedAt,
  revokedAt: apiKeys.revokedAt,
  revokedBy: revoker.contactName,
};

type ViewRow = {
  keyId: number;
  name: string;
  scopes: string[];
  prefix: string;
  createdAt: Date;
  createdBy: string;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
  revokedBy: string | null;
};

function present(row: ViewRow): ApiKeyView {
  return {
    key_id: row.keyId,
    name: row.name,
    scopes: row.scopes as ApiScope[],
    prefix: `ak_live_${row.prefix}`,
    created_at: row.createdAt.toISOString(),
    created_by: row.createdBy,
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    revoked_at: row.revokedAt?.toISOString() ?? null,
    revoked_by: row.revokedAt ? (row.revokedBy ?? '') : null,
  };
}

function keysQuery(q: Queryable, customerId: string) {
  return q
    .select(viewColumns)
    .from(apiKeys)
    .leftJoin(maker, eq(maker.contactPersonId, apiKeys.createdBy))
    .leftJoin(revoker, eq(revoker.contactPersonId, apiKeys.revokedBy))
    .where(eq(apiKeys.customerId, customerId))
    .$dynamic();
}

/** The company's keys, newest first; revoked ones too (for the record). */
export async function listKeys(q: Queryable, customerId: string): Promise<ApiKeyView[]> {
  const rows = await keysQuery(q, customerId).orderBy(desc(apiKeys.keyId));
  return rows.map(present);
}

async function oneKey(q: Queryable, customerId: string, keyId: number): Promise<ApiKeyView | null> {
  const [row] = await keysQuery(q, customerId).where(
    and(eq(apiKeys.customerId, customerId), eq(apiKeys.keyId, keyId)),
  );
  return row ? present(row) : null;
}

/**
 * Makes a key for the administrator's company. The company's row is locked while its keys in use are
 * counted, so two requests at once cannot pass the limit together.
 */
export async function createKey(
  db: Db,
  user: SessionUser,
  input: z.output<typeof ApiKeyCreateRequest>,
): Promise<{ apiKey: ApiKeyView; secret: string }> {
  return db.transaction(async (tx) => {
    await tx
      .select({ id: customers.customerId })
      .from(customers)
      .where(eq(customers.customerId, user.customerId))
      .for('update');
    const [used] = await tx
      .select({ n: count() })
      .from(apiKeys)
      .where(and(eq(apiKeys.customerId, user.customerId), isNull(apiKeys.revokedAt)));
    if ((used?.n ?? 0) >= MAX_ACTIVE_KEYS) throw new HttpError(400, API_MSG.tooManyKeys);
    // The prefix is unique; of 2^40 prefixes two keys sharing one is unlikely enough that one retry does.
    for (let attempt = 1; ; attempt++) {
      const made = newSecret();
      const taken = await tx
        .select({ id: apiKeys.keyId })
        .from(apiKeys)
        .where(eq(apiKeys.prefix, made.prefix));
      if (taken.length > 0 && attempt < 3) continue;
      const [row] = await tx
        .insert(apiKeys)
        .values({
          customerId: user.customerId,
          name: input.name,
          // In the order of API_SCOPES, whatever order they were sent in.
          scopes: (['prices:read', 'orders:write'] as const).filter((s) => input.scopes.includes(s)),
          prefix: made.prefix,
          keyHash: made.hash,
          createdBy: user.contactPersonId,
        })
        .returning({ keyId: apiKeys.keyId });
      const apiKey = await oneKey(tx, user.customerId, row!.keyId);
      return { apiKey: apiKey!, secret: made.secret };
    }
  });
}

/** Revokes a key of the company at once (every process checks the table on each request). */
export async function revokeKey(
  db: Db,
  user: SessionUser,
  keyId: number,
): Promise<{ apiKey: ApiKeyView; already: boolean }> {
  const revoked = await db
    .update(apiKeys)
    .set({ revokedAt: sql`now()`, revokedBy: user.contactPersonId })
    .where(and(eq(apiKeys.keyId, keyId), eq(apiKeys.customerId, user.customerId), isNull(apiKeys.revokedAt)))
    .returning({ keyId: apiKeys.keyId });
  const apiKey = await oneKey(db, user.customerId, keyId);
  if (!apiKey) throw new HttpError(404, API_MSG.keyNotFound);
  return { apiKey, already: revoked.length === 0 };
}

/** Who is calling /api/v1: the key and its company. */
export interface ApiCaller {
  keyId: number;
  customerId: string;
  scopes: ApiScope[];
  /** The contact who made the key: the key's orders are placed in their name. */
  createdBy: string;
}

export type KeyCheck =
  | { ok: true; caller: ApiCaller }
  /** `keyId` when the key was known (a revoked key's use is recorded too). */
  | { ok: false; status: 401 | 403; message: string; keyId?: number };

/** The key in an Authorization header, or why it does not let the request in. */
export async function checkKey(db: Queryable, authorization: string | undefined): Promise<KeyCheck> {
  if (!authorization?.trim()) return { ok: false, status: 401, message: API_MSG.missingKey };
  const match = /^Bearer +(\S+) *$/i.exec(authorization);
  const secret = match?.[1];
  if (!secret || !API_KEY_PATTERN.test(secret))
    return { ok: false, status: 401, message: API_MSG.malformedKey };
  const [row] = await db
    .select({
      keyId: apiKeys.keyId,
      customerId: apiKeys.customerId,
      scopes: apiKeys.scopes,
      createdBy: apiKeys.createdBy,
      revokedAt: apiKeys.revokedAt,
      disabledAt: customers.disabledAt,
    })
    .from(apiKeys)
    .innerJoin(customers, eq(customers.customerId, apiKeys.customerId))
    .where(eq(apiKeys.keyHash, hashSecret(secret)))
    .limit(1);
  if (!row) return { ok: false, status: 401, message: API_MSG.unknownKey };
  if (row.revokedAt) return { ok: false, status: 401, message: API_MSG.revokedKey, keyId: row.keyId };
  if (row.disabledAt) return { ok: false, status: 403, message: CUSTOMER_DISABLED, keyId: row.keyId };
  return {
    ok: true,
    caller: {
      keyId: row.keyId,
      customerId: row.customerId,
      scopes: row.scopes as ApiScope[],
      createdBy: row.createdBy,
    },
  };
}

/** The shop's own words for a company the seller has disabled (in its catalogue, so it is translated). */
const CUSTOMER_DISABLED = 'api.customerDisabled';
