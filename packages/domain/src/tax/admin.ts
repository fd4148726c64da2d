/**
 * The back office's tax, fee and credit calls: the requests and answers of /api/admin/tax-rates,
 * /api/admin/fees and a customer's exemptions and credit (/api/admin/customers/{id}/exemptions, …/credit).
 * Rates are percent with at most 3 decimals (9.975), amounts dollars with at most 2, days YYYY-MM-DD.
 */
import { z } from 'zod';
import { oneLine } from '../account/contact';
import { Count, Dollars, Envelope, Price, Timestamp } from '../core/answers';
import { dayField } from '../core/day-field';
import { toCents } from '../core/money';
import { typedDollars } from '../core/money-text';
import { TaxExemptionAnswer } from '../orders/answers';
import { FEE_CATEGORIES } from './fees';
import { PROVINCES, TAX_COMPONENTS } from './rules';

// ---- Rules and messages

/** When a company's invoices fall due. */
export const PAYMENT_TERMS = ['due_on_receipt', 'net15', 'net30', 'net45', 'net60'] as const;
export type PaymentTerms = (typeof PAYMENT_TERMS)[number];

export const PAYMENT_TERM_NAMES: Record<PaymentTerms, string> = {
  due_on_receipt: 'Due on receipt',
  net15: 'Net 15',
  net30: 'Net 30',
  net45: 'Net 45',
  net60: 'Net 60',
};

/** The highest credit limit and fee the back office takes. */
const CREDIT_LIMIT_MAX = 100_000_000;
const FEE_MAX = 1_000;

export const TAX_MSG = {
  province: 'Choose a province or territory of Canada.',
  component: `The tax component is one of ${TAX_COMPONENTS.join(', ')}.`,
  rate: 'The rate is a percent from 0 to 100 with at most 3 decimals, such as 14 or 9.975.',
  day: 'Dates are written YYYY-MM-DD, e.g. 2026-04-01.',
  noSuchDay: 'That date does not exist.',
  category: `The fee category is one of ${FEE_CATEGORIES.join(', ')}.`,
  feeAmount: `The fee is an amount in dollars per unit from 0 to ${FEE_MAX}, such as 1.20.`,
  provincialTax: 'Provincial tax must be true or false.',
  scope: 'The exemption is from the provincial tax of one province (provincial) or from all tax (all).',
  exemptionProvince: 'An exemption from provincial tax names its province.',
  allHasNoProvince: 'An exemption from all tax names no province.',
  reference:
    'Give the exemption number (the PST, RST or QST number) or the reference of the document, at most 50 characters.',
  reason: 'Give the reason, such as Reseller or Status Indian, at most 100 characters.',
  expiresNeeded: 'An exemption from provincial tax needs its expiry date.',
  allTaxOwnerOnly:
    "Only an owner of the shop can record an exemption from all tax; a clerk can record one from a province's own sales tax.",
  paymentTerms: 'The payment terms are due on receipt, Net 15, Net 30, Net 45 or Net 60.',
  creditLimit: `The credit limit is an amount in dollars from 0 to ${CREDIT_LIMIT_MAX.toLocaleString('en-CA')}, or empty for none.`,
} as const;

// ---- Request parts

/** A calendar day, YYYY-MM-DD, that exists. */
export const Day = dayField({ written: TAX_MSG.day, noSuchDay: TAX_MSG.noSuchDay });

/** An empty form field means "not given". */
const blankIsUnset = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema);

const province = z.enum(PROVINCES, { error: TAX_MSG.province });

/** A percent with at most 3 decimals, as thousandths of a percent (9.975 → 9975). */
const RatePercent = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v.trim().replace(/\s*%$/, '')) : v),
  z
    .number({ error: TAX_MSG.rate })
    .finite({ message: TAX_MSG.rate })
    .refine((v) => v >= 0 && v <= 100 && Math.abs(v * 1000 - Math.round(v * 1000)) < 1e-6, {
      message: TAX_MSG.rate,
    })
    .transform((v) => Math.round(v * 1000)),
);

/** Dollars as a number or a numeric string ("1,299.99", "$25"), at most 2 decimals, as cents. */
const cents = (message: string, max: number) =>
  z.preprocess(
    typedDollars,
    z
      .number({ error: message })
      .finite({ message })
      .refine((v) => v >= 0 && v <= max && Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, { message })
      .transform((v) => toCents(v)),
  );

const flag = (message: string) =>
  z.preprocess(
    (v) => (v === 'true' || v === 'on' ? true : v === 'false' ? false : v),
    z.boolean({ error: message }),
  );

