/** The mails a new order sends: the buyer's confirmation and the shop inbox's notice. */
import { formatPostalCode } from '@shop/domain/account/rules';
import { conditionName } from '@shop/domain/catalog/rules';
import type { Lang } from '@shop/domain/core/i18n';
import { formatMoney } from '@shop/domain/core/money';
import { type TaxLine, taxLabel } from '@shop/domain/tax/rules';
import { translators } from '../../i18n/lang';
import type { MailMessage } from '../../mail/outbox';
import { formatOrderDate, mailText } from '../../mail/templates';
import { oneLine } from '../../mail/text';

/** The shipping method in a language (English keeps the shop's own words). */
function mailWord(lang: Lang, kind: 'shipping', word: string): string {
  const key = `mail.${kind}.${word}`;
  return translators[lang].has(key) ? translators[lang].t(key) : word;
}

/** A province as addresses write it ("Quebec"), in a language ("Québec"); an unknown name as it is. */
function mailProvince(lang: Lang, province: string): string {
  const key = `invoice.province.${province}`;
  return translators[lang].has(key) ? translators[lang].t(key) : province;
}

export interface OrderMailLine {
  quantity: number;
  name: string;
  sku: string;
  condition: string;
  unitCents: number;
}

export interface OrderMailData {
  /** The order's id: the shop's notice links to it in the back office. */
  orderId: number;
  orderNumber: string;
  /** The server's clock when the order was placed. */
  placedAt: Date;
  purchaseOrderId: string;
  /** The quote the order was placed from (Q-000012), if any. */
  quoteNumber?: string;
  customerId: string;
  company: string;
  /** The buyer who placed it; without an e-mail address only the shop is told. */
  buyer: { name: string; email: string };
  lines: readonly OrderMailLine[];
  subtotalCents: number;
  taxCents: number;
  /** The tax by component (GST, QST, ...), an exempt one with its exemption. */
  taxes: readonly TaxLine[];
  /** Placed on hold for a credit review (over the company's credit limit). */
  held?: boolean;
  /** The language of the buyer's confirmation (the shop's notice is in English). */
  lang?: Lang;
  totalCents: number;
  shippingMethod: string;
  /**
   * Where it goes, on one line: attention, street and city (`place`), then the province (named in the
   * mail's language) and the postal code.
   */
  shipTo: { place: string; province: string; zip: string };
}

function linesAndTotals(order: OrderMailData, lang: Lang): string[] {
  const t = (key: string, values?: Record<string, string | number>) => mailText(lang, key, values);
  const money = (cents: number) => formatMoney(cents, lang);
  return [
    ...order.lines.map((l) =>
      t('mail.placed.line', {
        quantity: String(l.quantity),
        name: l.name,
        sku: l.sku,
        condition: conditionName(l.condition, lang),
        price: money(l.unitCents),
      }),
    ),
    '',
    t('mail.placed.subtotal', { amount: money(order.subtotalCents) }),
    ...order.taxes.map((tax) =>
      tax.exemption
        ? t('mail.placed.taxExempt', {
            label: taxLabel(tax.component, tax.rateMilli, lang),
            reason: oneLine(tax.exemption.reason),
            reference: oneLine(tax.exemption.reference),
          })
        : t('mail.placed.tax', {
            label: taxLabel(tax.component, tax.rateMilli, lang),
            amount: money(tax.taxCents),
          }),
    ),
    t('mail.placed.total', { amount: money(order.totalCents) }),
    '',
    t('mail.placed.shipping', {
      method: mailWord(lang, 'shipping', order.shippingMethod),
      shipTo: `${order.shipTo.place}, ${mailProvince(lang, order.shipTo.province)} ${formatPostalCode(order.shipTo.zip)}`,
    }),
  ];
}

/**
 * What buyers typed, and what was kept of it before line breaks were refused, each on one line: none of it
 * can pass for a line of the mails.
 */
function onOneLine(order: OrderMailData): OrderMailData {
  return {
    ...order,
    purchaseOrderId: oneLine(order.purchaseOrderId),
    customerId: oneLine(order.customerId),
    company: oneLine(order.company),
    buyer: { name: oneLine(order.buyer.name), email: oneLine(order.buyer.email) },
    lines: order.lines.map((l) => ({ ...l, name: oneLine(l.name), sku: oneLine(l.sku) })),
    shippingMethod: oneLine(order.shippingMethod),
    shipTo: {
      place: oneLine(order.shipTo.place),
      province: oneLine(order.shipTo.province),
      zip: oneLine(order.shipTo.zip),
    },
  };
}

/** The order's page in the back office, from the address people open the shop at (PUBLIC_URL). */
function backOfficeOrderUrl(publicUrl: string, orderId: number): string {
  return `${publicUrl.replace(/\/+$/, '')}/acer/admin/orders/${orderId}`;
}

/**
 * The buyer's confirmation (when the buyer has an e-mail address), then the notice to the shop's inbox, which
 * links to the order in the back office (`publicUrl`, the shop's PUBLIC_URL); both date the order in the
 * shop's time zone.
 */
export function orderPlacedMails(
  placed: OrderMailData,
  shopInbox: string,
  publicUrl: string,
  timeZone: string,
): MailMessage[] {
  const order = onOneLine(placed);
  const po = order.purchaseOrderId;
  const mails: MailMessage[] = [];
  const lang = order.lang ?? 'en';
  if (order.buyer.email) {
    const t = (key: string, values?: Record<string, string | number>) => mailText(lang, key, values);
    mails.push({
      to: order.buyer.email,
      subject: t('mail.placed.subject', { orderNumber: order.orderNumber, po }),
      body: [
        t('mail.hello', { name: order.buyer.name }),
        '',
        t('mail.placed.thanks', {
          orderNumber: order.orderNumber,
          po,
          date: formatOrderDate(order.placedAt, lang, timeZone),
        }),
        ...(order.quoteNumber ? [t('mail.placed.fromQuote', { quoteNumber: order.quoteNumber })] : []),
        '',
        ...linesAndTotals(order, lang),
        ...(order.held ? [t('mail.placed.held'), ''] : []),
        t('mail.placed.closing'),
      ].join('\n'),
    });
  }
  mails.push({
    to: shopInbox,
    replyTo: order.buyer.email || undefined,
    subject: `New order ${order.orderNumber} from ${order.company || order.customerId} (PO ${po})`,
    body: [
      `Order ${order.orderNumber}, placed ${formatOrderDate(order.placedAt, 'en', timeZone)}.`,
      '',
      `Customer: ${order.company} (${order.customerId})`,
      `Placed by: ${order.buyer.name}${order.buyer.email ? ` <${order.buyer.email}>` : ''}`,
      `Purchase order: ${po}`,
      ...(order.quoteNumber ? [`From quote ${order.quoteNumber}`] : []),
      ...(order.held
        ? ['On hold: credit review (over the credit limit). Release or decline it in the back office.']
        : []),
      '',
      ...linesAndTotals(order, 'en'),
      '',
      order.held ? 'See it in the back office:' : 'Confirm it in the back office:',
      backOfficeOrderUrl(publicUrl, order.orderId),
    ].join('\n'),
  });
  return mails;
}
