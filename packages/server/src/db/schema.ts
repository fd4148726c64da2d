/**
 * The database schema. Money columns are integer cents in 64 bits (`bigint`, read as JavaScript numbers:
 * the domain's limits keep every amount far below 2^53).
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** Bytes (a photo), as PostgreSQL's bytea. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/** Money in cents. */
const cents = (name: string) => bigint(name, { mode: 'number' });

/** Every product write takes the next number, so servers can fetch just what changed since they looked. */
export const catalogVersion = pgSequence('catalog_version_seq');

export const categories = pgTable('categories', {
  name: text('name').primaryKey(),
  displayName: text('display_name').notNull(),
  /** Place in the menu; null for names that are not top categories. */
  menuPosition: integer('menu_position'),
});

/** The category tree: the same name can sit under several parents (Gaming/Desktop, Desktop/Gaming). */

export const categoryLinks = pgTable(
  'category_links',
  {
    parent: text('parent').notNull(),
    child: text('child').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [uniqueIndex('category_links_pk').on(t.parent, t.child)],
);

export const products = pgTable(
  'products',
  {
    itemId: text('item_id').primaryKey(),
    zohoId: text('zoho_id'),
    itemName: text('item_name').notNull(),
    sku: text('sku').notNull(),
    /** Items of one model in different conditions (new, recertified, scratch and dent) share it; '' for none. */
    model: text('model').notNull().default(''),
    category: text('category').notNull(),
    subCategory: text('sub_category').notNull().default(''),
    description: text('description').notNull().default(''),
    details: text('details').notNull().default(''),
    /** French description and details; empty: the English shows in French too. */
    descriptionFr: text('description_fr').notNull().default(''),
    detailsFr: text('details_fr').notNull().default(''),
    productCategory: text('product_category').notNull().default(''),
    productSeries: text('product_series').notNull().default(''),
    processorType: text('processor_type').notNull().default(''),
    processorSpeed: text('processor_speed').notNull().default(''),
    standardMemory: text('standard_memory').notNull().default(''),
    screenSize: text('screen_size').notNull().default(''),
    screenResolution: text('screen_resolution').notNull().default(''),
    graphicsCard: text('graphics_card').notNull().default(''),
    solidStateDrive: text('solid_state_drive').notNull().default(''),
    touchscreen: text('touchscreen').notNull().default(''),
    operatingSystem: text('operating_system').notNull().default(''),
    color: text('color').notNull().default(''),
    refreshRate: text('refresh_rate').notNull().default(''),
    isActive: boolean('is_active').notNull().default(true),
    itemCondition: text('item_condition').notNull(),
    isSale: boolean('is_sale').notNull().default(false),
    isBrandNew: boolean('is_brand_new').notNull().default(false),
    isRecertified: boolean('is_recertified').notNull().default(false),
    isScratchDent: boolean('is_scratch_dent').notNull().default(false),
    stock: integer('stock').notNull().default(0),
    scratchDentStock: integer('scratch_dent_stock').notNull().default(0),
    priceCents: cents('price_cents').notNull(),
    salePriceCents: cents('sale_price_cents').notNull().default(0),
    scratchDentPriceCents: cents('scratch_dent_price_cents').notNull().default(0),
    /** A share link such as https://drive.google.com/file/d/{id}/view. */
    mainImage: text('main_image').notNull().default(''),
    isFeatured: boolean('is_featured').notNull().default(false),
    popularity: integer('popularity').notNull().default(0),
    listedAt: timestamp('listed_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    rowVersion: bigint('row_version', { mode: 'number' })
      .notNull()
      .default(sql`nextval('catalog_version_seq')`),
    /** The writing transaction's id: a process reads rows of transactions its last look could not see. */
    rowXid: bigint('row_xid', { mode: 'number' }).notNull().default(0),
    /** Taken from the catalog version when the product's images change, so a reader fetches them only then. */
    imagesVersion: bigint('images_version', { mode: 'number' }).notNull().default(0),
    /**
     * Volume prices: quantity breaks per condition, `[{ condition, min_quantity, basis_points }]` (a
     * percentage off in hundredths of a percent), applied after the buyer's own price
     * (domain/catalog/pricing.ts). Kept on the product so they travel with the cached catalog.
     */
    /**
     * Whether each unit carries a serial number, typed or scanned when it ships (computers, monitors,
     * tablets, phones: yes; cables, bags, warranty plans: no).
     */
    serialized: boolean('serialized').notNull().default(false),
    priceBreaks: jsonb('price_breaks')
      .$type<{ condition: string; min_quantity: number; basis_points: number }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
  },
  (t) => [
    uniqueIndex('products_sku_idx').on(t.sku),
    index('products_row_version_idx').on(t.rowVersion),
    index('products_row_xid_idx').on(t.rowXid),
    // Stock never goes below zero, whatever a request does.
    check('products_stock_check', sql`${t.stock} >= 0 and ${t.scratchDentStock} >= 0`),
  ],
);

export const productImages = pgTable(
  'product_images',
  {
    imageId: serial('image_id').primaryKey(),
    itemId: text('item_id')
      .notNull()
      .references(() => products.itemId, { onDelete: 'cascade' }),
    imageLink: text('image_link').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('product_images_item_idx').on(t.itemId)],
);

export const customers = pgTable('customers', {
  customerId: text('customer_id').primaryKey(),
  company: text('company').notNull().default(''),
  percentage: integer('percentage').notNull().default(15),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** Set while the seller has disabled the account: nobody of the company can sign in. */
  disabledAt: timestamp('disabled_at', { withTimezone: true }),
  /** How many sign-ins (contacts) the company may have; its administrators cannot add more. */
  maxBuyers: integer('max_buyers').notNull().default(50),
  /**
   * When the company's percentage last changed (a trigger keeps it): every price of its price list moved
   * then, so the company API counts each item as changed at least at this time. Null: not since it was added.
   */
  pricesChangedAt: timestamp('prices_changed_at', { withTimezone: true }),
  /** When the company's invoices fall due: due_on_receipt, net15, net30, net45 or net60. */
  paymentTerms: text('payment_terms').notNull().default('net30'),
  /** What the company may owe before a new order waits for a credit review; null for no limit. */
  creditLimitCents: cents('credit_limit_cents'),
  /**
   * The most one order of a buyer (not an administrator) may total before it waits for an administrator's
   * approval, for every buyer without a limit of their own; null for none.
   */
  buyerOrderLimitCents: cents('buyer_order_limit_cents'),
});

export const contacts = pgTable(
  'contacts',
  {
    contactPersonId: text('contact_person_id').primaryKey(),
    customerId: text('customer_id')
      .notNull()
      .references(() => customers.customerId, { onDelete: 'cascade' }),
    contactName: text('contact_name').notNull().default(''),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    email: text('email').notNull().default(''),
    phoneNumber: text('phone_number').notNull().default(''),
    /** What the person types as Customer ID; unique regardless of case. */
    username: text('username').notNull(),
    /** Empty until the person sets a password through their one-time link. */
    passwordHash: text('password_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** `admin` manages the company's buyers; the primary contact is always admin. */
    role: text('role').notNull().default('admin'),
    active: boolean('active').notNull().default(true),
    /** The primary contact signs in with the Customer ID, the others with their e-mail. */
    isPrimary: boolean('is_primary').notNull().default(true),
    /** The buyer's chosen language ('en' or 'fr'); null until they choose (their mail follows it). */
    language: text('language'),
    /**
     * Moves with every change to the buyer's cart: a change is written only if the version it read is still
     * current, so two changes at once never both pass a limit (see cart/version.ts).
     */
    cartVersion: integer('cart_version').notNull().default(0),
    /** This buyer's order limit (above it an order waits for approval); null: the company's. */
    orderLimitCents: cents('order_limit_cents'),
  },
  (t) => [
    uniqueIndex('contacts_username_idx').on(sql`lower(${t.username})`),
    index('contacts_customer_idx').on(t.customerId),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    /** sha-256 of the cookie's token: a leaked table does not give working cookies. */
    tokenHash: text('token_hash').primaryKey(),
    contactPersonId: text('contact_person_id')
      .notNull()
      .references(() => contacts.contactPersonId, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_contact_idx').on(t.contactPersonId)],
);

/**
 * Attempts at a secret (a password, a reset code) per account, shared by every process: after a few in a
 * row the account is locked for a while. `subject` names the kind and the account, e.g. `sign-in:CP10001`.
 */
export const authAttempts = pgTable('auth_attempts', {
  subject: text('subject').primaryKey(),
  attempts: integer('attempts').notNull(),
  lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }).notNull(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});

/** Requests per client address and route in the current window, shared by every process. */
export const rateLimitHits = pgTable('rate_limit_hits', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
});

export const contactMessages = pgTable('contact_messages', {
  id: serial('id').primaryKey(),
  fullName: text('full_name').notNull(),
  phoneNumber: text('phone_number').notNull(),
  email: text('email').notNull(),
  orderNumber: text('order_number').notNull(),
  company: text('company').notNull().default(''),
  rma: text('rma').notNull().default(''),
  questions: text('questions').notNull(),
  customerId: text('customer_id'),
  /** The language of the page the message was sent from ('en' or 'fr'); the seller's reply follows it. */
  language: text('language'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** `new` until the seller answers (or marks it answered). */
  status: text('status').notNull().default('new'),
});

/**
 * Every mail the shop sends, written in the transaction of what it tells and delivered afterwards by
 * whichever server process claims it first (see mail/mailer.ts).
 */
export const outbox = pgTable(
  'outbox',
  {
    id: serial('id').primaryKey(),
    to: text('to').notNull(),
    replyTo: text('reply_to'),
    subject: text('subject').notNull(),
    /**
     * Replaced by a placeholder once a sensitive message is delivered or given up: a reset code, or a
     * one-time link (a welcome, a new buyer's, a seller-sent reset, a staff link).
     */
    body: text('body').notNull(),
    sensitive: boolean('sensitive').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** Not tried again before this (the retry back-off). */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** The mailer delivering it right now, and until when its claim holds. */
    claimedBy: text('claimed_by'),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    /** Given up after too many failed tries; kept for the seller, counted in the mail statistics. */
    failedAt: timestamp('failed_at', { withTimezone: true }),
    /** Extra mail headers, e.g. List-Unsubscribe for a stock alert's one-click unsubscribe. */
    headers: jsonb('headers').$type<Record<string, string>>(),
  },
  (t) => [
    index('outbox_unsent_idx').on(t.id).where(sql`${t.sentAt} is null`),
    index('outbox_due_idx')
      .on(t.nextAttemptAt, t.id)
      .where(sql`${t.sentAt} is null and ${t.failedAt} is null`),
  ],
);

// ---- Customer account (addresses, wish lists, recently viewed, messages, password reset, applications)

export const addresses = pgTable(
  'addresses',
  {
    addressId: serial('address_id').primaryKey(),
    customerId: text('customer_id')
      .notNull()
      .references(() => customers.customerId, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    companyName: text('company_name').notNull().default(''),
    addressLine1: text('address_line_1').notNull(),
    addressLine2: text('address_line_2').notNull().default(''),
    city: text('city').notNull(),
    province: text('province').notNull(),
    zip: text('zip').notNull(),
    country: text('country').notNull().default('Canada'),
    phoneNumber: text('phone_number').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('addresses_customer_idx').on(t.customerId)],
);

export const wishLists = pgTable(
  'wish_lists',
  {
    /** The customer id plus a timestamp, as the page makes it. */
    listId: text('list_id').primaryKey(),
    customerId: text('customer_id')
      .notNull()
      .references(() => customers.customerId, { onDelete: 'cascade' }),
    listName: text('list_name').notNull(),
    isPublic: boolean('is_public').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('wish_lists_customer_idx').on(t.customerId)],
);

export const wishListItems = pgTable(
  'wish_list_items',
  {
    listId: text('list_id')
      .notNull()
      .references(() => wishLists.listId, { onDelete: 'cascade' }),
    itemId: text('item_id').notNull(),
    sku: text('sku').notNull(),
    itemCondition: text('item_condition').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('wish_list_items_pk').on(t.listId, t.itemId, t.itemCondition)],
);

export const recentlyViewed = pgTable(
  'recently_viewed',
  {
    customerId: text('customer_id')
      .notNull()
      .references(() => customers.customerId, { onDelete: 'cascade' }),
    itemId: text('item_id').notNull(),
    itemCondition: text('item_condition').notNull(),
    viewedAt: timestamp('viewed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('recently_viewed_pk').on(t.customerId, t.itemId, t.itemCondition),
    index('recently_viewed_time_idx').on(t.customerId, t.viewedAt),
  ],
);

/** Messages from the seller to one customer. */
export const customerMessages = pgTable(
  'customer_messages',
  {
    messageId: serial('message_id').primaryKey(),
    customerId: text('customer_id')
      .notNull()
      .references(() => customers.customerId, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the buyer read the thread; cleared when the seller writes in it again. */
    readAt: timestamp('read_at', { withTimezone: true }),
    /** `new` while a buyer's reply waits for the seller, `answered` otherwise (as a contact message's status). */
    sellerStatus: text('seller_status').notNull().default('answered'),
    /** The thread's last message (the first one, or the newest reply): both sides list threads by it. */
    lastAt: timestamp('last_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('customer_messages_customer_idx').on(t.customerId)],
);

/** The rest of a thread a seller's message starts: the buyer's replies and the seller's answers, in order. */
export const customerMessageReplies = pgTable(
  'customer_message_replies',
  {
    replyId: serial('reply_id').primaryKey(),
    messageId: integer('message_id')
      .notNull()
      .references(() => customerMessages.messageId, { onDelete: 'cascade' }),
    /** `buyer` or `seller`. */
    author: text('author').notNull(),
    body: text('body').notNull(),
    /** The buyer who wrote it (null for the seller's). */
    contactPersonId: text('contact_person_id'),
    /** The buyer's name, or the staff member's e-mail (`cli` for the seller's commands). */
    name: text('name').notNull(),
    staffId: integer('staff_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('customer_message_replies_message_idx').on(t.messageId)],
);

export const subscriptions = pgTable('subscriptions', {
  customerId: text('customer_id')
    .primaryKey()
    .references(() => customers.customerId, { onDelete: 'cascade' }),
  subscribed: boolean('subscribed').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const passwordResetCodes = pgTable(
  'password_reset_codes',
  {
    id: serial('id').primaryKey(),
    contactPersonId: text('contact_person_id')
      .notNull()
      .references(() => contacts.contactPersonId, { onDelete: 'cascade' }),
    /** sha-256 of the code; the code itself is only in the mail. */
    codeHash: text('code_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('password_reset_codes_contact_idx').on(t.contactPersonId)],
);

/** A visitor's request for a business account, reviewed by the seller. */
export const accountApplications = pgTable('account_applications', {
  applicationId: serial('application_id').primaryKey(),
  company: text('company').notNull(),
  contactName: text('contact_name').notNull(),
  email: text('email').notNull(),
  phoneNumber: text('phone_number').notNull(),
  province: text('province').notNull(),
  message: text('message').notNull().default(''),
  /** The language of the page the application was sent from ('en' or 'fr'); the applicant's mail follows it. */
  language: text('language'),
  status: text('status').notNull().default('New'),
  customerId: text('customer_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** Why it was rejected (mailed to the applicant). */
  decisionReason: text('decision_reason'),
  decidedAt: timestamp('decided_at', { withTimezone: true }),
  decidedBy: text('decided_by'),
});

// ---- Cart, orders and invoices

/** Each buyer (contact) of a company has a cart of their own. */
export const cartItems = pgTable(
  'cart_items',
  {
    customerId: text('customer_id')
      .notNull()
      .references(() => customers.customerId, { onDelete: 'cascade' }),
    contactPersonId: text('contact_person_id')
      .notNull()
      .references(() => contacts.contactPersonId, { onDelete: 'cascade' }),
    itemId: text('item_id').notNull(),
    itemCondition: text('item_condition').notNull(),
    quantity: integer('quantity').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('cart_items_contact_pk').on(t.contactPersonId, t.itemId, t.itemCondition),
    check('cart_items_quantity_check', sql`${t.quantity} > 0`),
  ],
);

export const orders = pgTable(
  'orders',
  {
    orderId: serial('order_id').primaryKey(),
    orderNumber: text('order_number').notNull(),
    customerId: text('customer_id')
      .notNull()
      .references(() => customers.customerId),
    contactPersonId: text('contact_person_id').notNull(),
    /** The checkout this order came from: the same checkout submitted twice makes one order. */
    checkoutKey: text('checkout_key').notNull(),
    status: text('status').notNull().default('Pending'),
    purchaseOrderId: text('purchase_order_id').notNull(),
    shippingMethod: text('shipping_method').notNull(),
    subtotalCents: cents('subtotal_cents').notNull(),
    /** The sum of the order's tax components (order_taxes). */
    itemsTaxCents: cents('items_tax_cents').notNull(),
    /** The rates charged together, in thousandths of a percent (the components are in order_taxes). */
    taxRateMilli: integer('tax_rate_milli').notNull(),
    totalCents: cents('total_cents').notNull(),
    /** The buyer's local time as the page sent it: information only, never shown as the order's date. */
    createdTime: text('created_time').notNull(),
    /** The order's date: the server's clock when it was placed. */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    shippingAttention: text('shipping_attention').notNull(),
    shippingCompany: text('shipping_company').notNull().default(''),
    shippingAddress1: text('shipping_address_1').notNull(),
    shippingAddress2: text('shipping_address_2').notNull().default(''),
    shippingCity: text('shipping_city').notNull(),
    shippingProvince: text('shipping_province').notNull(),
    shippingZip: text('shipping_zip').notNull(),
    shippingCountry: text('shipping_country').notNull(),
    shippingPhone: text('shipping_phone').notNull().default(''),
    billingAttention: text('billing_attention').notNull(),
    billingCompany: text('billing_company').notNull().default(''),
    billingAddress1: text('billing_address_1').notNull(),
    billingAddress2: text('billing_address_2').notNull().default(''),
    billingCity: text('billing_city').notNull(),
    billingProvince: text('billing_province').notNull(),
    billingZip: text('billing_zip').notNull(),
    billingCountry: text('billing_country').notNull(),
    billingPhone: text('billing_phone').notNull().default(''),
    /** Given by the seller when the order ships; shown to the customer. */
    shippingCarrier: text('shipping_carrier').notNull().default(''),
    trackingNumber: text('tracking_number').notNull().default(''),
    /** The accepted quote this order was placed from: a quote makes at most one order. */
    quoteId: integer('quote_id'),
    /** The approval this order was placed from: an approval makes at most one order. */
    approvalId: integer('approval_id'),
    /**
     * A company API order's request as a hash (lines, PO number, addresses, shipping method): the same
     * Idempotency-Key with another request is refused. Null for other orders and API orders placed before.
     */
    requestHash: text('request_hash'),
  },
  (t) => [
    uniqueIndex('orders_number_idx').on(t.orderNumber),
    uniqueIndex('orders_quote_idx').on(t.quoteId).where(sql`${t.quoteId} is not null`),
    uniqueIndex('orders_approval_idx').on(t.approvalId).where(sql`${t.approvalId} is not null`),
    uniqueIndex('orders_checkout_idx').on(t.customerId, t.checkoutKey),
    index('orders_customer_idx').on(t.customerId, t.createdAt),
    // The back office lists every order newest first, and by status.
    index('orders_created_idx').on(t.createdAt, t.orderId),
    index('orders_status_idx').on(t.status, t.createdAt),
    // The lists' filters at volume (docs/decisions/017-order-lists-at-volume.md): by buyer, by province,
    // and a PO number found by any part of it (trigrams).
    index('orders_contact_idx').on(t.contactPersonId, t.createdAt),
    index('orders_province_idx').on(t.shippingProvince, t.createdAt),
    index('orders_po_trgm_idx').using('gin', sql`${t.purchaseOrderId} gin_trgm_ops`),
    index('orders_po_lower_idx').on(sql`lower(${t.purchaseOrderId})`),
  ],
);

export const orderLines = pgTable(
  'order_lines',
  {
    lineId: serial('line_id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.orderId, { onDelete: 'cascade' }),
    itemId: text('item_id').notNull(),
    itemName: text('item_name').notNull(),
    sku: text('sku').notNull(),
    itemCondition: text('item_condition').notNull(),
    quantity: integer('quantity').notNull(),
    itemRateCents: cents('item_rate_cents').notNull(),
    mainImage: text('main_image').notNull().default(''),
    status: text('status').notNull().default('Pending'),
  },
  (t) => [
    index('order_lines_order_idx').on(t.orderId),
    // The orders with a SKU on any line (the SKU as each spelling of it is stored: list-filters.ts).
    index('order_lines_sku_idx').on(t.sku, t.orderId),
  ],
);

export const invoices = pgTable(
  'invoices',
  {
    invoiceId: serial('invoice_id').primaryKey(),
    invoiceNumber: text('invoice_number').notNull(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.orderId),
    shippingCents: cents('shipping_cents').notNull().default(0),
    shippingTaxCents: cents('shipping_tax_cents').notNull().default(0),
    totalCents: cents('total_cents').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** A corrected invoice replaces this one; the replaced one is kept for the record. */
    replacedAt: timestamp('replaced_at', { withTimezone: true }),
    replacedBy: integer('replaced_by'),
    /** The seller's note on a correction, shown on the invoice. */
    note: text('note').notNull().default(''),
    /** The company's payment terms when it was made, and the day it is due (a correction keeps the first's). */
    terms: text('terms').notNull().default('net30'),
    dueOn: date('due_on', { mode: 'string' }).notNull(),
  },
  (t) => [
    // One current invoice per order.
    uniqueIndex('invoices_order_idx').on(t.orderId).where(sql`${t.replacedAt} is null`),
    index('invoices_order_all_idx').on(t.orderId),
    uniqueIndex('invoices_number_idx').on(t.invoiceNumber),
  ],
);

/** Lines of an invoice: the order's items plus what the seller adds (shipping, recycling fee). */
export const invoiceLines = pgTable(
  'invoice_lines',
  {
    lineId: serial('line_id').primaryKey(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.invoiceId, { onDelete: 'cascade' }),
    itemId: text('item_id'),
    itemName: text('item_name').notNull(),
    sku: text('sku').notNull().default(''),
    itemCondition: text('item_condition').notNull().default(''),
    quantity: integer('quantity').notNull(),
    rateCents: cents('rate_cents').notNull(),
    /** item, shipping, fee (an environmental handling fee) or other (a line the seller adds). */
    kind: text('kind').notNull().default('item'),
    /** Whether the province's own sales tax (PST, RST, QST) applies to the line; GST and HST always do. */
    provincialTax: boolean('provincial_tax').notNull().default(true),
  },
  (t) => [index('invoice_lines_invoice_idx').on(t.invoiceId)],
);

/**
 * Sales tax rates by authority: a component (GST, HST, PST, RST, QST) of a province, in thousandths of a
 * percent, from a day on (the province's midnight). A rate of 0 ends a component. Rows are never changed:
 * a new rate is a new row, and orders keep the components they used (order_taxes).
 */
export const taxRates = pgTable(
  'tax_rates',
  {
    rateId: serial('rate_id').primaryKey(),
    province: text('province').notNull(),
    component: text('component').notNull(),
    rateMilli: integer('rate_milli').notNull(),
    effectiveFrom: date('effective_from', { mode: 'string' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Staff e-mail, `cli`, or `seed` for the rates the shop starts with. */
    createdBy: text('created_by').notNull().default('seed'),
  },
  (t) => [
    uniqueIndex('tax_rates_key_idx').on(t.province, t.component, t.effectiveFrom),
    check('tax_rates_rate_check', sql`${t.rateMilli} >= 0 and ${t.rateMilli} <= 100000`),
  ],
);

/**
 * A company's tax exemption: from one province's own sales tax (a reseller's PST, RST or QST number, with
 * an expiry day) or from all tax (the document's reference). It stops applying on `expires_on`.
 */
export const taxExemptions = pgTable(
  'tax_exemptions',
  {
    exemptionId: serial('exemption_id').primaryKey(),
    customerId: text('customer_id')
      .notNull()
      .references(() => customers.customerId, { onDelete: 'cascade' }),
    /** provincial or all */
    scope: text('scope').notNull(),
    province: text('province'),
    reference: text('reference').notNull(),
    reason: text('reason').notNull().default(''),
    expiresOn: date('expires_on', { mode: 'string' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: text('created_by').notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: text('revoked_by'),
  },
  (t) => [
    index('tax_exemptions_customer_idx').on(t.customerId),
    check(
      'tax_exemptions_scope_check',
      sql`(${t.scope} = 'all' and ${t.province} is null) or (${t.scope} = 'provincial' and ${t.province} is not null and ${t.expiresOn} is not null)`,
    ),
  ],
);

/** The exemption a tax line was left out by, as it stood then. */
export interface StoredExemption {
  scope: 'provincial' | 'all';
  province: string | null;
  reference: string;
  reason: string;
  expiresOn: string | null;
}

/** A tax component as a sale was charged it: its place, rate in thousandths of a percent, base and tax. */
const taxLineColumns = () => ({
  position: integer('position').notNull(),
  component: text('component').notNull(),
  rateMilli: integer('rate_milli').notNull(),
  baseCents: cents('base_cents').notNull(),
  taxCents: cents('tax_cents').notNull(),
  /** The exemption that left it out (tax 0), or null. */
  exemption: jsonb('exemption').$type<StoredExemption>(),
});

/** The tax components an order was charged when it was placed (on its subtotal); they never change. */
export const orderTaxes = pgTable(
  'order_taxes',
  {
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.orderId, { onDelete: 'cascade' }),
    ...taxLineColumns(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.position] })],
);

/** An invoice's tax components: the order's, plus each component's tax on what the invoice adds. */
export const invoiceTaxes = pgTable(
  'invoice_taxes',
  {
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.invoiceId, { onDelete: 'cascade' }),
    ...taxLineColumns(),
  },
  (t) => [primaryKey({ columns: [t.invoiceId, t.position] })],
);

/**
 * Environmental handling (recycling) fees: per unit, by province and fee category (laptops, displays...),
 * from a day on. The invoice's fee lines are filled from it when the seller makes the invoice. `demo`
 * marks the values the shop starts with, which are not any program's real fees.
 */
export const feeRates = pgTable(
  'fee_rates',
  {
    feeId: serial('fee_id').primaryKey(),
    province: text('province').notNull(),
    category: text('category').notNull(),
    cents: cents('cents').notNull(),
    effectiveFrom: date('effective_from', { mode: 'string' }).notNull(),
    /** Whether the province's own sales tax applies to the fee (GST or HST always does). */
    provincialTax: boolean('provincial_tax').notNull().default(true),
    demo: boolean('demo').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: text('created_by').notNull().default('seed'),
  },
  (t) => [
    uniqueIndex('fee_rates_key_idx').on(t.province, t.category, t.effectiveFrom),
    check('fee_rates_cents_check', sql`${t.cents} >= 0`),
  ],
);

/** Money received against an invoice; a reversed payment stays, marked, with the reason. */
export const payments = pgTable(
  'payments',
  {
    paymentId: serial('payment_id').primaryKey(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.invoiceId),
    customerId: text('customer_id')
      .notNull()
      .references(() => customers.customerId),
    receivedOn: date('received_on', { mode: 'string' }).notNull(),
    amountCents: cents('amount_cents').notNull(),
    /** cheque, eft, wire, card or other */
    method: text('method').notNull(),
    reference: text('reference').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: text('created_by').notNull(),
    staffId: integer('staff_id'),
    reversedAt: timestamp('reversed_at', { withTimezone: true }),
    reversedBy: text('reversed_by'),
    reversalReason: text('reversal_reason'),
  },
  (t) => [
    index('payments_invoice_idx').on(t.invoiceId),
    index('payments_customer_idx').on(t.customerId),
    check('payments_amount_check', sql`${t.amountCents} > 0`),
  ],
);

/**
 * The overdue reminders sent for an order's invoice: one row per stage (0 on the due day, 15 and 30 days
 * past it). The row is written with the mail, so a stage is mailed once whatever the number of processes.
 */
export const invoiceReminders = pgTable(
  'invoice_reminders',
  {
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.orderId, { onDelete: 'cascade' }),
    stage: integer('stage').notNull(),
    invoiceId: integer('invoice_id').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.stage] })],
);

// ---- Back office: staff, one-time links, order history, contact replies, audit

/** People of the seller who work in the back office. */
export const staff = pgTable(
  'staff',
  {
    staffId: serial('staff_id').primaryKey(),
    email: text('email').notNull(),
    name: text('name').notNull().default(''),
    /** `owner` (everything) or `clerk` (orders, messages, products). */
    role: text('role').notNull(),
    /** Empty until the person sets a password through their one-time link. */
    passwordHash: text('password_hash').notNull().default(''),
    active: boolean('active').notNull().default(true),
    // Failed sign-ins are counted in auth_attempts (auth/attempts.ts), before the password is checked.
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('staff_email_idx').on(sql`lower(${t.email})`)],
);

export const staffSessions = pgTable(
  'staff_sessions',
  {
    /** sha-256 of the cookie's token. */
    tokenHash: text('token_hash').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.staffId, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Slides forward with use: the session ends after a spell of inactivity. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('staff_sessions_staff_idx').on(t.staffId)],
);

/**
 * One-time links that let a person set a password: a new staff member, a new customer's welcome, a
 * seller-sent reset and a new buyer. Only the token's sha-256 is stored; a link works once, until it expires.
 */
export const passwordTokens = pgTable(
  'password_tokens',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    purpose: text('purpose').notNull(),
    staffId: integer('staff_id').references(() => staff.staffId, { onDelete: 'cascade' }),
    contactPersonId: text('contact_person_id').references(() => contacts.contactPersonId, {
      onDelete: 'cascade',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('password_tokens_hash_idx').on(t.tokenHash),
    check('password_tokens_owner_check', sql`(${t.staffId} is null) <> (${t.contactPersonId} is null)`),
  ],
);

/** What happened to an order, by whom and when. */
export const orderEvents = pgTable(
  'order_events',
  {
    eventId: serial('event_id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.orderId, { onDelete: 'cascade' }),
    /** placed, held, released, confirmed, shipped, delivered, canceled, declined, invoiced, invoice_corrected, payment, payment_reversed */
    kind: text('kind').notNull(),
    /** Staff e-mail, `cli`, or the contact person who placed the order. */
    actor: text('actor').notNull(),
    staffId: integer('staff_id'),
    carrier: text('carrier').notNull().default(''),
    trackingNumber: text('tracking_number').notNull().default(''),
    reason: text('reason').notNull().default(''),
    invoiceId: integer('invoice_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.eventId)],
);

/** The seller's answers to contact-form messages, kept with the message. */
export const contactReplies = pgTable(
  'contact_replies',
  {
    replyId: serial('reply_id').primaryKey(),
    messageId: integer('message_id')
      .notNull()
      .references(() => contactMessages.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    actor: text('actor').notNull(),
    staffId: integer('staff_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('contact_replies_message_idx').on(t.messageId)],
);

/** Every staff action: who, when, what, and the values before and after. */
export const auditLog = pgTable(
  'audit_log',
  {
    auditId: serial('audit_id').primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** Staff e-mail, or `cli` for the seller's commands. */
    actor: text('actor').notNull(),
    staffId: integer('staff_id'),
    action: text('action').notNull(),
    /** order, customer, product, staff, application, contact_message, catalog */
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [index('audit_log_entity_idx').on(t.entityType, t.entityId, t.auditId)],
);

// ---- The company API: keys a company's administrators make for their own systems, and each use of them

/**
 * A company's API key. The secret (`ak_live_<prefix>_<random>`) is shown once when it is made; only its
 * sha-256 is kept, with the prefix (not secret) to recognise it by. A revoked key stays for the record.
 */
/**
 * The back office's API tokens: made by owners for the seller's own systems (a warehouse, an ERP, the
 * accounting), each with its scopes. The secret is shown once; only its sha-256 is kept (as api_keys).
 */
export const staffTokens = pgTable(
  'staff_tokens',
  {
    tokenId: serial('token_id').primaryKey(),
    name: text('name').notNull(),
    /** What the token may do (domain/back-office/staff-tokens.ts STAFF_SCOPES). */
    scopes: text('scopes').array().notNull(),
    prefix: text('prefix').notNull(),
    /** sha-256 of the whole secret, base64url. */
    tokenHash: text('token_hash').notNull(),
    /** The owner who made it; the token's actions are recorded in its name and theirs. */
    createdBy: integer('created_by')
      .notNull()
      .references(() => staff.staffId),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: integer('revoked_by').references(() => staff.staffId),
  },
  (t) => [
    uniqueIndex('staff_tokens_hash_idx').on(t.tokenHash),
    uniqueIndex('staff_tokens_prefix_idx').on(t.prefix),
  ],
);

export const apiKeys = pgTable(
  'api_keys',
  {
    keyId: serial('key_id').primaryKey(),
    customerId: text('customer_id')
      .notNull()
      .references(() => customers.customerId, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** What the key may do: `prices:read`, `orders:write`. */
    scopes: text('scopes').array().notNull(),
    prefix: text('prefix').notNull(),
    /** sha-256 of the whole secret, base64url. */
    keyHash: text('key_hash').notNull(),
    /** The company administrator who made it; the key's orders are placed in their name. */
    createdBy: text('created_by')
      .notNull()
      .references(() => contacts.contactPersonId, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: text('revoked_by'),
  },
  (t) => [
    uniqueIndex('api_keys_hash_idx').on(t.keyHash),
    uniqueIndex('api_keys_prefix_idx').on(t.prefix),
    index('api_keys_customer_idx').on(t.customerId, t.keyId),
  ],
);

/** Every request made with an API key: which key, when, what and how it was answered. */
export const apiKeyUses = pgTable(
  'api_key_uses',
  {
    useId: bigserial('use_id', { mode: 'number' }).primaryKey(),
    keyId: integer('key_id')
      .notNull()
      .references(() => apiKeys.keyId, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    method: text('method').notNull(),
    /** The route as declared (`/api/v1/orders/:orderNumber`), not the URL with its values. */
    route: text('route').notNull(),
    status: integer('status').notNull(),
  },
  (t) => [index('api_key_uses_key_idx').on(t.keyId, t.at)],
);

// ---- Buying in volume: quotes, approvals and stock alerts

/**
 * A buyer's request for a quote and the seller's answer. `requested` until the seller answers (`answered`,
 * with a price per line and a validity date; an answered quote past its day is expired) or declines
 * (`declined`); `accepted` once it became an order (orders.quote_id), which happens once.
 */
export const quotes = pgTable(
  'quotes',
  {
    quoteId: serial('quote_id').primaryKey(),
    /** Q-000123. */
    quoteNumber: text('quote_number').notNull(),
    customerId: text('customer_id')
      .notNull()
      .references(() => customers.customerId, { onDelete: 'cascade' }),
    contactPersonId: text('contact_person_id').notNull(),
    /** requested, answered, declined, accepted, withdrawn */
    status: text('status').notNull().default('requested'),
    note: text('note').notNull().default(''),
    sellerMessage: text('seller_message').notNull().default(''),
    declineReason: text('decline_reason').notNull().default(''),
    /** The last day the answer may be accepted (the shop's day, in SHOP_TIME_ZONE). */
    validUntil: date('valid_until', { mode: 'string' }),
    /** How many times the seller answered; 2 and more: revised. */
    revision: integer('revision').notNull().default(0),
    /** The answer before the last revision, so the buyer sees what changed: `{ validUntil, message, lines: [{ lineId, quotedCents }] }`. */
    previousAnswer: jsonb('previous_answer'),
    /** The buyer's language when asking ('en' or 'fr'); the mails follow it. */
    language: text('language'),
    answeredBy: text('answered_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    orderId: integer('order_id'),
  },
  (t) => [
    uniqueIndex('quotes_number_idx').on(t.quoteNumber),
    index('quotes_customer_idx').on(t.customerId, t.quoteId),
    index('quotes_status_idx').on(t.status, t.quoteId),
  ],
);

export const quoteLines = pgTable(
  'quote_lines',
  {
    lineId: serial('line_id').primaryKey(),
    quoteId: integer('quote_id')
      .notNull()
      .references(() => quotes.quoteId, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    itemId: text('item_id').notNull(),
    itemName: text('item_name').notNull(),
    sku: text('sku').notNull(),
    itemCondition: text('item_condition').notNull(),
    quantity: integer('quantity').notNull(),
    /** The buyer's target unit price, if they gave one. */
    targetCents: cents('target_cents'),
    /** The seller's unit price (null until answered). */
    quotedCents: cents('quoted_cents'),
  },
  (t) => [
    index('quote_lines_quote_idx').on(t.quoteId, t.position),
    check('quote_lines_quantity_check', sql`${t.quantity} > 0`),
  ],
);

/**
 * An order over its buyer's limit, waiting for a company administrator. Its stock is not held: when
 * approved it is placed then, with that day's stock and prices (orders.approval_id), in the buyer's name.
 */
export const orderApprovals = pgTable(
  'order_approvals',
  {
    approvalId: serial('approval_id').primaryKey(),
    customerId: text('customer_id')
      .notNull()
      .references(() => customers.customerId, { onDelete: 'cascade' }),
    /** The buyer who sent it, in whose name the order is placed. */
    contactPersonId: text('contact_person_id').notNull(),
    /** pending, approved, declined, withdrawn */
    status: text('status').notNull().default('pending'),
    /** The checkout it came from: the same checkout sent twice makes one request. */
    checkoutKey: text('checkout_key').notNull(),
    purchaseOrderId: text('purchase_order_id').notNull(),
    shippingMethod: text('shipping_method').notNull(),
    shippingAddressId: integer('shipping_address_id').notNull(),
    billingAddressId: integer('billing_address_id').notNull(),
    /** The lines as the buyer saw them: `[{ item_id, item_condition, quantity, unit_cents, item_name, sku }]`. */
    lines: jsonb('lines').notNull(),
    subtotalCents: cents('subtotal_cents').notNull(),
    totalCents: cents('total_cents').notNull(),
    /** The buyer's limit it went over. */
    limitCents: cents('limit_cents').notNull(),
    declineReason: text('decline_reason').notNull().default(''),
    decidedBy: text('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    orderId: integer('order_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('order_approvals_checkout_idx').on(t.customerId, t.checkoutKey),
    index('order_approvals_customer_idx').on(t.customerId, t.status, t.approvalId),
  ],
);

/**
 * A buyer's stock alert: a model or a listing's filters, conditions, a least quantity in stock and an
 * optional highest price (their own). `matching` is set, with the alert's mail queued, by the one
 * transaction that sees it start to match (so every process together sends one mail), and cleared when
 * it stops matching, after which it may fire again.
 */
export const stockAlerts = pgTable(
  'stock_alerts',
  {
    alertId: serial('alert_id').primaryKey(),
    customerId: text('customer_id')
      .notNull()
      .references(() => customers.customerId, { onDelete: 'cascade' }),
    contactPersonId: text('contact_person_id')
      .notNull()
      .references(() => contacts.contactPersonId, { onDelete: 'cascade' }),
    /** What it watches: `{ kind: 'model', ... }` or `{ kind: 'filter', ... }` (domain/alerts/schemas.ts). */
    target: jsonb('target').notNull(),
    /** How the buyer sees it named in the account and the mail. */
    label: text('label').notNull().default(''),
    conditions: text('conditions').array().notNull(),
    minQuantity: integer('min_quantity').notNull(),
    maxPriceCents: cents('max_price_cents'),
    paused: boolean('paused').notNull().default(false),
    matching: boolean('matching').notNull().default(false),
    lastFiredAt: timestamp('last_fired_at', { withTimezone: true }),
    /** sha-256 of the unsubscribe token the mails carry (the token itself is never stored). */
    unsubscribeHash: text('unsubscribe_hash').notNull(),
    /**
     * The hashes of the tokens of the alert's earlier mails (the latest few), so the unsubscribe link of
     * an older mail still works after the alert fired again.
     */
    earlierUnsubscribeHashes: text('earlier_unsubscribe_hashes').array().notNull().default(sql`'{}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('stock_alerts_contact_idx').on(t.contactPersonId, t.alertId),
    uniqueIndex('stock_alerts_unsubscribe_idx').on(t.unsubscribeHash),
    index('stock_alerts_earlier_unsubscribe_idx').using('gin', t.earlierUnsubscribeHashes),
    check('stock_alerts_quantity_check', sql`${t.minQuantity} > 0`),
  ],
);

/**
 * The serial-number register: one row per unit shipped, with the order line it went out on. A serial that is
 * out (shipped, not returned) is unique; once returned it may ship again as a new row. The warranty's end is
 * set when the unit ships by the terms (domain/after-sale/warranty.ts) and moved when an extended plan is
 * registered to the unit.
 */
export const units = pgTable(
  'units',
  {
    unitId: serial('unit_id').primaryKey(),
    /** Trimmed and upper-cased, as every lookup compares it. */
    serial: text('serial').notNull(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.orderId),
    lineId: integer('line_id')
      .notNull()
      .references(() => orderLines.lineId),
    customerId: text('customer_id')
      .notNull()
      .references(() => customers.customerId),
    itemId: text('item_id').notNull(),
    shippedAt: timestamp('shipped_at', { withTimezone: true }).notNull().defaultNow(),
    /** The day the warranty ends (inclusive), in the shop's time zone, and what it rests on. */
    warrantyEndsOn: date('warranty_ends_on', { mode: 'string' }).notNull(),
    /** terms (90 days), battery (1 year), factory (brand new: 1 year) or plan (an extended plan). */
    warrantyBasis: text('warranty_basis').notNull(),
    /** The extended plan's order line that covers it, once registered. */
    planLineId: integer('plan_line_id'),
    /** Set when a return brings the unit back: its serial may then ship again. */
    returnedAt: timestamp('returned_at', { withTimezone: true }),
    /** The unit that replaced it (a replacement shipped for a return or a claim). */
    replacedBy: integer('replaced_by'),
    /** The unit this one replaces. */
    replaces: integer('replaces'),
  },
  (t) => [
    uniqueIndex('units_serial_out_idx').on(t.serial).where(sql`${t.returnedAt} is null`),
    index('units_serial_idx').using('btree', sql`${t.serial} text_pattern_ops`),
    index('units_customer_idx').on(t.customerId, t.shippedAt, t.unitId),
    index('units_order_idx').on(t.orderId, t.lineId),
    uniqueIndex('units_plan_line_idx').on(t.planLineId, t.unitId),
    // A company's units by state (the Devices section's filter and count): those still out by their warranty's
    // end (in warranty, expired), and the few that came back or were replaced.
    index('units_customer_warranty_idx')
      .on(t.customerId, t.warrantyEndsOn)
      .where(sql`${t.returnedAt} is null and ${t.replacedBy} is null`),
    index('units_customer_back_idx')
      .on(t.customerId, t.shippedAt)
      .where(sql`${t.returnedAt} is not null or ${t.replacedBy} is not null`),
  ],
);

/** Gapless document numbers (credit notes): the counter moves in the transaction that uses its number. */
export const documentCounters = pgTable('document_counters', {
  name: text('name').primaryKey(),
  last: integer('last').notNull().default(0),
});

/**
 * A return (RMA) of an order's units: requested by the buyer (or opened by a warranty claim), authorised or
 * declined, received unit by unit, then resolved with a credit note, a replacement order or a repair. Each
 * state change is a conditional update from the state before, so two clicks or two processes change it once.
 */
export const returns = pgTable(
  'returns',
  {
    returnId: serial('return_id').primaryKey(),
    /** RMA-000123, from the return's id. */
    rmaNumber: text('rma_number').notNull(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.orderId),
    customerId: text('customer_id')
      .notNull()
      .references(() => customers.customerId),
    /** Who asked (a buyer of the company), or null when the seller opened it. */
    contactPersonId: text('contact_person_id'),
    /** dead_on_arrival, damaged_in_shipping, not_as_described, wrong_item, not_needed or warranty. */
    reason: text('reason').notNull(),
    notes: text('notes').notNull().default(''),
    /** requested, authorised, declined, received, resolved */
    state: text('state').notNull().default('requested'),
    declineReason: text('decline_reason').notNull().default(''),
    /** The return instructions mailed with the authorisation, and who pays the return shipping. */
    instructions: text('instructions').notNull().default(''),
    shippingPaidBy: text('shipping_paid_by'),
    /** credit, replacement or repair */
    resolution: text('resolution'),
    resolutionNote: text('resolution_note').notNull().default(''),
    creditNoteId: integer('credit_note_id'),
    replacementOrderId: integer('replacement_order_id'),
    /** The warranty claim that opened it. */
    claimId: integer('claim_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    authorisedAt: timestamp('authorised_at', { withTimezone: true }),
    declinedAt: timestamp('declined_at', { withTimezone: true }),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('returns_rma_idx').on(t.rmaNumber),
    index('returns_customer_idx').on(t.customerId, t.createdAt),
    index('returns_order_idx').on(t.orderId),
    index('returns_state_idx').on(t.state, t.createdAt),
    // The back office's queue, oldest first, unfiltered.
    index('returns_created_idx').on(t.createdAt, t.returnId),
  ],
);

/**
 * A return's lines: an order line's quantity, or one serialised unit. A declined return's lines stop counting
 * (`active` false), so a unit is in at most one active return and a line's returned quantity never exceeds
 * what was delivered. Receiving is per line: received once, restocked once.
 */
export const returnLines = pgTable(
  'return_lines',
  {
    returnLineId: serial('return_line_id').primaryKey(),
    returnId: integer('return_id')
      .notNull()
      .references(() => returns.returnId, { onDelete: 'cascade' }),
    lineId: integer('line_id')
      .notNull()
      .references(() => orderLines.lineId),
    unitId: integer('unit_id').references(() => units.unitId),
    quantity: integer('quantity').notNull(),
    active: boolean('active').notNull().default(true),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    inspectionNote: text('inspection_note').notNull().default(''),
    /** stock, scratch_dent or write_off */
    disposition: text('disposition'),
  },
  (t) => [
    index('return_lines_return_idx').on(t.returnId),
    index('return_lines_line_idx').on(t.lineId),
    uniqueIndex('return_lines_unit_idx').on(t.unitId).where(sql`${t.active} and ${t.unitId} is not null`),
    check('return_lines_quantity_check', sql`${t.quantity} > 0`),
  ],
);

/**
 * A warranty claim on one unit: the problem, then the seller's answer (repair, replacement or refund); an
 * answer that needs the unit back opens its return.
 */
export const warrantyClaims = pgTable(
  'warranty_claims',
  {
    claimId: serial('claim_id').primaryKey(),
    /** WC-000123, from the claim's id. */
    claimNumber: text('claim_number').notNull(),
    unitId: integer('unit_id')
      .notNull()
      .references(() => units.unitId),
    customerId: text('customer_id')
      .notNull()
      .references(() => customers.customerId),
    contactPersonId: text('contact_person_id').notNull(),
    problem: text('problem').notNull(),
    /** submitted, answered */
    state: text('state').notNull().default('submitted'),
    /** repair, replacement or refund */
    answer: text('answer'),
    answerNote: text('answer_note').notNull().default(''),
    returnId: integer('return_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('warranty_claims_number_idx').on(t.claimNumber),
    index('warranty_claims_customer_idx').on(t.customerId, t.createdAt),
    index('warranty_claims_unit_idx').on(t.unitId),
    index('warranty_claims_state_idx').on(t.state, t.createdAt),
  ],
);

/** Photos a buyer sends with a return or a claim (JPEG, PNG or WebP), kept in the database. */
export const afterSalePhotos = pgTable(
  'after_sale_photos',
  {
    photoId: serial('photo_id').primaryKey(),
    returnId: integer('return_id').references(() => returns.returnId, { onDelete: 'cascade' }),
    claimId: integer('claim_id').references(() => warrantyClaims.claimId, { onDelete: 'cascade' }),
    contentType: text('content_type').notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('after_sale_photos_return_idx').on(t.returnId),
    index('after_sale_photos_claim_idx').on(t.claimId),
    check('after_sale_photos_owner_check', sql`(${t.returnId} is null) <> (${t.claimId} is null)`),
  ],
);

/**
 * A credit note (CN-000045, numbered without gaps) against an invoice: its lines, its deductions (negative
 * lines) and each tax component reversed at the invoice's rates. Amounts are positive: what is credited.
 */
export const creditNotes = pgTable(
  'credit_notes',
  {
    creditNoteId: serial('credit_note_id').primaryKey(),
    creditNoteNumber: text('credit_note_number').notNull(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.invoiceId),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.orderId),
    customerId: text('customer_id')
      .notNull()
      .references(() => customers.customerId),
    returnId: integer('return_id'),
    reason: text('reason').notNull().default(''),
    subtotalCents: cents('subtotal_cents').notNull(),
    taxCents: cents('tax_cents').notNull(),
    totalCents: cents('total_cents').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: text('created_by').notNull(),
  },
  (t) => [
    uniqueIndex('credit_notes_number_idx').on(t.creditNoteNumber),
    index('credit_notes_invoice_idx').on(t.invoiceId),
    index('credit_notes_customer_idx').on(t.customerId, t.createdAt),
    check('credit_notes_total_check', sql`${t.totalCents} >= 0`),
  ],
);

/** A credit note's lines: what is credited (positive) and the deductions the seller keeps (negative). */
export const creditNoteLines = pgTable(
  'credit_note_lines',
  {
    lineId: serial('line_id').primaryKey(),
    creditNoteId: integer('credit_note_id')
      .notNull()
      .references(() => creditNotes.creditNoteId, { onDelete: 'cascade' }),
    /** The invoice line it credits; null for a deduction. */
    invoiceLineId: integer('invoice_line_id'),
    itemName: text('item_name').notNull(),
    sku: text('sku').notNull().default(''),
    itemCondition: text('item_condition').notNull().default(''),
    quantity: integer('quantity').notNull(),
    rateCents: cents('rate_cents').notNull(),
    /** item, shipping, fee, other, or deduction (restocking, missing_parts, shipping in `deductionKind`). */
    kind: text('kind').notNull().default('item'),
    deductionKind: text('deduction_kind'),
    provincialTax: boolean('provincial_tax').notNull().default(true),
    /** The serials of the units it credits. */
    serials: text('serials').array().notNull().default(sql`'{}'::text[]`),
  },
  (t) => [index('credit_note_lines_note_idx').on(t.creditNoteId)],
);

/** A credit note's tax components: the invoice's, reversed on the credited base. */
export const creditNoteTaxes = pgTable(
  'credit_note_taxes',
  {
    creditNoteId: integer('credit_note_id')
      .notNull()
      .references(() => creditNotes.creditNoteId, { onDelete: 'cascade' }),
    ...taxLineColumns(),
  },
  (t) => [primaryKey({ columns: [t.creditNoteId, t.position] })],
);

/**
 * Where a credit note's amount went: to an invoice (its own first, what is left to another of the company's
 * invoices) or refunded (`invoice_id` null). What no row holds is the company's credit left.
 */
export const creditAllocations = pgTable(
  'credit_allocations',
  {
    allocationId: serial('allocation_id').primaryKey(),
    creditNoteId: integer('credit_note_id')
      .notNull()
      .references(() => creditNotes.creditNoteId),
    invoiceId: integer('invoice_id').references(() => invoices.invoiceId),
    customerId: text('customer_id')
      .notNull()
      .references(() => customers.customerId),
    amountCents: cents('amount_cents').notNull(),
    /** For a refund: how it was paid back (cheque, eft, wire, card or other) and its reference. */
    method: text('method'),
    reference: text('reference').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: text('created_by').notNull(),
  },
  (t) => [
    index('credit_allocations_note_idx').on(t.creditNoteId),
    index('credit_allocations_invoice_idx').on(t.invoiceId),
    index('credit_allocations_customer_idx').on(t.customerId),
    check('credit_allocations_amount_check', sql`${t.amountCents} > 0`),
  ],
);

/**
 * Pictures uploaded in the back office, when they are kept in the database (MEDIA_STORE=postgres, the
 * default): one row per file (`{id}-thumb.webp`, `{id}-full.webp`), named by the upload's hash. A row is
 * written once and never changed, so every process serves the same bytes under the same URL for good.
 */
export const mediaFiles = pgTable('media_files', {
  name: text('name').primaryKey(),
  contentType: text('content_type').notNull(),
  bytes: bytea('bytes').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

// ---- Webhooks (the seller's systems told of what happens in the shop)

/**
 * A receiver the owners set up: its URL, the events it wants and its signing secret. The secret is kept
 * as issued (`whsec_…`): the shop must be able to sign with it, so it cannot be hashed; it is shown once,
 * never logged and never sent back by the API.
 */
export const webhookEndpoints = pgTable('webhook_endpoints', {
  id: serial('id').primaryKey(),
  url: text('url').notNull(),
  description: text('description').notNull().default(''),
  events: text('events').array().notNull(),
  secret: text('secret').notNull(),
  enabled: boolean('enabled').notNull().default(true),
  /** Why the shop turned it off (deliveries failing for a day); null when on or turned off by hand. */
  disabledReason: text('disabled_reason'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One event for one endpoint: written in the transaction that does the work (an insert … select of the
 * endpoints that want it), delivered afterwards by the sender in every process. Deliveries of one subject
 * (an order, an invoice) to one endpoint go out in id order: one waits while an earlier one is pending.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    endpointId: integer('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    /** The event's id (`webhook-id`), the same for every endpoint and every try. */
    messageId: text('message_id').notNull(),
    eventType: text('event_type').notNull(),
    /** What orders the deliveries (`order:12`); null for an event that waits for none. */
    subject: text('subject'),
    payload: jsonb('payload').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    claimedBy: text('claimed_by'),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    /** Given up after a day of failures (the endpoint was turned off then). */
    failedAt: timestamp('failed_at', { withTimezone: true }),
    /** The last try: when, the receiver's status (null when none answered), how long, what it said. */
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    lastStatus: integer('last_status'),
    lastDurationMs: integer('last_duration_ms'),
    lastResponse: text('last_response'),
    lastError: text('last_error'),
  },
  (t) => [
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.id),
    index('webhook_deliveries_due_idx')
      .on(t.nextAttemptAt, t.id)
      .where(sql`${t.deliveredAt} is null and ${t.failedAt} is null`),
    index('webhook_deliveries_subject_idx')
      .on(t.endpointId, t.subject, t.id)
      .where(sql`${t.deliveredAt} is null and ${t.failedAt} is null`),
  ],
);

/**
 * Punchout: a company's procurement system (SAP Ariba, Coupa, Jaggaer...) opens the shop from inside its
 * own (cXML 1.2 or OCI 4.0). One row per company that turned it on: the shared secret's sha-256 (shown
 * once, to the administrator) and the origins allowed to frame the shop's pages in a punchout session.
 */
export const punchoutSettings = pgTable('punchout_settings', {
  customerId: text('customer_id')
    .primaryKey()
    .references(() => customers.customerId, { onDelete: 'cascade' }),
  enabled: boolean('enabled').notNull().default(true),
  /** sha-256 of the shared secret, base64url. */
  secretHash: text('secret_hash').notNull(),
  /** Origins (scheme://host[:port]) the procurement system frames the shop from. */
  frameOrigins: text('frame_origins').array().notNull().default(sql`'{}'::text[]`),
  updatedBy: text('updated_by').references(() => contacts.contactPersonId, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A punchout session: made by a setup request (cXML PunchOutSetupRequest, or OCI's sign-in), started once
 * by its one-time start URL (only the token's sha-256 is kept), then tied to the buyer's session cookie
 * (its hash) until the cart goes back to the procurement system at `returnUrl`.
 */
export const punchoutSessions = pgTable(
  'punchout_sessions',
  {
    punchoutId: serial('punchout_id').primaryKey(),
    customerId: text('customer_id')
      .notNull()
      .references(() => customers.customerId, { onDelete: 'cascade' }),
    contactPersonId: text('contact_person_id')
      .notNull()
      .references(() => contacts.contactPersonId, { onDelete: 'cascade' }),
    /** `cxml` or `oci`. */
    protocol: text('protocol').notNull(),
    startHash: text('start_hash').notNull(),
    startExpiresAt: timestamp('start_expires_at', { withTimezone: true }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    /** The session cookie's hash (sessions.token_hash) once started. */
    sessionHash: text('session_hash'),
    /** cXML BrowserFormPost URL, or OCI HOOK_URL. */
    returnUrl: text('return_url').notNull(),
    /** cXML BuyerCookie, sent back with the cart. */
    buyerCookie: text('buyer_cookie').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    returnedAt: timestamp('returned_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('punchout_sessions_start_idx').on(t.startHash),
    index('punchout_sessions_session_idx').on(t.sessionHash),
  ],
);

/**
 * The tax code the owner names, once per accounting system (`zoho`, `quickbooks`) and tax component (GST,
 * HST, PST, QST), that the system's import files carry (domain/accounting).
 */
export const accountingTaxCodes = pgTable(
  'accounting_tax_codes',
  {
    system: text('system').notNull(),
    component: text('component').notNull(),
    code: text('code').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: text('updated_by').notNull(),
  },
  (t) => [primaryKey({ columns: [t.system, t.component] })],
);

/**
 * The accounting system's own id of one of our records (the specification's zoho_id, zoho_invoice_id): by
 * system, kind (invoice, credit_note, payment, customer) and our id (an invoice's or credit note's number,
 * a payment's id, a customer's id), set by the seller's accounting sync through the staff API.
 */
export const accountingIds = pgTable(
  'accounting_ids',
  {
    system: text('system').notNull(),
    kind: text('kind').notNull(),
    recordId: text('record_id').notNull(),
    externalId: text('external_id').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.system, t.kind, t.recordId] })],
);
