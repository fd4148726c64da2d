/**
 * The back office's answers (/api/admin/*, and the set-password links' answers, which buyers get too) as
 * Zod schemas, each with the type of the same name (core/routes.ts names the schema of each call).
 * back-office/schemas.ts exports them too, so `@shop/domain/back-office/schemas` stays the back office's one
 * contract; they are apart so a page that loads back-office/schemas.ts for a form's schema does not take
 * these with it (the package has no side effects: an unused module is left out).
 */
import { z } from 'zod';
import { CONDITIONS, FILTER_FIELDS, type FilterField } from '../catalog/rules';
import { Count, Dollars, Envelope, MessageAnswer, Price, Timestamp } from '../core/answers';
import { OrderAddress, TaxLineAnswer } from '../orders/answers';
import { FEE_CATEGORIES } from '../tax/fees';
import {
  APPLICATION_STATUSES,
  CONTACT_ROLES,
  CONTACT_STATUSES,
  MAX_PAGE_SIZE,
  ORDER_ACTION_NAMES,
  ORDER_STATUSES,
  type OrderAction,
  PASSWORD_PURPOSES,
  STAFF_ROLES,
} from './rules';

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

export const OrderEventInfo = z.object({
  kind: z.enum([
    'placed',
    'confirmed',
    'shipped',
    'delivered',
    'canceled',
    'declined',
    'held',
    'released',
    'invoiced',
    'invoice_corrected',
    'payment',
    'payment_reversed',
  ]),
  /** Staff e-mail, `cli`, or the contact person id of the buyer who placed it. */
  actor: z.string(),
  /** Who, as a person reads it: the buyer's name, the staff e-mail, or 'seller command' for `cli`. */
  actor_name: z.string(),
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
  /** The buyer who placed it (their name, else their contact id). */
  buyer: z.string(),
  /** The shipping address's province. */
  province: z.string(),
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
  /** The tax by component: the order's plus each component's tax on what the invoice adds. */
  taxes: z.array(TaxLineAnswer),
  /** Payment terms (due_on_receipt, net15 ... net60) and the day it is due. */
  terms: z.string(),
  due_on: z.string(),
  /** Paid so far (payments not reversed) and what is left (negative: a credit). */
  paid: Price,
  balance: Dollars,
  /** The order's items, then what the seller added (no item; a credit is negative). */
  lines: z.array(
    z.object({
      item_id: z.string().nullable(),
      item_name: z.string(),
      sku: z.string(),
      item_condition: z.string(),
      quantity: z.number().int().min(1),
      rate: Dollars,
      /** item, shipping, fee or other */
      kind: z.string(),
      /** Whether the province's own sales tax applies to the line. */
      provincial_tax: z.boolean(),
      /** The serial numbers of the line's units, as shipped. */
      serials: z.array(z.string()),
    }),
  ),
});
export type AdminInvoice = z.infer<typeof AdminInvoice>;

/** An environmental handling fee line as the fee table suggests it for an order's invoice. */
export const AdminFeeLine = z.object({
  /** The invoice line's name (English), e.g. "Environmental handling fee: Portable computers (Ontario)". */
  name: z.string(),
  /** The fee category (portable, desktop, display, tablet, phone, peripheral). */
  category: z.enum(FEE_CATEGORIES),
  /** The order's units in that category. */
  quantity: z.number().int().min(1),
  /** Per unit, in dollars. */
  amount: Price,
  /** Whether the province's own sales tax applies to the fee (GST or HST always does). */
  provincial_tax: z.boolean(),
  /** A demo value of the table the shop starts with, not any program's real fee. */
  demo: z.boolean(),
  /** YYYY-MM-DD: the day the fee took effect. */
  effective_from: z.string(),
});
export type AdminFeeLine = z.infer<typeof AdminFeeLine>;

