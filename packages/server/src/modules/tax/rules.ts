/**
 * The tax rules as the database holds them: the rates by province and day (tax_rates) and a company's
 * exemptions (tax_exemptions). Read at each use, never kept in a process: a rate the owner adds applies in
 * every process from its first day.
 */
import type { ComponentInForce } from '@shop/domain/tax/answers';
import {
  componentsFor,
  PROVINCES,
  type Province,
  provinceDay,
  type TaxComponent,
  type TaxExemption,
  type TaxRate,
} from '@shop/domain/tax/rules';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { taxExemptions, taxRates } from '../../db/schema';

async function allTaxRates(db: Queryable): Promise<TaxRate[]> {
  const rows = await db
    .select()
    .from(taxRates)
    .orderBy(asc(taxRates.province), asc(taxRates.component), asc(taxRates.effectiveFrom));
  return rows.map((r) => ({
    province: r.province,
    component: r.component as TaxComponent,
    rateMilli: r.rateMilli,
    effectiveFrom: r.effectiveFrom,
  }));
}

/** A company's exemptions that are not revoked (an expired one is told apart by day where it is used). */
async function exemptionsOf(db: Queryable, customerId: string): Promise<TaxExemption[]> {
  const rows = await db
    .select()
    .from(taxExemptions)
    .where(and(eq(taxExemptions.customerId, customerId), isNull(taxExemptions.revokedAt)))
    .orderBy(asc(taxExemptions.exemptionId));
  return rows.map((e) => ({
    scope: e.scope as TaxExemption['scope'],
    province: e.province,
    reference: e.reference,
    reason: e.reason,
    expiresOn: e.expiresOn,
  }));
}

/** What each province charges the company now (each province's own day), exemptions applied. */
export async function checkoutTaxes(
  db: Queryable,
  customerId: string,
  at = new Date(),
): Promise<Record<Province, ComponentInForce[]>> {
  const [rates, exemptions] = await Promise.all([allTaxRates(db), exemptionsOf(db, customerId)]);
  const out = {} as Record<Province, ComponentInForce[]>;
  for (const province of PROVINCES) {
    out[province] = componentsFor(rates, exemptions, province, provinceDay(at, province)).map((c) => ({
      component: c.component,
      rate_milli: c.rateMilli,
      exemption: c.exemption
        ? {
            scope: c.exemption.scope,
            province: c.exemption.province,
            reference: c.exemption.reference,
            reason: c.exemption.reason,
            expires_on: c.exemption.expiresOn,
          }
        : null,
    }));
  }
  return out;
}
