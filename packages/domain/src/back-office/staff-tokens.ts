/**
 * The back office's API tokens: owners make them (GET/POST /api/admin/staff-tokens) for the seller's own
 * systems, which send `Authorization: Bearer <token>` to /api/admin routes. A token passes only routes
 * whose scope it holds (STAFF_ROUTE_SCOPES below); a route that declares none refuses every token.
 */
import { z } from 'zod';
import { message } from '../core/i18n';
import { rowId } from '../core/row-id';

export const STAFF_SCOPES = [
  'orders:read',
  'customers:read',
  'invoices:read',
  'orders:write',
  'catalog:write',
  'accounting',
] as const;
export type StaffScope = (typeof STAFF_SCOPES)[number];

/**
 * The scope each route that tokens may call needs, by its route-table key (a server test checks each is a
 * route the server registers). The one place a route opens to tokens; sessions are not affected.
 */
export const STAFF_ROUTE_SCOPES: Record<
  `${'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'} /api/admin/${string}`,
  StaffScope
> = {
  'GET /api/admin/orders': 'orders:read',
  'GET /api/admin/orders/:orderId': 'orders:read',
  'GET /api/admin/orders/:orderId/credit-notes': 'orders:read',
  'GET /api/admin/orders/:orderId/plans': 'orders:read',
  'GET /api/admin/customers': 'customers:read',
  'GET /api/admin/customers/:customerId': 'customers:read',
  'GET /api/admin/receivables': 'invoices:read',
  'GET /api/admin/customers/:customerId/invoices': 'invoices:read',
  'GET /api/admin/credit-notes/:creditNoteId': 'invoices:read',
  'POST /api/admin/orders/:orderId/status': 'orders:write',
  'PATCH /api/admin/products/stock-prices': 'catalog:write',
  'GET /api/admin/accounting/export': 'accounting',
  'GET /api/admin/accounting/ids': 'accounting',
  'PUT /api/admin/accounting/ids': 'accounting',
};

/** The scope a route needs from a token, or null: tokens are refused there. */
export function scopeOfRoute(method: string, url: string): StaffScope | null {
  return (STAFF_ROUTE_SCOPES as Record<string, StaffScope | undefined>)[`${method} ${url}`] ?? null;
}

/** A token's secret: `st_live_`, 8 letters or digits that name it, `_`, then 43 base64url characters. */
export const STAFF_TOKEN_PATTERN = /^st_live_([a-z0-9]{8})_([A-Za-z0-9_-]{43})$/;
export const MAX_ACTIVE_TOKENS = 20;
/** Rows one stock-and-price call may carry. */
const MAX_STOCK_PRICE_ROWS = 1000;

export const STAFF_TOKEN_MSG = {
  name: 'api.staffToken.name',
  scopes: 'api.staffToken.scopes',
  tooMany: 'api.staffToken.tooMany',
  notFound: 'api.staffToken.notFound',
  unknown: 'api.staffToken.unknown',
  revoked: 'api.staffToken.revoked',
  created: (name: string) => message('api.staffToken.created', { name }),
  revokedNow: (name: string) => message('api.staffToken.revokedNow', { name }),
  wasRevoked: (name: string) => message('api.staffToken.wasRevoked', { name }),
  notForTokens: 'api.staffToken.notForTokens',
  needs: (scope: StaffScope) => message('api.staffToken.needs', { scope }),
  rateLimited: (max: number, seconds: number) => message('api.staffToken.rateLimited', { max, seconds }),
  rowsRefused: (n: number) => message('api.staffToken.rowsRefused', { n }),
  rowsSaved: (n: number) => message('api.staffToken.rowsSaved', { n }),
  unknownSku: 'api.staffToken.unknownSku',
  duplicateSku: 'api.staffToken.duplicateSku',
  nothingToSet: 'api.staffToken.nothingToSet',
  conditionStock: 'api.staffToken.conditionStock',
  saleAbovePrice: 'api.staffToken.saleAbovePrice',
} as const;