/** What the invoice of an order would start from: its fee lines from the fee table. */
export const AdminInvoiceDraft = z.object({
  /** The shipping province, whose fee table applies. */
  province: z.string(),
  /** YYYY-MM-DD: the order's day in that province, whose fees apply. */
  day: z.string(),
  fees: z.array(AdminFeeLine),
});
export type AdminInvoiceDraft = z.infer<typeof AdminInvoiceDraft>;

export const AdminOrderDetail = AdminOrderRow.extend({
  placed_by: z.object({ contact_person_id: z.string(), name: z.string(), email: z.string() }),
  /** The buyer's request for approval it was placed from (A-12), and the administrator who approved it. */
  approval: z.object({ number: z.string(), approved_by: z.string() }).nullable().optional(),
  shipping_method: z.string(),
  /** The quote it was placed from (Q-000012), null for none. */
  quote_number: z.string().nullable().optional(),
  tax_rate: z.number().nonnegative(),
  subtotal: Price,
  items_tax: Price,
  /** The order's tax by component, as placed. */
  taxes: z.array(TaxLineAnswer),
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
      /** The order line's id: a shipment gives its serials by it. */
      line_id: z.number().int(),
      /** Whether each unit of the line ships with its serial number. */
      serialized: z.boolean(),
      /** The serial numbers its units shipped with, in unit order. */
      serials: z.array(z.string()),
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
  /** When the company last ordered (null: never). */
  last_order_at: Timestamp.nullable(),
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
  /**
   * Other applications that look like the same company: the same e-mail (regardless of case) or the same
   * company name once normalised (case, spaces, punctuation and suffixes such as Inc or Ltée set aside).
   */
  duplicates: z.array(z.number().int().min(1)),
  /** The customer one of whose buyers already signs in with this e-mail, if any. */
  email_customer_id: z.string().nullable(),
});
export type AdminApplication = z.infer<typeof AdminApplication>;

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
  /** Whether each unit ships with its serial number recorded. */
  serialized: z.boolean(),
  stock: Count,
  scratch_dent_stock: Count,
  price: Price,
  sale_price: Price,
  scratch_dent_price: Price,
  /** The main picture as cards show it; '' when the product has none. */
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
  /** Whether each unit ships with its serial number recorded. */
  serialized: z.boolean(),
  stock: Count,
  scratch_dent_stock: Count,
  price: Price,
  sale_price: Price,
  scratch_dent_price: Price,
  popularity: Count,
  images: z.array(AdminImage),
  /** The day the item was listed, as stored (ISO). */
  listed_at: z.string(),
  /** Volume prices per condition, the percentage as people write it (3 for 3 %). */
  price_breaks: z.array(
    z.object({
      condition: z.enum(CONDITIONS),
      min_quantity: z.number().int(),
      percent: z.number(),
    }),
  ),
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

/** A thread with a customer: the seller's message, then the buyer's replies and the seller's answers. */
export const AdminCustomerThread = z.object({
  message_id: z.number().int().min(1),
  customer_id: z.string(),
  company: z.string(),
  body: z.string(),
  created_at: Timestamp,
  last_at: Timestamp,
  /** `new` while a buyer's reply waits for the seller. */
  status: z.enum(CONTACT_STATUSES),
  /** Whether the buyer has read the thread since the seller last wrote in it. */
  is_read: z.boolean(),
  replies: z.array(
    z.object({
      reply_id: z.number().int().min(1),
      author: z.enum(['buyer', 'seller']),
      name: z.string(),
      body: z.string(),
      created_at: Timestamp,
    }),
  ),
});
export type AdminCustomerThread = z.infer<typeof AdminCustomerThread>;

// ---- Answers of /api/admin/* (and of the set-password links), by call

/** POST /api/admin/login */
export const AdminSignInAnswer = Envelope.extend({ staff: StaffInfo });
export type AdminSignInAnswer = z.infer<typeof AdminSignInAnswer>;

