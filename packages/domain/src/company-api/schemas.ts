/**
 * The company API: the keys a company's administrators make in the account (GET/POST /api/user/api-keys),
 * and what /api/v1 takes and answers for the company's own systems (`Authorization: Bearer <key>`).
 *
 * Money in /api/v1 is integer cents of Canadian dollars (`…_cents`), never a fraction: an integration
 * adds and compares amounts exactly. (The shop's own pages' JSON is in dollars with 2 decimals.)
 */
import { z } from 'zod';
import { isValidPo, MAX_LINE_QUANTITY, SHIPPING_METHODS } from '../cart/rules';
import { CONDITIONS, PRIMARY_CONDITIONS } from '../catalog/rules';
import { message } from '../core/i18n';
import { rowId } from '../core/row-id';
import { ORDER_STATUSES } from '../orders/schemas';
import { TAX_COMPONENTS } from '../tax/rules';

// ---- Keys

export const API_SCOPES = ['prices:read', 'orders:write'] as const;
export type ApiScope = (typeof API_SCOPES)[number];

/** How many keys a company may hold that are not revoked. */
export const MAX_ACTIVE_KEYS = 20;
const KEY_NAME_MAX = 60;
/** Requests a key may make a minute, over all /api/v1 calls (the server's default; it may be configured). */
export const DEFAULT_KEY_RATE_LIMIT = 120;
/** The most rows one page of the price list holds. */
const PRICE_LIST_MAX_PAGE_SIZE = 500;
const PRICE_LIST_DEFAULT_PAGE_SIZE = 100;
const MAX_ORDER_LINES = 100;

/** A key's secret: `ak_live_`, 8 letters or digits that name it, `_`, then 43 base64url characters (32 bytes). */
export const API_KEY_PATTERN = /^ak_live_([a-z0-9]{8})_([A-Za-z0-9_-]{43})$/;

/** What people are told, in English; the server's catalogue has each in French as well. */
export const API_MSG = {
  keyName: 'companyApi.keyName',
  keyScopes: 'companyApi.keyScopes',
  keyId: 'companyApi.keyId',
  keysAdminOnly: 'companyApi.keysAdminOnly',
  tooManyKeys: 'companyApi.tooManyKeys',
  keyNotFound: 'companyApi.keyNotFound',
  keyCreated: (name: string) => message('companyApi.keyCreated', { name }),
  keyRevoked: (name: string) => message('companyApi.keyRevoked', { name }),
  keyWasRevoked: (name: string) => message('companyApi.keyWasRevoked', { name }),

  missingKey: 'companyApi.missingKey',
  malformedKey: 'companyApi.malformedKey',
  unknownKey: 'companyApi.unknownKey',
  revokedKey: 'companyApi.revokedKey',
  needsPrices: 'companyApi.needsPrices',
  needsOrders: 'companyApi.needsOrders',
  rateLimited: (max: number, seconds: number) => message('companyApi.rateLimited', { max, seconds }),
  wrongKeysLimited: (max: number, seconds: number) =>
    message('companyApi.wrongKeysLimited', { max, seconds }),

  page: 'companyApi.page',
  pageSize: 'companyApi.pageSize',
  changedSince: 'companyApi.changedSince',

  idempotencyKey: 'companyApi.idempotencyKey',
  idempotencyReused: (orderNumber: string) => message('companyApi.idempotencyReused', { orderNumber }),
  poNumber: 'companyApi.poNumber',
  shippingMethod: 'companyApi.shippingMethod',
  addressId: 'companyApi.addressId',
  lines: 'companyApi.lines',
  lineItem: 'companyApi.lineItem',
  lineCondition: 'companyApi.lineCondition',
  lineQuantity: 'companyApi.lineQuantity',
  duplicateLine: 'companyApi.duplicateLine',
  unknownSku: (sku: string) => message('companyApi.unknownSku', { sku }),
  unknownItem: (itemId: string) => message('companyApi.unknownItem', { itemId }),
  notOffered: (name: string) => message('companyApi.notOffered', { name }),
  notEnoughStock: (name: string, n: number) =>
    n > 0
      ? message('companyApi.notEnoughStock', { name, n })
      : message('companyApi.notEnoughStockNone', { name }),
  orderTooLarge: 'companyApi.orderTooLarge',
  orderNotFound: 'companyApi.orderNotFound',
  noInvoice: 'companyApi.noInvoice',
} as const;

