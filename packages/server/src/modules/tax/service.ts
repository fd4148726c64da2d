/**
 * The back office's side of taxes, fees and credit: the owner adds tax rates and recycling fees from a day
 * on (a row per change, never rewriting a day already charged), the seller records a company's tax
 * exemptions, payment terms and credit limit. Each change is one transaction with its audit entry.
 */

import { dayIn } from '@shop/domain/core/days';
import { formatMoney, toAmount } from '@shop/domain/core/money';
import {
  type AdminCredit,
  type AdminExemption,
  type AdminFee,
  type AdminTaxRate,
  type creditUpdateSchema,
  type exemptionCreateSchema,
  type feeCreateSchema,
  type feeUpdateSchema,
  PAYMENT_TERM_NAMES,
  PAYMENT_TERMS,
  type PaymentTerms,
  type RateState,
  type taxRateCreateSchema,
  type taxRateUpdateSchema,
} from '@shop/domain/tax/admin';
import { FEE_CATEGORY_NAMES, type FeeCategory } from '@shop/domain/tax/fees';
import {
  isProvincialComponent,
  PROVINCES,
  type Province,
  provinceDay,
  ratePercent,
  type TaxComponent,
  taxLabel,
} from '@shop/domain/tax/rules';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Queryable } from '../../db/client';
import { customers, feeRates, orders, taxExemptions, taxRates } from '../../db/schema';
import { isUniqueViolation } from '../../db/sql';
import type { Actor } from '../../lib/back-office';
import { HttpError } from '../../lib/http';
import { recordAudit } from '../audit';
import { openBalanceCents } from '../orders';

const TAX_RATE = 'tax_rate';
const FEE = 'fee';

/** What the routes' schemas give (their outputs). */
export type TaxRateCreate = z.output<typeof taxRateCreateSchema>;
export type TaxRateUpdate = z.output<typeof taxRateUpdateSchema>;
export type FeeCreate = z.output<typeof feeCreateSchema>;
export type FeeUpdate = z.output<typeof feeUpdateSchema>;
export type ExemptionCreate = z.output<typeof exemptionCreateSchema>;
export type CreditUpdate = z.output<typeof creditUpdateSchema>;

/** Each province's day at `at`: the day its rates and fees are chosen by. */
function provinceDays(at = new Date()): Record<Province, string> {
  return Object.fromEntries(PROVINCES.map((p) => [p, provinceDay(at, p)])) as Record<Province, string>;
}

const provinceOrder = (p: string) => PROVINCES.indexOf(p as Province);

/**
 * Per group (a province's component, or its fee category), which row is in force on the group's day: the
 * latest one from that day or before; later ones are scheduled, earlier ones replaced.
 */
function statesOf<T extends { effectiveFrom: string }>(
  rows: readonly T[],
  groupOf: (row: T) => string,
  dayOf: (row: T) => string,
): Map<T, RateState> {
  const current = new Map<string, T>();
  for (const row of rows) {
    if (row.effectiveFrom > dayOf(row)) continue;
    const known = current.get(groupOf(row));
    if (!known || known.effectiveFrom < row.effectiveFrom) current.set(groupOf(row), row);
  }
  const states = new Map<T, RateState>();
  for (const row of rows) {
    states.set(
      row,
      current.get(groupOf(row)) === row
        ? 'in_force'
        : row.effectiveFrom > dayOf(row)
          ? 'scheduled'
          : 'replaced',
    );
  }
  return states;
}

// ---- Tax rates

type TaxRateRow = typeof taxRates.$inferSelect;

export async function listTaxRates(db: Queryable, at = new Date()) {
  const rows = await db
    .select()
    .from(taxRates)
    .orderBy(asc(taxRates.province), asc(taxRates.component), asc(taxRates.effectiveFrom));
  const today = provinceDays(at);
  const states = statesOf(
    rows,
    (r) => `${r.province}|${r.component}`,
    (r) => today[r.province as Province] ?? '',
  );
  const rates: AdminTaxRate[] = rows
    .filter((r) => provinceOrder(r.province) >= 0)
    .sort(
      (a, b) =>
        provinceOrder(a.province) - provinceOrder(b.province) ||
        a.component.localeCompare(b.component) ||
        a.effectiveFrom.localeCompare(b.effectiveFrom),
    )
    .map((r) => presentRate(r, states.get(r) ?? 'replaced'));
  return { rates, today };
}

function presentRate(r: TaxRateRow, state: RateState): AdminTaxRate {
  return {
    rate_id: r.rateId,
    province: r.province as Province,
    component: r.component as TaxComponent,
    rate: ratePercent(r.rateMilli),
    effective_from: r.effectiveFrom,
    in_force: state === 'in_force',
    state,
    created_at: r.createdAt.toISOString(),
    created_by: r.createdBy,
  };
}

