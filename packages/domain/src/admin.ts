/**
 * The back office's contract: request schemas (the page's forms and the server's checks) and the answers
 * of /api/admin/* (and of the set-password links, which buyers use too) as schemas, each under the type
 * name of what it describes. Amounts are dollars with at most 2 decimals in both directions.
 */
import { z } from 'zod';
import { ACCOUNT_MSG, APPLICATION_MSG, PASSWORD_PATTERN } from './account';
import { Count, Dollars, Envelope, MessageAnswer, Price, Timestamp } from './answers/common';
import { OrderAddress } from './answers/orders';
import { FILTER_FIELDS, type FilterField, PRIMARY_CONDITIONS } from './catalog';
import { EMAIL_PATTERN, oneLine } from './contact';
import { toCents } from './money';

export const STAFF_ROLES = ['owner', 'clerk'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export const CONTACT_ROLES = ['admin', 'buyer'] as const;
export type ContactRole = (typeof CONTACT_ROLES)[number];

/** Sessions of staff end after this long without a request. */
export const STAFF_IDLE_MS = 12 * 3_600_000;
/** How long a mailed set-password link works. */
export const WELCOME_LINK_DAYS = 7;
export const RESET_LINK_HOURS = 24;
export const STAFF_LINK_DAYS = 7;
/** Failed sign-ins in a row after which an account waits (per account, every server process). */
export const LOGIN_FAILURES_BEFORE_WAIT = 10;
export const LOGIN_WAIT_MS = 15 * 60_000;
export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 25;
export const MESSAGE_MAX = 5000;
export const REASON_MAX = 1000;
export const CUSTOMER_ID_PATTERN = /^[A-Za-z0-9]{2,50}$/;
/** How many sign-ins (the primary contact and the buyers) a company may have unless the seller raises it. */
export const DEFAULT_MAX_BUYERS = 50;
export const MAX_BUYERS_CEILING = 1000;
/**
 * How many buyers a company's administrators may invite (each gets a welcome mail) per hour and per day,
 * so an account cannot be used to mail any address in bulk. The seller's own additions are not limited.
 */
export const BUYER_INVITES_PER_HOUR = 10;
export const BUYER_INVITES_PER_DAY = 20;

export const ADMIN_MSG = {
  loginFailed: 'E-mail or password is incorrect.',
  loginRequired: 'E-mail and password are required.',
  staffDisabled: 'This staff account is disabled. Ask the owner of the shop to enable it.',
  notStaff: 'Please sign in to the back office.',
  ownerOnly: 'Only an owner of the shop can do this.',
  linkInvalid:
    'This link does not work any more: it was used already or has expired. Please ask for a new one.',
  passwordSet: 'Your password has been set. You can sign in now.',
  customerDisabled:
    'This account has been disabled. Please contact customer support (Monday to Friday 9AM to 5PM EST).',
  contactInactive:
    'This sign-in has been turned off by your company. Please ask your company administrator or customer support.',
  staffEmail: 'Enter a valid e-mail address of at most 100 characters.',
  staffName: 'The name is at most 100 characters.',
  role: 'The role must be owner or clerk.',
  contactRole: 'The role must be admin or buyer.',
  customerId: 'A customer id has 2 to 50 letters and digits, e.g. C10003.',
  percentage: 'The percentage is a whole number from 0 to 100.',
  maxBuyers: `The number of sign-ins is a whole number from 1 to ${MAX_BUYERS_CEILING}.`,
  reason: `Please give a reason (at most ${REASON_MAX} characters); it is put in the mail.`,
  messageBody: `The message cannot be empty and has at most ${MESSAGE_MAX} characters.`,
  lastOwner: 'The shop needs at least one active owner: make another owner first.',
  page: 'Page must be a whole number of 1 or more.',
  pageSize: `Page size must be a whole number from 1 to ${MAX_PAGE_SIZE}.`,
  search: 'The search text has at most 100 characters.',
  catalogChanged:
    'The catalog changed since the preview (or the file is not the one previewed). Please preview the file again.',
} as const;

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
export function dollars(label: string, { min = 0, max = 10_000_000 } = {}) {
  const message = `${label} must be an amount in dollars from ${min} to ${max.toLocaleString('en-CA')}, such as 25.00.`;
  return z.preprocess(
    (v) => (typeof v === 'string' ? Number(v.trim().replace(/^\$/, '').replaceAll(',', '')) : v),
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

/** One page of a list. */
export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pages: number;
  page_size: number;
}

/** The schema of a page of `item`s (its output is a `Page` of the item's output). */
export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: Count,
    page: z.number().int().min(1),
    pages: z.number().int().min(1),
    page_size: z.number().int().min(1).max(MAX_PAGE_SIZE),
  });
}

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

