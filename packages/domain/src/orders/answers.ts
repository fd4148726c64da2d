/**
 * The orders' answers: the orders list (GET /api/user/{customerid}/orders), one order or its invoice
 * (GET /api/user/{customerid}/orders/{orderid}, …/invoices/{invoiceid}) and a placed order
 * (POST /api/placeorder). Amounts are dollars.
 */
import { z } from 'zod';
import { CONDITIONS } from '../catalog/rules';
import { Count, Dollars, Envelope, ErrorAnswer, MessageAnswer, Price, Timestamp } from '../core/answers';
import { FEE_CATEGORIES, FEE_CATEGORY_NAMES, type FeeCategory } from '../tax/fees';
import { TAX_COMPONENTS } from '../tax/rules';
import { ORDER_STATUSES } from './schemas';

const condition = z.enum(CONDITIONS);
const status = z.enum(ORDER_STATUSES);

/** A row of the orders list, with its current invoice when it has one. */
export const OrderRow = z.object({
  order_id: z.number().int().min(1),
  order_number: z.string(),
  /** The order's date: the server's clock when it was placed (created_time carries the same). */
  created_at: Timestamp,
  created_time: Timestamp,
  /** The buyer's local time as the checkout sent it: information only. */
  client_created_time: z.string(),
  total: Price,
  status,
  purchase_order_id: z.string(),
  /** The name of the company's buyer who placed it. */
  placed_by: z.string(),
  invoice_id: z.number().int().min(1).nullable(),
  invoice_number: z.string().nullable(),
  invoice_total: Price.nullable(),
});
export type OrderRow = z.infer<typeof OrderRow>;

/** Where one page of the orders list stands. */
export const OrdersPage = z.object({
  total: Count,
  page: z.number().int().min(1),
  pages: z.number().int().min(1),
  pageSize: z.number().int().min(1),
});
export type OrdersPage = z.infer<typeof OrdersPage>;

/** GET /api/user/{customerid}/orders?q=&status=&from=&to=&page=: one page of the orders list, newest first. */
export const OrdersListAnswer = Envelope.extend({ orders: z.array(OrderRow), ordersPage: OrdersPage });
export type OrdersListAnswer = z.infer<typeof OrdersListAnswer>;

/** A line of the order as it was placed. */
export const OrderLine = z.object({
  item_id: z.string(),
  item_name: z.string(),
  quantity: z.number().int().min(1),
  sku: z.string(),
  /** What a unit cost. */
  item_rate: Price,
  main_image: z.string(),
  item_condition: condition,
  status,
  /** The serial numbers of the line's units, as shipped (on the invoice). */
  serials: z.array(z.string()).optional(),
});
export type OrderLine = z.infer<typeof OrderLine>;

/**
 * A line of the invoice (or, before there is one, of the order): the order's items and what the seller
 * added (shipping, a fee or a credit), which has no item, no condition and may be negative.
 */
export const InvoiceLine = z.object({
  item_id: z.string().nullable(),
  zoho_item_name: z.string(),
  sku: z.string(),
  item_condition: z.union([condition, z.literal('')]),
  quantity: z.number().int().min(1),
  item_rate: Dollars,
  /** item, shipping, fee (environmental handling) or other (a line the seller added). */
  kind: z.enum(['item', 'shipping', 'fee', 'other']),
  /** Whether the province's own sales tax (PST, RST, QST) applies to the line; GST or HST always does. */
  provincial_tax: z.boolean(),
  /** The order's status. */
  status,
  /** The serial numbers of the line's units, as shipped (none for a line without). */
  serials: z.array(z.string()).optional(),
});
export type InvoiceLine = z.infer<typeof InvoiceLine>;

const FEE_LINE = /^Environmental handling fee: (.+) \((.+)\)$/;

/**
 * The name an environmental handling fee line is kept with on the invoice (in English, as the seller's
 * records read), e.g. "Environmental handling fee: Portable computers (Ontario)".
 */
export function feeLineName(category: FeeCategory, province: string): string {
  return `Environmental handling fee: ${FEE_CATEGORY_NAMES[category].en} (${province})`;
}

/** The category and province of a fee line's kept name, to name it in another language; null for another name. */
export function readFeeLineName(name: string): { category: FeeCategory; province: string } | null {
  const found = FEE_LINE.exec(name);
  if (!found) return null;
  const category = FEE_CATEGORIES.find((c) => FEE_CATEGORY_NAMES[c].en === found[1]);
  return category ? { category, province: found[2]! } : null;
}

/** An address of the order as it was when the order was placed. */
export const OrderAddress = z.object({
  attention: z.string(),
  company: z.string(),
  address_line_1: z.string(),
  address_line_2: z.string(),
  city: z.string(),
  province: z.string(),
  zip: z.string(),
  country: z.string(),
  phone_number: z.string(),
});
export type OrderAddress = z.infer<typeof OrderAddress>;

/** The exemption that left a tax component out, as it stood when the order was placed. */
export const TaxExemptionAnswer = z.object({
  scope: z.enum(['provincial', 'all']),
  /** The province whose own sales tax it lifts; null for all tax. */
  province: z.string().nullable(),
  /** The exemption number or document reference. */
  reference: z.string(),
  reason: z.string(),
  /** YYYY-MM-DD: the first day it no longer applies; null for none. */
  expires_on: z.string().nullable(),
});
export type TaxExemptionAnswer = z.infer<typeof TaxExemptionAnswer>;

/** One component of the tax (GST, HST, PST, RST, QST): its rate, what it taxed and the tax, 0 when exempt. */
export const TaxLineAnswer = z.object({
  component: z.enum(TAX_COMPONENTS),
  /** In percent, e.g. 5 or 9.975. */
  rate: z.number().nonnegative(),
  /** What it taxed. */
  base: Dollars,
  amount: Price,
  exemption: TaxExemptionAnswer.nullable(),
});
export type TaxLineAnswer = z.infer<typeof TaxLineAnswer>;

