/**
 * Watching the catalog for the alerts. Every process's catalog store tells its listeners what changed (an
 * import, a product edit, an order or a cancellation moving stock); changes are gathered for a moment, then
 * the alerts they may touch are read in one query and checked in memory against the catalog. Only an
 * alert whose state would flip is settled against the database (service.ts settleAlert), so a large import
 * costs one read of the alerts and a write per alert that flips.
 */
import { type AlertTarget, evaluateAlert } from '@shop/domain/alerts';
import { eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { customers, stockAlerts } from '../../db/schema';
import type { AlertsNeeds } from './needs';
import { memoryOffers } from './offers';
import { type Settled, settleAlert } from './service';

/** How long changes gather before the alerts are checked: a burst of orders makes one check. */
const GATHER_MS = 250;
/** At most this many models or items named in the query; beyond, every alert is read. */
const NAMED_MAX = 500;

type CatalogChange = Parameters<Parameters<AlertsNeeds['catalog']['onChange']>[0]>[0];

interface Pending {
  everything: boolean;
  models: Set<string>;
  items: Set<string>;
}

export class AlertEngine {
  private pending: Pending | null = null;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private closed = false;

  constructor(private readonly needs: AlertsNeeds) {}

  /** Starts listening to the catalog. */
  start(): void {
    this.needs.catalog.onChange((change) => this.note(change));
    // What changed while no process was running (or before this one listened) is checked once at start.
    this.pending = { everything: true, models: new Set(), items: new Set() };
    this.schedule();
  }

  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private note(change: CatalogChange): void {
    if (!this.pending) this.pending = { everything: false, models: new Set(), items: new Set() };
    const pending = this.pending;
    if (change.everything) pending.everything = true;
    else {
      for (const { before, after } of change.rows) {
        for (const row of [before, after]) {
          if (!row) continue;
          pending.items.add(row.item_id);
          if (row.product.model) pending.models.add(row.product.model);
        }
      }
    }
    this.schedule();
  }

  private schedule(): void {
    if (this.timer || this.closed) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.run();
    }, GATHER_MS);
    this.timer.unref();
  }

  /** Checks what has gathered now, and waits until nothing is left (tests, and a new or changed alert). */
  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    while (this.running || this.pending) await this.run();
  }

  private run(): Promise<void> {
    if (this.running) return this.running;
    const pending = this.pending;
    this.pending = null;
    if (!pending) return Promise.resolve();
    this.running = this.check(pending)
      .catch((error: unknown) => {
        this.needs.log.error({ err: error }, 'checking the stock alerts after a catalog change failed');
      })
      .finally(() => {
        this.running = null;
        if (this.pending && !this.closed) this.schedule();
      });
    return this.running;
  }

  /** The alerts the change may touch, checked in memory; those that would flip are settled. */
  private async check(pending: Pending): Promise<void> {
    const db = this.needs.database.db;
    let scope: SQL | undefined;
    if (!pending.everything && pending.models.size + pending.items.size <= NAMED_MAX) {
      const named: SQL[] = [sql`${stockAlerts.target}->>'kind' = 'filter'`];
      if (pending.models.size > 0)
        named.push(inArray(sql`${stockAlerts.target}->>'model'`, [...pending.models]));
      if (pending.items.size > 0)
        named.push(inArray(sql`${stockAlerts.target}->>'item_id'`, [...pending.items]));
      scope = or(...named);
    }
    const alerts = await db
      .select({
        alertId: stockAlerts.alertId,
        target: stockAlerts.target,
        conditions: stockAlerts.conditions,
        minQuantity: stockAlerts.minQuantity,
        maxPriceCents: stockAlerts.maxPriceCents,
        matching: stockAlerts.matching,
        percentage: customers.percentage,
      })
      .from(stockAlerts)
      .innerJoin(customers, eq(customers.customerId, stockAlerts.customerId))
      .where(scope ? sql`not ${stockAlerts.paused} and (${scope})` : sql`not ${stockAlerts.paused}`);
    let mailed = false;
    for (const alert of alerts) {
      const target = alert.target as AlertTarget;
      const result = evaluateAlert(
        {
          target,
          conditions: alert.conditions,
          min_quantity: alert.minQuantity,
          max_price_cents: alert.maxPriceCents,
        },
        memoryOffers(this.needs.catalog, target),
        alert.percentage,
      );
      if (result.matches === alert.matching) continue;
      // A failure is logged by settle; the other alerts are still settled.
      const settled = await this.settle(alert.alertId).catch(() => null);
      if (settled === 'fired') mailed = true;
    }
    if (mailed) this.needs.mailer.kick();
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
