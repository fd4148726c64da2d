/**
 * Watching the catalog for the alerts. Every process's catalog store tells its listeners what changed (an
 * import, a product edit, an order or a cancellation moving stock); changes are gathered for a moment, then
 * the alerts they may touch are read in one query and checked in memory against the catalog: the alerts on
 * the changed items' models, and the listing alerts on the listings those items are (or were) on — their
 * category, subcategory, and Sale, Brand New or Scratch & Dent narrowed by category — never every listing
 * alert of the shop. Only an alert whose state would flip is settled against the database (service.ts
 * settleAlert), so a large import costs one read of the alerts and a write per alert that flips.
 *
 * The alerts of a company the seller has disabled are not checked: they neither fire nor mail. When it is
 * enabled again its alerts are checked at once (checkCustomer), as a change would, so one that matches by
 * then fires and mails like any other; one that matched before it was disabled, and still does, does not
 * mail again.
 *
 * A check that fails (the database away a moment) is not lost: what it was to check is put back and tried
 * again after a pause that grows with each failure in a row, up to a minute; an alert whose settling failed
 * is checked again the same way. Each failure is logged as an error.
 */
import { type AlertTarget, evaluateAlert } from '@shop/domain/alerts/schemas';
import { apiCategoryName, listingPath } from '@shop/domain/catalog/rules';
import { and, eq, inArray, isNull, not, or, type SQL, sql } from 'drizzle-orm';
import { customers, stockAlerts } from '../../db/schema';
import type { AlertsNeeds } from './needs';
import { memoryOffers } from './offers';
import { type Settled, settleAlert } from './service';

/** How long changes gather before the alerts are checked: a burst of orders makes one check. */
const GATHER_MS = 250;
/** The longest pause before a failed check is tried again. */
const RETRY_MAX_MS = 60_000;
/** At most this many models, items, listings and alerts named in the query; beyond, every alert is read. */
const NAMED_MAX = 500;

type CatalogChange = Parameters<Parameters<AlertsNeeds['catalog']['onChange']>[0]>[0];
type ChangedRow = NonNullable<CatalogChange['rows'][number]['after']>;

interface Pending {
  everything: boolean;
  models: Set<string>;
  items: Set<string>;
  /** The listings (as listingPath names them, `category/subcategory`) the changed rows are or were on. */
  listings: Set<string>;
  /** Alerts whose settling failed: checked again. */
  alerts: Set<number>;
  /** Companies enabled again: all their alerts are checked. */
  customers: Set<string>;
}

const nothing = (): Pending => ({
  everything: false,
  models: new Set(),
  items: new Set(),
  listings: new Set(),
  alerts: new Set(),
  customers: new Set(),
});

/** A listing's key as listingPath names it (Monitor read as Display); null for no such listing. */
function listingKey(category: string, subcategory: string): string | null {
  const path = listingPath(category, subcategory || undefined);
  return path ? `${path.category}/${path.subcategory}` : null;
}

/**
 * The listings a row is on, by the catalog's rule (domain inListing): its category, with and without its
 * subcategory; Sale when it is on sale (not as scratch and dent); Brand New or Scratch & Dent by its
 * condition; each of those three alone and narrowed to the row's category.
 */
function listingsOf(row: ChangedRow): string[] {
  const keys = [`${row.category}/`];
  if (row.sub_category) keys.push(`${row.category}/${row.sub_category}`);
  const virtual: string[] = [];
  if (row.is_sale && row.item_condition !== 'ScratchDent') virtual.push('Sale');
  if (row.item_condition === 'BrandNew' || row.item_condition === 'ScratchDent')
    virtual.push(row.item_condition);
  for (const listing of virtual) keys.push(`${listing}/`, `${listing}/${row.category}`);
  return keys;
}

/** The names a stored target may give a listing name: monitors are Display, or Monitor as the menu says. */
function storedNames(name: string): string[] {
  return name === apiCategoryName('Monitor') ? [name, 'Monitor'] : [name];
}

