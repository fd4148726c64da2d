/**
 * Punchout in the account (GET/PUT /api/user/punchout, POST /api/user/punchout/secret): a company's
 * administrators turn it on, get the identity and shared secret their procurement system signs in with, and
 * list the origins allowed to frame the shop. And the buyer's side: whether the session is a punchout one
 * (GET /api/user/punchout/session) and the cart sent back (POST /api/user/punchout/return).
 */
import { z } from 'zod';
import { message } from '../core/i18n';
import { MAX_FRAME_ORIGINS, normalOrigin } from './rules';

export const PUNCHOUT_MSG = {
  adminOnly: 'punchout.adminOnly',
  origins: 'punchout.origins',
  originBad: (origin: string) => message('punchout.originBad', { origin }),
  saved: 'punchout.saved',
  secretMade: 'punchout.secretMade',
  notPunchout: 'punchout.notPunchout',
  cartEmpty: 'punchout.cartEmpty',
  cartReturned: 'punchout.cartReturned',
  badCredentials: 'punchout.badCredentials',
  badDocument: 'punchout.badDocument',
  entities: 'punchout.entities',
  noReturnUrl: 'punchout.noReturnUrl',
  startUsed: 'punchout.startUsed',
  unknownSku: (sku: string) => message('punchout.unknownSku', { sku }),
  priceChanged: (sku: string, price: string, asked: string) =>
    message('punchout.priceChanged', { sku, price, asked }),
  noLines: 'punchout.noLines',
  noAddress: 'punchout.noAddress',
  notEnoughStock: (name: string, left: number, wanted: number) =>
    message('punchout.notEnoughStock', { name, left, wanted }),
  notOffered: (name: string) => message('punchout.notOffered', { name }),
  orderTooLarge: 'punchout.orderTooLarge',
  unsupported: 'punchout.unsupported',
  ok: 'punchout.ok',
  placed: (number: string) => message('punchout.placed', { number }),
} as const;

export const PunchoutSettingsBody = z
  .object({
    enabled: z.boolean(),
    frame_origins: z
      .array(z.string().max(200, { message: PUNCHOUT_MSG.origins }), { message: PUNCHOUT_MSG.origins })
      .max(MAX_FRAME_ORIGINS, { message: PUNCHOUT_MSG.origins })
      .superRefine((list, ctx) => {
        for (const origin of list)
          if (!normalOrigin(origin)) ctx.addIssue({ code: 'custom', message: PUNCHOUT_MSG.origins });
      })
      .transform((list) => [...new Set(list.map((origin) => normalOrigin(origin) as string))]),
  })
  .meta({
    id: 'PunchoutSettingsBody',
    examples: [{ enabled: true, frame_origins: ['https://s1.ariba.com'] }],
  });
export type PunchoutSettingsBody = z.input<typeof PunchoutSettingsBody>;

export const PunchoutSettings = z
  .object({
    enabled: z.boolean(),
    /** The identity the procurement system names in From/Sender (cXML) or USERNAME (OCI): the Customer ID. */
    identity: z.string(),
    has_secret: z.boolean(),
    frame_origins: z.array(z.string()),
    /** Where cXML documents are posted (PunchOutSetupRequest, OrderRequest). */
    cxml_url: z.string(),
    /** OCI's sign-in address (USERNAME, PASSWORD, HOOK_URL). */
    oci_url: z.string(),
    updated_at: z.string().nullable(),
  })
  .meta({ id: 'PunchoutSettings' });
export type PunchoutSettings = z.infer<typeof PunchoutSettings>;

const settingsExample = {
  enabled: true,
  identity: '100234',
  has_secret: true,
  frame_origins: ['https://s1.ariba.com'],
  cxml_url: 'https://shop.example.com/punchout/cxml',
  oci_url: 'https://shop.example.com/punchout/oci',
  updated_at: '2026-11-29T10:00:00.000Z',
};

export const PunchoutSettingsAnswer = z
  .object({
    scode: z.literal(200),
    smessage: z.string().optional(),
    punchout: PunchoutSettings,
    /** A new shared secret, in the answer that makes it only; only its hash is kept. */
    secret: z.string().nullable(),
  })
  .meta({
    id: 'PunchoutSettingsAnswer',
    examples: [{ scode: 200, punchout: settingsExample, secret: null }],
  });
export type PunchoutSettingsAnswer = z.infer<typeof PunchoutSettingsAnswer>;

export const PunchoutSessionAnswer = z
  .object({
    scode: z.literal(200),
    punchout: z.object({ protocol: z.enum(['cxml', 'oci']) }).nullable(),
  })
  .meta({ id: 'PunchoutSessionAnswer', examples: [{ scode: 200, punchout: { protocol: 'cxml' } }] });
export type PunchoutSessionAnswer = z.infer<typeof PunchoutSessionAnswer>;

/** The form the page posts to the procurement system (the cart sent back), field by field. */
export const PunchoutReturnAnswer = z
  .object({
    scode: z.literal(200),
    smessage: z.string(),
    url: z.string(),
    fields: z.array(z.object({ name: z.string(), value: z.string() })),
  })
  .meta({
    id: 'PunchoutReturnAnswer',
    examples: [
      {
        scode: 200,
        smessage: 'Your cart went back to your procurement system.',
        url: 'https://s1.ariba.com/punchout/return',
        fields: [{ name: 'cxml-urlencoded', value: '<?xml version="1.0"?><cXML>…</cXML>' }],
      },
    ],
  });
export type PunchoutReturnAnswer = z.infer<typeof PunchoutReturnAnswer>;