/** The seller as an invoice names it: legal name and tax registration numbers. */
export const InvoiceSeller = z.object({
  legal_name: z.string(),
  /** GST/HST registration number. */
  gst_hst_number: z.string(),
  /** Quebec QST registration number. */
  qst_number: z.string(),
});
export type InvoiceSeller = z.infer<typeof InvoiceSeller>;

/** Whom an invoice bills, as its PDF's Bill to names them: the company by its name and customer id. */
export const InvoiceBillTo = z.object({
  customer_id: z.string(),
  company: z.string(),
});
export type InvoiceBillTo = z.infer<typeof InvoiceBillTo>;

export const OrderDetail = z.object({
  order_id: z.number().int().min(1),
  zoho_order_id: z.string(),
  order_number: z.string(),
  /** The current invoice, if any. */
  invoice_id: z.number().int().min(1).nullable(),
  zoho_invoice_id: z.string().nullable(),
  invoice_number: z.string().nullable(),
  /** The server's clock when the order was placed (created_at carries the same). */
  created_time: Timestamp,
  created_at: Timestamp,
  client_created_time: z.string(),
  /** The name of the company's buyer who placed it. */
  placed_by: z.string(),
  status,
  purchase_order_id: z.string(),
  /** The quote it was placed from (Q-000012), null for none. */
  quote_number: z.string().nullable().optional(),
  shipping_method: z.string(),
  /** Filled in when the seller ships it ('' before). */
  shipping_carrier: z.string(),
  tracking_number: z.string(),
  /** The note of a corrected invoice ('' for none). */
  invoice_note: z.string(),
  /** The items' tax rate in percent, e.g. 13 or 14.975: the components charged, together. */
  tax_rate: z.number().nonnegative(),
  subtotal: Price,
  items_tax: Price,
  /**
   * The tax by component: the order's on its subtotal; on the invoice's view, the invoice's (the order's
   * plus each component's tax on shipping and fees).
   */
  taxes: z.array(TaxLineAnswer),
  /** Shipping and its tax: on the invoice's view only (0 on the order's). */
  shipping: Price,
  shipping_tax: Price,
  /** The invoice's total on the invoice's view, the order's otherwise. */
  total: Price,
  line_items: z.array(OrderLine),
  /** The invoice's lines on the invoice's view; the order's lines otherwise. */
  zoho_line_items: z.array(InvoiceLine),
  /** The current invoice's payment terms (due_on_receipt, net15 ... net60), due day and what is left to pay; null before it. */
  invoice_terms: z.string().nullable(),
  invoice_due_on: z.string().nullable(),
  /** On the invoice's view: when the invoice was made (its date, as the PDF gives it). */
  invoice_date: Timestamp.nullable().optional(),
  invoice_paid: Price.nullable(),
  /** Negative for a credit (paid more than a corrected invoice's total). */
  invoice_balance: Dollars.nullable(),
  /** On the invoice's view: who issues it, with the GST/HST and QST numbers; null on the order's. */
  seller: InvoiceSeller.nullable(),
  /** On the invoice's view: the company it bills, by name and customer id; null (or absent) on the order's. */
  bill_to: InvoiceBillTo.nullable().optional(),
});
export type OrderDetail = z.infer<typeof OrderDetail>;

export const OrderInfo = z.object({
  order: OrderDetail,
  billingAddress: OrderAddress,
  shippingAddress: OrderAddress,
});
export type OrderInfo = z.infer<typeof OrderInfo>;

/** GET /api/user/{customerid}/orders/{orderid} */
export const OrderAnswer = Envelope.extend({ orderInfo: OrderInfo });
export type OrderAnswer = z.infer<typeof OrderAnswer>;

/** GET /api/user/{customerid}/invoices/{invoiceid}: the order with its current invoice. */
export const InvoiceAnswer = OrderAnswer;
export type InvoiceAnswer = z.infer<typeof InvoiceAnswer>;

/** POST /api/placeorder: the order placed (or, for the same checkout sent again, the one placed before). */
export const PlaceOrderAnswer = MessageAnswer.extend({
  orderId: z.number().int().min(1),
  orderNumber: z.string(),
  /** OnHold when the order would take the company past its credit limit: it waits for the seller's review. */
  status,
});
export type PlaceOrderAnswer = z.infer<typeof PlaceOrderAnswer>;

/**
 * GET /api/user/{customerid}/checkout-limits: what the checkout needs to say, before the buyer clicks, that
 * the order will be sent for approval or held for a credit review (domain/orders/checkout-limits.ts). The
 * company's balance is not given, only what it may still order on credit.
 */
export const CheckoutLimitsAnswer = Envelope.extend({
  limits: z.object({
    /** The signed-in person's order limit; null: none (an administrator is never held). */
    order_limit: Price.nullable(),
    /** The company's credit limit (its statement shows it too); null: none. */
    credit_limit: Price.nullable(),
    /** What the company may still order before an order is held for a credit review; null: no credit limit. */
    credit_room: Price.nullable(),
  }),
});
export type CheckoutLimitsAnswer = z.infer<typeof CheckoutLimitsAnswer>;

/** POST /api/placeorder refused; when the totals changed (409) it says what they are now. */
export const PlaceOrderRefusal = ErrorAnswer.extend({
  subtotal: Price.optional(),
  items_tax: Price.optional(),
  total: Price.optional(),
});
export type PlaceOrderRefusal = z.infer<typeof PlaceOrderRefusal>;
