/** The database schema. Money columns are integer cents. */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  pgSequence,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

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
    category: text('category').notNull(),
    subCategory: text('sub_category').notNull().default(''),
    description: text('description').notNull().default(''),
    details: text('details').notNull().default(''),
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
    priceCents: integer('price_cents').notNull(),
    salePriceCents: integer('sale_price_cents').notNull().default(0),
    scratchDentPriceCents: integer('scratch_dent_price_cents').notNull().default(0),
    /** A share link such as https://drive.google.com/file/d/{id}/view. */
    mainImage: text('main_image').notNull().default(''),
    isFeatured: boolean('is_featured').notNull().default(false),
    popularity: integer('popularity').notNull().default(0),
    listedAt: timestamp('listed_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    rowVersion: bigint('row_version', { mode: 'number' })
      .notNull()
      .default(sql`nextval('catalog_version_seq')`),
  },
  (t) => [uniqueIndex('products_sku_idx').on(t.sku), index('products_row_version_idx').on(t.rowVersion)],
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
    passwordHash: text('password_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('contacts_username_idx').on(sql`lower(${t.username})`)],
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
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Every mail the shop sends, kept so a failed or unconfigured delivery is never lost. */
export const outbox = pgTable(
  'outbox',
  {
    id: serial('id').primaryKey(),
    to: text('to').notNull(),
    replyTo: text('reply_to'),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
  },
  (t) => [index('outbox_unsent_idx').on(t.id).where(sql`${t.sentAt} is null`)],
);