/**
 * Adds a component's rate in a province from a day on. The day is the province's: not before today there,
 * so no day already charged is rewritten (orders keep the rates they were placed with in any case).
 */
export async function addTaxRate(db: Db, actor: Actor, input: TaxRateCreate, at = new Date()) {
  const today = provinceDay(at, input.province);
  if (input.effective_from < today)
    throw new HttpError(
      400,
      `A rate cannot start before today (${today} in ${input.province}): days already charged keep their rates. Choose today or a later date.`,
      { errors: { effective_from: `Choose ${today} or a later date.` } },
    );
  const label = `${input.component} of ${input.province}`;
  const duplicate = `${label} already has a rate from ${input.effective_from}. A rate is never rewritten: choose another date.`;
  try {
    const row = await db.transaction(async (tx) => {
      const [clash] = await tx
        .select({ id: taxRates.rateId })
        .from(taxRates)
        .where(
          and(
            eq(taxRates.province, input.province),
            eq(taxRates.component, input.component),
            eq(taxRates.effectiveFrom, input.effective_from),
          ),
        );
      if (clash) throw new HttpError(409, duplicate);
      const [added] = await tx
        .insert(taxRates)
        .values({
          province: input.province,
          component: input.component,
          rateMilli: input.rate,
          effectiveFrom: input.effective_from,
          createdBy: actor.label,
        })
        .returning();
      await recordAudit(tx, actor, {
        action: 'tax_rate.add',
        entityType: TAX_RATE,
        entityId: String(added!.rateId),
        after: {
          province: input.province,
          component: input.component,
          rate: ratePercent(input.rate),
          effective_from: input.effective_from,
        },
      });
      return added!;
    });
    const listed = await listTaxRates(db, at);
    const rate = listed.rates.find((r) => r.rate_id === row.rateId)!;
    const what =
      input.rate === 0
        ? `${label} ends from ${input.effective_from}`
        : `${taxLabel(input.component, input.rate)} in ${input.province} from ${input.effective_from} has been added`;
    const when =
      input.effective_from === today
        ? 'orders placed from now on are charged it'
        : `orders placed from that day (${input.province}'s midnight) are charged it; orders placed before keep their rates`;
    return { ...listed, rate, smessage: `${what}: ${when}.` };
  } catch (error) {
    if (isUniqueViolation(error)) throw new HttpError(409, duplicate);
    throw error;
  }
}

/** Corrects a rate that has not started yet in its province; one that has is never rewritten. */
export async function changeTaxRate(
  db: Db,
  actor: Actor,
  rateId: number,
  input: TaxRateUpdate,
  at = new Date(),
) {
  const row = await db.transaction(async (tx) => {
    const [before] = await tx.select().from(taxRates).where(eq(taxRates.rateId, rateId)).for('update');
    if (!before) throw new HttpError(404, 'There is no such tax rate.');
    const today = provinceDay(at, before.province as Province);
    if (before.effectiveFrom <= today)
      throw new HttpError(
        409,
        `The ${before.component} of ${before.province} from ${before.effectiveFrom} has started already and is never rewritten: add a new rate from today or a later date.`,
      );
    const [after] = await tx
      .update(taxRates)
      .set({ rateMilli: input.rate })
      .where(eq(taxRates.rateId, rateId))
      .returning();
    const snapshot = (r: TaxRateRow) => ({
      province: r.province,
      component: r.component,
      rate: ratePercent(r.rateMilli),
      effective_from: r.effectiveFrom,
    });
    await recordAudit(tx, actor, {
      action: 'tax_rate.change',
      entityType: TAX_RATE,
      entityId: String(rateId),
      before: snapshot(before),
      after: snapshot(after!),
    });
    return after!;
  });
  const listed = await listTaxRates(db, at);
  return {
    ...listed,
    rate: listed.rates.find((r) => r.rate_id === row.rateId)!,
    smessage: `The ${row.component} of ${row.province} from ${row.effectiveFrom} is now ${ratePercent(row.rateMilli)} %.`,
  };
}

// ---- Recycling fees

type FeeRow = typeof feeRates.$inferSelect;

