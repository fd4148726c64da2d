/**
 * A buyer's stock alerts: making, listing, changing and deleting them (their own only), and settling one
 * alert's state against the database: an alert that starts to match is fired (one conditional update and
 * its mail in one transaction, so one mail however many processes see the change), one that stops
 * matching is marked so, and may fire again later.
 */
import { randomBytes } from 'node:crypto';
import {
  ALERT_MSG,
  type AlertCreate,
  type AlertRule,
  type AlertTarget,
  type AlertView,
  alertState,
  checkListing,
  evaluateAlert,
  MAX_ALERTS,
  targetPath,
} from '@shop/domain/alerts/schemas';
import { FILTER_FIELDS } from '@shop/domain/catalog/rules';
import { toAmount } from '@shop/domain/core/money';
import { and, arrayContains, asc, count, eq, or, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { contacts, customers, stockAlerts } from '../../db/schema';
import { mailLanguageOf } from '../../i18n/buyer-lang';
import { HttpError } from '../../lib/http';
import { queueMail } from '../../mail/outbox';
import { countStockAlert } from '../../metrics/counters';
import { hashToken } from '../sessions';
import { alertLabel, listingLabel } from './label';
import { alertMail } from './mail';
import type { AlertsNeeds } from './needs';
import { databaseOffers } from './offers';

type AlertRow = typeof stockAlerts.$inferSelect;

/** A new unsubscribe token and the hash that is stored (the token itself only travels in the mail). */
function newToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

function alertView(row: AlertRow): AlertView {
  const target = row.target as AlertTarget;
  return {
    alert_id: row.alertId,
    label: row.label,
    target,
    path: targetPath(target),
    conditions: row.conditions as AlertView['conditions'],
    min_quantity: row.minQuantity,
    max_price: row.maxPriceCents === null ? null : toAmount(row.maxPriceCents),
    state: alertState(row),
    paused: row.paused,
    matching: row.matching,
    last_fired_at: row.lastFiredAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

export async function listAlerts(db: Queryable, contactPersonId: string): Promise<AlertView[]> {
  const rows = await db
    .select()
    .from(stockAlerts)
    .where(eq(stockAlerts.contactPersonId, contactPersonId))
    .orderBy(asc(stockAlerts.alertId));
  return rows.map(alertView);
}

/** The target an alert stores, and its label, from what the buyer asked to watch. */
function resolveTarget(
  needs: AlertsNeeds,
  asked: AlertCreate['target'],
): { target: AlertTarget; label: string } {
  if (asked.kind === 'product') {
    const p = needs.catalog.items.get(asked.item_id);
    if (!p?.isActive) throw new HttpError(404, ALERT_MSG.productMissing);
    // A warranty plan is always in stock, and no alert's condition counts it: an alert could never fire.
    if (p.itemCondition === 'Warranty') {
      throw new HttpError(400, ALERT_MSG.warrantyProduct, { errors: { target: ALERT_MSG.warrantyProduct } });
    }
    return { target: { kind: 'model', model: p.model, item_id: p.itemId }, label: p.itemName };
  }
  const problem = checkListing(asked);
  if (problem) throw new HttpError(400, problem, { errors: { target: problem } });
  // Only the listing's fields, in their order, without empty values: the same filters the URL would carry.
  const filters: Record<string, string[]> = {};
  for (const field of FILTER_FIELDS) {
    const values = [...new Set((asked.filters[field] ?? []).filter((v) => v !== ''))];
    if (values.length > 0) filters[field] = values;
  }
  const target: AlertTarget = {
    kind: 'filter',
    category: asked.category,
    subcategory: asked.subcategory,
    filters,
  };
  // Stored in English; the mail and the unsubscribe page name the listing in their own language.
  return { target, label: listingLabel(target, 'en') };
}

async function ownAlert(q: Queryable, contactPersonId: string, alertId: number): Promise<AlertRow> {
  const [row] = await q
    .select()
    .from(stockAlerts)
    .where(and(eq(stockAlerts.alertId, alertId), eq(stockAlerts.contactPersonId, contactPersonId)))
    .for('update');
  if (!row) throw new HttpError(404, ALERT_MSG.notFound);
  return row;
}

export interface Buyer {
  customerId: string;
  contactPersonId: string;
}

export async function createAlert(needs: AlertsNeeds, buyer: Buyer, input: AlertCreate): Promise<number> {
  const { target, label } = resolveTarget(needs, input.target);
  return needs.database.db.transaction(async (tx) => {
    // The buyer's row is the lock that counts their alerts: two tabs cannot make a 21st.
    await tx
      .select({ id: contacts.contactPersonId })
      .from(contacts)
      .where(eq(contacts.contactPersonId, buyer.contactPersonId))
      .for('update');
    const [held] = await tx
      .select({ n: count() })
      .from(stockAlerts)
      .where(eq(stockAlerts.contactPersonId, buyer.contactPersonId));
    if (Number(held?.n ?? 0) >= MAX_ALERTS) throw new HttpError(400, ALERT_MSG.tooMany);
    const [made] = await tx
      .insert(stockAlerts)
      .values({
        customerId: buyer.customerId,
        contactPersonId: buyer.contactPersonId,
        target,
        label,
        conditions: [...input.conditions],
        minQuantity: input.min_quantity,
        maxPriceCents: input.max_price,
        // No mail has carried a token yet: the stored hash is of one nobody holds.
        unsubscribeHash: newToken().hash,
      })
      .returning({ alertId: stockAlerts.alertId });
    return made!.alertId;
  });
}

/** New conditions, quantity or price: the alert starts over (it may match, and mail, at once). */
export async function updateAlert(
  needs: AlertsNeeds,
  buyer: Buyer,
  alertId: number,
  rule: AlertRule,
): Promise<void> {
  await needs.database.db.transaction(async (tx) => {
    await ownAlert(tx, buyer.contactPersonId, alertId);
    await tx
      .update(stockAlerts)
      .set({
        conditions: [...rule.conditions],
        minQuantity: rule.min_quantity,
        maxPriceCents: rule.max_price,
        matching: false,
        updatedAt: sql`now()`,
      })
      .where(eq(stockAlerts.alertId, alertId));
  });
}

export async function setPaused(
  needs: AlertsNeeds,
  buyer: Buyer,
  alertId: number,
  paused: boolean,
): Promise<void> {
  await needs.database.db.transaction(async (tx) => {
    await ownAlert(tx, buyer.contactPersonId, alertId);
    await tx
      .update(stockAlerts)
      .set({ paused, updatedAt: sql`now()` })
      .where(eq(stockAlerts.alertId, alertId));
  });
}

export async function deleteAlert(needs: AlertsNeeds, buyer: Buyer, alertId: number): Promise<void> {
  const deleted = await needs.database.db
    .delete(stockAlerts)
    .where(and(eq(stockAlerts.alertId, alertId), eq(stockAlerts.contactPersonId, buyer.contactPersonId)))
    .returning({ alertId: stockAlerts.alertId });
  if (deleted.length === 0) throw new HttpError(404, ALERT_MSG.notFound);
}

export async function viewOf(q: Queryable, buyer: Buyer, alertId: number): Promise<AlertView> {
  const [row] = await q
    .select()
    .from(stockAlerts)
    .where(and(eq(stockAlerts.alertId, alertId), eq(stockAlerts.contactPersonId, buyer.contactPersonId)));
  if (!row) throw new HttpError(404, ALERT_MSG.notFound);
  return alertView(row);
}

export type Settled = 'fired' | 'unmatched' | null;

/**
 * Settles one alert against the database as it is now: locks it, counts what matches for its buyer, and
 * fires it (the conditional update and its mail, in this transaction) or marks it as no longer matching.
 * Any number of processes may settle the same alert at once: the lock makes them take turns, and the
 * second sees the first's decision.
 */
export async function settleAlert(needs: AlertsNeeds, alertId: number): Promise<Settled> {
  const settled = await needs.database.db.transaction(async (tx): Promise<Settled> => {
    const [alert] = await tx
      .select({
        row: stockAlerts,
        percentage: customers.percentage,
        email: contacts.email,
        name: contacts.firstName,
        contactName: contacts.contactName,
        active: contacts.active,
        disabledAt: customers.disabledAt,
      })
      .from(stockAlerts)
      .innerJoin(customers, eq(customers.customerId, stockAlerts.customerId))
      .innerJoin(contacts, eq(contacts.contactPersonId, stockAlerts.contactPersonId))
      .where(eq(stockAlerts.alertId, alertId))
      .for('update', { of: stockAlerts });
    if (!alert || alert.row.paused) return null;
    const row = alert.row;
    const target = row.target as AlertTarget;
    const criteria = {
      target,
      conditions: row.conditions,
      min_quantity: row.minQuantity,
      max_price_cents: row.maxPriceCents,
    };
    const result = evaluateAlert(criteria, await databaseOffers(tx, target), alert.percentage);
    if (result.matches && !row.matching) {
      // A buyer who left the company, or has no address, gets no mail; nor does a company the seller has
      // disabled (its prices are not sent to it). The alert waits: checked again on a change, or when the
      // company is enabled again (engine.ts checkCustomer).
      if (!alert.active || !alert.email || alert.disabledAt) return null;
      const { token, hash } = newToken();
      const fired = await tx
        .update(stockAlerts)
        .set({
          matching: true,
          lastFiredAt: sql`now()`,
          unsubscribeHash: hash,
          // The earlier mails' links keep working (the latest ten in all).
          earlierUnsubscribeHashes: sql`(array_prepend(${stockAlerts.unsubscribeHash}, ${stockAlerts.earlierUnsubscribeHashes}))[1:9]`,
        })
        .where(
          and(
            eq(stockAlerts.alertId, alertId),
            eq(stockAlerts.matching, false),
            eq(stockAlerts.paused, false),
          ),
        )
        .returning({ alertId: stockAlerts.alertId });
      if (fired.length === 0) return null;
      const lang = await mailLanguageOf(tx, row.contactPersonId);
      await queueMail(
        tx,
        alertMail({
          to: alert.email,
          name: alert.name || alert.contactName,
          lang,
          label: alertLabel(target, row.label, lang),
          target,
          conditions: row.conditions,
          maxPriceCents: row.maxPriceCents,
          result,
          publicUrl: needs.config.PUBLIC_URL,
          token,
        }),
      );
      return 'fired';
    }
    if (!result.matches && row.matching) {
      await tx
        .update(stockAlerts)
        .set({ matching: false })
        .where(and(eq(stockAlerts.alertId, alertId), eq(stockAlerts.matching, true)));
      return 'unmatched';
    }
    return null;
  });
  // Counted once committed: a fire rolled back sent nothing.
  if (settled === 'fired') countStockAlert();
  return settled;
}

/** Whether an alert is the one a token names: its latest mail's, or one of its earlier mails'. */
function tokenNames(token: string) {
  const hash = hashToken(token);
  return or(
    eq(stockAlerts.unsubscribeHash, hash),
    arrayContains(stockAlerts.earlierUnsubscribeHashes, [hash]),
  );
}

/** The alert an unsubscribe token names, with whom it mails; null for a token no alert holds. */
export async function alertOfToken(q: Queryable, token: string) {
  const [found] = await q
    .select({ row: stockAlerts, email: contacts.email, language: contacts.language })
    .from(stockAlerts)
    .innerJoin(contacts, eq(contacts.contactPersonId, stockAlerts.contactPersonId))
    .where(tokenNames(token));
  return found ?? null;
}

/** Deletes the alert a token names; its label, or null when no alert holds the token. */
export async function unsubscribe(q: Queryable, token: string): Promise<string | null> {
  const [deleted] = await q
    .delete(stockAlerts)
    .where(tokenNames(token))
    .returning({ label: stockAlerts.label });
  return deleted?.label ?? null;
}