/** Whether a one-line text holds a line break or another control character. */
function hasControlCharacter(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 32 || code === 127) return true;
  }
  return false;
}

// No transform in a request's schema: the document's examples of a request are kept only then.
const keyName = z
  .string({ error: API_MSG.keyName })
  .trim()
  .min(1, { message: API_MSG.keyName })
  .max(KEY_NAME_MAX, { message: API_MSG.keyName })
  .refine((v) => !hasControlCharacter(v), { message: API_MSG.keyName });

/** POST /api/user/api-keys: a name to recognise the key by, and what it may do. */
export const ApiKeyCreateRequest = z
  .object({
    name: keyName.describe('A name to recognise the key by, e.g. "ERP nightly price sync".'),
    scopes: z
      .array(z.enum(API_SCOPES, { error: API_MSG.keyScopes }), { error: API_MSG.keyScopes })
      .min(1, { message: API_MSG.keyScopes })
      .max(API_SCOPES.length, { message: API_MSG.keyScopes })
      .refine((list) => new Set(list).size === list.length, { message: API_MSG.keyScopes })
      .describe(
        'What the key may do: `prices:read` (the price list), `orders:write` (place orders). Either lets it read the company’s orders and invoices.',
      ),
  })
  .meta({
    id: 'ApiKeyCreateRequest',
    examples: [{ name: 'ERP nightly price sync', scopes: ['prices:read'] }],
  });
export type ApiKeyCreateInput = z.input<typeof ApiKeyCreateRequest>;

export const ApiKeyParams = z.object({
  keyId: rowId(API_MSG.keyId).meta({ description: 'The key’s key_id.', examples: [7] }),
});

const Timestamp = z.iso.datetime();

/** A key as its company's administrators see it: never its secret. */
export const ApiKeyView = z.object({
  key_id: z.number().int().min(1),
  name: z.string(),
  scopes: z.array(z.enum(API_SCOPES)),
  /** The start of the secret (`ak_live_abcd2345`), enough to recognise it and not enough to use it. */
  prefix: z.string(),
  created_at: Timestamp,
  /** The name of the administrator who made it. */
  created_by: z.string(),
  last_used_at: Timestamp.nullable(),
  revoked_at: Timestamp.nullable(),
  /** The name of the administrator who revoked it. */
  revoked_by: z.string().nullable(),
});
export type ApiKeyView = z.infer<typeof ApiKeyView>;

const keyExample = {
  key_id: 7,
  name: 'ERP nightly price sync',
  scopes: ['prices:read'],
  prefix: 'ak_live_k3x9m2pq',
  created_at: '2026-11-22T14:05:09.123Z',
  created_by: 'Olivia Martin',
  last_used_at: '2026-11-23T02:00:01.000Z',
  revoked_at: null,
  revoked_by: null,
};

/** GET /api/user/api-keys: the company's keys, newest first (revoked ones too). */
export const ApiKeysAnswer = z
  .object({ scode: z.literal(200), apiKeys: z.array(ApiKeyView) })
  .meta({ id: 'ApiKeysAnswer', examples: [{ scode: 200, apiKeys: [keyExample] }] });
export type ApiKeysAnswer = z.infer<typeof ApiKeysAnswer>;

