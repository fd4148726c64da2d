/**
 * A company's punchout settings: on or off, the shared secret (only its sha-256 kept; 32 random bytes, so
 * a plain hash cannot be reversed or guessed) and the origins allowed to frame the shop. The identity the
 * procurement system names is the company's Customer ID.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { PunchoutSettings } from '@shop/domain/punchout/schemas';
import { and, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { customers, punchoutSettings } from '../../db/schema';

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('base64url');
}

export function newSecret(): string {
  return `po_${randomBytes(32).toString('base64url')}`;
}

function present(
  row: typeof punchoutSettings.$inferSelect | undefined,
  customerId: string,
  publicUrl: string,
): PunchoutSettings {
  return {
    enabled: row?.enabled ?? false,
    identity: customerId,
    has_secret: row !== undefined,
    frame_origins: row?.frameOrigins ?? [],
    cxml_url: `${publicUrl}/punchout/cxml`,
    oci_url: `${publicUrl}/punchout/oci`,
    updated_at: row?.updatedAt.toISOString() ?? null,
  };
}

export async function readSettings(q: Queryable, customerId: string, publicUrl: string) {
  const [row] = await q.select().from(punchoutSettings).where(eq(punchoutSettings.customerId, customerId));
  return present(row, customerId, publicUrl);
}

/**
 * Saves on/off and the origins. The first save makes the shared secret and returns it (the only time it
 * is seen); later ones keep it and return null.
 */
export async function saveSettings(
  q: Queryable,
  customerId: string,
  contactPersonId: string,
  input: { enabled: boolean; frame_origins: string[] },
  publicUrl: string,
): Promise<{ settings: PunchoutSettings; secret: string | null }> {
  const secret = newSecret();
  const [row] = await q
    .insert(punchoutSettings)
    .values({
      customerId,
      enabled: input.enabled,
      frameOrigins: input.frame_origins,
      secretHash: hashSecret(secret),
      updatedBy: contactPersonId,
    })
    .onConflictDoUpdate({
      target: punchoutSettings.customerId,
      set: {
        enabled: input.enabled,
        frameOrigins: input.frame_origins,
        updatedBy: contactPersonId,
        updatedAt: sql`now()`,
      },
    })
    .returning({ secretHash: punchoutSettings.secretHash });
  const made = row?.secretHash === hashSecret(secret);
  return { settings: await readSettings(q, customerId, publicUrl), secret: made ? secret : null };
}

/** A new shared secret for the company (turning punchout on); the previous one stops working at once. */
export async function remakeSecret(
  q: Queryable,
  customerId: string,
  contactPersonId: string,
  publicUrl: string,
): Promise<{ settings: PunchoutSettings; secret: string }> {
  const secret = newSecret();
  await q
    .insert(punchoutSettings)
    .values({ customerId, enabled: true, secretHash: hashSecret(secret), updatedBy: contactPersonId })
    .onConflictDoUpdate({
      target: punchoutSettings.customerId,
      set: { secretHash: hashSecret(secret), updatedBy: contactPersonId, updatedAt: sql`now()` },
    });
  return { settings: await readSettings(q, customerId, publicUrl), secret };
}

/**
 * The company whose identity and secret these are, when punchout is on for it and the company is not
 * disabled; null otherwise (wrong identity, wrong secret or off: the caller cannot tell which).
 */
export async function checkCredentials(
  q: Queryable,
  identity: string,
  secret: string,
): Promise<{ customerId: string; frameOrigins: string[] } | null> {
  if (!identity || !secret || identity.length > 100 || secret.length > 200) return null;
  const [row] = await q
    .select({
      customerId: punchoutSettings.customerId,
      secretHash: punchoutSettings.secretHash,
      frameOrigins: punchoutSettings.frameOrigins,
    })
    .from(punchoutSettings)
    .innerJoin(customers, eq(customers.customerId, punchoutSettings.customerId))
    .where(
      and(
        sql`lower(${punchoutSettings.customerId}) = ${identity.toLowerCase()}`,
        eq(punchoutSettings.enabled, true),
        sql`${customers.disabledAt} is null`,
      ),
    )
    .limit(1);
  const given = Buffer.from(hashSecret(secret));
  const kept = Buffer.from(row?.secretHash ?? hashSecret(''));
  const same = given.length === kept.length && timingSafeEqual(given, kept);
  return row && same ? { customerId: row.customerId, frameOrigins: row.frameOrigins } : null;
}
