/**
 * The back office's contract: the request schemas of /api/admin/* (the page's forms and the server's
 * checks), and, from their own files, its rules and messages (back-office/rules.ts, plain values) and its
 * answers' schemas (back-office/answers.ts). Amounts are dollars with at most 2 decimals in both directions.
 */
import { z } from 'zod';
import { EMAIL_PATTERN, oneLine } from '../account/contact';
import { ACCOUNT_MSG, APPLICATION_MSG, PASSWORD_PATTERN } from '../account/schemas';
import { FILTER_FIELDS, type FilterField, PRIMARY_CONDITIONS } from '../catalog/rules';
import { PriceBreaksInput } from '../catalog/volume-price-schemas';
import { dayField } from '../core/day-field';
import { toCents } from '../core/money';
import { typedDollars } from '../core/money-text';
import { CARRIER_MSG, carrierNamed } from '../orders/carriers';
import { PROVINCES } from '../tax/rules';
import {
  ADMIN_MSG,
  APPLICATION_STATUSES,
  BULK_MAX_ORDERS,
  CONTACT_ROLES,
  CONTACT_STATUSES,
  CUSTOMER_ID_PATTERN,
  DEFAULT_PAGE_SIZE,
  MAX_BUYERS_CEILING,
  MAX_PAGE_SIZE,
  MESSAGE_MAX,
  ORDER_ACTION_NAMES,
  ORDER_STATUSES,
  type OrderAction,
  REASON_MAX,
  STAFF_ROLES,
} from './rules';

export {
  AdminApplication,
  AdminApplicationAnswer,
  AdminApplicationRejectedAnswer,
  AdminApplicationsAnswer,
  AdminBulkOrdersAnswer,
  AdminContact,
  AdminContactMessage,
  AdminCustomerAnswer,
  AdminCustomerChangedAnswer,
  AdminCustomerDetail,
  AdminCustomerRow,
  AdminCustomersAnswer,
  AdminCustomerThread,
  AdminFeeLine,
  AdminFilterValuesAnswer,
  AdminImage,
  AdminInvoice,
  AdminInvoiceDraft,
  AdminInvoiceDraftAnswer,
  AdminMeAnswer,
  AdminMediaAnswer,
  AdminMessageAnswer,
  AdminOrderAnswer,
  AdminOrderChangedAnswer,
  AdminOrderDetail,
  AdminOrderRow,
  AdminOrdersAnswer,
  AdminPendingCountAnswer,
  AdminProduct,
  AdminProductAnswer,
  AdminProductRow,
  AdminProductSavedAnswer,
  AdminProductsAnswer,
  AdminSignInAnswer,
  AuditAnswer,
  AuditEntry,
  BulkOrderResult,
  ContactMessageAnswer,
  ContactMessagesAnswer,
  ContactReplyAnswer,
  CustomerThreadAnswer,
  CustomerThreadsAnswer,
  ImportApplyAnswer,
  ImportChange,
  ImportPreview,
  ImportPreviewAnswer,
  ImportRowPreview,
  OrderEventInfo,
  type Page,
  PasswordLinkAnswer,
  PasswordLinkInfo,
  PasswordSetAnswer,
  pageSchema,
  StaffAnswer,
  StaffInfo,
  StaffListAnswer,
  StaffMailedAnswer,
} from './answers';
export * from './rules';

// ---- Helpers

/** Trimmed text of at most `max` characters, line breaks kept (a reason, a message). */
const text = (max: number, message: string, required: boolean) =>
  z
    .string({ error: message })
    .transform((v) => v.trim())
    .refine((v) => (!required || v.length > 0) && v.length <= max, { message });

/** As `text`, kept on one line (a name, an e-mail): line breaks and control characters become a space. */
const line = (max: number, message: string, required: boolean) =>
  z
    .string({ error: message })
    .transform((v) => oneLine(v).trim())
    .refine((v) => (!required || v.length > 0) && v.length <= max, { message });

