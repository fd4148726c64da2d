/**
 * Warranty claims: a signed-in buyer claims the warranty of one unit by its serial (the problem, up to five
 * photos); the seller answers once with a repair, a replacement or a refund and a note, and an answer that
 * needs the unit back opens its return. The fields' schemas, the answers and the claims' messages (by key);
 * the server decides who, which unit and whether its warranty still runs.
 */
import { z } from 'zod';
import { CLAIM_ANSWERS, CLAIM_STATES } from '../after-sale/rules';

export { CLAIM_ANSWERS, CLAIM_STATES, type ClaimAnswer, type ClaimState } from '../after-sale/rules';

export const CLAIM_PROBLEM_MAX = 4000;
export const CLAIM_NOTE_MAX = 2000;
export const CLAIM_PHOTOS_MAX = 5;
/** Each photo's size at most (bytes). */
export const CLAIM_PHOTO_BYTES = 5 * 1024 * 1024;
export const CLAIM_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** What a buyer is told about claims (words in domain/locales/<lang>/after-sale.json). */
export const CLAIM_MSG = {
  serialUnknown: (serial: string) => ({ key: 'afterSale.serialUnknown', values: { serial } }) as const,
  warrantyExpired: (serial: string, endsOn: string) =>
    ({ key: 'afterSale.warrantyExpired', values: { serial, endsOn } }) as const,
  unitReplaced: (serial: string) => ({ key: 'afterSale.claimUnitReplaced', values: { serial } }) as const,
  unitReturned: (serial: string) => ({ key: 'afterSale.claimUnitReturned', values: { serial } }) as const,
  claimOpen: (serial: string, claimNumber: string) =>
    ({ key: 'afterSale.claimOpen', values: { serial, claimNumber } }) as const,
  submitted: (claimNumber: string) => ({ key: 'afterSale.claimSubmitted', values: { claimNumber } }) as const,
  serial: 'afterSale.claimSerial',
  problem: 'afterSale.claimProblem',
  photoType: 'afterSale.claimPhotoType',
  photoSize: 'afterSale.claimPhotoSize',
  photoCount: 'afterSale.claimPhotoCount',
  unreadable: 'afterSale.claimUnreadable',
  noClaim: 'afterSale.noClaim',
} as const;

/** What the seller is told (the back office is in English). */
export const CLAIM_SELLER_MSG = {
  noClaim: 'There is no such warranty claim.',
  answered: (claimNumber: string) => `Warranty claim ${claimNumber} is already answered.`,
  answer: `The answer is one of ${CLAIM_ANSWERS.join(', ')}.`,
  note: `The note can be at most ${CLAIM_NOTE_MAX} characters.`,
  page: 'The page is a whole number from 1 to 10000.',
  age: 'The age is any, 3 or 7 (days waiting at least).',
  customer: 'The customer is at most 100 characters.',
} as const;

/** The multipart fields of POST /api/user/{customerid}/warranty-claims (photos are its files). */
export const claimFieldsSchema = z.object({
  serial: z
    .string({ error: CLAIM_MSG.serial })
    .transform((v) => v.trim())
    .refine((v) => v.length > 0 && v.length <= 60, { message: CLAIM_MSG.serial }),
  problem: z
    .string({ error: CLAIM_MSG.problem })
    .transform((v) => v.trim())
    .refine((v) => v.length >= 10 && v.length <= CLAIM_PROBLEM_MAX, { message: CLAIM_MSG.problem }),
});
export type ClaimFields = z.output<typeof claimFieldsSchema>;

/** POST /api/admin/warranty-claims/{claimId}/answer */
export const claimAnswerSchema = z.object({
  answer: z.enum(CLAIM_ANSWERS, { error: CLAIM_SELLER_MSG.answer }),
  note: z.preprocess(
    (v) => v ?? '',
    z
      .string({ error: CLAIM_SELLER_MSG.note })
      .transform((v) => v.trim())
      .refine((v) => v.length <= CLAIM_NOTE_MAX, { message: CLAIM_SELLER_MSG.note }),
  ),
  /** Ticked: the unit need not come back (no return is opened). */
  keep_unit: z.preprocess((v) => v === true || v === 'true' || v === 'on', z.boolean()).optional(),
});
export type ClaimAnswerBody = z.output<typeof claimAnswerSchema>;
export type ClaimAnswerInput = z.input<typeof claimAnswerSchema>;

/** Days waiting at least, for the back office's filter. */
export const CLAIM_AGES = ['3', '7'] as const;

export const adminClaimListQuerySchema = z.object({
  state: z.enum(CLAIM_STATES, { error: `The state must be one of ${CLAIM_STATES.join(', ')}.` }).optional(),
  age: z.enum(CLAIM_AGES, { error: CLAIM_SELLER_MSG.age }).optional(),
  customer: z
    .string({ error: CLAIM_SELLER_MSG.customer })
    .trim()
    .max(100, CLAIM_SELLER_MSG.customer)
    .optional(),
  page: z.coerce
    .number({ error: CLAIM_SELLER_MSG.page })
    .int({ message: CLAIM_SELLER_MSG.page })
    .min(1, { message: CLAIM_SELLER_MSG.page })
    .max(10_000, { message: CLAIM_SELLER_MSG.page })
    .optional()
    .default(1),
});
export type AdminClaimListQuery = z.output<typeof adminClaimListQuerySchema>;

// ---- Answers

export const ClaimSummary = z.object({
  claim_id: z.number(),
  claim_number: z.string(),
  serial: z.string(),
  item_id: z.string(),
  item_name: z.string(),
  order_id: z.number(),
  order_number: z.string(),
  warranty_ends_on: z.string(),
  state: z.enum(CLAIM_STATES),
  answer: z.enum(CLAIM_ANSWERS).nullable(),
  answer_note: z.string(),
  /** The return the answer opened (its RMA number), if any. */
  return_id: z.number().nullable(),
  rma_number: z.string().nullable(),
  created_at: z.string(),
  answered_at: z.string().nullable(),
});
export type ClaimSummary = z.infer<typeof ClaimSummary>;

export const ClaimListAnswer = z.object({ scode: z.literal(200), claims: z.array(ClaimSummary) });
export const ClaimSubmittedAnswer = z.object({
  scode: z.literal(200),
  smessage: z.string(),
  claim_id: z.number(),
  claim_number: z.string(),
});

export const AdminClaimRow = ClaimSummary.extend({
  customer_id: z.string(),
  company: z.string(),
});
export type AdminClaimRow = z.infer<typeof AdminClaimRow>;

export const AdminClaimDetail = AdminClaimRow.extend({
  problem: z.string(),
  buyer_name: z.string(),
  buyer_email: z.string(),
  warranty_basis: z.string(),
  shipped_at: z.string(),
  /** The unit's state now: in_warranty, expired, returned, replaced. */
  unit_state: z.string(),
  photos: z.array(z.object({ photo_id: z.number(), content_type: z.string() })),
  return_state: z.string().nullable(),
});
export type AdminClaimDetail = z.infer<typeof AdminClaimDetail>;

export const AdminClaimListAnswer = z.object({
  scode: z.literal(200),
  claims: z.array(AdminClaimRow),
  total: z.number(),
  page: z.number(),
  page_size: z.number(),
});
export const AdminClaimDetailAnswer = z.object({ scode: z.literal(200), claim: AdminClaimDetail });
export const AdminClaimAnsweredAnswer = AdminClaimDetailAnswer.extend({ smessage: z.string() });
export const AdminClaimCountAnswer = z.object({ scode: z.literal(200), waiting: z.number() });
