/** The account rules of SPEC §5: account update, address, wish list, password reset and the application form. */
import { z } from 'zod';
import { EMAIL_PATTERN } from './contact';
import { PROVINCES } from './tax';

export const ACCOUNT_MSG = {
  firstName: 'First name cannot be empty and the length needs to be under 50 characters',
  lastName: 'Last name cannot be empty and the length needs to be under 50 characters',
  email: 'Email cannot be empty, or Email format error, or Email length exceeds 50 chracters',
  company: 'Company name length needs to be under 50 characters',
  phone: 'Phone Number error, Please only enter 10 digit Number.',
  newPassword:
    'Password needs 8 to 50 characters with at least one lowercase letter, one uppercase letter and one digit; the only special characters allowed are @$!%*?&',
  confirm: 'Confirm password is not the same as the new pasword.',
  currentRequired: 'Current password cannot be empty when you try to update password.',
  currentWrong: 'Current password is wrong.',
  updateFailed: 'Failed to update acctount information, please try again.',
  updated: 'Acctount Information Updated successfully!',
  addressLine1: 'Address line 1 cannot be empty and the length needs to be under 500 characters',
  addressLine2: 'Address line 2 length needs to be under 500 characters',
  city: 'City cannot be empty and the length needs to be under 100 characters',
  province: 'Please select province',
  zip: 'Zip code error, Do not split zip code with space or any other chracter.',
  addressPhone: 'Phone Number error, Please only enter 10 digit Number.',
  country: 'We only ship to Canada.',
  addressInvalid: 'Some information you entered is not meet the requirement, please check!',
  addressDeleted:
    'Address has been deleted successfully, if the deleted address still shows in page, please refresh the page!',
  addressEditFailed: 'Address failed to updated, please try again!',
  addressLimit: 'You can save up to 10 addresses. Please delete one before adding another.',
  wishListName: 'Wish list name cannot be empty and the length needs to be under 50 characters',
  wishListEditFailed: 'wish list failed to updated, please try again!',
  wishListRemoveFailed: 'Remove Item from Wish List FAILED, please try again.',
  wishListLimit: 'You can have up to 5 wish lists.',
  wishListItemLimit: 'A wish list holds up to 50 items. Please remove one before adding another.',
  pleaseLogin: 'Please log in first.',
  createListFirst: 'Please create your personal wish list first.',
  resetMismatch: 'New password and confirm password is not the same, please check.',
  resetWeak: 'New password does not meet the requirement, please check your new password.',
  resetDone: 'Password has been changed, Please use new password to login.',
  resetCodeWrong: 'The verification code is wrong or has expired, please request a new code.',
  resetCodeSent: 'If the account exists, a verification code has been sent to its e-mail address.',
  resetTooSoon: 'Please wait 60 seconds before requesting another code.',
} as const;

/** 8-50 characters, a lowercase, an uppercase and a digit; the only special characters are @$!%*?&. */
export const PASSWORD_PATTERN = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)[A-Za-z\d@$!%*?&]{8,50}$/;
/** A Canadian postal code without a space, e.g. L4B1H3. */
export const POSTAL_CODE_PATTERN = /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z]\d[ABCEGHJ-NPRSTV-Z]\d$/i;

export const MAX_ADDRESSES = 10;
export const MAX_WISH_LISTS = 5;
export const MAX_WISH_LIST_ITEMS = 50;
export const RESEND_SECONDS = 60;

const bounded = (max: number, message: string, required: boolean) =>
  z
    .string({ error: message })
    .transform((v) => v.trim())
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
    .regex(POSTAL_CODE_PATTERN, { message: ACCOUNT_MSG.zip })
    .transform((v) => v.toUpperCase()),
  phone_number: z
    .string({ error: ACCOUNT_MSG.addressPhone })
    .regex(/^\d{10}$/, { message: ACCOUNT_MSG.addressPhone }),
  country: z.literal('Canada', { error: ACCOUNT_MSG.country }).optional().default('Canada'),
});
export type AddressInput = z.input<typeof addressSchema>;

export const wishListNameSchema = z.object({
  list_name: bounded(50, ACCOUNT_MSG.wishListName, true),
});

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

export const APPLICATION_MSG = {
  company: 'Company name cannot be empty, max length is 50.',
  contactName: 'Contact name cannot be empty, max length is 50.',
  email: 'Email address format is wrong, max length is 50.',
  phone: 'Please enter 10 digits number without any other characters.',
  province: 'Please select province',
  message: 'Message max length is 2000.',
  received:
    'Thank you, your application has been received. Our sales team will contact you within two business days.',
} as const;

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
  message: bounded(2000, APPLICATION_MSG.message, false).optional().default(''),
});
