/**
 * The back office's API tokens: made, listed and revoked by owners, and checked on every /api/admin
 * request that carries `Authorization: Bearer <token>`. The secret is `st_live_<prefix>_<random>`, kept as
 * a company API key is (company-api/keys.ts): only its sha-256 (the sessions' hashToken), shown once in the
 * answer that makes it.
 */
import { randomBytes } from 'node:crypto';
import {
  MAX_ACTIVE_TOKENS,
  STAFF_SCOPES,
  STAFF_TOKEN_MSG,
  STAFF_TOKEN_PATTERN,
  type StaffScope,
  type StaffTokenCreateRequest,
  type StaffTokenView,
} from '@shop/domain/back-office/staff-tokens';
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db, Queryable } from '../../db/client';
import { staff, staffTokens } from '../../db/schema';
import type { Actor } from '../../lib/back-office';
import { HttpError } from '../../lib/http';
import { recordAudit } from '../audit';
import { hashToken as hashSecret, type StaffUser } from '../sessions';

const PREFIX_ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';

function newSecret(): { secret: string; prefix: string; hash: string } {
  const bits = randomBytes(5).reduce((n, byte) => n * 256n + BigInt(byte), 0n);
  let prefix = '';
  for (let i = 0; i < 8; i++) prefix += PREFIX_ALPHABET[Number((bits >> BigInt(5 * i)) & 31n)];
  const secret = `st_live_${prefix}_${randomBytes(32).toString('base64url')}`;
  return { secret, prefix, hash: hashSecret(secret) };
}

const maker = alias(staff, 'maker');
const revoker = alias(staff, 'revoker');

function tokensQuery(q: Queryable) {
  return q
    .select({
      tokenId: staffTokens.tokenId,
      name: staffTokens.name,
      scopes: staffTokens.scopes,
      prefix: staffTokens.prefix,
      createdAt: staffTokens.createdAt,
      createdBy: sql<string>`coalesce(${maker.email}, '')`,
      lastUsedAt: staffTokens.lastUsedAt,
      revokedAt: staffTokens.revokedAt,
      revokedBy: revoker.email,
    })
    .from(staffTokens)
    .leftJoin(maker, eq(maker.staffId, staffTokens.createdBy))
    .leftJoin(revoker, eq(revoker.staffId, staffTokens.revokedBy))
    .$dynamic();
}

type Row = Awaited<ReturnType<ReturnType<typeof tokensQuery>['execute']>>[number];

function present(row: Row): StaffTokenView {
  return {
    token_id: row.tokenId,
    name: row.name,
    scopes: row.scopes as StaffScope[],
    prefix: `st_live_${row.prefix}`,
    created_at: row.createdAt.toISOString(),
    created_by: row.createdBy,
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    revoked_at: row.revokedAt?.toISOString() ?? null,
    revoked_by: row.revokedAt ? (row.revokedBy ?? '') : null,
  };
}

/** Every token, newest first; revoked ones too (for the record). */
export async function listTokens(q: Queryable): Promise<StaffTokenView[]> {
  const rows = await tokensQuery(q).orderBy(desc(staffTokens.tokenId));
  return rows.map(present);
}

async function oneToken(q: Queryable, tokenId: number): Promise<StaffTokenView | null> {
  const [row] = await tokensQuery(q).where(eq(staffTokens.tokenId, tokenId));
  return row ? present(row) : null;
}

/** Makes a token; at most MAX_ACTIVE_TOKENS in use at once (counted under a lock on the table). */
export async function createToken(
  db: Db,
  owner: StaffUser,
  actor: Actor,
  input: z.output<typeof StaffTokenCreateRequest>,
): Promise<{ token: StaffTokenView; secret: string }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`lock table ${staffTokens} in share row exclusive mode`);
    const [used] = await tx.select({ n: count() }).from(staffTokens).where(isNull(staffTokens.revokedAt));
    if ((used?.n ?? 0) >= MAX_ACTIVE_TOKENS) throw new HttpError(400, STAFF_TOKEN_MSG.tooMany);
    for (let attempt = 1; ; attempt++) {
      const made = newSecret();
      const taken = await tx
        .select({ id: staffTokens.tokenId })
        .from(staffTokens)
        .where(eq(staffTokens.prefix, made.prefix));
      if (taken.length > 0 && attempt < 3) continue;
      const [row] = await tx
        .insert(staffTokens)
        .values({
          name: input.name,
          scopes: STAFF_SCOPES.filter((s) => input.scopes.includes(s)),
          prefix: made.prefix,
          tokenHash: made.hash,
          createdBy: owner.staffId,
        })
        .returning({ tokenId: staffTokens.tokenId });
      const token = (await oneToken(tx, row!.tokenId))!;
      // The record names the token, never its secret.
      await recordAudit(tx, actor, {
        action: 'staff_token.create',
        entityType: 'staff',
        entityId: `token:${token.token_id}`,
        after: { name: token.name, scopes: token.scopes, prefix: token.prefix },
      });
      return { token, secret: made.secret };
    }
  });
}