const email = (max: number, message: string) =>
  line(max, message, true).refine((v) => EMAIL_PATTERN.test(v), { message });

/** Dollars as a number or a numeric string ("1,299.99", "$25"); at most 2 decimals. */
function dollars(label: string, { min = 0, max = 10_000_000 } = {}) {
  const message = `${label} must be an amount in dollars from ${min} to ${max.toLocaleString('en-CA')}, such as 25.00.`;
  return z.preprocess(
    typedDollars,
    z
      .number({ error: message })
      .finite({ message })
      .refine((v) => v >= min && v <= max && Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, { message })
      .transform((v) => toCents(v)),
  );
}

const wholeNumber = (label: string, max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
    z
      .number({ error: `${label} must be a whole number from 0 to ${max.toLocaleString('en-CA')}.` })
      .int({ message: `${label} must be a whole number from 0 to ${max.toLocaleString('en-CA')}.` })
      .min(0, { message: `${label} must be a whole number from 0 to ${max.toLocaleString('en-CA')}.` })
      .max(max, { message: `${label} must be a whole number from 0 to ${max.toLocaleString('en-CA')}.` }),
  );

const flag = (label: string) =>
  z.preprocess(
    (v) => (v === 'true' ? true : v === 'false' ? false : v),
    z.boolean({ error: `${label} must be true or false.` }),
  );

/** A day of the calendar written YYYY-MM-DD, the message naming the field. */
const calendarDay = (name: string) =>
  dayField({
    written: `${name} is a day written YYYY-MM-DD, e.g. 2026-01-31.`,
    noSuchDay: `${name} is not a day of the calendar.`,
  });

/** Paging of every list: `page` from 1, `page_size` up to 100. */
export const pagingSchema = z.object({
  page: z.coerce
    .number({ error: ADMIN_MSG.page })
    .int({ message: ADMIN_MSG.page })
    .min(1, { message: ADMIN_MSG.page })
    .max(1_000_000, { message: ADMIN_MSG.page })
    .default(1),
  page_size: z.coerce
    .number({ error: ADMIN_MSG.pageSize })
    .int({ message: ADMIN_MSG.pageSize })
    .min(1, { message: ADMIN_MSG.pageSize })
    .max(MAX_PAGE_SIZE, { message: ADMIN_MSG.pageSize })
    .default(DEFAULT_PAGE_SIZE),
});
const search = z
  .string({ error: ADMIN_MSG.search })
  .trim()
  .max(100, { message: ADMIN_MSG.search })
  .optional();

// ---- Staff and sign-in

export const staffLoginSchema = z.object({
  email: z
    .string({ error: ADMIN_MSG.loginRequired })
    .trim()
    .min(1, { message: ADMIN_MSG.loginRequired })
    .max(100, { message: ADMIN_MSG.loginFailed }),
  password: z
    .string({ error: ADMIN_MSG.loginRequired })
    .min(1, { message: ADMIN_MSG.loginRequired })
    .max(200, { message: ADMIN_MSG.loginFailed }),
});

export const passwordTokenSchema = z.object({
  token: z
    .string({ error: ADMIN_MSG.linkInvalid })
    .min(20, { message: ADMIN_MSG.linkInvalid })
    .max(100, { message: ADMIN_MSG.linkInvalid }),
});

/** Setting a password through a one-time link: the spec's password rule and messages. */
export const setPasswordSchema = passwordTokenSchema
  .extend({
    password: z
      .string({ error: ACCOUNT_MSG.resetWeak })
      .regex(PASSWORD_PATTERN, { message: ACCOUNT_MSG.resetWeak }),
    confirmPassword: z.string().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.confirmPassword !== undefined && v.confirmPassword !== v.password)
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: ACCOUNT_MSG.resetMismatch });
  });
export type SetPasswordInput = z.input<typeof setPasswordSchema>;

