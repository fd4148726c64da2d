/**
 * The account rules of SPEC §5 as plain values: messages, patterns and limits. They live apart from the
 * Zod schemas (account/schemas.ts) so a page can show a message or a limit without loading Zod.
 */
export const ACCOUNT_MSG = {
  firstName: 'account.firstName',
  lastName: 'account.lastName',
  email: 'account.email',
  company: 'account.company',
  phone: 'account.phone',
  newPassword: 'account.newPassword',
  confirm: 'account.confirm',
  currentRequired: 'account.currentRequired',
  currentWrong: 'account.currentWrong',
  updateFailed: 'account.updateFailed',
  updated: 'account.updated',
  addressLine1: 'account.addressLine1',
  addressLine2: 'account.addressLine2',
  city: 'account.city',
  province: 'account.province',
  zip: 'account.zip',
  addressPhone: 'account.addressPhone',
  country: 'account.country',
  addressInvalid: 'account.addressInvalid',
  addressDeleted: 'account.addressDeleted',
  addressEditFailed: 'account.addressEditFailed',
  addressLimit: 'account.addressLimit',
  wishListName: 'account.wishListName',
  wishListEditFailed: 'account.wishListEditFailed',
  wishListRemoveFailed: 'account.wishListRemoveFailed',
  wishListLimit: 'account.wishListLimit',
  wishListItemLimit: 'account.wishListItemLimit',
  pleaseLogin: 'account.pleaseLogin',
  createListFirst: 'account.createListFirst',
  resetMismatch: 'account.resetMismatch',
  resetWeak: 'account.resetWeak',
  resetDone: 'account.resetDone',
  resetCodeWrong: 'account.resetCodeWrong',
  resetCodeSent: 'account.resetCodeSent',
  resetTooSoon: 'account.resetTooSoon',
  messageReply: 'account.messageReply',
  messageReplied: 'account.messageReplied',
} as const;

/** The longest reply a buyer may write to the seller's message. */
export const MESSAGE_REPLY_MAX = 5000;

export const APPLICATION_MSG = {
  company: 'application.company',
  contactName: 'application.contactName',
  email: 'application.email',
  phone: 'application.phone',
  province: 'application.province',
  message: 'application.message',
  received: 'application.received',
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