export async function listFees(db: Queryable, at = new Date()) {
  const rows = await db
    .select()
    .from(feeRates)
    .orderBy(asc(feeRates.province), asc(feeRates.category), asc(feeRates.effectiveFrom));
  const today = provinceDays(at);
  const states = statesOf(
    rows,
    (r) => `${r.province}|${r.category}`,
    (r) => today[r.province as Province] ?? '',
  );
  const categoryOrder = (c: string) => Object.keys(FEE_CATEGORY_NAMES).indexOf(c);
  const fees: AdminFee[] = rows
    .filter((r) => provinceOrder(r.province) >= 0 && categoryOrder(r.category) >= 0)
    .sort(
      (a, b) =>
        provinceOrder(a.province) - provinceOrder(b.province) ||
        categoryOrder(a.category) - categoryOrder(b.category) ||
        a.effectiveFrom.localeCompare(b.effectiveFrom),
    )
    .map((r) => presentFee(r, states.get(r) ?? 'replaced'));
  return { fees, today };
}

function presentFee(r: FeeRow, state: RateState): AdminFee {
  const category = r.category as FeeCategory;
  return {
    fee_id: r.feeId,
    province: r.province as Province,
    category,
    category_name: FEE_CATEGORY_NAMES[category].en,
    amount: toAmount(Number(r.cents)),
    effective_from: r.effectiveFrom,
    provincial_tax: r.provincialTax,
    demo: r.demo,
    in_force: state === 'in_force',
    state,
    created_at: r.createdAt.toISOString(),
    created_by: r.createdBy,
  };
}

function feeSnapshot(r: Pick<FeeRow, 'province' | 'category' | 'cents' | 'effectiveFrom' | 'provincialTax'>) {
  return {
    province: r.province,
    category: r.category,
    amount: toAmount(Number(r.cents)),
    effective_from: r.effectiveFrom,
    provincial_tax: r.provincialTax,
  };
}

const feeName = (province: string, category: FeeCategory) =>
  `The ${FEE_CATEGORY_NAMES[category].en.toLowerCase()} fee in ${province}`;

/** Adds a category's fee per unit in a province from a day on (not before that province's today). */
export async function addFee(db: Db, actor: Actor, input: FeeCreate, at = new Date()) {
  const today = provinceDay(at, input.province);
  if (input.effective_from < today)
    throw new HttpError(
      400,
      `A fee cannot start before today (${today} in ${input.province}): invoices already made keep their fees. Choose today or a later date.`,
      { errors: { effective_from: `Choose ${today} or a later date.` } },
    );
  const name = feeName(input.province, input.category);
  const duplicate = `${name} already has a row from ${input.effective_from}. Change that row if it has not started yet, or choose another date.`;
  try {
    const row = await db.transaction(async (tx) => {
      const [clash] = await tx
        .select({ id: feeRates.feeId })
        .from(feeRates)
        .where(
          and(
            eq(feeRates.province, input.province),
            eq(feeRates.category, input.category),
            eq(feeRates.effectiveFrom, input.effective_from),
          ),
        );
      if (clash) throw new HttpError(409, duplicate);
      const [added] = await tx
        .insert(feeRates)
        .values({
          province: input.province,
          category: input.category,
          cents: input.amount,
          effectiveFrom: input.effective_from,
          provincialTax: input.provincial_tax,
          demo: false,
          createdBy: actor.label,
        })
        .returning();
      await recordAudit(tx, actor, {
        action: 'fee.add',
        entityType: FEE,
        entityId: String(added!.feeId),
        after: feeSnapshot(added!),
      });
      return added!;
    });
    const listed = await listFees(db, at);
    return {
      ...listed,
      fee: listed.fees.find((f) => f.fee_id === row.feeId)!,
      smessage: `${name} is ${formatMoney(input.amount)} a unit from ${input.effective_from}.`,
    };
  } catch (error) {
    if (isUniqueViolation(error)) throw new HttpError(409, duplicate);
    throw error;
  }
}

/** Changes a fee row that has not started yet; one in force (or past) is never rewritten. */
export async function changeFee(db: Db, actor: Actor, feeId: number, input: FeeUpdate, at = new Date()) {
  const row = await db.transaction(async (tx) => {
    const [before] = await tx.select().from(feeRates).where(eq(feeRates.feeId, feeId)).for('update');
    if (!before) throw new HttpError(404, 'There is no such fee.');
    const today = provinceDay(at, before.province as Province);
    if (before.effectiveFrom <= today)
      throw new HttpError(
        409,
        `${feeName(before.province, before.category as FeeCategory)} from ${before.effectiveFrom} has started already and is never rewritten: add a new fee from today or a later date.`,
      );
    const [after] = await tx
      .update(feeRates)
      .set({ cents: input.amount, provincialTax: input.provincial_tax, demo: false })
      .where(eq(feeRates.feeId, feeId))
      .returning();
    await recordAudit(tx, actor, {
      action: 'fee.change',
      entityType: FEE,
      entityId: String(feeId),
      before: feeSnapshot(before),
      after: feeSnapshot(after!),
    });
    return after!;
  });
  const listed = await listFees(db, at);
  return {
    ...listed,
    fee: listed.fees.find((f) => f.fee_id === row.feeId)!,
    smessage: `${feeName(row.province, row.category as FeeCategory)} is ${formatMoney(Number(row.cents))} a unit from ${row.effectiveFrom}.`,
  };
}

