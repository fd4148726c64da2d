/** The audit trail: every staff action with who, when, what, and the values before and after. */
import type { AuditEntry } from '@shop/domain/back-office/schemas';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { auditLog } from '../../db/schema';
import type { Actor } from '../../lib/back-office';

export type EntityType =
  | 'order'
  | 'customer'
  | 'product'
  | 'staff'
  | 'application'
  | 'contact_message'
  | 'catalog'
  | 'tax_rate'
  | 'fee'
  | 'quote'
  | 'return'
  | 'warranty_claim'
  | 'webhook_endpoint';

export interface AuditRecord {
  action: string;
  entityType: EntityType;
  entityId: string;
  before?: unknown;
  after?: unknown;
}

/** Records actions inside the transaction of the change, so the trail and the change stand or fall together. */
export async function recordAudit(tx: Queryable, actor: Actor, records: AuditRecord | AuditRecord[]) {
  const list = Array.isArray(records) ? records : [records];
  for (let i = 0; i < list.length; i += 500) {
    await tx.insert(auditLog).values(
      list.slice(i, i + 500).map((r) => ({
        actor: actor.label,
        staffId: actor.staffId,
        action: r.action,
        entityType: r.entityType,
        entityId: r.entityId,
        before: r.before ?? null,
        after: r.after ?? null,
      })),
    );
  }
}

function presentAudit(row: typeof auditLog.$inferSelect): AuditEntry {
  return {
    audit_id: row.auditId,
    at: row.at.toISOString(),
    actor: row.actor,
    action: row.action,
    entity_type: row.entityType,
    entity_id: row.entityId,
    before: row.before,
    after: row.after,
  };
}

/** The trail of one order, customer or product, newest first. */
export async function auditOf(db: Queryable, entityType: EntityType, entityId: string, limit = 200) {
  const rows = await db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, entityType), eq(auditLog.entityId, entityId)))
    .orderBy(desc(auditLog.auditId))
    .limit(limit);
  return rows.map(presentAudit);
}

export async function listAudit(
  db: Queryable,
  query: { entity_type?: string; entity_id?: string; actor?: string; page: number; page_size: number },
) {
  const where: SQL[] = [];
  if (query.entity_type) where.push(eq(auditLog.entityType, query.entity_type));
  if (query.entity_id) where.push(eq(auditLog.entityId, query.entity_id));
  if (query.actor) where.push(sql`lower(${auditLog.actor}) = ${query.actor.toLowerCase()}`);
  const condition = where.length > 0 ? and(...where) : undefined;
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(condition)
      .orderBy(desc(auditLog.auditId))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db.select({ n: sql<number>`count(*)::int` }).from(auditLog).where(condition),
  ]);
  return { rows: rows.map(presentAudit), total: counted?.n ?? 0 };
}
