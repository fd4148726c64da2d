/**
 * The back office's rules as plain values: roles, limits, order statuses and actions, and its messages.
 * Apart from the schemas (back-office/schemas.ts, back-office/answers.ts) so that a page can use them without
 * loading Zod.
 */

export const STAFF_ROLES = ['owner', 'clerk'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export const CONTACT_ROLES = ['admin', 'buyer'] as const;
export type ContactRole = (typeof CONTACT_ROLES)[number];

/** Sessions of staff end after this long without a request. */
export const STAFF_IDLE_MS = 12 * 3_600_000;
/** How long a mailed set-password link works. */
export const WELCOME_LINK_DAYS = 7;
export const RESET_LINK_HOURS = 24;
export const STAFF_LINK_DAYS = 7;
/** Failed sign-ins in a row after which an account waits (per account, every server process). */
export const LOGIN_FAILURES_BEFORE_WAIT = 10;
export const LOGIN_WAIT_MS = 15 * 60_000;
export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 25;
/**
 * The orders list counts matching orders up to this many; past it the list says "more than" and a filter
 * narrows it (docs/decisions/017-order-lists-at-volume.md).
 */
export const ORDER_COUNT_CAP = 10_000;
/** The most orders one bulk action takes: a page of the list at its largest. */
export const BULK_MAX_ORDERS = 100;
export const MESSAGE_MAX = 5000;
export const REASON_MAX = 1000;
export const CUSTOMER_ID_PATTERN = /^[A-Za-z0-9]{2,50}$/;
export const MAX_BUYERS_CEILING = 1000;
/**
 * How many buyers a company's administrators may invite (each gets a welcome mail) per hour and per day,
 * so an account cannot be used to mail any address in bulk. The seller's own additions are not limited.
 */
export const BUYER_INVITES_PER_HOUR = 10;
export const BUYER_INVITES_PER_DAY = 20;

export const ADMIN_MSG = {
  loginFailed: 'E-mail or password is incorrect.',
  loginRequired: 'E-mail and password are required.',
  staffDisabled: 'This staff account is disabled. Ask the owner of the shop to enable it.',
  notStaff: 'Please sign in to the back office.',
  ownerOnly: 'Only an owner of the shop can do this.',
  linkInvalid: 'api.linkInvalid',
  passwordSet: 'api.passwordSet',
  customerDisabled: 'api.customerDisabled',
  contactInactive: 'api.contactInactive',
  staffEmail: 'Enter a valid e-mail address of at most 100 characters.',
  staffName: 'The name is at most 100 characters.',
  role: 'The role must be owner or clerk.',
  contactRole: 'api.contactRole',
  customerId: 'A customer id has 2 to 50 letters and digits, e.g. C10003.',
  percentage: 'The percentage is a whole number from 0 to 100.',
  maxBuyers: `The number of sign-ins is a whole number from 1 to ${MAX_BUYERS_CEILING}.`,
  reason: `Please give a reason (at most ${REASON_MAX} characters); it is put in the mail.`,
  messageBody: `The message cannot be empty and has at most ${MESSAGE_MAX} characters.`,
  lastOwner: 'The shop needs at least one active owner: make another owner first.',
  page: 'api.page',
  pageSize: `Page size must be a whole number from 1 to ${MAX_PAGE_SIZE}.`,
  search: 'The search text has at most 100 characters.',
  catalogChanged:
    'The catalog changed since the preview (or the file is not the one previewed). Please preview the file again.',
} as const;

export const PASSWORD_PURPOSES = ['staff', 'welcome', 'reset', 'buyer'] as const;
export type PasswordPurpose = (typeof PASSWORD_PURPOSES)[number];

// ---- Orders

import { formatDateIn } from '../core/i18n';
import { ORDER_STATUSES, type OrderStatus } from '../orders/schemas';

export { ORDER_STATUSES, type OrderStatus };

/**
 * Each order status as the back office writes it, in words ("On hold", not "OnHold"): its pages and the
 * orders CSV. The codes stay in addresses (?status=OnHold) and the API.
 */
const ORDER_STATUS_NAMES: Record<OrderStatus, string> = {
  OnHold: 'On hold',
  Pending: 'Pending',
  Confirmed: 'Confirmed',
  Shipped: 'Shipped',
  Delivered: 'Delivered',
  Canceled: 'Canceled',
  Declined: 'Declined',
};

/** An order status in words; a word that is no status as it is. */
export function orderStatusName(status: string): string {
  return (ORDER_STATUSES as readonly string[]).includes(status)
    ? ORDER_STATUS_NAMES[status as OrderStatus]
    : status;
}

/**
 * The back office writes every date one way: a day as "Mar 4, 2026", a moment as its day in the shop's
 * time zone (SHOP_TIME_ZONE) written the same way, with the time: "Mar 4, 2026, 3:05 p.m." Forms keep
 * YYYY-MM-DD in their date fields and the API and CSV files keep their own forms.
 */
export function backOfficeDay(day: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(day.slice(0, 10))
    ? formatDateIn('en', `${day.slice(0, 10)}T12:00:00Z`, { timeZone: 'UTC' })
    : day;
}

/** A moment (an ISO timestamp) as the back office writes it in the shop's time zone: "Mar 4, 2026, 3:05 p.m.". */
export function backOfficeMoment(at: string, timeZone: string): string {
  return formatDateIn('en', at, { time: true, timeZone });
}

/** Which status each action moves an order from and to. */
export const ORDER_ACTIONS = {
  confirm: { from: ['Pending'], to: 'Confirmed' },
  ship: { from: ['Confirmed'], to: 'Shipped' },
  deliver: { from: ['Shipped'], to: 'Delivered' },
  cancel: { from: ['Pending', 'Confirmed'], to: 'Canceled' },
  decline: { from: ['OnHold', 'Pending', 'Confirmed'], to: 'Declined' },
  /** A held order passed the seller's credit review: it goes on as placed. */
  release: { from: ['OnHold'], to: 'Pending' },
} as const satisfies Record<string, { from: readonly OrderStatus[]; to: OrderStatus }>;
export type OrderAction = keyof typeof ORDER_ACTIONS;
export const ORDER_ACTION_NAMES = Object.keys(ORDER_ACTIONS) as OrderAction[];

/** The actions open to an order in `status` (what the page offers as buttons). */
export function actionsFor(status: string): OrderAction[] {
  return ORDER_ACTION_NAMES.filter((a) => (ORDER_ACTIONS[a].from as readonly string[]).includes(status));
}

/** An order can be invoiced unless it was canceled or declined, or waits for a credit review. */
export function canInvoice(status: string): boolean {
  return status !== 'Canceled' && status !== 'Declined' && status !== 'OnHold';
}

export const APPLICATION_STATUSES = ['New', 'Approved', 'Rejected'] as const;
export const CONTACT_STATUSES = ['new', 'answered'] as const;
