/** The checkout's taxes (GET /api/user/{customerid}/taxes): what each province charges the company today. */
import { z } from 'zod';
import { PROVINCES, TAX_COMPONENTS } from '../tax';
import { Envelope } from './common';
import { TaxExemptionAnswer } from './orders';

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
