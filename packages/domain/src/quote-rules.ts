/**
 * Quotes' rules without Zod, for the pages as well as the server: limits, numbers, states, validity dates
 * and the messages (the request schemas are in quotes.ts).
 */
import { addDays } from './days';

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
  lines: `A quote asks for 1 to ${QUOTE_MAX_LINES} lines.`,
  quantity: `The quantity must be a whole number from 1 to ${QUOTE_MAX_QUANTITY} (a quote may ask for more than is in stock).`,
  target: 'A target price must be an amount in dollars above 0, such as 450.00, or left empty.',
  note: `The note can be at most ${QUOTE_NOTE_MAX} characters.`,
  item: 'Each line needs an item.',
  duplicate: 'Each item appears once per condition in a quote: add the quantities together.',
  unknownItem: (item: string) => `There is no item ${item} in the store.`,
  notOffered: (name: string, condition: string) => `${name} is not sold as ${condition}.`,
  noQuote: 'There is no such quote in your account.',
  notAnswered: 'This quote has not been answered yet.',
  declined: 'This quote was declined and cannot be accepted.',
  withdrawn: 'This quote was withdrawn and cannot be accepted.',
  withdrawnNow: (quoteNumber: string) =>
    `Quote ${quoteNumber} has been withdrawn: the seller will not answer it, and it can no longer be accepted.`,
  withdrawnAlready: 'This quote was withdrawn already.',
  withdrawAccepted: 'This quote was accepted: it has its order, and can no longer be withdrawn.',
  withdrawDeclined: 'This quote was declined by the seller: there is nothing to withdraw.',
  expired: (day: string) =>
    `This quote expired on ${day} and can no longer be accepted. Please ask for a new quote.`,
  accepted: 'This quote was accepted already: it has its order.',
  shortStock: (name: string, left: number, needed: number) =>
    left > 0
      ? `${name} only has ${left} left in stock; this quote needs ${needed}.`
      : `${name} is out of stock; this quote needs ${needed}.`,
  noLongerSold: (name: string, condition: string) =>
    `${name} is no longer sold as ${condition}; ask us for a new quote.`,
  requested: (quoteNumber: string) =>
    `Quote ${quoteNumber} has been requested. You will be told by e-mail when it is answered.`,
  placed: (orderNumber: string, quoteNumber: string) =>
    `Order ${orderNumber} has been placed from quote ${quoteNumber}.`,
  placedAlready: (orderNumber: string, quoteNumber: string) =>
    `Order ${orderNumber} was already placed from quote ${quoteNumber}.`,
  revised: 'This quote was revised since you opened it. Please review the new answer and accept it again.',
  overLimit: (total: string, limit: string) =>
    `This quote's order totals ${total}, above your order limit of ${limit}. An administrator of your company can accept it from the account's Quotes section.`,
} as const;

/** Whether `day` may be an answer's validity date on `today`. */
export function validUntilAllowed(day: string, today: string): boolean {
  return day >= today && day <= addDays(today, QUOTE_VALID_MAX_DAYS);
}