/** POST /api/user/api-keys: the new key, and its secret, shown this once. */
export const ApiKeyCreatedAnswer = z
  .object({
    scode: z.literal(200),
    smessage: z.string(),
    apiKey: ApiKeyView,
    /** The whole key, to send as `Authorization: Bearer <secret>`. It is not kept: it cannot be shown again. */
    secret: z.string().regex(API_KEY_PATTERN),
  })
  .meta({
    id: 'ApiKeyCreatedAnswer',
    examples: [
      {
        scode: 200,
        smessage:
          'API key ERP nightly price sync has been made. Copy its secret now: it will not be shown again.',
        apiKey: { ...keyExample, last_used_at: null },
        secret: 'ak_live_k3x9m2pq_0Jq3mW8vN1c5T7yZ2bR4dF6hK9pL1sX3uA5eG7iO9qM',
      },
    ],
  });
export type ApiKeyCreatedAnswer = z.infer<typeof ApiKeyCreatedAnswer>;

/** POST /api/user/api-keys/{keyId}/revoke: the key as it now is; it stops working at once. */
export const ApiKeyRevokedAnswer = z
  .object({ scode: z.literal(200), smessage: z.string(), apiKey: ApiKeyView })
  .meta({
    id: 'ApiKeyRevokedAnswer',
    examples: [
      {
        scode: 200,
        smessage: 'API key ERP nightly price sync has been revoked.',
        apiKey: {
          ...keyExample,
          revoked_at: '2026-12-01T09:00:00.000Z',
          revoked_by: 'Olivia Martin',
        },
      },
    ],
  });
export type ApiKeyRevokedAnswer = z.infer<typeof ApiKeyRevokedAnswer>;

// ---- /api/v1: the price list

const Cents = z.number().int().nonnegative();
const one = (v: unknown) => (Array.isArray(v) ? v[0] : v);

const page = z.preprocess(
  one,
  z.coerce
    .number({ error: API_MSG.page })
    .int({ message: API_MSG.page })
    .min(1, { message: API_MSG.page })
    .max(1_000_000, { message: API_MSG.page })
    .default(1),
);

/** GET /api/v1/price-list and /api/v1/price-list.csv. */
export const PriceListQuery = z.object({
  page: page.describe('The page, from 1 (JSON only: the CSV holds every row).'),
  page_size: z
    .preprocess(
      one,
      z.coerce
        .number({ error: API_MSG.pageSize })
        .int({ message: API_MSG.pageSize })
        .min(1, { message: API_MSG.pageSize })
        .max(PRICE_LIST_MAX_PAGE_SIZE, { message: API_MSG.pageSize })
        .default(PRICE_LIST_DEFAULT_PAGE_SIZE),
    )
    .describe(`Items per page, 1 to ${PRICE_LIST_MAX_PAGE_SIZE} (default ${PRICE_LIST_DEFAULT_PAGE_SIZE}).`),
  changed_since: z
    .preprocess(
      one,
      z.iso
        .datetime({ offset: true, error: API_MSG.changedSince })
        .transform((v) => new Date(v))
        .optional(),
    )
    .meta({
      description:
        'Only the items whose row changed at or after this time (ISO 8601 with a zone), including items withdrawn from sale (`active: false`). Pass the previous answer’s `next_changed_since`.',
      examples: ['2026-11-23T02:00:00.417Z'],
    }),
});
export type PriceListQuery = z.output<typeof PriceListQuery>;