/** Revokes a token at once (every process reads the table on each request). */
export async function revokeToken(
  db: Db,
  owner: StaffUser,
  actor: Actor,
  tokenId: number,
): Promise<{ token: StaffTokenView; already: boolean }> {
  return db.transaction(async (tx) => {
    const revoked = await tx
      .update(staffTokens)
      .set({ revokedAt: sql`now()`, revokedBy: owner.staffId })
      .where(and(eq(staffTokens.tokenId, tokenId), isNull(staffTokens.revokedAt)))
      .returning({ tokenId: staffTokens.tokenId });
    const token = await oneToken(tx, tokenId);
    if (!token) throw new HttpError(404, STAFF_TOKEN_MSG.notFound);
    if (revoked.length > 0)
      await recordAudit(tx, actor, {
        action: 'staff_token.revoke',
        entityType: 'staff',
        entityId: `token:${tokenId}`,
        after: { name: token.name, prefix: token.prefix },
      });
    return { token, already: revoked.length === 0 };
  });
}

/** Who a valid token acts as. */
export interface TokenCaller {
  tokenId: number;
  scopes: StaffScope[];
  /** The staff member the request runs as: the owner who made the token, named with the token. */
  staff: StaffUser;
}

export type TokenCheck =
  | { ok: true; caller: TokenCaller }
  /** `tokenId` when the token was one of ours (a revoked token's use is recorded too). */
  | { ok: false; message: string; tokenId?: number; label?: string; staffId?: number };

/** The token in an Authorization header, or why it does not let the request in. */
export async function checkToken(db: Queryable, authorization: string): Promise<TokenCheck> {
  const secret = /^Bearer +(\S+) *$/i.exec(authorization)?.[1];
  if (!secret || !STAFF_TOKEN_PATTERN.test(secret)) return { ok: false, message: STAFF_TOKEN_MSG.unknown };
  const [row] = await db
    .select({
      tokenId: staffTokens.tokenId,
      name: staffTokens.name,
      prefix: staffTokens.prefix,
      scopes: staffTokens.scopes,
      revokedAt: staffTokens.revokedAt,
      staffId: staff.staffId,
      email: staff.email,
      active: staff.active,
      role: staff.role,
    })
    .from(staffTokens)
    .innerJoin(staff, eq(staff.staffId, staffTokens.createdBy))
    .where(eq(staffTokens.tokenHash, hashSecret(secret)))
    .limit(1);
  if (!row) return { ok: false, message: STAFF_TOKEN_MSG.unknown };
  const label = tokenLabel(row.email, row.prefix);
  // Tokens are the owners': one whose maker is no longer an active owner lets nobody in.
  if (row.revokedAt || !row.active || row.role !== 'owner')
    return { ok: false, message: STAFF_TOKEN_MSG.revoked, tokenId: row.tokenId, label, staffId: row.staffId };
  return {
    ok: true,
    caller: {
      tokenId: row.tokenId,
      scopes: row.scopes as StaffScope[],
      staff: { staffId: row.staffId, email: label, name: row.name, role: 'clerk' },
    },
  };
}

/** How the audit trail names a token's actions: its maker and its prefix. */
function tokenLabel(email: string, prefix: string): string {
  return `${email} (token st_live_${prefix})`;
}

/** One use of a token: its audit entry and its last use, in one transaction. */
export async function recordTokenUse(
  db: Db,
  use: { tokenId: number; label: string; staffId: number; method: string; route: string; status: number },
): Promise<void> {
  await db.transaction(async (tx) => {
    await recordAudit(
      tx,
      { staffId: use.staffId, label: use.label },
      {
        action: 'staff_token.use',
        entityType: 'staff',
        entityId: `token:${use.tokenId}`,
        after: { method: use.method, route: use.route, status: use.status },
      },
    );
    await tx.update(staffTokens).set({ lastUsedAt: sql`now()` }).where(eq(staffTokens.tokenId, use.tokenId));
  });
}