export class AlertEngine {
  private pending: Pending | null = null;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<boolean> | null = null;
  private closed = false;
  /** Failed checks in a row: the pause before the next try grows with it. */
  private failures = 0;
  /** Told the ids of the alerts each check read and evaluated (tests watch what a change touches). */
  onEvaluated: ((alertIds: readonly number[]) => void) | null = null;

  constructor(private readonly needs: AlertsNeeds) {}

  /** Starts listening to the catalog. */
  start(): void {
    this.needs.catalog.onChange((change) => this.note(change));
    // What changed while no process was running (or before this one listened) is checked once at start.
    this.pending = { ...nothing(), everything: true };
    this.schedule();
  }

  /** Stops watching; a check under way finishes (or stops between two alerts) before this resolves. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  /** Checks every alert of a company (enabled again by the seller): those that match by now fire. */
  checkCustomer(customerId: string): void {
    this.pending ??= nothing();
    this.pending.customers.add(customerId);
    this.schedule();
  }

  private note(change: CatalogChange): void {
    this.pending ??= nothing();
    const pending = this.pending;
    if (change.everything) pending.everything = true;
    else if (!pending.everything) {
      for (const { before, after } of change.rows) {
        for (const row of before === after ? [after] : [before, after]) {
          if (!row) continue;
          pending.items.add(row.item_id);
          if (row.product.model) pending.models.add(row.product.model);
          for (const key of listingsOf(row)) pending.listings.add(key);
        }
      }
    }
    this.schedule();
  }

  /** Puts work back to be checked again (a failed check, or alerts whose settling failed). */
  private putBack(work: Pending): void {
    this.pending ??= nothing();
    const pending = this.pending;
    pending.everything ||= work.everything;
    for (const m of work.models) pending.models.add(m);
    for (const i of work.items) pending.items.add(i);
    for (const l of work.listings) pending.listings.add(l);
    for (const a of work.alerts) pending.alerts.add(a);
    for (const c of work.customers) pending.customers.add(c);
  }