/** One condition an item is sold in, at the company's own prices. */
export const PriceListOffer = z.object({
  condition: z.enum(CONDITIONS),
  /** The company's regular price for this condition, in cents. */
  price_cents: Cents.describe('The company’s regular unit price for this condition, in cents (CAD).'),
  /** The sale price when one applies, in cents; null when none does. */
  sale_price_cents: Cents.nullable().describe(
    'The sale price that applies now, in cents; null when the item is not on sale in this condition.',
  ),
  /** What one unit costs in an order placed now: the sale price when there is one, else the price. */
  unit_price_cents: Cents.describe('What one unit costs in an order placed now, in cents.'),
  stock: z.number().int().nonnegative().describe('Units that can be ordered in this condition.'),
  /** Warranty plans are always in stock. */
  in_stock: z.boolean(),
  /** Volume prices, smallest quantity first; absent when the offer has none. */
  volume_prices: z
    .array(
      z.object({
        min_quantity: z.number().int().min(2).describe('From this many units on one order line.'),
        percent_off: z.number().positive().lt(100).describe('Percentage off the unit price.'),
        unit_price_cents: Cents.describe('What one unit then costs, in cents.'),
      }),
    )
    .optional()
    .describe('Volume prices: a line of at least min_quantity units pays unit_price_cents a unit.'),
});
export type PriceListOffer = z.infer<typeof PriceListOffer>;

export const PriceListItem = z.object({
  item_id: z.string(),
  sku: z.string(),
  name: z.string(),
  category: z.string(),
  sub_category: z.string(),
  /** The item's own condition; a scratch-and-dent offer of the same item is a second offer. */
  condition: z.enum(PRIMARY_CONDITIONS),
  /** false only in a `changed_since` answer: the item was withdrawn from sale; drop it. */
  active: z.boolean(),
  /** The conditions it is sold in, each with its price and stock (empty when it is not active). */
  offers: z.array(PriceListOffer),
  /** When anything of this row last changed (a price, the stock, the item, the company's prices). */
  updated_at: Timestamp,
});
export type PriceListItem = z.infer<typeof PriceListItem>;

const itemExample = {
  item_id: '5308',
  sku: 'NX.K3KAA.001',
  name: 'Acer Aspire 5 A515-58M-54LG',
  category: 'Notebook',
  sub_category: '',
  condition: 'BrandNew',
  active: true,
  offers: [
    {
      condition: 'BrandNew',
      price_cents: 114_999,
      sale_price_cents: 104_999,
      unit_price_cents: 104_999,
      stock: 42,
      in_stock: true,
    },
    {
      condition: 'ScratchDent',
      price_cents: 91_999,
      sale_price_cents: null,
      unit_price_cents: 91_999,
      stock: 3,
      in_stock: true,
    },
  ],
  updated_at: '2026-11-22T14:05:09.123Z',
};

/** GET /api/v1/price-list: one page of the company's price list, by SKU. */
export const PriceListAnswer = z
  .object({
    scode: z.literal(200),
    items: z.array(PriceListItem),
    page: z.number().int().min(1),
    page_size: z.number().int().min(1),
    /** Items in the whole list (with this filter). */
    total: z.number().int().nonnegative(),
    pages: z.number().int().nonnegative(),
    /** The next page's number, null on the last page. */
    next_page: z.number().int().min(2).nullable(),
    /** The next page's address, null on the last page. */
    next: z.string().nullable(),
    /**
     * What to pass as `changed_since` next time to get every change after this answer, none missed: the
     * time of this answer, or a little earlier while a write that started before it is still running.
     */
    next_changed_since: Timestamp,
  })
  .meta({
    id: 'PriceListAnswer',
    examples: [
      {
        scode: 200,
        items: [itemExample],
        page: 1,
        page_size: 100,
        total: 312,
        pages: 4,
        next_page: 2,
        next: '/api/v1/price-list?page=2&page_size=100',
        next_changed_since: '2026-11-23T02:00:00.417Z',
      },
    ],
  });
export type PriceListAnswer = z.infer<typeof PriceListAnswer>;

/** The CSV's columns: one line per item and condition (an item withdrawn from sale: one line, no offer). */
export const PRICE_LIST_CSV_COLUMNS = [
  'item_id',
  'sku',
  'name',
  'category',
  'sub_category',
  'active',
  'condition',
  'price_cents',
  'sale_price_cents',
  'unit_price_cents',
  'stock',
  'in_stock',
  'updated_at',
] as const;

// ---- /api/v1: addresses and orders