export const changeOwnPasswordSchema = z
  .object({
    password: z
      .string({ error: ACCOUNT_MSG.currentRequired })
      .min(1, { message: ACCOUNT_MSG.currentRequired })
      .max(200),
    newPassword: z
      .string({ error: ACCOUNT_MSG.resetWeak })
      .regex(PASSWORD_PATTERN, { message: ACCOUNT_MSG.resetWeak }),
    confirmPassword: z.string().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.confirmPassword !== undefined && v.confirmPassword !== v.newPassword)
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: ACCOUNT_MSG.resetMismatch });
  });

export const staffCreateSchema = z.object({
  email: email(100, ADMIN_MSG.staffEmail),
  name: line(100, ADMIN_MSG.staffName, false).optional().default(''),
  role: z.enum(STAFF_ROLES, { error: ADMIN_MSG.role }),
});

export const staffUpdateSchema = z.object({
  name: line(100, ADMIN_MSG.staffName, false).optional(),
  role: z.enum(STAFF_ROLES, { error: ADMIN_MSG.role }).optional(),
  active: flag('Active').optional(),
});

// ---- Orders

const PROVINCE_MSG = `The province is one of ${PROVINCES.join(', ')}.`;

/** An empty field of a GET form means "not given". */
const unsetIfBlank = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema);

/**
 * The back office's orders list: a search (`q`: order number, PO number, customer id or company) and
 * filters by status, the day placed (the shop's days, from and to included), customer, buyer (contact id or
 * e-mail), shipping province, a SKU on any line, the total's range in dollars and a PO number.
 */
const orderFilterShape = {
  status: unsetIfBlank(
    z.enum(ORDER_STATUSES, { error: `Status must be one of ${ORDER_STATUSES.join(', ')}.` }).optional(),
  ),
  q: search,
  from: unsetIfBlank(calendarDay('The first day').optional()),
  to: unsetIfBlank(calendarDay('The last day').optional()),
  customer: unsetIfBlank(
    z
      .string({ error: ADMIN_MSG.customerId })
      .trim()
      .toUpperCase()
      .regex(CUSTOMER_ID_PATTERN, { message: ADMIN_MSG.customerId })
      .optional(),
  ),
  buyer: unsetIfBlank(
    line(100, 'The buyer is a contact id or an e-mail address of at most 100 characters.', false).optional(),
  ),
  province: unsetIfBlank(z.enum(PROVINCES, { error: PROVINCE_MSG }).optional()),

  sku: unsetIfBlank(line(40, 'A SKU has at most 40 characters.', false).optional()),
  total_min: unsetIfBlank(dollars('The lowest total').optional()),
  total_max: unsetIfBlank(dollars('The highest total').optional()),
  po: unsetIfBlank(line(50, 'A PO number has at most 50 characters.', false).optional()),
};

function checkOrderFilters(
  v: { from?: string; to?: string; total_min?: number; total_max?: number },
  ctx: z.RefinementCtx,
) {
  if (v.from && v.to && v.from > v.to)
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'The last day must not be before the first day.' });
  if (v.total_min !== undefined && v.total_max !== undefined && v.total_min > v.total_max)
    ctx.addIssue({
      code: 'custom',
      path: ['total_max'],
      message: 'The highest total must not be below the lowest total.',
    });
}

export const orderListQuerySchema = pagingSchema.extend(orderFilterShape).superRefine(checkOrderFilters);
export type OrderListQuery = z.output<typeof orderListQuerySchema>;

/** The names of the orders list's search and filters (the query without its paging). */
export const ORDER_FILTER_NAMES = Object.keys(orderFilterShape) as (keyof typeof orderFilterShape)[];

/**
 * The orders list as a CSV file: the orders chosen (`ids`, comma-separated) or every order matching the
 * list's filters, newest first, at most ORDER_COUNT_CAP.
 */