// ---- A customer's exemptions

type ExemptionRow = typeof taxExemptions.$inferSelect;
const NO_CUSTOMER = (id: string) => `There is no customer ${id}.`;

async function assertCustomer(db: Queryable, customerId: string, lock = false) {
  const query = db
    .select({
      customerId: customers.customerId,
      paymentTerms: customers.paymentTerms,
      creditLimitCents: customers.creditLimitCents,
    })
    .from(customers)
    .where(eq(customers.customerId, customerId));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new HttpError(404, NO_CUSTOMER(customerId));
  return row;
}

/** The day an exemption is judged by: its province's, or the shop's for an exemption from all tax. */
function exemptionToday(province: string | null, at: Date, shopTimeZone: string): string {
  return province && (PROVINCES as readonly string[]).includes(province)
    ? provinceDay(at, province as Province)
    : dayIn(at, shopTimeZone);
}

function presentExemption(e: ExemptionRow, at: Date, shopTimeZone: string): AdminExemption {
  const expired = e.expiresOn !== null && exemptionToday(e.province, at, shopTimeZone) >= e.expiresOn;
  return {
    exemption_id: e.exemptionId,
    scope: e.scope as AdminExemption['scope'],
    province: e.province,
    reference: e.reference,
    reason: e.reason,
    expires_on: e.expiresOn,
    state: e.revokedAt ? 'revoked' : expired ? 'expired' : 'active',
    created_at: e.createdAt.toISOString(),
    created_by: e.createdBy,
    revoked_at: e.revokedAt ? e.revokedAt.toISOString() : null,
    revoked_by: e.revokedBy,
  };
}

function exemptionSnapshot(e: ExemptionRow) {
  return {
    exemption_id: e.exemptionId,
    scope: e.scope,
    province: e.province,
    reference: e.reference,
    reason: e.reason,
    expires_on: e.expiresOn,
  };
}

/** The company's exemptions, newest first, revoked and expired ones included (marked). */
export async function listExemptions(db: Queryable, timeZone: string, customerId: string, at = new Date()) {
  await assertCustomer(db, customerId);
  const rows = await db
    .select()
    .from(taxExemptions)
    .where(eq(taxExemptions.customerId, customerId))
    .orderBy(desc(taxExemptions.exemptionId));
  return rows.map((e) => presentExemption(e, at, timeZone));
}

/** What an exemption lifts, in words: "QST in Quebec" or "all tax". */
function exemptionScope(e: { scope: string; province: string | null }, components: string[]): string {
  return e.scope === 'all' ? 'all tax' : `${components.join(' and ')} in ${e.province}`;
}

/** The provincial components a province has charged or will charge (PST, RST, QST). */
async function provincialComponents(db: Queryable, province: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ component: taxRates.component })
    .from(taxRates)
    .where(and(eq(taxRates.province, province), sql`${taxRates.rateMilli} > 0`));
  return rows.map((r) => r.component).filter((c) => isProvincialComponent(c as TaxComponent));
}

export async function addExemption(
  db: Db,
  timeZone: string,
  actor: Actor,
  customerId: string,
  input: ExemptionCreate,
  at = new Date(),
) {
  const province = input.scope === 'provincial' ? (input.province ?? null) : null;
  const today = exemptionToday(province, at, timeZone);
  if (input.expires_on !== undefined && input.expires_on <= today)
    throw new HttpError(
      400,
      `The expiry date must be after today (${today}): an exemption stops applying on its expiry date.`,
      { errors: { expires_on: `Choose a date after ${today}.` } },
    );
  const row = await db.transaction(async (tx) => {
    await assertCustomer(tx, customerId, true);
    const components = province ? await provincialComponents(tx, province) : [];
    if (province && components.length === 0)
      throw new HttpError(
        400,
        `${province} has no provincial sales tax of its own (its HST or GST is federal): there is nothing to exempt from there.`,
        { errors: { province: `${province} has no provincial sales tax.` } },
      );
    const [added] = await tx
      .insert(taxExemptions)
      .values({
        customerId,
        scope: input.scope,
        province,
        reference: input.reference,
        reason: input.reason,
        expiresOn: input.expires_on ?? null,
        createdBy: actor.label,
      })
      .returning();
    await recordAudit(tx, actor, {
      action: 'customer.add_exemption',
      entityType: 'customer',
      entityId: customerId,
      after: exemptionSnapshot(added!),
    });
    return { added: added!, components };
  });
  const exemptions = await listExemptions(db, timeZone, customerId, at);
  const until = row.added.expiresOn ? ` until ${row.added.expiresOn} (it stops applying that day)` : '';
  return {
    exemptions,
    exemption: exemptions.find((e) => e.exemption_id === row.added.exemptionId)!,
    smessage: `${customerId} is exempt from ${exemptionScope(row.added, row.components)}${until}. Checkout and invoices leave it out and say why; orders placed before keep their tax.`,
  };
}

