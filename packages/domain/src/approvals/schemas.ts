/**
 * Purchase approvals: a company's administrators set an order limit for every buyer and per buyer; a
 * buyer's order above their limit waits for an administrator's approval instead of being placed.
 * The requests' schemas, the answers and the messages the server gives (server/src/locales/* /approvals.json
 * translate them).
 */
import { z } from 'zod';
import { MAX_ORDER_TOTAL } from '../cart/rules';
import { Envelope, MessageAnswer, Timestamp } from '../core/answers';
import { plainDollars } from '../core/money-text';

/** A request's number as people read it: A-12. */
export function approvalNumber(approvalId: number): string {
  return `A-${approvalId}`;
}

export const APPROVAL_STATUSES = ['pending', 'approved', 'declined', 'withdrawn'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

/** A decline's reason: required, one paragraph. */
const DECLINE_REASON_MAX = 500;

export const APPROVAL_MSG = {
  limitAmount: 'approvals.limitAmount',
  limitTooLarge: 'approvals.limitTooLarge',
  limitsAdminOnly: 'approvals.limitsAdminOnly',
  adminNeverHeld: 'approvals.adminNeverHeld',
  buyerNotFound: 'approvals.buyerNotFound',
  companyLimitSet: 'approvals.companyLimitSet',
  companyLimitCleared: 'approvals.companyLimitCleared',
  buyerLimitSet: 'approvals.buyerLimitSet',
  buyerLimitCleared: 'approvals.buyerLimitCleared',
  approvalsAdminOnly: 'approvals.approvalsAdminOnly',
  notFound: 'approvals.notFound',
  buyerGone: 'approvals.buyerGone',
  sent: 'approvals.sent',
  alreadySent: 'approvals.alreadySent',
  alreadyApproved: 'approvals.alreadyApproved',
  alreadyDeclined: 'approvals.alreadyDeclined',
  alreadyWithdrawn: 'approvals.alreadyWithdrawn',
  changed: 'approvals.changed',
  stockShort: 'approvals.stockShort',
  approved: 'approvals.approved',
  declined: 'approvals.declined',
  reasonRequired: 'approvals.reasonRequired',
  reasonTooLong: 'approvals.reasonTooLong',
  withdrawn: 'approvals.withdrawn',
  notYours: 'approvals.notYours',
  confirmPrices: 'approvals.confirmPrices',
} as const;

/**
 * An order limit as the form sends it: dollars (a number, or text such as "2500.00"); blank or null clears
 * it. Read as cents, or null for none.
 */
export const orderLimitSchema = z
  .union([z.number(), z.string(), z.null()], { error: APPROVAL_MSG.limitAmount })
  .transform((value, ctx): number | null => {
    const text = typeof value === 'string' ? plainDollars(value) : value;
    if (text === '' || value === null) return null;
    const dollars =
      typeof text === 'number'
        ? text
        : text !== null && /^\d+(\.\d{1,2})?$/.test(text)
          ? Number(text)
          : Number.NaN;
    const cents = Math.round(dollars * 100);
    if (!Number.isFinite(dollars) || dollars < 0 || Math.abs(dollars * 100 - cents) > 1e-6) {
      ctx.addIssue({ code: 'custom', message: APPROVAL_MSG.limitAmount });
      return z.NEVER;
    }
    if (cents > MAX_ORDER_TOTAL) {
      ctx.addIssue({ code: 'custom', message: APPROVAL_MSG.limitTooLarge });
      return z.NEVER;
    }
    return cents;
  });

/** POST /api/user/order-limits: the limit of every buyer without their own. */
export const companyLimitRequest = z.object({ buyer_order_limit: orderLimitSchema });
/** POST /api/user/order-limits/{contactId}: one buyer's own limit (blank: the company's). */
export const buyerLimitRequest = z.object({ order_limit: orderLimitSchema });
export const BuyerLimitPath = z.object({ contactId: z.string().min(1).max(64) });

/**
 * POST /api/user/approvals/{approvalId}/approve: `confirm` with `prices` accepts the unit prices the
 * approver was shown (the 409's `price_now`) for the lines whose price changed; a price that moved again
 * since is shown again rather than placed.
 */
export const approveRequest = z.object({
  confirm: z.boolean({ error: APPROVAL_MSG.confirmPrices }).optional(),
  prices: z
    .array(
      z.object(
        {
          item_id: z
            .string({ error: APPROVAL_MSG.confirmPrices })
            .max(64, { error: APPROVAL_MSG.confirmPrices }),
          item_condition: z
            .string({ error: APPROVAL_MSG.confirmPrices })
            .max(32, { error: APPROVAL_MSG.confirmPrices }),
          price: z
            .number({ error: APPROVAL_MSG.confirmPrices })
            .finite({ error: APPROVAL_MSG.confirmPrices })
            .min(0, { error: APPROVAL_MSG.confirmPrices }),
        },
        { error: APPROVAL_MSG.confirmPrices },
      ),
      { error: APPROVAL_MSG.confirmPrices },
    )
    .max(500, { error: APPROVAL_MSG.confirmPrices })
    .optional(),
});
export const declineRequest = z.object({
  reason: z
    .string({ error: APPROVAL_MSG.reasonRequired })
    .trim()
    .min(1, { error: APPROVAL_MSG.reasonRequired })
    .max(DECLINE_REASON_MAX, { error: APPROVAL_MSG.reasonTooLong }),
});
export const ApprovalPath = z.object({
  approvalId: z.string().regex(/^\d{1,9}$/, { error: APPROVAL_MSG.notFound }),
});

/** Dollars with cents, as the API gives money. */
const Money = z.number();

export const OrderLimitsAnswer = Envelope.extend({
  /** The limit of every buyer without their own, in dollars; null: none. */
  buyer_order_limit: Money.nullable(),
  contacts: z.array(
    z.object({
      contact_person_id: z.string(),
      name: z.string(),
      email: z.string(),
      role: z.enum(['admin', 'buyer']),
      active: z.boolean(),
      /** Their own limit, in dollars; null: the company's. Administrators have none. */
      order_limit: Money.nullable(),
      /** The limit that holds them: their own, else the company's; null: none (administrators). */
      applies: Money.nullable(),
    }),
  ),
});
export type OrderLimitsAnswer = z.infer<typeof OrderLimitsAnswer>;
export const OrderLimitsChangedAnswer = OrderLimitsAnswer.extend({ smessage: z.string() });
export type OrderLimitsChangedAnswer = z.infer<typeof OrderLimitsChangedAnswer>;

const ApprovalLine = z.object({
  item_id: z.string(),
  item_condition: z.string(),
  quantity: z.number().int(),
  item_name: z.string(),
  sku: z.string(),
  /** The unit price when the buyer sent it, in dollars. */
  unit_price: Money,
});

export const ApprovalView = z.object({
  approval_id: z.number().int(),
  number: z.string(),
  status: z.enum(APPROVAL_STATUSES),
  buyer: z.object({ contact_person_id: z.string(), name: z.string(), email: z.string() }),
  purchase_order_id: z.string(),
  shipping_method: z.string(),
  ship_to: z.string(),
  lines: z.array(ApprovalLine),
  subtotal: Money,
  total: Money,
  limit: Money,
  decline_reason: z.string(),
  decided_by: z.string().nullable(),
  decided_at: Timestamp.nullable(),
  order_id: z.number().int().nullable(),
  order_number: z.string().nullable(),
  created_at: Timestamp,
});
export type ApprovalView = z.infer<typeof ApprovalView>;

export const ApprovalsAnswer = Envelope.extend({
  approvals: z.array(ApprovalView),
  /** How many wait for a decision (the whole company's, for an administrator). */
  pending: z.number().int(),
});
export type ApprovalsAnswer = z.infer<typeof ApprovalsAnswer>;

export const ApprovalAnswer = Envelope.extend({ approval: ApprovalView });
export type ApprovalAnswer = z.infer<typeof ApprovalAnswer>;

/** A line whose price or stock is not what the request showed. */
export const ApprovalChange = z.object({
  item_id: z.string(),
  item_condition: z.string(),
  item_name: z.string(),
  sku: z.string(),
  quantity: z.number().int(),
  /** Unit prices in dollars: when sent, and today (null: no longer offered). */
  price_was: Money,
  price_now: Money.nullable(),
  /** Units in stock today, when fewer than the line's quantity; else null. */
  stock_short: z.number().int().nullable(),
});
export type ApprovalChange = z.infer<typeof ApprovalChange>;

/** 409 of an approval whose prices or stock changed: what changed, and today's totals. */
const ApprovalChangedRefusal = z.object({
  scode: z.literal(409),
  smessage: z.string(),
  changes: z.array(ApprovalChange),
  /** True when every line can be placed (a confirm will place it); false when stock is short. */
  can_confirm: z.boolean(),
  /** The order's subtotal and total at today's prices, in dollars, when they can be placed. */
  subtotal_now: Money.optional(),
  total_now: Money.optional(),
});
export type ApprovalChangedRefusal = z.infer<typeof ApprovalChangedRefusal>;

export const ApprovalDecidedAnswer = MessageAnswer.extend({ approval: ApprovalView });
export type ApprovalDecidedAnswer = z.infer<typeof ApprovalDecidedAnswer>;

/** POST /api/placeorder when the order went over the buyer's limit: a request for approval, no order. */
export const ApprovalSentAnswer = MessageAnswer.extend({
  approval: z.object({
    approval_id: z.number().int(),
    number: z.string(),
    total: Money,
    limit: Money,
  }),
});
export type ApprovalSentAnswer = z.infer<typeof ApprovalSentAnswer>;