const line = (max: number, message: string, required: boolean) =>
  z
    .string({ error: message })
    .transform((v) => oneLine(v).trim())
    .refine((v) => (!required || v.length > 0) && v.length <= max, { message });

// ---- Tax rates

/** POST /api/admin/tax-rates: a component's rate in a province from a day on (owners only). */
export const taxRateCreateSchema = z.object({
  province,
  component: z.enum(TAX_COMPONENTS, { error: TAX_MSG.component }),
  /** Percent, e.g. 14 or 9.975; 0 ends the component from that day. */
  rate: RatePercent,
  effective_from: Day,
});
export type TaxRateCreateInput = z.input<typeof taxRateCreateSchema>;

/** PUT /api/admin/tax-rates/{rateId}: a rate that has not started yet, corrected (one in force never is). */
export const taxRateUpdateSchema = z.object({ rate: RatePercent });
export type TaxRateUpdateInput = z.input<typeof taxRateUpdateSchema>;

export const TaxRatePath = z.object({ rateId: z.string().describe('The rate row (rate_id).') });

/** Where a rate stands today: the one charged, one that starts later, or one a later rate replaced. */
export const RATE_STATES = ['in_force', 'scheduled', 'replaced'] as const;
export type RateState = (typeof RATE_STATES)[number];

export const AdminTaxRate = z.object({
  rate_id: z.number().int().min(1),
  province: z.enum(PROVINCES),
  component: z.enum(TAX_COMPONENTS),
  /** Percent, e.g. 9.975. */
  rate: z.number().min(0).max(100),
  effective_from: z.string(),
  /** Charged today (the province's day). */
  in_force: z.boolean(),
  state: z.enum(RATE_STATES),
  created_at: Timestamp,
  /** Staff e-mail, `cli`, or `seed` for the rates the shop started with. */
  created_by: z.string(),
});
export type AdminTaxRate = z.infer<typeof AdminTaxRate>;

/** Each province's day now: the day its rates are chosen by. */
const ProvinceDays = z.record(z.enum(PROVINCES), z.string());

/** GET /api/admin/tax-rates: every rate, by province and component, oldest first. */
export const AdminTaxRatesAnswer = Envelope.extend({ rates: z.array(AdminTaxRate), today: ProvinceDays });
export type AdminTaxRatesAnswer = z.infer<typeof AdminTaxRatesAnswer>;

/** POST /api/admin/tax-rates: the rate added, and the list. */
export const AdminTaxRateAddedAnswer = AdminTaxRatesAnswer.extend({
  smessage: z.string(),
  rate: AdminTaxRate,
});
export type AdminTaxRateAddedAnswer = z.infer<typeof AdminTaxRateAddedAnswer>;

// ---- Recycling fees

/** POST /api/admin/fees: a category's fee per unit in a province from a day on (owners only). */
export const feeCreateSchema = z.object({
  province,
  category: z.enum(FEE_CATEGORIES, { error: TAX_MSG.category }),
  /** Dollars per unit. */
  amount: cents(TAX_MSG.feeAmount, FEE_MAX),
  effective_from: Day,
  /** Whether the province's own sales tax (PST, RST, QST) applies to the fee; GST or HST always does. */
  provincial_tax: blankIsUnset(flag(TAX_MSG.provincialTax).optional()).default(true),
});
export type FeeCreateInput = z.input<typeof feeCreateSchema>;

/** PUT /api/admin/fees/{feeId}: a fee that has not started yet, changed (one in force never is). */
export const feeUpdateSchema = z.object({
  amount: cents(TAX_MSG.feeAmount, FEE_MAX),
  provincial_tax: blankIsUnset(flag(TAX_MSG.provincialTax).optional()).default(true),
});
export type FeeUpdateInput = z.input<typeof feeUpdateSchema>;

export const FeePath = z.object({ feeId: z.string().describe('The fee row (fee_id).') });

export const AdminFee = z.object({
  fee_id: z.number().int().min(1),
  province: z.enum(PROVINCES),
  category: z.enum(FEE_CATEGORIES),
  /** The category as an invoice names it, e.g. Portable computers. */
  category_name: z.string(),
  /** Dollars per unit. */
  amount: Price,
  effective_from: z.string(),
  provincial_tax: z.boolean(),
  /** A value the shop started with, not any program's real fee. */
  demo: z.boolean(),
  in_force: z.boolean(),
  state: z.enum(RATE_STATES),
  created_at: Timestamp,
  created_by: z.string(),
});
export type AdminFee = z.infer<typeof AdminFee>;

