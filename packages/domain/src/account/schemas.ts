/** The account rules of SPEC §5: account update, address, wish list, password reset and the application form. */
import { z } from 'zod';
import { CONDITION_MESSAGE, CONDITIONS } from '../catalog/rules';
import { LANGS } from '../core/i18n';
import { MSG } from '../core/messages';
import { PROVINCES } from '../tax/rules';
import { EMAIL_PATTERN, oneLine } from './contact';
import {
  ACCOUNT_MSG,
  APPLICATION_MSG,
  MESSAGE_REPLY_MAX,
  normalizePhone,
  normalizePostalCode,
  PASSWORD_PATTERN,
  POSTAL_CODE_PATTERN,
} from './rules';

export {
  ACCOUNT_MSG,
  APPLICATION_MSG,
  MAX_ADDRESSES,
  MAX_WISH_LIST_ITEMS,
  MAX_WISH_LISTS,
  MESSAGE_REPLY_MAX,
  normalizePhone,
  normalizePostalCode,
  PASSWORD_PATTERN,
  POSTAL_CODE_PATTERN,
  RESEND_SECONDS,
} from './rules';

/** Trimmed text of at most `max` characters; a one-line field (the default) is also kept on one line. */
const bounded = (max: number, message: string, required: boolean, lines: 'one' | 'many' = 'one') =>
  z
    .string({ error: message })
    .transform((v) => (lines === 'one' ? oneLine(v) : v).trim())
    .refine((v) => (!required || v.length > 0) && v.length <= max, { message });

export const accountUpdateSchema = z
  .object({
    first_name: bounded(50, ACCOUNT_MSG.firstName, true),
    last_name: bounded(50, ACCOUNT_MSG.lastName, true),
    email: bounded(50, ACCOUNT_MSG.email, true).refine((v) => EMAIL_PATTERN.test(v), {
      message: ACCOUNT_MSG.email,
    }),
    company: bounded(50, ACCOUNT_MSG.company, false).optional().default(''),
    phone_number: z
      .string({ error: ACCOUNT_MSG.phone })
      .refine((v) => v === '' || /^\d{10}$/.test(v), { message: ACCOUNT_MSG.phone })
      .optional()
      .default(''),
    password: z.string().max(200).optional().nullable(),
    newPassword: z
      .string()
      .optional()
      .nullable()
      .refine((v) => !v || PASSWORD_PATTERN.test(v), { message: ACCOUNT_MSG.newPassword }),
    confirmPassword: z.string().optional().nullable(),
  })
  .superRefine((v, ctx) => {
    if (v.newPassword) {
      if (!v.password)
        ctx.addIssue({ code: 'custom', path: ['password'], message: ACCOUNT_MSG.currentRequired });
      if (
        v.confirmPassword !== undefined &&
        v.confirmPassword !== null &&
        v.confirmPassword !== v.newPassword
      ) {
        ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: ACCOUNT_MSG.confirm });
      }
    }
  });

export type AccountUpdateInput = z.input<typeof accountUpdateSchema>;

export const addressSchema = z.object({
  first_name: bounded(50, ACCOUNT_MSG.firstName, true),
  last_name: bounded(50, ACCOUNT_MSG.lastName, true),
  company_name: bounded(50, ACCOUNT_MSG.company, false).optional().default(''),
  address_line_1: bounded(500, ACCOUNT_MSG.addressLine1, true),
  address_line_2: bounded(500, ACCOUNT_MSG.addressLine2, false).optional().default(''),
  city: bounded(100, ACCOUNT_MSG.city, true),
  province: z.enum(PROVINCES, { error: ACCOUNT_MSG.province }),
  zip: z
    .string({ error: ACCOUNT_MSG.zip })
    .transform(normalizePostalCode)
    .pipe(z.string().regex(POSTAL_CODE_PATTERN, { message: ACCOUNT_MSG.zip })),
  phone_number: z
    .string({ error: ACCOUNT_MSG.addressPhone })
    .transform(normalizePhone)
    .pipe(z.string().regex(/^\d{10}$/, { message: ACCOUNT_MSG.addressPhone })),
  country: z.literal('Canada', { error: ACCOUNT_MSG.country }).optional().default('Canada'),
});
export type AddressInput = z.input<typeof addressSchema>;