export const orderExportQuerySchema = z
  .object({
    ...orderFilterShape,
    ids: unsetIfBlank(
      z
        .string({ error: 'ids is a list of order ids separated by commas, e.g. 12,15,17.' })
        .regex(/^\d{1,9}(,\d{1,9}){0,99}$/, {
          message: `ids is a list of at most ${BULK_MAX_ORDERS} order ids separated by commas, e.g. 12,15,17.`,
        })
        .transform((v) => [...new Set(v.split(',').map(Number))])
        .optional(),
    ),
  })
  .superRefine(checkOrderFilters);

/**
 * The serial numbers a shipment gives: for each serialised line (its line_id), one serial per unit, in unit
 * order. Only their shape is checked here; the server normalises and checks them in the ship transaction.
 */
export const shipSerialsSchema = z
  .array(
    z.object({
      line_id: z.coerce
        .number({ error: 'Each line is given by its line_id, a whole number.' })
        .int({ message: 'Each line is given by its line_id, a whole number.' })
        .min(1, { message: 'Each line is given by its line_id, a whole number.' })
        .max(2_147_483_647, { message: 'Each line is given by its line_id, a whole number.' }),
      serials: z
        .array(
          z
            .string({ error: 'A serial number is text.' })
            .max(100, { message: 'A serial number has at most 40 characters.' }),
          {
            error: 'The serials of a line are a list of text.',
          },
        )
        .max(9999, { message: 'A line holds at most 9999 units.' }),
    }),
    { error: 'serials is a list of {line_id, serials}.' },
  )
  .max(500, { message: 'A shipment gives the serials of at most 500 lines.' });
export type ShipSerialsInput = z.input<typeof shipSerialsSchema>;

export const orderActionSchema = z
  .object({
    action: z.enum(ORDER_ACTION_NAMES as [OrderAction, ...OrderAction[]], {
      error: `The action must be one of ${ORDER_ACTION_NAMES.join(', ')}.`,
    }),
    /** One of CARRIERS (any case), or empty; kept as the list spells it. */
    carrier: line(100, CARRIER_MSG.unknown, false)
      .refine((v) => v === '' || carrierNamed(v) !== null, { message: CARRIER_MSG.unknown })
      .transform((v) => carrierNamed(v) ?? '')
      .optional()
      .default(''),
    tracking_number: line(100, 'The tracking number has at most 100 characters.', false)
      .optional()
      .default(''),
    reason: text(REASON_MAX, ADMIN_MSG.reason, false).optional().default(''),
    /** With ship: each serialised line's serial numbers, one per unit. */
    serials: shipSerialsSchema.optional().default([]),
  })
  .superRefine((v, ctx) => {
    if (v.action !== 'ship' && v.serials.length > 0)
      ctx.addIssue({ code: 'custom', path: ['serials'], message: 'Serial numbers go with ship only.' });
    if ((v.action === 'cancel' || v.action === 'decline') && v.reason === '')
      ctx.addIssue({ code: 'custom', path: ['reason'], message: ADMIN_MSG.reason });
    if (v.action !== 'ship' && (v.carrier || v.tracking_number))
      ctx.addIssue({
        code: 'custom',
        path: ['carrier'],
        message: 'A carrier and tracking number go with ship only.',
      });
  });
export type OrderActionInput = z.input<typeof orderActionSchema>;

/** What the orders list does to many orders at once. */
export const BULK_ORDER_ACTIONS = ['confirm', 'ship', 'invoice'] as const;
export type BulkOrderAction = (typeof BULK_ORDER_ACTIONS)[number];

/**
 * A bulk action: confirm, ship (one carrier, each order's own tracking number) or invoice (shipping by one
 * rule: an amount per order plus an amount per unit, and the fee lines from the fee table) the orders given.
 * Each order is done, or refused, on its own.
 */