/** GET /api/admin/fees: every fee row, by province and category, oldest first. */
export const AdminFeesAnswer = Envelope.extend({ fees: z.array(AdminFee), today: ProvinceDays });
export type AdminFeesAnswer = z.infer<typeof AdminFeesAnswer>;

export const AdminFeeSavedAnswer = AdminFeesAnswer.extend({ smessage: z.string(), fee: AdminFee });
export type AdminFeeSavedAnswer = z.infer<typeof AdminFeeSavedAnswer>;

// ---- A customer's exemptions

const EXEMPTION_SCOPES = ['provincial', 'all'] as const;

/**
 * POST /api/admin/customers/{customerId}/exemptions: from one province's own sales tax (a reseller's
 * PST, RST or QST number, until its expiry day) or from all tax (the document's reference).
 */
export const exemptionCreateSchema = z
  .object({
    scope: z.enum(EXEMPTION_SCOPES, { error: TAX_MSG.scope }),
    province: blankIsUnset(province.optional()),
    reference: line(50, TAX_MSG.reference, true),
    reason: line(100, TAX_MSG.reason, true),
    /** The first day it no longer applies. Required for a provincial exemption. */
    expires_on: blankIsUnset(Day.optional()),
  })
  .superRefine((v, ctx) => {
    if (v.scope === 'provincial' && !v.province)
      ctx.addIssue({ code: 'custom', path: ['province'], message: TAX_MSG.exemptionProvince });
    if (v.scope === 'all' && v.province)
      ctx.addIssue({ code: 'custom', path: ['province'], message: TAX_MSG.allHasNoProvince });
    if (v.scope === 'provincial' && !v.expires_on)
      ctx.addIssue({ code: 'custom', path: ['expires_on'], message: TAX_MSG.expiresNeeded });
  });
export type ExemptionCreateInput = z.input<typeof exemptionCreateSchema>;

export const ExemptionPath = z.object({
  customerId: z.string().describe('The Customer ID, e.g. C10001.'),
  exemptionId: z.string().describe('The exemption (exemption_id).'),
});

const EXEMPTION_STATES = ['active', 'expired', 'revoked'] as const;

export const AdminExemption = TaxExemptionAnswer.extend({
  exemption_id: z.number().int().min(1),
  /** active, expired (on or after its expiry day) or revoked. */
  state: z.enum(EXEMPTION_STATES),
  created_at: Timestamp,
  created_by: z.string(),
  revoked_at: Timestamp.nullable(),
  revoked_by: z.string().nullable(),
});
export type AdminExemption = z.infer<typeof AdminExemption>;

/** GET /api/admin/customers/{customerId}/exemptions: newest first. */
export const AdminExemptionsAnswer = Envelope.extend({ exemptions: z.array(AdminExemption) });
export type AdminExemptionsAnswer = z.infer<typeof AdminExemptionsAnswer>;

export const AdminExemptionChangedAnswer = AdminExemptionsAnswer.extend({
  smessage: z.string(),
  exemption: AdminExemption,
});
export type AdminExemptionChangedAnswer = z.infer<typeof AdminExemptionChangedAnswer>;

// ---- A customer's payment terms and credit limit

/** PUT /api/admin/customers/{customerId}/credit (owners only). */
export const creditUpdateSchema = z.object({
  payment_terms: z.enum(PAYMENT_TERMS, { error: TAX_MSG.paymentTerms }),
  /** Dollars; null (or an empty field) for no limit. */
  credit_limit: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    z.union([cents(TAX_MSG.creditLimit, CREDIT_LIMIT_MAX), z.null()], { error: TAX_MSG.creditLimit }),
  ),
});
export type CreditUpdateInput = z.input<typeof creditUpdateSchema>;

export const AdminCredit = z.object({
  customer_id: z.string(),
  payment_terms: z.enum(PAYMENT_TERMS),
  /** Dollars; null for none. */
  credit_limit: Price.nullable(),
  /**
   * What the company owes and has ordered: its current invoices' unpaid part plus its orders not yet
   * invoiced (held ones included), canceled and declined orders left out.
   */
  open_balance: Dollars,
  /** Orders waiting for a credit review. */
  held_orders: Count,
});
export type AdminCredit = z.infer<typeof AdminCredit>;

/** GET and PUT /api/admin/customers/{customerId}/credit */
export const AdminCreditAnswer = Envelope.extend({ credit: AdminCredit });
export type AdminCreditAnswer = z.infer<typeof AdminCreditAnswer>;