export async function revokeExemption(
  db: Db,
  timeZone: string,
  actor: Actor,
  customerId: string,
  exemptionId: number,
  at = new Date(),
) {
  const row = await db.transaction(async (tx) => {
    await assertCustomer(tx, customerId);
    const [before] = await tx
      .select()
      .from(taxExemptions)
      .where(and(eq(taxExemptions.exemptionId, exemptionId), eq(taxExemptions.customerId, customerId)))
      .for('update');
    if (!before) throw new HttpError(404, 'There is no such exemption of this customer.');
    if (before.revokedAt) throw new HttpError(409, 'This exemption was revoked already.');
    const [after] = await tx
      .update(taxExemptions)
      .set({ revokedAt: at, revokedBy: actor.label })
      .where(eq(taxExemptions.exemptionId, exemptionId))
      .returning();
    await recordAudit(tx, actor, {
      action: 'customer.revoke_exemption',
      entityType: 'customer',
      entityId: customerId,
      before: { ...exemptionSnapshot(before), revoked: false },
      after: { ...exemptionSnapshot(after!), revoked: true },
    });
    return after!;
  });
  const exemptions = await listExemptions(db, timeZone, customerId, at);
  return {
    exemptions,
    exemption: exemptions.find((e) => e.exemption_id === row.exemptionId)!,
    smessage: `The exemption ${row.reference} has been revoked: orders placed from now on are charged the tax.`,
  };
}

// ---- Payment terms and credit limit

function presentTerms(value: string): PaymentTerms {
  return (PAYMENT_TERMS as readonly string[]).includes(value) ? (value as PaymentTerms) : 'net30';
}

export async function creditOf(db: Queryable, customerId: string): Promise<AdminCredit> {
  const customer = await assertCustomer(db, customerId);
  const [open, [held]] = await Promise.all([
    openBalanceCents(db, customerId),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(and(eq(orders.customerId, customerId), eq(orders.status, 'OnHold'))),
  ]);
  return {
    customer_id: customerId,
    payment_terms: presentTerms(customer.paymentTerms),
    credit_limit: customer.creditLimitCents === null ? null : toAmount(Number(customer.creditLimitCents)),
    open_balance: toAmount(open),
    held_orders: Number(held?.n ?? 0),
  };
}

/** Sets the company's payment terms (for invoices made from now on) and credit limit (null for none). */
export async function setCredit(db: Db, actor: Actor, customerId: string, input: CreditUpdate) {
  const changed = await db.transaction(async (tx) => {
    const before = await assertCustomer(tx, customerId, true);
    const was = {
      payment_terms: before.paymentTerms,
      credit_limit: before.creditLimitCents === null ? null : toAmount(Number(before.creditLimitCents)),
    };
    const now = {
      payment_terms: input.payment_terms,
      credit_limit: input.credit_limit === null ? null : toAmount(input.credit_limit),
    };
    if (was.payment_terms === now.payment_terms && was.credit_limit === now.credit_limit) return false;
    await tx
      .update(customers)
      .set({ paymentTerms: input.payment_terms, creditLimitCents: input.credit_limit })
      .where(eq(customers.customerId, customerId));
    await recordAudit(tx, actor, {
      action: 'customer.credit',
      entityType: 'customer',
      entityId: customerId,
      before: was,
      after: now,
    });
    return true;
  });
  const credit = await creditOf(db, customerId);
  const limit =
    credit.credit_limit === null
      ? 'no credit limit'
      : `a credit limit of ${formatMoney(input.credit_limit ?? 0)} (orders that would pass it wait for a credit review)`;
  return {
    credit,
    smessage: changed
      ? `${customerId} now has payment terms ${PAYMENT_TERM_NAMES[credit.payment_terms]} (for invoices made from now on) and ${limit}.`
      : 'Nothing changed.',
  };
}
