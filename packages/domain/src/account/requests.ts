/**
 * What the buyer's account calls take beside the forms themselves (account/schemas.ts, account/contact.ts,
 * back-office/schemas.ts): the paths' ids and the envelopes the page sends its forms in (`{ addressInfo: {…}
 * }`). A form left out of its envelope is checked as an empty one, so the refusal names every field it needs.
 */
import { z } from 'zod';
import { contactCreateSchema } from '../back-office/schemas';
import { CONDITION_MESSAGE, CONDITIONS } from '../catalog/rules';
import type { MessageKey } from '../core/i18n';
import { MAX_ID } from '../core/row-id';
import {
  accountUpdateSchema,
  addressSchema,
  buyerChangeSchema,
  passwordResetSchema,
  resetCodeSchema,
  wishListNameSchema,
} from './schemas';

export { MAX_ID } from '../core/row-id';

/** A numeric id in a path: digits, from 1; anything else is a 400 that names it (`message`). */
const pathId = (message: MessageKey) => {
  return z
    .string()
    .regex(/^\d{1,10}$/, { message })
    .transform(Number)
    .refine((n) => n >= 1 && n <= MAX_ID, { message });
};

/** A form in its envelope; left out (or null), it is checked as an empty one. */
const form = <S extends z.ZodType>(schema: S) => z.preprocess((value) => value ?? {}, schema);

/** A path naming the customer: it must be the session's own (another is refused with 403). */
export const CustomerPath = z.object({
  customerid: z.string().describe("The signed-in customer's id (another is refused with 403)."),
});
export type CustomerPath = z.infer<typeof CustomerPath>;

/** GET /api/user/{customerid}/{session} */
export const AccountSectionPath = CustomerPath.extend({
  session: z
    .string()
    .describe(
      'The account session: messages, buyers, addresses, addressForm, wishLists, wishListCreate, recentlyViewed, accountSettings or subscription (another is refused with 400).',
    ),
});
export type AccountSectionPath = z.infer<typeof AccountSectionPath>;

/** GET /api/user/{customerid}/{session}/{sessionid} */
export const AccountSectionItemPath = AccountSectionPath.extend({
  sessionid: z
    .string()
    .describe('What in the session: a message id, an address id (addressForm) or a wish list id.'),
});
export type AccountSectionItemPath = z.infer<typeof AccountSectionItemPath>;

/** …/messages/{messageId}/reply */
export const MessagePath = CustomerPath.extend({ messageId: pathId('api.messageId') });
export type MessagePath = z.infer<typeof MessagePath>;

/** …/address/{addressId}/edit and …/delete */
export const AddressPath = CustomerPath.extend({ addressId: pathId('api.addressId') });
export type AddressPath = z.infer<typeof AddressPath>;

/** …/buyers/{contactId}/edit */
export const BuyerPath = CustomerPath.extend({ contactId: z.string().describe("The buyer's contact id.") });
export type BuyerPath = z.infer<typeof BuyerPath>;

/** …/wishLists/{listId}/edit and …/delete */
export const WishListPath = CustomerPath.extend({ listId: z.string().describe('The wish list id.') });
export type WishListPath = z.infer<typeof WishListPath>;

/** DELETE /api/user/wishList/{listId}/item/{itemId}/{condition}/remove */
export const WishListItemPath = z.object({
  listId: z.string().describe('The wish list id.'),
  itemId: z.string().describe('The item to take out of it.'),
  condition: z.enum(CONDITIONS, { error: CONDITION_MESSAGE }).describe('The condition it was kept in.'),
});
export type WishListItemPath = z.infer<typeof WishListItemPath>;

/** POST /api/user/information/update: the account settings form (only the password changes). */
export const AccountUpdateBody = z.object({
  customerInfo: form(accountUpdateSchema).describe(
    "The form; a customer_id in it must be the session's (another is refused with 403).",
  ),
});
export type AccountUpdateBody = z.input<typeof AccountUpdateBody>;

/** POST /api/user/address/create, POST /api/user/{customerid}/address/{addressId}/edit */
export const AddressBody = z.object({
  addressInfo: form(addressSchema).describe(
    "The address; a customer_id in it must be the session's (another is refused with 403).",
  ),
});
export type AddressBody = z.input<typeof AddressBody>;

/** POST /api/user/buyers/create: a further buyer of the company, mailed a link to set a password. */
export const BuyerCreateBody = z.object({
  buyerInfo: form(contactCreateSchema).describe(
    "The buyer; a customer_id in it must be the session's (another is refused with 403).",
  ),
});
export type BuyerCreateBody = z.input<typeof BuyerCreateBody>;

/** POST /api/user/{customerid}/buyers/{contactId}/edit: a buyer's role, or turned off or on. */
export const BuyerChangeBody = z.object({ buyerInfo: form(buyerChangeSchema) });
export type BuyerChangeBody = z.input<typeof BuyerChangeBody>;

/** POST /api/user/wishList/create, POST /api/user/{customerid}/wishLists/{listId}/edit: the list's name. */
export const WishListBody = z.object({
  wishList: form(wishListNameSchema).describe(
    "The list; a customer_id in it must be the session's (another is refused with 403).",
  ),
});
export type WishListBody = z.input<typeof WishListBody>;

/**
 * POST /api/user/forget/resetpassword: the Customer ID (as the send-code form checks it), the e-mailed
 * code and the new password.
 */
export const PasswordResetBody = passwordResetSchema.safeExtend({ username: resetCodeSchema.shape.username });
export type PasswordResetBody = z.input<typeof PasswordResetBody>;
