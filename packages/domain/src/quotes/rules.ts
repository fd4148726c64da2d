/**
 * Quotes' rules without Zod, for the pages as well as the server: limits, numbers, states, validity dates
 * and the messages (the request schemas are in quotes/schemas.ts).
 */

import { conditionWord } from '../catalog/rules';
import { addDays } from '../core/days';
import { message } from '../core/i18n';

export const QUOTE_MAX_LINES = 50;
export const QUOTE_MAX_QUANTITY = 9999;
export const QUOTE_NOTE_MAX = 2000;
export const QUOTE_MESSAGE_MAX = 2000;
export const QUOTE_REASON_MAX = 1000;
/** How far ahead the seller may date an answer's validity. */
export const QUOTE_VALID_MAX_DAYS = 90;
/** The highest unit price a quote's line takes, in dollars. */
export const QUOTE_PRICE_MAX = 1_000_000;

const QUOTE_STATUSES = ['requested', 'answered', 'declined', 'accepted', 'withdrawn'] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];
/** What the buyer and the seller see: an answered quote past its validity date is expired. */
export const QUOTE_STATES = [
  'requested',
  'answered',
  'expired',
  'accepted',
  'declined',
  'withdrawn',
] as const;
export type QuoteState = (typeof QUOTE_STATES)[number];

function isQuoteState(value: string): value is QuoteState {
  return (QUOTE_STATES as readonly string[]).includes(value);
}

/** Q-000123 from the quote's id. */
export function quoteNumberOf(quoteId: number): string {
  return `Q-${String(quoteId).padStart(6, '0')}`;
}

/** The state shown for a quote's status on `today` (YYYY-MM-DD, the shop's day). */
export function quoteState(status: string, validUntil: string | null, today: string): QuoteState {
  if (status === 'answered' && validUntil !== null && validUntil < today) return 'expired';
  return isQuoteState(status) ? status : 'requested';
}

export const QUOTE_MSG = {
  lines: 'quote.lines',
  quantity: 'quote.quantity',
  target: 'quote.target',
  note: 'quote.note',
  item: 'quote.item',
  duplicate: 'quote.duplicate',
  unknownItem: (item: string) => message('quote.unknownItem', { item }),
  notOffered: (name: string, condition: string) =>
    message('quote.notOffered', { name, condition: conditionWord(condition) }),
  noQuote: 'quote.noQuote',
  notAnswered: 'quote.notAnswered',
  declined: 'quote.declined',
  withdrawn: 'quote.withdrawn',
  withdrawnNow: (quoteNumber: string) => message('quote.withdrawnNow', { quoteNumber }),
  withdrawnAlready: 'quote.withdrawnAlready',
  withdrawAccepted: 'quote.withdrawAccepted',
  withdrawDeclined: 'quote.withdrawDeclined',
  expired: (day: string) => message('quote.expired', { day }),
  accepted: 'quote.accepted',
  shortStock: (name: string, left: number, needed: number) =>
    left > 0
      ? message('quote.shortStock', { name, left, needed })
      : message('quote.shortStockNone', { name, needed }),
  noLongerSold: (name: string, condition: string) =>
    message('quote.noLongerSold', { name, condition: conditionWord(condition) }),
  requested: (quoteNumber: string) => message('quote.requested', { quoteNumber }),
  placed: (orderNumber: string, quoteNumber: string) => message('quote.placed', { orderNumber, quoteNumber }),
  placedAlready: (orderNumber: string, quoteNumber: string) =>
    message('quote.placedAlready', { orderNumber, quoteNumber }),
  revised: 'quote.revised',
  overLimit: (total: string, limit: string) => message('quote.overLimit', { total, limit }),
} as const;

/** Whether `day` may be an answer's validity date on `today`. */
export function validUntilAllowed(day: string, today: string): boolean {
  return day >= today && day <= addDays(today, QUOTE_VALID_MAX_DAYS);
}