export const bulkOrderActionSchema = z
  .object({
    action: z.enum(BULK_ORDER_ACTIONS, { error: 'The bulk action is confirm, ship or invoice.' }),
    orders: z
      .array(
        z.object({
          order_id: z.coerce
            .number({ error: 'Each order is given by its order id, a whole number.' })
            .int({ message: 'Each order is given by its order id, a whole number.' })
            .min(1, { message: 'Each order is given by its order id, a whole number.' })
            .max(2_147_483_647, { message: 'Each order is given by its order id, a whole number.' }),
          tracking_number: line(100, 'A tracking number has at most 100 characters.', false)
            .optional()
            .default(''),
          /** With ship: the order's serialised lines' serial numbers, one per unit. */
          serials: shipSerialsSchema.optional().default([]),
        }),
        { error: 'Choose the orders: a list of {order_id}.' },
      )
      .min(1, { message: 'Choose at least one order.' })
      .max(BULK_MAX_ORDERS, { message: `A bulk action takes at most ${BULK_MAX_ORDERS} orders.` }),
    carrier: line(100, CARRIER_MSG.unknown, false)
      .refine((v) => v === '' || carrierNamed(v) !== null, { message: CARRIER_MSG.unknown })
      .transform((v) => carrierNamed(v) ?? '')
      .optional()
      .default(''),
    shipping_per_order: dollars('Shipping per order', { max: 100_000 }).optional().default(0),
    shipping_per_unit: dollars('Shipping per unit', { max: 10_000 }).optional().default(0),
  })
  .superRefine((v, ctx) => {
    const ids = v.orders.map((o) => o.order_id);
    if (new Set(ids).size !== ids.length)
      ctx.addIssue({ code: 'custom', path: ['orders'], message: 'Each order is given once.' });
    if (v.action === 'ship' && v.carrier === '')
      ctx.addIssue({
        code: 'custom',
        path: ['carrier'],
        message: 'Choose the carrier the orders ship with.',
      });
    if (v.action !== 'ship' && v.orders.some((o) => o.serials.length > 0))
      ctx.addIssue({ code: 'custom', path: ['orders'], message: 'Serial numbers go with ship only.' });
    if (v.action !== 'ship' && (v.carrier || v.orders.some((o) => o.tracking_number)))
      ctx.addIssue({
        code: 'custom',
        path: ['carrier'],
        message: 'A carrier and tracking numbers go with ship only.',
      });
    if (v.action !== 'invoice' && (v.shipping_per_order > 0 || v.shipping_per_unit > 0))
      ctx.addIssue({
        code: 'custom',
        path: ['shipping_per_order'],
        message: 'A shipping rule goes with invoice only.',
      });
  });
export type BulkOrderActionInput = z.input<typeof bulkOrderActionSchema>;

/** What an extra line is: an environmental handling fee, or any other line the seller adds. */
const INVOICE_LINE_KINDS = ['fee', 'other'] as const;