export const StaffInfo = z.object({
  staff_id: z.number().int().min(1),
  email: z.string(),
  name: z.string(),
  role: z.enum(STAFF_ROLES),
  active: z.boolean(),
  /** False until the person has set a password through their link. */
  has_password: z.boolean(),
  created_at: Timestamp,
});
export type StaffInfo = z.infer<typeof StaffInfo>;

export const PASSWORD_PURPOSES = ['staff', 'welcome', 'reset', 'buyer'] as const;
export type PasswordPurpose = (typeof PASSWORD_PURPOSES)[number];

/** What a one-time link is for, as POST /api/password-link/check answers. */
export const PasswordLinkInfo = z.object({
  kind: z.enum(['staff', 'customer']),
  purpose: z.enum(PASSWORD_PURPOSES),
  name: z.string(),
  /** What the person signs in with: their e-mail (staff, buyers) or the Customer ID (primary contact). */
  sign_in_with: z.string(),
  expires_at: Timestamp,
});
export type PasswordLinkInfo = z.infer<typeof PasswordLinkInfo>;

// ---- Orders

export const ORDER_STATUSES = [
  'Pending',
  'Confirmed',
  'Shipped',
  'Delivered',
  'Canceled',
  'Declined',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Which status each action moves an order from and to. */
export const ORDER_ACTIONS = {
  confirm: { from: ['Pending'], to: 'Confirmed' },
  ship: { from: ['Confirmed'], to: 'Shipped' },
  deliver: { from: ['Shipped'], to: 'Delivered' },
  cancel: { from: ['Pending', 'Confirmed'], to: 'Canceled' },
  decline: { from: ['Pending', 'Confirmed'], to: 'Declined' },
} as const satisfies Record<string, { from: readonly OrderStatus[]; to: OrderStatus }>;
export type OrderAction = keyof typeof ORDER_ACTIONS;
export const ORDER_ACTION_NAMES = Object.keys(ORDER_ACTIONS) as OrderAction[];

/** The actions open to an order in `status` (what the page offers as buttons). */
export function actionsFor(status: string): OrderAction[] {
  return ORDER_ACTION_NAMES.filter((a) => (ORDER_ACTIONS[a].from as readonly string[]).includes(status));
}

/** An order can be invoiced unless it was canceled or declined. */
export function canInvoice(status: string): boolean {
  return status !== 'Canceled' && status !== 'Declined';
}

export const orderListQuerySchema = pagingSchema.extend({
  status: z.enum(ORDER_STATUSES, { error: `Status must be one of ${ORDER_STATUSES.join(', ')}.` }).optional(),
  q: search,
});

export const orderActionSchema = z
  .object({
    action: z.enum(ORDER_ACTION_NAMES as [OrderAction, ...OrderAction[]], {
      error: `The action must be one of ${ORDER_ACTION_NAMES.join(', ')}.`,
    }),
    carrier: line(100, 'The carrier has at most 100 characters.', false).optional().default(''),
    tracking_number: line(100, 'The tracking number has at most 100 characters.', false)
      .optional()
      .default(''),
    reason: text(REASON_MAX, ADMIN_MSG.reason, false).optional().default(''),
  })
  .superRefine((v, ctx) => {
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

export const invoiceLineSchema = z.object({
  name: line(100, 'Each extra line needs a name of at most 100 characters.', true),
  /** Negative for a credit (e.g. a price correction). */
  amount: dollars('The amount of an extra line', { min: -10_000_000 }),
});

export const invoiceSchema = z.object({
  shipping: dollars('Shipping').optional().default(0),
  lines: z
    .array(invoiceLineSchema, { error: 'Extra lines are a list of {name, amount}.' })
    .max(20, { message: 'An invoice has at most 20 extra lines.' })
    .optional()
    .default([]),
  note: text(1000, 'The note has at most 1000 characters.', false).optional().default(''),
});
export type InvoiceInput = z.input<typeof invoiceSchema>;

export const OrderEventInfo = z.object({
  kind: z.enum([
    'placed',
    'confirmed',
    'shipped',
    'delivered',
    'canceled',
    'declined',
    'invoiced',
    'invoice_corrected',
  ]),
  /** Staff e-mail, `cli`, or the contact person id of the buyer who placed it. */
  actor: z.string(),
  carrier: z.string(),
  tracking_number: z.string(),
  reason: z.string(),
  invoice_id: z.number().int().min(1).nullable(),
  at: Timestamp,
});
export type OrderEventInfo = z.infer<typeof OrderEventInfo>;

/** A change written down: who, what, and the values before and after (any JSON, null when none). */
export const AuditEntry = z.object({
  audit_id: z.number().int().min(1),
  at: Timestamp,
  actor: z.string(),
  action: z.string(),
  entity_type: z.string(),
  entity_id: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

export const AdminOrderRow = z.object({
  order_id: z.number().int().min(1),
  order_number: z.string(),
  created_at: Timestamp,
  status: z.enum(ORDER_STATUSES),
  customer_id: z.string(),
  company: z.string(),
  purchase_order_id: z.string(),
  total: Price,
  invoice_number: z.string().nullable(),
});
export type AdminOrderRow = z.infer<typeof AdminOrderRow>;

export const AdminInvoice = z.object({
  invoice_id: z.number().int().min(1),
  invoice_number: z.string(),
  created_at: Timestamp,
  shipping: Price,
  shipping_tax: Price,
  total: Price,
  note: z.string(),
  /** Set on a replaced invoice (kept for the record). */
  replaced_at: Timestamp.nullable(),
  replaced_by: z.number().int().min(1).nullable(),
  /** The order's items, then what the seller added (no item; a credit is negative). */
  lines: z.array(
    z.object({
      item_id: z.string().nullable(),
      item_name: z.string(),
      sku: z.string(),
      item_condition: z.string(),
      quantity: z.number().int().min(1),
      rate: Dollars,
    }),
  ),
});
export type AdminInvoice = z.infer<typeof AdminInvoice>;

export const AdminOrderDetail = AdminOrderRow.extend({
  placed_by: z.object({ contact_person_id: z.string(), name: z.string(), email: z.string() }),
  shipping_method: z.string(),
  tax_rate: z.number().nonnegative(),
  subtotal: Price,
  items_tax: Price,
  carrier: z.string(),
  tracking_number: z.string(),
  lines: z.array(
    z.object({
      item_id: z.string(),
      item_name: z.string(),
      sku: z.string(),
      item_condition: z.string(),
      quantity: z.number().int().min(1),
      item_rate: Price,
      main_image: z.string(),
    }),
  ),
  shipping_address: OrderAddress,
  billing_address: OrderAddress,
  /** The current invoice first, then the replaced ones. */
  invoices: z.array(AdminInvoice),
  history: z.array(OrderEventInfo),
  audit: z.array(AuditEntry),
  actions: z.array(z.enum(ORDER_ACTION_NAMES as [OrderAction, ...OrderAction[]])),
  can_invoice: z.boolean(),
});
export type AdminOrderDetail = z.infer<typeof AdminOrderDetail>;

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

export const customerListQuerySchema = pagingSchema.extend({
  q: search,
  status: z.enum(['active', 'disabled'], { error: 'Status must be active or disabled.' }).optional(),
});

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

export const AdminContact = z.object({
  contact_person_id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone_number: z.string(),
  /** What they sign in with. */
  username: z.string(),
  role: z.enum(CONTACT_ROLES),
  active: z.boolean(),
  is_primary: z.boolean(),
  has_password: z.boolean(),
});
export type AdminContact = z.infer<typeof AdminContact>;

export const AdminCustomerRow = z.object({
  customer_id: z.string(),
  company: z.string(),
  percentage: z.number().int().min(0).max(100),
  /** How many sign-ins the company may have (its administrators cannot add more). */
  max_buyers: z.number().int().min(1),
  disabled: z.boolean(),
  created_at: Timestamp,
  primary_contact: z.object({ name: z.string(), email: z.string(), phone_number: z.string() }).nullable(),
});
export type AdminCustomerRow = z.infer<typeof AdminCustomerRow>;

export const AdminCustomerDetail = AdminCustomerRow.extend({
  contacts: z.array(AdminContact),
  /** The 20 newest orders. */
  orders: z.array(AdminOrderRow),
  /** The messages sent to the customer, newest first. */
  messages: z.array(
    z.object({
      message_id: z.number().int().min(1),
      body: z.string(),
      created_at: Timestamp,
      is_read: z.boolean(),
    }),
  ),
  audit: z.array(AuditEntry),
});
export type AdminCustomerDetail = z.infer<typeof AdminCustomerDetail>;

export const APPLICATION_STATUSES = ['New', 'Approved', 'Rejected'] as const;
export const applicationListQuerySchema = pagingSchema.extend({
  status: z
    .enum(APPLICATION_STATUSES, { error: 'Status must be New, Approved or Rejected.' })
    .optional()
    .default('New'),
});
export const applicationRejectSchema = z.object({ reason: text(REASON_MAX, ADMIN_MSG.reason, true) });

export const AdminApplication = z.object({
  application_id: z.number().int().min(1),
  company: z.string(),
  contact_name: z.string(),
  email: z.string(),
  phone_number: z.string(),
  province: z.string(),
  message: z.string(),
  status: z.enum(APPLICATION_STATUSES),
  customer_id: z.string().nullable(),
  decision_reason: z.string().nullable(),
  decided_at: Timestamp.nullable(),
  decided_by: z.string().nullable(),
  created_at: Timestamp,
  /** The new-customer form filled in from the application. */
  customer_form: z.object({
    company: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    email: z.string(),
    phone_number: z.string(),
    percentage: z.number().int().min(0).max(100),
    application_id: z.number().int().min(1),
  }),
});
export type AdminApplication = z.infer<typeof AdminApplication>;

// ---- Products

export const productListQuerySchema = pagingSchema.extend({
  q: search,
  category: z.string().trim().max(40).optional(),
  condition: z
    .enum(PRIMARY_CONDITIONS, { error: 'Condition must be BrandNew, Recertified or Warranty.' })
    .optional(),
  active: flag('active').optional(),
  in_stock: flag('in_stock').optional(),
});

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
    stock: wholeNumber('stock', 1_000_000),
    scratch_dent_stock: wholeNumber('scratch_dent_stock', 1_000_000),
    popularity: wholeNumber('popularity', 1_000_000),
    price: dollars('price'),
    sale_price: dollars('sale_price'),
    scratch_dent_price: dollars('scratch_dent_price'),
    /** Share links or uploaded pictures (media:…), the main picture first. */
    images: z.array(z.string().trim().max(500), { error: 'images is a list of picture links.' }).max(50),
    listed_at: z.string().trim().max(40),
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

export const AdminImage = z.object({
  link: z.string(),
  /** The picture as cards show it. */
  thumb_url: z.string(),
  /** The picture as the product page shows it. */
  url: z.string(),
});
export type AdminImage = z.infer<typeof AdminImage>;

/** A row of the product list (`GET /api/admin/products`). */
export const AdminProductRow = z.object({
  item_id: z.string(),
  sku: z.string(),
  item_name: z.string(),
  category: z.string(),
  sub_category: z.string(),
  item_condition: z.string(),
  is_active: z.boolean(),
  is_sale: z.boolean(),
  is_featured: z.boolean(),
  is_scratch_dent: z.boolean(),
  stock: Count,
  scratch_dent_stock: Count,
  price: Price,
  sale_price: Price,
  scratch_dent_price: Price,
  /** The main picture as cards show it. */
  thumb_url: z.string(),
  updated_at: Timestamp,
});
export type AdminProductRow = z.infer<typeof AdminProductRow>;

export const AdminProduct = z.object({
  item_id: z.string(),
  sku: z.string(),
  item_name: z.string(),
  model: z.string(),
  category: z.string(),
  sub_category: z.string(),
  item_condition: z.string(),
  description: z.string(),
  details: z.string(),
  description_fr: z.string(),
  details_fr: z.string(),
  ...(Object.fromEntries(FILTER_FIELDS.map((f) => [f, z.string()])) as Record<FilterField, z.ZodString>),
  is_active: z.boolean(),
  is_sale: z.boolean(),
  is_featured: z.boolean(),
  is_scratch_dent: z.boolean(),
  stock: Count,
  scratch_dent_stock: Count,
  price: Price,
  sale_price: Price,
  scratch_dent_price: Price,
  popularity: Count,
  images: z.array(AdminImage),
  /** The day the item was listed, as stored (ISO). */
  listed_at: z.string(),
  updated_at: Timestamp,
});
export type AdminProduct = z.infer<typeof AdminProduct>;

// ---- Catalog import

export const ImportChange = z.object({
  field: z.string(),
  old: z.unknown(),
  new: z.unknown(),
});
export type ImportChange = z.infer<typeof ImportChange>;

export const ImportRowPreview = z.object({
  line: z.number().int().min(1),
  sku: z.string(),
  status: z.enum(['new', 'changed', 'unchanged', 'error']),
  item_id: z.string().nullable(),
  changes: z.array(ImportChange),
  errors: z.array(z.string()),
});
export type ImportRowPreview = z.infer<typeof ImportRowPreview>;

export const ImportPreview = z.object({
  columns: z.array(z.string()),
  rows: z.array(ImportRowPreview),
  /** Problems of the file itself (columns, CSV syntax), by line. */
  problems: z.array(z.object({ line: Count, message: z.string() })),
  summary: z.object({ new: Count, changed: Count, unchanged: Count, errors: Count }),
  /** Send it back with the same file to apply exactly this preview. */
  token: z.string(),
});
export type ImportPreview = z.infer<typeof ImportPreview>;

// ---- Messages

export const customerMessageSchema = z.object({ body: text(MESSAGE_MAX, ADMIN_MSG.messageBody, true) });
export const contactReplySchema = z.object({ body: text(MESSAGE_MAX, ADMIN_MSG.messageBody, true) });
export const CONTACT_STATUSES = ['new', 'answered'] as const;
export const contactListQuerySchema = pagingSchema.extend({
  status: z.enum(CONTACT_STATUSES, { error: 'Status must be new or answered.' }).optional(),
  q: search,
});
export const contactStatusSchema = z.object({
  status: z.enum(CONTACT_STATUSES, { error: 'Status must be new or answered.' }),
});

export const AdminContactMessage = z.object({
  id: z.number().int().min(1),
  full_name: z.string(),
  phone_number: z.string(),
  email: z.string(),
  order_number: z.string(),
  company: z.string(),
  rma: z.string(),
  questions: z.string(),
  customer_id: z.string().nullable(),
  status: z.enum(CONTACT_STATUSES),
  created_at: Timestamp,
  replies: z.array(
    z.object({
      reply_id: z.number().int().min(1),
      body: z.string(),
      actor: z.string(),
      created_at: Timestamp,
    }),
  ),
});
export type AdminContactMessage = z.infer<typeof AdminContactMessage>;

// ---- Audit

export const auditQuerySchema = pagingSchema.extend({
  entity_type: z.string().trim().max(40).optional(),
  entity_id: z.string().trim().max(100).optional(),
  actor: z.string().trim().max(100).optional(),
});

// ---- Answers of /api/admin/* (and of the set-password links), by call

/** POST /api/admin/login */
export const AdminSignInAnswer = Envelope.extend({ staff: StaffInfo });
export type AdminSignInAnswer = z.infer<typeof AdminSignInAnswer>;

/** GET /api/admin/me: who is signed in, and the navigation's counts. */
export const AdminMeAnswer = Envelope.extend({
  staff: StaffInfo,
  pending_orders: Count,
  new_applications: Count,
  new_contact_messages: Count,
});
export type AdminMeAnswer = z.infer<typeof AdminMeAnswer>;

/**
 * POST /api/admin/logout, POST /api/admin/me/password, POST /api/admin/customers/{id}/password-link:
 * a message only.
 */
export const AdminMessageAnswer = MessageAnswer;
export type AdminMessageAnswer = z.infer<typeof AdminMessageAnswer>;

/** GET /api/admin/staff */
export const StaffListAnswer = Envelope.extend({ staff: z.array(StaffInfo) });
export type StaffListAnswer = z.infer<typeof StaffListAnswer>;

/** POST /api/admin/staff, PATCH /api/admin/staff/{id}, POST /api/admin/staff/{id}/send-link */
export const StaffAnswer = Envelope.extend({ staff: StaffInfo });
export type StaffAnswer = z.infer<typeof StaffAnswer>;

/** POST /api/password-link/check: what the link is for (400 when it does not work any more). */
export const PasswordLinkAnswer = Envelope.extend({ link: PasswordLinkInfo });
export type PasswordLinkAnswer = z.infer<typeof PasswordLinkAnswer>;

/** POST /api/password-link/set: the password is set; sign in now. */
export const PasswordSetAnswer = MessageAnswer.extend({ link: PasswordLinkInfo });
export type PasswordSetAnswer = z.infer<typeof PasswordSetAnswer>;

/** GET /api/admin/customers */
export const AdminCustomersAnswer = Envelope.extend({ customers: pageSchema(AdminCustomerRow) });
export type AdminCustomersAnswer = z.infer<typeof AdminCustomersAnswer>;

/**
 * GET /api/admin/customers/{id} and every change of a customer (create, edit, disable, enable, contacts,
 * messages): the customer as it now is, with a message for most changes.
 */
export const AdminCustomerAnswer = Envelope.extend({ customer: AdminCustomerDetail });
export type AdminCustomerAnswer = z.infer<typeof AdminCustomerAnswer>;

/** GET /api/admin/applications?status= */
export const AdminApplicationsAnswer = Envelope.extend({ applications: pageSchema(AdminApplication) });
export type AdminApplicationsAnswer = z.infer<typeof AdminApplicationsAnswer>;

/** GET /api/admin/applications/{id}, POST …/reject (with a message) */
export const AdminApplicationAnswer = Envelope.extend({ application: AdminApplication });
export type AdminApplicationAnswer = z.infer<typeof AdminApplicationAnswer>;

/** GET /api/admin/orders */
export const AdminOrdersAnswer = Envelope.extend({ orders: pageSchema(AdminOrderRow) });
export type AdminOrdersAnswer = z.infer<typeof AdminOrdersAnswer>;

/** GET /api/admin/orders/pending-count */
export const AdminPendingCountAnswer = Envelope.extend({ pending: Count });
export type AdminPendingCountAnswer = z.infer<typeof AdminPendingCountAnswer>;

/** GET /api/admin/orders/{id}, POST …/status, …/invoice, …/invoice/correct (with a message) */
export const AdminOrderAnswer = Envelope.extend({ order: AdminOrderDetail });
export type AdminOrderAnswer = z.infer<typeof AdminOrderAnswer>;

/** GET /api/admin/products */
export const AdminProductsAnswer = Envelope.extend({ products: pageSchema(AdminProductRow) });
export type AdminProductsAnswer = z.infer<typeof AdminProductsAnswer>;

/** GET /api/admin/products/{id}, POST /api/admin/products, PATCH …/{id} (with a message): the product and its trail. */
export const AdminProductAnswer = Envelope.extend({ product: AdminProduct, audit: z.array(AuditEntry) });
export type AdminProductAnswer = z.infer<typeof AdminProductAnswer>;

/** POST /api/admin/media: an uploaded picture. */
export const AdminMediaAnswer = Envelope.extend({ image: AdminImage });
export type AdminMediaAnswer = z.infer<typeof AdminMediaAnswer>;

/** POST /api/admin/catalog/import/preview */
export const ImportPreviewAnswer = Envelope.extend({ preview: ImportPreview });
export type ImportPreviewAnswer = z.infer<typeof ImportPreviewAnswer>;

/** POST /api/admin/catalog/import/apply */
export const ImportApplyAnswer = MessageAnswer.extend({
  created: Count,
  updated: Count,
  preview: ImportPreview,
});
export type ImportApplyAnswer = z.infer<typeof ImportApplyAnswer>;

/** GET /api/admin/contact-messages */
export const ContactMessagesAnswer = Envelope.extend({ messages: pageSchema(AdminContactMessage) });
export type ContactMessagesAnswer = z.infer<typeof ContactMessagesAnswer>;

/** GET /api/admin/contact-messages/{id}, POST …/reply (with a message), POST …/status */
export const ContactMessageAnswer = Envelope.extend({ message: AdminContactMessage });
export type ContactMessageAnswer = z.infer<typeof ContactMessageAnswer>;

/** GET /api/admin/audit */
export const AuditAnswer = Envelope.extend({ audit: pageSchema(AuditEntry) });
export type AuditAnswer = z.infer<typeof AuditAnswer>;