  private schedule(): void {
    if (this.timer || this.closed) return;
    // After failures, a pause that doubles each time: a database that is away is not hammered.
    const wait = this.failures === 0 ? GATHER_MS : Math.min(GATHER_MS * 2 ** this.failures, RETRY_MAX_MS);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.run();
    }, wait);
    this.timer.unref();
  }

  /**
   * Checks what has gathered now, and waits until nothing is left (tests, and a new or changed alert). A
   * check that fails ends the wait: what it was to check is tried again after its pause.
   */
  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    for (;;) {
      const ok = this.running ? await this.running : this.pending && !this.closed ? await this.run() : null;
      if (ok === null || !ok) return;
    }
  }

  /** One check of what has gathered; whether it went through (false: put back, tried again later). */
  private run(): Promise<boolean> {
    if (this.running) return this.running;
    const pending = this.pending;
    this.pending = null;
    if (!pending) return Promise.resolve(true);
    this.running = this.check(pending)
      .then(
        (failed) => {
          if (failed.size === 0) {
            this.failures = 0;
            return true;
          }
          this.failures++;
          // Each failure was logged as it happened (settle).
          this.putBack({ ...nothing(), alerts: failed });
          return false;
        },
        (error: unknown) => {
          this.failures++;
          this.putBack(pending);
          this.needs.log.error(
            { err: error, failures: this.failures },
            'checking the stock alerts after a catalog change failed; it is tried again',
          );
          return false;
        },
      )
      .finally(() => {
        this.running = null;
        if (this.pending && !this.closed) this.schedule();
      });
    return this.running;
  }

  /** Which alerts a check reads: those the changes may touch, or every one. */
  private scope(pending: Pending): SQL | undefined {
    const named =
      pending.models.size +
      pending.items.size +
      pending.listings.size +
      pending.alerts.size +
      pending.customers.size;
    if (pending.everything || named > NAMED_MAX) return undefined;
    const target = stockAlerts.target;
    const parts: SQL[] = [];
    if (pending.models.size > 0) parts.push(inArray(sql`${target}->>'model'`, [...pending.models]));
    if (pending.items.size > 0) parts.push(inArray(sql`${target}->>'item_id'`, [...pending.items]));
    if (pending.listings.size > 0) {
      // As stored: the names the buyer's address had (Monitor or Display), subcategory '' for none.
      const stored = [...pending.listings].flatMap((key) => {
        const [category = '', subcategory = ''] = key.split('/');
        return storedNames(category).flatMap((c) =>
          subcategory ? storedNames(subcategory).map((s) => `${c}/${s}`) : [`${c}/`],
        );
      });
      parts.push(
        sql`(${target}->>'kind' = 'filter' and ${inArray(
          sql`concat(${target}->>'category', '/', coalesce(${target}->>'subcategory', ''))`,
          stored,
        )})`,
      );
    }
    if (pending.alerts.size > 0) parts.push(inArray(stockAlerts.alertId, [...pending.alerts]));
    if (pending.customers.size > 0) parts.push(inArray(stockAlerts.customerId, [...pending.customers]));
    return parts.length > 0 ? or(...parts) : sql`false`;
  }

  /** The unpaused alerts of enabled companies a check reads, with their buyer's percentage. */
  private readAlerts(pending: Pending) {
    const scope = this.scope(pending);
    return this.needs.database.db
      .select({
        alertId: stockAlerts.alertId,
        customerId: stockAlerts.customerId,
        target: stockAlerts.target,
        conditions: stockAlerts.conditions,
        minQuantity: stockAlerts.minQuantity,
        maxPriceCents: stockAlerts.maxPriceCents,
        matching: stockAlerts.matching,
        percentage: customers.percentage,
      })
      .from(stockAlerts)
      .innerJoin(customers, eq(customers.customerId, stockAlerts.customerId))
      .where(and(not(stockAlerts.paused), isNull(customers.disabledAt), scope));
  }

  /**
   * The alerts the change may touch, checked in memory; those that would flip are settled. Resolves with
   * the alerts whose settling failed (to be checked again); rejects when the alerts cannot be read.
   */
  private async check(pending: Pending): Promise<Set<number>> {
    const alerts = await this.readAlerts(pending);
    const failed = new Set<number>();
    const evaluated: number[] = [];
    let mailed = false;
    for (const alert of alerts) {
      // Shutting down: the next process's first check covers what is left.
      if (this.closed) break;
      const target = alert.target as AlertTarget;
      // A listing alert read for a listing name it shares with a changed one, but on another listing.
      if (
        !pending.everything &&
        target.kind === 'filter' &&
        !pending.alerts.has(alert.alertId) &&
        !pending.customers.has(alert.customerId) &&
        !pending.listings.has(listingKey(target.category, target.subcategory) ?? '')
      )
        continue;
      evaluated.push(alert.alertId);
      const result = evaluateAlert(
        {
          target,
          conditions: alert.conditions,
          min_quantity: alert.minQuantity,
          max_price_cents: alert.maxPriceCents,
        },
        memoryOffers(this.needs.catalog, target, alert.conditions),
        alert.percentage,
      );
      if (result.matches === alert.matching) continue;
      // A failure is logged by settle; the other alerts are still settled, and this one is tried again.
      const settled = await this.settle(alert.alertId).catch(() => {
        failed.add(alert.alertId);
        return null;
      });
      if (settled === 'fired') mailed = true;
    }
    this.onEvaluated?.(evaluated);
    if (mailed) this.needs.mailer.kick();
    return failed;
  }

  /** Settles one alert now (after it is made, changed or resumed); logs and rethrows a failure. */
  async settle(alertId: number): Promise<Settled> {
    try {
      return await settleAlert(this.needs, alertId);
    } catch (error) {
      this.needs.log.error({ err: error, alertId }, 'settling a stock alert failed');
      throw error;
    }
  }
}
