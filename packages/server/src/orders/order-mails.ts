/** The mails a new order sends: the buyer's confirmation and the shop inbox's notice. */
import { formatMoney } from '@shop/domain/money';
import type { MailMessage } from '../mail/outbox';

/** Orders are dated in the shop's own time zone (Richmond Hill, Ontario), with the zone named. */
const SHOP_TIME = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/Toronto',
  dateStyle: 'long',
  timeStyle: 'short',
});

/** An order's date as mails show it, e.g. "November 22, 2026 at 10:04 a.m. EST". */
const SHOP_ZONE = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto', timeZoneName: 'short' });

export function formatOrderDate(date: Date): string {
  const zone = SHOP_ZONE.formatToParts(date).find((p) => p.type === 'timeZoneName')?.value;
  return `${SHOP_TIME.format(date)}${zone ? ` ${zone}` : ''}`;
}

export interface OrderMailLine {
  quantity: number;
  name: string;
  sku: string;
  condition: string;
  unitCents: number;
}

export interface OrderMailData {
  orderNumber: string;
  /** The server's clock when the order was placed. */
  placedAt: Date;
  purchaseOrderId: string;
  customerId: string;
  company: string;
  /** The buyer who placed it; without an e-mail address only the shop is told. */
  buyer: { name: string; email: string };
  lines: readonly OrderMailLine[];
  subtotalCents: number;
  taxCents: number;
  /** e.g. "Ontario 13%". */
  taxLabel: string;
  totalCents: number;
  shippingMethod: string;
  /** One line: attention, street, city, province and postal code. */
  shipTo: string;
}

function linesAndTotals(order: OrderMailData): string[] {
  return [
    ...order.lines.map(
      (l) => `${l.quantity} x ${l.name} (${l.sku}, ${l.condition}) at ${formatMoney(l.unitCents)}`,
    ),
    '',
    `Subtotal: ${formatMoney(order.subtotalCents)}`,
    `Tax (${order.taxLabel}): ${formatMoney(order.taxCents)}`,
    `Total: ${formatMoney(order.totalCents)}`,
    '',
    `Shipping: ${order.shippingMethod}, to ${order.shipTo}`,
  ];
}

/** The buyer's confirmation (when the buyer has an e-mail address), then the notice to the shop's inbox. */
export function orderPlacedMails(order: OrderMailData, shopInbox: string): MailMessage[] {
  const po = order.purchaseOrderId;
  const mails: MailMessage[] = [];
  if (order.buyer.email) {
    mails.push({
      to: order.buyer.email,
      subject: `Order ${order.orderNumber} received (PO ${po})`,
      body: [
        `Hello ${order.buyer.name},`,
        '',
        `Thank you for your order ${order.orderNumber}, purchase order ${po}, placed ${formatOrderDate(order.placedAt)}.`,
        '',
        ...linesAndTotals(order),
        'Shipping is added on your invoice. We will let you know when your order ships.',
      ].join('\n'),
    });
  }
  mails.push({
    to: shopInbox,
    replyTo: order.buyer.email || undefined,
    subject: `New order ${order.orderNumber} from ${order.company || order.customerId} (PO ${po})`,
    body: [
      `Order ${order.orderNumber}, placed ${formatOrderDate(order.placedAt)}.`,
      '',
      `Customer: ${order.company} (${order.customerId})`,
      `Placed by: ${order.buyer.name}${order.buyer.email ? ` <${order.buyer.email}>` : ''}`,
      `Purchase order: ${po}`,
      '',
      ...linesAndTotals(order),
      '',
      `Confirm it with: npm run seller -- order ${order.orderNumber} confirm`,
    ].join('\n'),
  });
  return mails;
}