const invoiceLineSchema = z
  .object({
    name: line(100, 'Each extra line needs a name of at most 100 characters.', true),
    /** Negative for a credit (e.g. a price correction); per unit when `quantity` is given. */
    amount: dollars('The amount of an extra line', { min: -10_000_000 }),
    /** fee (an environmental handling fee) or other (the default). */
    kind: z
      .enum(INVOICE_LINE_KINDS, { error: 'The kind of an extra line is fee or other.' })
      .optional()
      .default('other'),
    quantity: z
      .preprocess(
        (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
        z
          .number({ error: 'The quantity of an extra line is a whole number from 1 to 100000.' })
          .int({ message: 'The quantity of an extra line is a whole number from 1 to 100000.' })
          .min(1, { message: 'The quantity of an extra line is a whole number from 1 to 100000.' })
          .max(100_000, { message: 'The quantity of an extra line is a whole number from 1 to 100000.' }),
      )
      .optional()
      .default(1),
    /** Whether the province's own sales tax (PST, RST, QST) applies; GST or HST always does. */
    provincial_tax: flag('provincial_tax').optional().default(true),
  })
  .superRefine((v, ctx) => {
    if (v.kind === 'fee' && v.amount < 0)
      ctx.addIssue({
        code: 'custom',
        path: ['amount'],
        message: 'A fee line is an amount of 0 or more; a credit is a line of its own.',
      });
  });

/**
 * Where the invoice's fee lines come from: `table` fills them from the fee table (the order's province and
 * products), `given` takes the fee lines sent, none included. Left out: `given` when a line of kind fee is
 * sent, else `table`.
 */
const INVOICE_FEE_SOURCES = ['table', 'given'] as const;

export const invoiceSchema = z
  .object({
    shipping: dollars('Shipping').optional().default(0),
    lines: z
      .array(invoiceLineSchema, { error: 'Extra lines are a list of {name, amount}.' })
      .max(20, { message: 'An invoice has at most 20 extra lines.' })
      .optional()
      .default([]),
    fees: z
      .enum(INVOICE_FEE_SOURCES, {
        error: 'fees is table (the fee lines from the fee table) or given (the fee lines sent).',
      })
      .optional(),
    note: text(1000, 'The note has at most 1000 characters.', false).optional().default(''),
  })
  .superRefine((v, ctx) => {
    if (v.fees === 'table' && v.lines.some((l) => l.kind === 'fee'))
      ctx.addIssue({
        code: 'custom',
        path: ['fees'],
        message:
          'The fee lines come from the fee table (fees: table); send fees: given to set them yourself.',
      });
  });
export type InvoiceInput = z.input<typeof invoiceSchema>;

/** The sales-tax journal's period: the invoices made from `from` to `to` (the shop's days, both included). */
export const invoiceJournalQuerySchema = z
  .object({ from: calendarDay('from'), to: calendarDay('to') })
  .refine((v) => v.from <= v.to, { path: ['to'], message: 'The first day must not be after the last day.' });
export type InvoiceJournalQuery = z.output<typeof invoiceJournalQuerySchema>;

// ---- Customers, buyers and applications

const firstName = line(50, ACCOUNT_MSG.firstName, true);
const lastName = line(50, ACCOUNT_MSG.lastName, true);
const contactEmail = email(50, ACCOUNT_MSG.email);
const phone = z
  .string({ error: ACCOUNT_MSG.phone })
  .trim()
  .refine((v) => v === '' || /^\d{10}$/.test(v), { message: ACCOUNT_MSG.phone });
const percentage = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
  z
    .number({ error: ADMIN_MSG.percentage })
    .int({ message: ADMIN_MSG.percentage })
    .min(0, { message: ADMIN_MSG.percentage })
    .max(100, { message: ADMIN_MSG.percentage }),
);

/** How the customers list is ordered: by id, by company, or the latest order first. */
const CUSTOMER_SORTS = ['id', 'company', 'last_order'] as const;

/**
 * The back office's customers list: a search (id, company, contact name or e-mail), active or disabled,
 * a percentage, and the day of the last order (from, to, or never ordered), in an order.
 */
export const customerListQuerySchema = pagingSchema
  .extend({
    q: search,
    status: unsetIfBlank(
      z.enum(['active', 'disabled'], { error: 'Status must be active or disabled.' }).optional(),
    ),
    percentage: unsetIfBlank(
      z.coerce
        .number({ error: ADMIN_MSG.percentage })
        .int({ message: ADMIN_MSG.percentage })
        .min(0, { message: ADMIN_MSG.percentage })
        .max(100, { message: ADMIN_MSG.percentage })
        .optional(),
    ),
    last_order_from: unsetIfBlank(calendarDay('The first day of the last order').optional()),
    last_order_to: unsetIfBlank(calendarDay('The last day of the last order').optional()),
    never_ordered: unsetIfBlank(flag('never_ordered').optional()),
    sort: unsetIfBlank(
      z
        .enum(CUSTOMER_SORTS, { error: `Sort by ${CUSTOMER_SORTS.join(', ')}.` })
        .optional()
        .default('id'),
    ),
  })
  .superRefine((v, ctx) => {
    if (v.last_order_from && v.last_order_to && v.last_order_from > v.last_order_to)
      ctx.addIssue({
        code: 'custom',
        path: ['last_order_to'],
        message: 'The last day must not be before the first day.',
      });
    if (v.never_ordered && (v.last_order_from || v.last_order_to))
      ctx.addIssue({
        code: 'custom',
        path: ['never_ordered'],
        message: 'A customer who never ordered has no last order: choose one or the other.',
      });
  });