export const ApiAddress = z.object({
  address_id: z.number().int().min(1),
  attention: z.string(),
  company: z.string(),
  address_line_1: z.string(),
  address_line_2: z.string(),
  city: z.string(),
  province: z.string(),
  zip: z.string(),
  country: z.string(),
  phone_number: z.string(),
});

/** GET /api/v1/addresses: the company's saved addresses, to ship and bill orders to. */
export const ApiAddressesAnswer = z.object({ scode: z.literal(200), addresses: z.array(ApiAddress) }).meta({
  id: 'ApiAddressesAnswer',
  examples: [
    {
      scode: 200,
      addresses: [
        {
          address_id: 12,
          attention: 'Olivia Martin',
          company: 'Northwind Traders',
          address_line_1: '10 King St W',
          address_line_2: 'Suite 400',
          city: 'Toronto',
          province: 'Ontario',
          zip: 'M5H1A1',
          country: 'Canada',
          phone_number: '4165550101',
        },
      ],
    },
  ],
});
export type ApiAddressesAnswer = z.infer<typeof ApiAddressesAnswer>;

const addressId = z
  .number({ error: API_MSG.addressId })
  .int({ message: API_MSG.addressId })
  .min(1, { message: API_MSG.addressId })
  .max(2_147_483_647, { message: API_MSG.addressId });

const ApiOrderLineRequest = z
  .object({
    sku: z
      .string({ error: API_MSG.lineItem })
      .trim()
      .min(1, { message: API_MSG.lineItem })
      .max(60, { message: API_MSG.lineItem })
      .optional(),
    item_id: z
      .string({ error: API_MSG.lineItem })
      .trim()
      .min(1, { message: API_MSG.lineItem })
      .max(40, { message: API_MSG.lineItem })
      .optional(),
    condition: z.enum(CONDITIONS, { error: API_MSG.lineCondition }),
    quantity: z
      .number({ error: API_MSG.lineQuantity })
      .int({ message: API_MSG.lineQuantity })
      .min(1, { message: API_MSG.lineQuantity })
      .max(MAX_LINE_QUANTITY, { message: API_MSG.lineQuantity }),
  })
  .refine((l) => (l.sku === undefined) !== (l.item_id === undefined), { message: API_MSG.lineItem });