/** GET /api/admin/me: who is signed in, and the navigation's counts. */
export const AdminMeAnswer = Envelope.extend({
  staff: StaffInfo,
  pending_orders: Count,
  /** Orders on hold for a credit review (over their company's credit limit). */
  held_orders: Count,
  new_applications: Count,
  new_contact_messages: Count,
  /** Threads with a customer where a buyer's reply waits for the seller. */
  new_customer_replies: Count,
  /** Quote requests waiting for the seller's answer. */
  new_quotes: Count.optional(),
  /** Warranty claims waiting for the seller's answer. */
  waiting_claims: Count.optional(),
  /** Returns waiting for the seller: requested (to authorise or decline) or received (to resolve). */
  waiting_returns: Count.optional(),
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

/** PATCH /api/admin/staff/{id} */
export const StaffAnswer = Envelope.extend({ staff: StaffInfo });
export type StaffAnswer = z.infer<typeof StaffAnswer>;

/** POST /api/admin/staff, POST /api/admin/staff/{id}/send-link: the staff member was mailed a link. */
export const StaffMailedAnswer = StaffAnswer.extend({ smessage: z.string() });
export type StaffMailedAnswer = z.infer<typeof StaffMailedAnswer>;

/** POST /api/password-link/check: what the link is for (400 when it does not work any more). */
export const PasswordLinkAnswer = Envelope.extend({ link: PasswordLinkInfo });
export type PasswordLinkAnswer = z.infer<typeof PasswordLinkAnswer>;

/** POST /api/password-link/set: the password is set; sign in now. */
export const PasswordSetAnswer = MessageAnswer.extend({ link: PasswordLinkInfo });
export type PasswordSetAnswer = z.infer<typeof PasswordSetAnswer>;

/** GET /api/admin/customers */
export const AdminCustomersAnswer = Envelope.extend({ customers: pageSchema(AdminCustomerRow) });
export type AdminCustomersAnswer = z.infer<typeof AdminCustomersAnswer>;

/** GET /api/admin/customers/{id}, PATCH …/{id}, PATCH …/{id}/contacts/{contactid}: the customer as it now is. */
export const AdminCustomerAnswer = Envelope.extend({ customer: AdminCustomerDetail });
export type AdminCustomerAnswer = z.infer<typeof AdminCustomerAnswer>;

/**
 * POST /api/admin/customers, POST …/{id}/disable, …/enable, …/contacts, …/messages: the customer as it now
 * is, and what was done.
 */
export const AdminCustomerChangedAnswer = AdminCustomerAnswer.extend({ smessage: z.string() });
export type AdminCustomerChangedAnswer = z.infer<typeof AdminCustomerChangedAnswer>;

/** GET /api/admin/applications?status= */
export const AdminApplicationsAnswer = Envelope.extend({ applications: pageSchema(AdminApplication) });
export type AdminApplicationsAnswer = z.infer<typeof AdminApplicationsAnswer>;

/** GET /api/admin/applications/{id} */
export const AdminApplicationAnswer = Envelope.extend({ application: AdminApplication });
export type AdminApplicationAnswer = z.infer<typeof AdminApplicationAnswer>;

/** POST /api/admin/applications/{id}/reject */
export const AdminApplicationRejectedAnswer = AdminApplicationAnswer.extend({ smessage: z.string() });
export type AdminApplicationRejectedAnswer = z.infer<typeof AdminApplicationRejectedAnswer>;

/** GET /api/admin/orders */
export const AdminOrdersAnswer = Envelope.extend({
  orders: pageSchema(AdminOrderRow).extend({
    /** True when more orders match than the list counts (ORDER_COUNT_CAP): `total` is then the cap. */
    capped: z.boolean(),
  }),
});
export type AdminOrdersAnswer = z.infer<typeof AdminOrdersAnswer>;

/** What a bulk action did to one order. */
export const BulkOrderResult = z.object({
  order_id: z.number().int(),
  /** Null when there is no such order. */
  order_number: z.string().nullable(),
  ok: z.boolean(),
  /** The order's status after the action (null when there is no such order). */
  status: z.enum(ORDER_STATUSES).nullable(),
  /** What was done ("Shipped with Purolator, tracking 123.") or why not. */
  message: z.string(),
});
export type BulkOrderResult = z.infer<typeof BulkOrderResult>;

/** POST /api/admin/orders/bulk: each order's result, in the order given. */
export const AdminBulkOrdersAnswer = MessageAnswer.extend({ results: z.array(BulkOrderResult) });
export type AdminBulkOrdersAnswer = z.infer<typeof AdminBulkOrdersAnswer>;

/** GET /api/admin/orders/pending-count */
export const AdminPendingCountAnswer = Envelope.extend({ pending: Count });
export type AdminPendingCountAnswer = z.infer<typeof AdminPendingCountAnswer>;

/** GET /api/admin/orders/{id} */
export const AdminOrderAnswer = Envelope.extend({ order: AdminOrderDetail });
export type AdminOrderAnswer = z.infer<typeof AdminOrderAnswer>;

/** POST /api/admin/orders/{id}/status, …/invoice, …/invoice/correct: the order as it now is, and what was done. */
export const AdminOrderChangedAnswer = AdminOrderAnswer.extend({ smessage: z.string() });
export type AdminOrderChangedAnswer = z.infer<typeof AdminOrderChangedAnswer>;

/** GET /api/admin/orders/{id}/invoice-draft: the fee lines the invoice form starts with. */
export const AdminInvoiceDraftAnswer = Envelope.extend({ draft: AdminInvoiceDraft });
export type AdminInvoiceDraftAnswer = z.infer<typeof AdminInvoiceDraftAnswer>;

/** GET /api/admin/products */
export const AdminProductsAnswer = Envelope.extend({ products: pageSchema(AdminProductRow) });
export type AdminProductsAnswer = z.infer<typeof AdminProductsAnswer>;

/** GET /api/admin/products/{id}: the product and its trail. */
export const AdminProductAnswer = Envelope.extend({ product: AdminProduct, audit: z.array(AuditEntry) });
export type AdminProductAnswer = z.infer<typeof AdminProductAnswer>;

/** POST /api/admin/products, PATCH /api/admin/products/{id}: as saved, and what was done ("Nothing changed."). */
export const AdminProductSavedAnswer = AdminProductAnswer.extend({ smessage: z.string() });
export type AdminProductSavedAnswer = z.infer<typeof AdminProductSavedAnswer>;

/**
 * GET /api/admin/products/filter-values: per filter field, the values products have (any product), in
 * alphabetical order; a product saved with another value needs confirm_new_values.
 */
export const AdminFilterValuesAnswer = Envelope.extend({
  values: z.object(
    Object.fromEntries(FILTER_FIELDS.map((f) => [f, z.array(z.string())])) as Record<
      FilterField,
      z.ZodArray<z.ZodString>
    >,
  ),
});
export type AdminFilterValuesAnswer = z.infer<typeof AdminFilterValuesAnswer>;

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

/** GET /api/admin/contact-messages/{id}, POST …/status */
export const ContactMessageAnswer = Envelope.extend({ message: AdminContactMessage });
export type ContactMessageAnswer = z.infer<typeof ContactMessageAnswer>;

/** POST /api/admin/contact-messages/{id}/reply: the message with its replies, and where the reply went. */
export const ContactReplyAnswer = ContactMessageAnswer.extend({ smessage: z.string() });
export type ContactReplyAnswer = z.infer<typeof ContactReplyAnswer>;

/** GET /api/admin/customer-threads */
export const CustomerThreadsAnswer = Envelope.extend({ threads: pageSchema(AdminCustomerThread) });
export type CustomerThreadsAnswer = z.infer<typeof CustomerThreadsAnswer>;

/** GET /api/admin/customer-threads/{id}, POST …/status; POST …/reply also says whom it was mailed to. */
export const CustomerThreadAnswer = Envelope.extend({ thread: AdminCustomerThread });
export type CustomerThreadAnswer = z.infer<typeof CustomerThreadAnswer>;

/** GET /api/admin/audit */
export const AuditAnswer = Envelope.extend({ audit: pageSchema(AuditEntry) });
export type AuditAnswer = z.infer<typeof AuditAnswer>;