export const wishListNameSchema = z.object({
  list_name: bounded(50, ACCOUNT_MSG.wishListName, true),
});
export type WishListNameInput = z.input<typeof wishListNameSchema>;

export const WISH_LIST_NOT_FOUND = 'api.noSuchWishList';

/** A buyer's reply to the seller's message: several lines, up to MESSAGE_REPLY_MAX characters. */
export const messageReplySchema = z.object({
  body: bounded(MESSAGE_REPLY_MAX, ACCOUNT_MSG.messageReply, true, 'many'),
});
export type MessageReplyInput = z.input<typeof messageReplySchema>;

/** POST /api/user/wishList/item/add: an item (in its own condition unless one is named) into a list. */
export const wishListItemSchema = z.object({
  listId: z
    .string({ error: ACCOUNT_MSG.createListFirst })
    .trim()
    .min(1, { error: ACCOUNT_MSG.createListFirst })
    .max(100, { error: WISH_LIST_NOT_FOUND }),
  itemId: z
    .string({ error: MSG.itemMissing })
    .trim()
    .min(1, { error: MSG.itemMissing })
    .max(100, { error: MSG.itemMissing }),
  sku: z.string().max(100).optional().nullable(),
  item_condition: z.enum(CONDITIONS, { error: CONDITION_MESSAGE }).optional().nullable(),
});
export type WishListItemInput = z.input<typeof wishListItemSchema>;

/** POST /api/user/subscription */
export const subscriptionSchema = z.object({
  subscribed: z.boolean({ error: 'api.subscribedFlag' }),
});
export type SubscriptionInput = z.input<typeof subscriptionSchema>;

/** POST /api/user/{customerid}/buyers/{contactid}/edit, under buyerInfo: a buyer's role, or turned off or on. */
export const buyerChangeSchema = z.object(
  {
    role: z.enum(['admin', 'buyer'], { error: 'api.buyerRole' }).optional(),
    active: z.boolean({ error: 'api.buyerActive' }).optional(),
  },
  { error: 'api.sendBuyerChange' },
);
export type BuyerChangeInput = z.input<typeof buyerChangeSchema>;

const LANGUAGE_INVALID = 'api.languageInvalid';

/** POST /api/user/language: the buyer's language, kept on their account. */
export const languageSchema = z.object({
  language: z.enum(LANGS, { error: LANGUAGE_INVALID }),
});
export type LanguageInput = z.input<typeof languageSchema>;

export const RESET_USERNAME_MESSAGE = 'api.username';

/** POST /api/user/forget/sendcode (and the username of the reset itself). */
export const resetCodeSchema = z.object({
  username: z
    .string({ error: RESET_USERNAME_MESSAGE })
    .trim()
    .min(1, { error: RESET_USERNAME_MESSAGE })
    .max(50, { error: RESET_USERNAME_MESSAGE }),
});
export type ResetCodeInput = z.input<typeof resetCodeSchema>;

export const passwordResetSchema = z
  .object({
    username: z.string().trim().min(1).max(50),
    password: z.string().regex(PASSWORD_PATTERN, { message: ACCOUNT_MSG.resetWeak }),
    confirmPassword: z.string().optional(),
    verificationCode: z.string().regex(/^\d{6}$/, { message: ACCOUNT_MSG.resetCodeWrong }),
  })
  .superRefine((v, ctx) => {
    if (v.confirmPassword !== undefined && v.confirmPassword !== v.password) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: ACCOUNT_MSG.resetMismatch });
    }
  });
export type PasswordResetInput = z.input<typeof passwordResetSchema>;

export const accountApplicationSchema = z.object({
  company: bounded(50, APPLICATION_MSG.company, true),
  contactName: bounded(50, APPLICATION_MSG.contactName, true),
  email: bounded(50, APPLICATION_MSG.email, true).refine((v) => EMAIL_PATTERN.test(v), {
    message: APPLICATION_MSG.email,
  }),
  phoneNumber: z
    .string({ error: APPLICATION_MSG.phone })
    .regex(/^\d{10}$/, { message: APPLICATION_MSG.phone }),
  province: z.enum(PROVINCES, { error: APPLICATION_MSG.province }),
  message: bounded(2000, APPLICATION_MSG.message, false, 'many').optional().default(''),
});
export type AccountApplicationInput = z.input<typeof accountApplicationSchema>;
