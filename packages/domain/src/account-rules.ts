/**
 * The account rules of SPEC §5 as plain values: messages, patterns and limits. They live apart from the
 * Zod schemas (account.ts) so a page can show a message or a limit without loading Zod.
 */
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
  messageReply: 'Reply cannot be empty, max length is 5000.',
  messageReplied: 'Your reply has been sent.',
} as const;

/** The longest reply a buyer may write to the seller's message. */
export const MESSAGE_REPLY_MAX = 5000;

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

/** 8-50 characters, a lowercase, an uppercase and a digit; the only special characters are @$!%*?&. */
export const PASSWORD_PATTERN = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)[A-Za-z\d@$!%*?&]{8,50}$/;
/** A Canadian postal code without a space, e.g. L4B1H3. */
export const POSTAL_CODE_PATTERN = /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z]\d[ABCEGHJ-NPRSTV-Z]\d$/i;

/**
 * A postal code as people paste it (`m5v 3g5`, `M5V-3G5`) in the form the shop keeps: upper case, without
 * the space. Anything else is left for the pattern to refuse.
 */
export function normalizePostalCode(text: string): string {
  const compact = text.replace(/[\s-]/g, '').toUpperCase();
  return compact.length === 6 ? compact : text.trim();
}

/**
 * A postal code as Canada Post writes it, with a space after its third character: `H3A3G4` is `H3A 3G4`.
 * The shop keeps it without the space (normalizePostalCode); every page, PDF and mail that shows an address
 * writes it this way. A value that is no six-character code (an address kept before the rule) shows as it is.
 */
export function formatPostalCode(zip: string): string {
  const compact = zip.replace(/[\s-]/g, '').toUpperCase();
  return POSTAL_CODE_PATTERN.test(compact) ? `${compact.slice(0, 3)} ${compact.slice(3)}` : zip.trim();
}

/**
 * A phone number as people paste it (`(416) 555-0142`, `416.555.0142`, `+1 416 555 0142`) as its 10
 * digits. Anything else is left for the pattern to refuse.
 */
export function normalizePhone(text: string): string {
  if (!/^[\d\s().+-]*$/.test(text)) return text.trim();
  const digits = text.replace(/\D/g, '');
  if (digits.length === 10) return digits;
  if (digits.length === 11 && digits.startsWith('1')) return digits.slice(1);
  return text.trim();
}

export const MAX_ADDRESSES = 10;
export const MAX_WISH_LISTS = 5;
export const MAX_WISH_LIST_ITEMS = 50;
export const RESEND_SECONDS = 60;