/** POST /api/v1/orders: prices and totals are the server's; the lines say what and how many. */
export const ApiOrderRequest = z
  .object({
    purchase_order_number: z
      .string({ error: API_MSG.poNumber })
      .refine(isValidPo, { message: API_MSG.poNumber })
      // One line: it is shown in the order's mails.
      .refine((v) => !hasControlCharacter(v), { message: API_MSG.poNumber })
      .describe('Your purchase order number, 1 to 50 characters.'),
    shipping_address_id: addressId.describe('One of the company’s saved addresses (GET /api/v1/addresses).'),
    billing_address_id: addressId
      .optional()
      .describe('One of the company’s saved addresses; the shipping address when not given.'),
    shipping_method: z
      .enum(SHIPPING_METHODS, { error: API_MSG.shippingMethod })
      .default('Standard')
      .describe('Standard (default) or Pick Up.'),
    lines: z
      .array(ApiOrderLineRequest, { error: API_MSG.lines })
      .min(1, { message: API_MSG.lines })
      .max(MAX_ORDER_LINES, { message: API_MSG.lines })
      .refine(
        (lines) => {
          const seen = new Set(lines.map((l) => `${l.sku ?? `#${l.item_id}`}|${l.condition}`));
          return seen.size === lines.length;
        },
        { message: API_MSG.duplicateLine },
      ),
  })
  .meta({
    id: 'ApiOrderRequest',
    examples: [
      {
        purchase_order_number: 'PO-2026-0142',
        shipping_address_id: 12,
        shipping_method: 'Standard',
        lines: [
          { sku: 'NX.K3KAA.001', condition: 'BrandNew', quantity: 5 },
          { sku: 'NX.K3KAA.001', condition: 'ScratchDent', quantity: 1 },
        ],
      },
    ],
  });
export type ApiOrderInput = z.input<typeof ApiOrderRequest>;
export type ApiOrderRequest = z.output<typeof ApiOrderRequest>;

const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_.:-]{1,100}$/;

export const ApiOrderHeaders = z.object({
  'idempotency-key': z
    .string({ error: API_MSG.idempotencyKey })
    .regex(IDEMPOTENCY_KEY_PATTERN, { message: API_MSG.idempotencyKey })
    .meta({
      description:
        'A key of yours for this order (e.g. a UUID). Sent again, with the same order, it gives back the order it placed the first time, never a second order.',
      examples: ['5f0c1d2e-8a4b-4c3d-9e7f-0a1b2c3d4e5f'],
    }),
});

const status = z.enum(ORDER_STATUSES);

export const ApiOrderSummary = z.object({
  order_number: z.string(),
  status,
  placed_at: Timestamp,
  purchase_order_number: z.string(),
  /** The company's buyer in whose name it was placed (an API key's orders: the key's maker). */
  placed_by: z.string(),
  total_cents: Cents,
  invoice_number: z.string().nullable(),
  invoice_total_cents: Cents.nullable(),
});
export type ApiOrderSummary = z.infer<typeof ApiOrderSummary>;

const ApiOrderAddress = ApiAddress.omit({ address_id: true });

/** One component of the sales tax (GST, HST, PST, RST, QST) as charged: what it taxed and the tax, in cents. */
export const ApiTaxLine = z.object({
  component: z.enum(TAX_COMPONENTS),
  rate_percent: z.number().nonnegative(),
  base_cents: Cents,
  tax_cents: Cents,
  /** The company's exemption that left it out (its tax is then 0), or null. */
  exemption: z
    .object({ reference: z.string(), reason: z.string(), expires_on: z.string().nullable() })
    .nullable(),
});
export type ApiTaxLine = z.infer<typeof ApiTaxLine>;

export const ApiOrder = ApiOrderSummary.extend({
  shipping_method: z.string(),
  shipping_carrier: z.string(),
  tracking_number: z.string(),
  subtotal_cents: Cents,
  tax_cents: Cents,
  /** The sales tax rate of the shipping province, in percent (13 for Ontario's HST): the components together. */
  tax_rate_percent: z.number().nonnegative(),
  /** The tax by component, as charged when the order was placed (tax_cents is their sum). */
  taxes: z.array(ApiTaxLine),
  lines: z.array(
    z.object({
      item_id: z.string(),
      sku: z.string(),
      name: z.string(),
      condition: z.string(),
      quantity: z.number().int().min(1),
      unit_price_cents: Cents,
      line_total_cents: Cents,
    }),
  ),
  shipping_address: ApiOrderAddress,
  billing_address: ApiOrderAddress,
  /** The current invoice, once the seller has made it. */
  invoice: z
    .object({
      invoice_number: z.string(),
      shipping_cents: Cents,
      shipping_tax_cents: Cents,
      total_cents: Cents,
      /** The invoice's tax by component: the order's plus the tax on shipping and fees. */
      taxes: z.array(ApiTaxLine),
      /** Payment terms (due_on_receipt, net15, net30, net45, net60) and the day it is due. */
      terms: z.string(),
      due_on: z.string(),
      /** What is left to pay after the payments received (negative: a credit). */
      balance_cents: z.number().int(),
      note: z.string(),
      /** Where its PDF is. */
      pdf: z.string(),
    })
    .nullable(),
});
export type ApiOrder = z.infer<typeof ApiOrder>;

const address = {
  attention: 'Olivia Martin',
  company: 'Northwind Traders',
  address_line_1: '10 King St W',
  address_line_2: 'Suite 400',
  city: 'Toronto',
  province: 'Ontario',
  zip: 'M5H1A1',
  country: 'Canada',
  phone_number: '4165550101',
};
const orderExample = {
  order_number: 'SO-000142',
  status: 'Pending',
  placed_at: '2026-11-22T14:05:09.123Z',
  purchase_order_number: 'PO-2026-0142',
  placed_by: 'Olivia Martin',
  total_cents: 593_244,
  invoice_number: null,
  invoice_total_cents: null,
  shipping_method: 'Standard',
  shipping_carrier: '',
  tracking_number: '',
  subtotal_cents: 524_995,
  tax_cents: 68_249,
  tax_rate_percent: 13,
  taxes: [{ component: 'HST', rate_percent: 13, base_cents: 524_995, tax_cents: 68_249, exemption: null }],
  lines: [
    {
      item_id: '5308',
      sku: 'NX.K3KAA.001',
      name: 'Acer Aspire 5 A515-58M-54LG',
      condition: 'BrandNew',
      quantity: 5,
      unit_price_cents: 104_999,
      line_total_cents: 524_995,
    },
  ],
  shipping_address: address,
  billing_address: address,
  invoice: null,
};

/** POST /api/v1/orders (201, the first time and every time the same Idempotency-Key comes back). */
export const ApiOrderPlacedAnswer = z
  .object({ scode: z.literal(201), order: ApiOrder })
  .meta({ id: 'ApiOrderPlacedAnswer', examples: [{ scode: 201, order: orderExample }] });
export type ApiOrderPlacedAnswer = z.infer<typeof ApiOrderPlacedAnswer>;

/** GET /api/v1/orders/{orderNumber}. */
export const ApiOrderAnswer = z.object({ scode: z.literal(200), order: ApiOrder }).meta({
  id: 'ApiOrderAnswer',
  examples: [
    {
      scode: 200,
      order: {
        ...orderExample,
        status: 'Shipped',
        invoice_number: 'INV-000142',
        invoice_total_cents: 604_544,
        shipping_carrier: 'Purolator',
        tracking_number: '331234567890',
        invoice: {
          invoice_number: 'INV-000142',
          shipping_cents: 10_000,
          shipping_tax_cents: 1_300,
          total_cents: 604_544,
          taxes: [
            { component: 'HST', rate_percent: 13, base_cents: 534_995, tax_cents: 69_549, exemption: null },
          ],
          terms: 'net30',
          due_on: '2026-12-24',
          balance_cents: 604_544,
          note: '',
          pdf: '/api/v1/orders/SO-000142/invoice.pdf',
        },
      },
    },
  ],
});
export type ApiOrderAnswer = z.infer<typeof ApiOrderAnswer>;

export const ApiOrderParams = z.object({
  orderNumber: z
    .string()
    .max(40)
    .meta({ description: 'The order number, e.g. SO-000142.', examples: ['SO-000142'] }),
});

/** GET /api/v1/orders: one page of the company's orders, newest first. */
export const ApiOrdersAnswer = z
  .object({
    scode: z.literal(200),
    orders: z.array(ApiOrderSummary),
    page: z.number().int().min(1),
    pages: z.number().int().min(1),
    page_size: z.number().int().min(1),
    total: z.number().int().nonnegative(),
    next_page: z.number().int().min(2).nullable(),
  })
  .meta({
    id: 'ApiOrdersAnswer',
    examples: [
      {
        scode: 200,
        orders: [
          {
            order_number: 'SO-000142',
            status: 'Shipped',
            placed_at: '2026-11-22T14:05:09.123Z',
            purchase_order_number: 'PO-2026-0142',
            placed_by: 'Olivia Martin',
            total_cents: 593_244,
            invoice_number: 'INV-000142',
            invoice_total_cents: 604_544,
          },
        ],
        page: 1,
        pages: 1,
        page_size: 20,
        total: 1,
        next_page: null,
      },
    ],
  });
export type ApiOrdersAnswer = z.infer<typeof ApiOrdersAnswer>;