export const StaffTokenCreateRequest = z
  .object({
    name: z
      .string({ error: STAFF_TOKEN_MSG.name })
      .trim()
      .min(1, { message: STAFF_TOKEN_MSG.name })
      .max(60, { message: STAFF_TOKEN_MSG.name })
      .describe('A name to recognise the token by, e.g. "Warehouse stock sync".'),
    scopes: z
      .array(z.enum(STAFF_SCOPES, { error: STAFF_TOKEN_MSG.scopes }), { error: STAFF_TOKEN_MSG.scopes })
      .min(1, { message: STAFF_TOKEN_MSG.scopes })
      .max(STAFF_SCOPES.length, { message: STAFF_TOKEN_MSG.scopes })
      .refine((list) => new Set(list).size === list.length, { message: STAFF_TOKEN_MSG.scopes })
      .describe(`What the token may do: ${STAFF_SCOPES.map((s) => `\`${s}\``).join(', ')}.`),
  })
  .meta({
    id: 'StaffTokenCreateRequest',
    examples: [{ name: 'Warehouse stock sync', scopes: ['catalog:write', 'orders:write'] }],
  });

export const StaffTokenParams = z.object({
  tokenId: rowId(STAFF_TOKEN_MSG.notFound).meta({ description: 'The token’s token_id.', examples: [3] }),
});

const Timestamp = z.iso.datetime();

export const StaffTokenView = z.object({
  token_id: z.number().int().min(1),
  name: z.string(),
  scopes: z.array(z.enum(STAFF_SCOPES)),
  /** The start of the secret (`st_live_abcd2345`): enough to recognise it, not to use it. */
  prefix: z.string(),
  created_at: Timestamp,
  created_by: z.string(),
  last_used_at: Timestamp.nullable(),
  revoked_at: Timestamp.nullable(),
  revoked_by: z.string().nullable(),
});
export type StaffTokenView = z.infer<typeof StaffTokenView>;

const tokenExample = {
  token_id: 3,
  name: 'Warehouse stock sync',
  scopes: ['catalog:write', 'orders:write'],
  prefix: 'st_live_k3x9m2pq',
  created_at: '2026-11-22T14:05:09.123Z',
  created_by: 'owner@example.com',
  last_used_at: '2026-11-23T02:00:01.000Z',
  revoked_at: null,
  revoked_by: null,
};

export const StaffTokensAnswer = z
  .object({ scode: z.literal(200), tokens: z.array(StaffTokenView) })
  .meta({ id: 'StaffTokensAnswer', examples: [{ scode: 200, tokens: [tokenExample] }] });
export type StaffTokensAnswer = z.infer<typeof StaffTokensAnswer>;

export const StaffTokenCreatedAnswer = z
  .object({
    scode: z.literal(200),
    smessage: z.string(),
    token: StaffTokenView,
    /** The whole token, to send as `Authorization: Bearer <secret>`; it is not kept and is shown this once. */
    secret: z.string().regex(STAFF_TOKEN_PATTERN),
  })
  .meta({
    id: 'StaffTokenCreatedAnswer',
    examples: [
      {
        scode: 200,
        smessage:
          'Token Warehouse stock sync has been made. Copy its secret now: it will not be shown again.',
        token: { ...tokenExample, last_used_at: null },
        secret: 'st_live_k3x9m2pq_0Jq3mW8vN1c5T7yZ2bR4dF6hK9pL1sX3uA5eG7iO9qM',
      },
    ],
  });
export type StaffTokenCreatedAnswer = z.infer<typeof StaffTokenCreatedAnswer>;

export const StaffTokenRevokedAnswer = z
  .object({ scode: z.literal(200), smessage: z.string(), token: StaffTokenView })
  .meta({
    id: 'StaffTokenRevokedAnswer',
    examples: [
      {
        scode: 200,
        smessage: 'Token Warehouse stock sync has been revoked.',
        token: { ...tokenExample, revoked_at: '2026-12-01T09:00:00.000Z', revoked_by: 'owner@example.com' },
      },
    ],
  });
export type StaffTokenRevokedAnswer = z.infer<typeof StaffTokenRevokedAnswer>;

// ---- Stock and prices of many SKUs at once

const cents = z.number().int().min(0).max(100_000_000);

export const StockPriceRow = z.object({
  sku: z.string().trim().min(1).max(100),
  /** Units in stock (brand new or recertified: the product's own condition). */
  stock: z.number().int().min(0).max(1_000_000).optional(),
  /** Units in stock as scratch and dent. */
  scratch_dent_stock: z.number().int().min(0).max(1_000_000).optional(),
  price_cents: cents.min(1).optional(),
  /** 0: no sale. */
  sale_price_cents: cents.optional(),
  scratch_dent_price_cents: cents.optional(),
});
export type StockPriceRow = z.infer<typeof StockPriceRow>;

export const StockPricesRequest = z
  .object({
    rows: z.array(StockPriceRow).min(1).max(MAX_STOCK_PRICE_ROWS),
  })
  .meta({
    id: 'StockPricesRequest',
    examples: [
      {
        rows: [
          { sku: 'NX.K3KAA.001', stock: 42, price_cents: 114999 },
          { sku: 'UM.HX0AA.E01', stock: 0, sale_price_cents: 0 },
        ],
      },
    ],
  });

/** A refused row: its index in `rows` (from 0), its SKU, and why. */
const RefusedRow = z.object({ index: z.number().int().min(0), sku: z.string(), reason: z.string() });

export const StockPricesAnswer = z
  .object({ scode: z.literal(200), smessage: z.string(), updated: z.number().int().min(0) })
  .meta({
    id: 'StockPricesAnswer',
    examples: [{ scode: 200, smessage: '2 products have been updated.', updated: 2 }],
  });

/** A 400: the refused rows, or (a body that is not rows at all) the fields wrong. */
export const StockPricesRefusedAnswer = z
  .object({
    scode: z.literal(400),
    smessage: z.string(),
    refused: z.array(RefusedRow).optional(),
    errors: z.record(z.string(), z.string()).optional(),
  })
  .meta({
    id: 'StockPricesRefusedAnswer',
    examples: [
      {
        scode: 400,
        smessage: '1 row was refused; nothing has been changed.',
        refused: [{ index: 1, sku: 'NO-SUCH-SKU', reason: 'There is no product with this SKU.' }],
      },
    ],
  });