export type CustomerListQuery = z.output<typeof customerListQuerySchema>;

export const customerCreateSchema = z.object({
  /** Left out, the shop gives the next free C number. */
  customer_id: z
    .string({ error: ADMIN_MSG.customerId })
    .trim()
    .regex(CUSTOMER_ID_PATTERN, { message: ADMIN_MSG.customerId })
    .optional(),
  company: line(50, APPLICATION_MSG.company, true),
  first_name: firstName,
  last_name: lastName,
  email: contactEmail,
  phone_number: phone.optional().default(''),
  percentage: percentage.optional().default(15),
  /** The application this customer comes from (approving it). */
  application_id: z.coerce
    .number({ error: 'The application id is a whole number.' })
    .int()
    .positive()
    .optional(),
});
export type CustomerCreateInput = z.input<typeof customerCreateSchema>;

export const customerUpdateSchema = z.object({
  company: line(50, APPLICATION_MSG.company, true).optional(),
  /** Owner only. */
  percentage: percentage.optional(),
  /** How many sign-ins the company may have; its administrators cannot add more. */
  max_buyers: z
    .preprocess(
      (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
      z
        .number({ error: ADMIN_MSG.maxBuyers })
        .int({ message: ADMIN_MSG.maxBuyers })
        .min(1, { message: ADMIN_MSG.maxBuyers })
        .max(MAX_BUYERS_CEILING, { message: ADMIN_MSG.maxBuyers }),
    )
    .optional(),
});

export const contactCreateSchema = z.object({
  first_name: firstName,
  last_name: lastName,
  email: contactEmail,
  phone_number: phone.optional().default(''),
  role: z.enum(CONTACT_ROLES, { error: ADMIN_MSG.contactRole }).optional().default('buyer'),
});

export type ContactCreateInput = z.input<typeof contactCreateSchema>;

export const contactUpdateSchema = z.object({
  first_name: firstName.optional(),
  last_name: lastName.optional(),
  email: contactEmail.optional(),
  phone_number: phone.optional(),
  role: z.enum(CONTACT_ROLES, { error: ADMIN_MSG.contactRole }).optional(),
  active: flag('Active').optional(),
});

export const applicationListQuerySchema = pagingSchema.extend({
  status: z
    .enum(APPLICATION_STATUSES, { error: 'Status must be New, Approved or Rejected.' })
    .optional()
    .default('New'),
});
export const applicationRejectSchema = z.object({ reason: text(REASON_MAX, ADMIN_MSG.reason, true) });

// ---- Products

/**
 * Stock of a product: what can be sold of it (its stock, plus its scratch-and-dent stock while that offer is
 * on). "low" is 1 to LOW_STOCK units; a Warranty item always counts as in stock.
 */
export const LOW_STOCK = 5;
export const STOCK_LEVELS = ['none', 'low', 'in'] as const;
export type StockLevel = (typeof STOCK_LEVELS)[number];
export const PRODUCT_SORTS = ['name', 'sku', 'price', 'stock', 'updated'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];
const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];
/** The page sizes the products list offers (any size up to MAX_PAGE_SIZE is taken). */
export const PRODUCT_PAGE_SIZES = [25, 50, 100] as const;

export const productListQuerySchema = pagingSchema.extend({
  q: search,
  category: z.string().trim().max(40).optional(),
  condition: z
    .enum(PRIMARY_CONDITIONS, { error: 'Condition must be BrandNew, Recertified or Warranty.' })
    .optional(),
  active: flag('active').optional(),
  in_stock: flag('in_stock').optional(),
  stock: z
    .enum(STOCK_LEVELS, {
      error: `Stock must be none, low (1 to ${LOW_STOCK} left) or in (more than ${LOW_STOCK}).`,
    })
    .optional(),
  on_sale: flag('on_sale').optional(),
  sort: z
    .enum(PRODUCT_SORTS, { error: 'Sort must be name, sku, price, stock or updated.' })
    .optional()
    .default('sku'),
  dir: z.enum(SORT_DIRECTIONS, { error: 'Dir must be asc or desc.' }).optional().default('asc'),
});
export type ProductListQuery = z.output<typeof productListQuerySchema>;

