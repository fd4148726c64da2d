/** The checkout's taxes (GET /api/user/{customerid}/taxes): what each province charges the company today. */
import { z } from 'zod';
import { Envelope } from '../core/answers';
import { TaxExemptionAnswer } from '../orders/answers';
import { type ChargedComponent, PROVINCES, TAX_COMPONENTS } from './rules';

/** A component in force: its rate in thousandths of a percent, and the company's exemption from it, if any. */
export const ComponentInForce = z.object({
  component: z.enum(TAX_COMPONENTS),
  rate_milli: z.number().int().nonnegative(),
  exemption: TaxExemptionAnswer.nullable(),
});
export type ComponentInForce = z.infer<typeof ComponentInForce>;

export const CheckoutTaxesAnswer = Envelope.extend({
  /** By province: the components in force today there (the province's day) for this company. */
  taxes: z.record(z.enum(PROVINCES), z.array(ComponentInForce)),
});
export type CheckoutTaxesAnswer = z.infer<typeof CheckoutTaxesAnswer>;

/** The components of the answer as the domain's tax functions take them (taxLines, orderTotals). */
export function chargedComponents(components: readonly ComponentInForce[]): ChargedComponent[] {
  return components.map((c) => ({
    component: c.component,
    rateMilli: c.rate_milli,
    exemption: c.exemption
      ? {
          scope: c.exemption.scope,
          province: c.exemption.province,
          reference: c.exemption.reference,
          reason: c.exemption.reason,
          expiresOn: c.exemption.expires_on,
        }
      : null,
  }));
}
