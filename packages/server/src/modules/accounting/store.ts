/**
 * The owner's tax codes per accounting system and component (in the audit trail), and the accounting
 * system's ids of our records, set all or nothing with every refused row named (a token's every call is
 * in the audit trail already).
 */
import {
  ACCOUNTING_MSG,
  type AccountingIdRow,
  type AccountingKind,
  type TaxCodeRow,
} from '@shop/domain/accounting/accounting';
import type { Message } from '@shop/domain/core/i18n';
import { TAX_COMPONENTS } from '@shop/domain/tax/rules';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import {
  accountingIds,
  accountingTaxCodes,
  creditNotes,
  customers,
  invoices,
  payments,
} from '../../db/schema';
import type { Actor, AdminDeps } from '../../lib/back-office';
import { recordAudit } from '../audit';

export async function listTaxCodes(db: Queryable): Promise<TaxCodeRow[]> {
  const rows = await db
    .select()
    .from(accountingTaxCodes)
    .orderBy(asc(accountingTaxCodes.system), asc(accountingTaxCodes.component));
  return rows
    .map((r) => ({ system: r.system, component: r.component, code: r.code }) as TaxCodeRow)
    .sort(
      (a, b) =>
        a.system.localeCompare(b.system) ||
        TAX_COMPONENTS.indexOf(a.component) - TAX_COMPONENTS.indexOf(b.component),
    );
}

/** Sets the given codes (an empty code removes one). */
export async function saveTaxCodes(deps: AdminDeps, actor: Actor, codes: readonly TaxCodeRow[]) {
  await deps.db.transaction(async (tx) => {
    for (const c of codes) {
      const where = and(
        eq(accountingTaxCodes.system, c.system),
        eq(accountingTaxCodes.component, c.component),
      );
      if (c.code === '') await tx.delete(accountingTaxCodes).where(where);
      else
        await tx
          .insert(accountingTaxCodes)
          .values({ ...c, updatedBy: actor.label })
          .onConflictDoUpdate({
            target: [accountingTaxCodes.system, accountingTaxCodes.component],
            set: { code: c.code, updatedBy: actor.label, updatedAt: sql`now()` },
          });
    }
    if (codes.length > 0)
      await recordAudit(tx, actor, {
        action: 'accounting_tax_codes_set',
        entityType: 'tax_rate',
        entityId: 'accounting-tax-codes',
        after: { codes: codes.map((c) => ({ ...c })) },
      });
  });
}

export interface RefusedIdRow {
  index: number;
  id: string;
  reason: Message;
}

/** Which of the given ids of a kind are ours. */
async function existing(tx: Queryable, kind: AccountingKind, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const found =
    kind === 'invoice'
      ? (
          await tx
            .select({ id: invoices.invoiceNumber })
            .from(invoices)
            .where(inArray(invoices.invoiceNumber, ids))
        ).map((r) => r.id)
      : kind === 'credit_note'
        ? (
            await tx
              .select({ id: creditNotes.creditNoteNumber })
              .from(creditNotes)
              .where(inArray(creditNotes.creditNoteNumber, ids))
          ).map((r) => r.id)
        : kind === 'customer'
          ? (
              await tx
                .select({ id: customers.customerId })
                .from(customers)
                .where(inArray(customers.customerId, ids))
            ).map((r) => r.id)
          : (
              await tx
                .select({ id: payments.paymentId })
                .from(payments)
                .where(inArray(payments.paymentId, ids.filter((i) => /^\d{1,9}$/.test(i)).map(Number)))
            ).map((r) => String(r.id));
  return new Set(found);
}

class Refused extends Error {
  constructor(readonly rows: RefusedIdRow[]) {
    super('accounting ids refused');
  }
}

/** Sets (or, with an empty external id, removes) the accounting system's ids: every row or none. */
export async function setAccountingIds(
  deps: AdminDeps,
  rows: readonly AccountingIdRow[],
): Promise<{ ok: true; updated: number } | { ok: false; refused: RefusedIdRow[] }> {
  try {
    await deps.db.transaction(async (tx) => {
      const refused: RefusedIdRow[] = [];
      const ours = new Map<AccountingKind, Set<string>>();
      for (const kind of new Set(rows.map((r) => r.kind)))
        ours.set(
          kind,
          await existing(
            tx,
            kind,
            rows.filter((r) => r.kind === kind).map((r) => r.id),
          ),
        );
      const seen = new Set<string>();
      for (const [index, row] of rows.entries()) {
        const key = `${row.system}|${row.kind}|${row.id}`;
        if (seen.has(key)) refused.push({ index, id: row.id, reason: ACCOUNTING_MSG.duplicateRow });
        else if (!ours.get(row.kind)?.has(row.id))
          refused.push({ index, id: row.id, reason: ACCOUNTING_MSG.noSuchRecord });
        seen.add(key);
      }
      if (refused.length > 0) throw new Refused(refused);
      for (const row of rows) {
        const where = and(
          eq(accountingIds.system, row.system),
          eq(accountingIds.kind, row.kind),
          eq(accountingIds.recordId, row.id),
        );
        if (row.external_id === '') await tx.delete(accountingIds).where(where);
        else
          await tx
            .insert(accountingIds)
            .values({ system: row.system, kind: row.kind, recordId: row.id, externalId: row.external_id })
            .onConflictDoUpdate({
              target: [accountingIds.system, accountingIds.kind, accountingIds.recordId],
              set: { externalId: row.external_id, updatedAt: sql`now()` },
            });
      }
    });
    return { ok: true, updated: rows.length };
  } catch (error) {
    if (error instanceof Refused) return { ok: false, refused: error.rows };
    throw error;
  }
}

/** The ids set, newest first (at most 500), or those of one record. */
export async function listAccountingIds(db: Queryable, filter: { kind?: AccountingKind; id?: string } = {}) {
  const rows = await db
    .select()
    .from(accountingIds)
    .where(
      and(
        filter.kind ? eq(accountingIds.kind, filter.kind) : undefined,
        filter.id ? eq(accountingIds.recordId, filter.id) : undefined,
      ),
    )
    .orderBy(sql`${accountingIds.updatedAt} desc`, asc(accountingIds.recordId))
    .limit(500);
  return rows.map((r) => ({
    system: r.system as AccountingIdRow['system'],
    kind: r.kind as AccountingKind,
    id: r.recordId,
    external_id: r.externalId,
    updated_at: r.updatedAt.toISOString(),
  }));
}