const filterFieldSchemas = Object.fromEntries(
  FILTER_FIELDS.map((f) => [f, text(100, `${f} is at most 100 characters.`, false)]),
) as Record<FilterField, ReturnType<typeof text>>;

/** Every field of a product as the form sends it; all optional (an edit sends what changed). */
export const productFieldsSchema = z
  .object({
    sku: z.string({ error: 'sku is text.' }).trim(),
    item_name: z.string({ error: 'item_name is text.' }).trim(),
    /** Items of one model in several conditions share it; the product page compares them. */
    model: z.string({ error: 'model is text.' }).trim(),
    /** Monitor is accepted for Display. */
    category: z.string({ error: 'category is text.' }).trim(),
    sub_category: z.string({ error: 'sub_category is text.' }).trim(),
    item_condition: z.enum(PRIMARY_CONDITIONS, {
      error: 'item_condition must be BrandNew, Recertified or Warranty.',
    }),
    description: z.string({ error: 'description is text.' }),
    /** Lines 'spec name: value'. */
    details: z.string({ error: 'details is text.' }),
    /** The French description and details ('' shows the English to French readers). */
    description_fr: z.string({ error: 'description_fr is text.' }),
    details_fr: z.string({ error: 'details_fr is text.' }),
    ...filterFieldSchemas,
    is_active: flag('is_active'),
    is_sale: flag('is_sale'),
    is_featured: flag('is_featured'),
    is_scratch_dent: flag('is_scratch_dent'),
    /** Whether each unit ships with its serial number recorded. */
    serialized: flag('serialized'),
    stock: wholeNumber('stock', 1_000_000),
    scratch_dent_stock: wholeNumber('scratch_dent_stock', 1_000_000),
    popularity: wholeNumber('popularity', 1_000_000),
    price: dollars('price'),
    sale_price: dollars('sale_price'),
    scratch_dent_price: dollars('scratch_dent_price'),
    /** Share links or uploaded pictures (media:…), the main picture first. */
    images: z.array(z.string().trim().max(500), { error: 'images is a list of picture links.' }).max(50),
    listed_at: z.string().trim().max(40),
    /** Volume prices per condition, percentages as people write them (3 for 3 %). */
    price_breaks: PriceBreaksInput,
    /**
     * A filter value no product has yet (a new series, colour…) is refused unless this is true, so a typo
     * does not become a new filter in the shop.
     */
    confirm_new_values: flag('confirm_new_values'),
  })
  .partial();
export type ProductFieldsInput = z.input<typeof productFieldsSchema>;

export const productCreateSchema = productFieldsSchema.required({
  sku: true,
  item_name: true,
  category: true,
  item_condition: true,
  price: true,
});

// ---- Messages

export const customerMessageSchema = z.object({ body: text(MESSAGE_MAX, ADMIN_MSG.messageBody, true) });
export const contactReplySchema = z.object({ body: text(MESSAGE_MAX, ADMIN_MSG.messageBody, true) });
export const contactListQuerySchema = pagingSchema.extend({
  status: z.enum(CONTACT_STATUSES, { error: 'Status must be new or answered.' }).optional(),
  q: search,
});
export const contactStatusSchema = z.object({
  status: z.enum(CONTACT_STATUSES, { error: 'Status must be new or answered.' }),
});

// ---- Audit

export const auditQuerySchema = pagingSchema.extend({
  entity_type: z.string().trim().max(40).optional(),
  entity_id: z.string().trim().max(100).optional(),
  actor: z.string().trim().max(100).optional(),
});
