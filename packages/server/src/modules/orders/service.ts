/**
 * Placing an order: one transaction that re-reads prices and stock, recomputes the totals, takes the stock
 * with a conditional update (so two buyers can never buy the same last unit), records the order with its
 * lines and addresses, and empties the cart. The same checkout submitted twice makes one order. An order
 * from the company API brings its lines with it (the cart is left alone) and the same transaction places
 * it, its totals computed here alone.
 */
import { createHash } from 'node:crypto';
import type { PlaceOrderRequest } from '@shop/domain/cart/order-request';
import {
  CART_MSG,
  type CartLine,
  lineUnitPrice,
  orderTotals,
  type ShippingMethod,
  withinOrderLimit,
} from '@shop/domain/cart/rules';
import type { Condition } from '@shop/domain/catalog/rules';
import type { PriceBreak } from '@shop/domain/catalog/volume-prices';
import { isLang, type Lang, type Message } from '@shop/domain/core/i18n';
import { personalPrice, toCents } from '@shop/domain/core/money';
import { creditRoomCents, overCreditRoom, overOrderLimit } from '@shop/domain/orders/checkout-limits';
import {
  chargedRateMilli,
  componentsFor,
  isProvince,
  type Province,
  provinceDay,
  type TaxExemption,
  type TaxRate,
} from '@shop/domain/tax/rules';
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { orders } from '../../db/schema';
import { firstRow, isUniqueViolation, sqlState } from '../../db/sql';
import { isQuebec } from '../../i18n/buyer-lang';
import { HttpError } from '../../lib/http';
import { countOrder } from '../../metrics/counters';
import { imageUrl } from '../catalog';
import type { SessionUser } from '../sessions';
import { type WebhookEvent, webhookEventsInsert } from '../webhooks';
import { openBalanceCents } from './balance';
import type { OrderNeeds } from './needs';
import { orderPlacedMails } from './order-mails';

export interface PlacedOrder {
  orderId: number;
  orderNumber: string;
  repeated: boolean;
  /** OnHold when it would take the company past its credit limit (it waits for the seller), else Pending. */
  status: 'OnHold' | 'Pending' | string;
  /** The outbox rows queued with the order. */
  mailIds?: number[];
  /** The buyer's language after this order (their choice, else French when billed in Quebec). */
  language?: Lang | null;
  /** A repeated order's request hash as it was placed (LinesOrder.requestHash; null when none was kept). */
  requestHash?: string | null;
  /** A new order's total in cents, taxes included (for the metrics). */
  totalCents?: number;
  /** Not placed: sent for approval instead (over the buyer's order limit); orderId and orderNumber are 0 and ''. */
  approval?: { approvalId: number; number: string; totalCents: number; limitCents: number };
}

/** A checkout as the hold sees it: its lines at the server's prices, and the server's totals. */
export interface HeldCheckout {
  user: SessionUser;
  key: string;
  lines: {
    itemId: string;
    condition: Condition;
    quantity: number;
    unitCents: number;
    name: string;
    sku: string;
  }[];
  subtotalCents: number;
  totalCents: number;
  purchaseOrderId: string;
  shippingMethod: ShippingMethod;
  shippingAddressId: number;
  billingAddressId: number;
}

/**
 * A check the checkout runs in its transaction (purchase approvals, the approvals module): `hold` may keep the
 * order from being placed once its lines and totals are known (it then empties the cart and answers);
 * `earlier` finds the same checkout already held.
 */
export interface CheckoutHold {
  earlier(tx: Tx, user: SessionUser, key: string): Promise<PlacedOrder | null>;
  hold(tx: Tx, checkout: HeldCheckout): Promise<PlacedOrder | null>;
}

/**
 * The checkout's key (orders.checkout_key, unique per customer). Every origin's key has a prefix of its own:
 * `site:` before the key the checkout page sends, whatever its text, `site-content:` before the hash that
 * stands in for a missing one, `quote:<id>` (quotes), `approval:<id>` (approvals) and `api:<key>` (the
 * company API). So no text a client sends can take the key of a quote's, an approval's or the API's order.
 */
function checkoutKeyOf(request: PlaceOrderRequest, customerId: string): string {
  if (request.checkout_key) return `site:${request.checkout_key}`;
  // Without a key, the same content from the same customer counts as the same checkout.
  const o = request.orderInfo;
  const hash = createHash('sha256')
    .update(
      JSON.stringify([
        customerId,
        o.created_time,
        o.purchase_order_id,
        o.line_items,
        o.shipping_address_id,
        o.billing_address_id,
      ]),
    )
    .digest('base64url');
  return `site-content:${hash}`;
}

/** What a refused order is told: the checkout's words, or the caller's (the company API's). */
export interface OrderMessages {
  /** `wanted`: how many the order needs of it (a quote's message says it). */
  notEnoughStock: (name: string, left: number, wanted: number) => Message;
  /** An item that is not sold (any more) in the line's condition. */
  notOffered: (name: string) => Message;
  noAddress: Message;
  orderTooLarge: Message;
}

const CHECKOUT_MESSAGES: OrderMessages = {
  notEnoughStock: CART_MSG.notEnoughStock,
  notOffered: (name) => CART_MSG.notEnoughStock(name, 0),
  noAddress: CART_MSG.noAddress,
  orderTooLarge: CART_MSG.orderTooLarge,
};

/**
 * An order whose lines come with it instead of from the buyer's cart (the company API): prices, tax and
 * totals are the server's, with the same checks of stock, activity and limits as the checkout; the cart
 * is left as it is. `key` makes it idempotent: the same key again gives back the first order; it carries its
 * origin's prefix (see checkoutKeyOf).
 */
export interface LinesOrder {
  key: string;
  lines: { itemId: string; condition: Condition; quantity: number }[];
  shippingAddressId: number;
  billingAddressId: number;
  purchaseOrderId: string;
  shippingMethod: ShippingMethod;
  messages: OrderMessages;
  /** The approval request it is placed from (orders.approval_id). */
  approvalId?: number;
  /**
   * The hash of the whole request, kept with the order (orders.request_hash): the same key again is handed
   * the first order's, so the caller can tell the same request from another one with that key.
   */
  requestHash?: string;
  /** Runs in the order's transaction once it is written (e.g. marks its approval approved); may throw. */
  within?: (tx: Tx, placed: { orderId: number; orderNumber: string; lines: PlacedLine[] }) => Promise<void>;
}

/** A placed line's price, for a `within` check. */
export interface PlacedLine {
  itemId: string;
  condition: Condition;
  unitCents: number;
}

/**
 * An answered quote being accepted: its lines (the LinesOrder's, in the same order) at its unit prices, not
 * the catalog's. The same transaction moves the quote from answered to accepted, only while it is unexpired.
 */
export interface QuoteTerms {
  quoteId: number;
  quoteNumber: string;
  /** The quoted unit price of each line, in the order of the LinesOrder's lines. */
  unitCents: readonly number[];
  /** Said when the quote is no longer answered and unexpired at commit time (409). */
  refused: Message;
  /** The answer the buyer saw: a quote revised since is refused with `revised`. */
  revision: number;
  revised: Message;
  /**
   * The buyer's order limit as it stands (null: none, or an administrator); an order above it is refused
   * with `overLimit`, since only the company's administrators may accept it.
   */
  limitOf: (tx: Tx) => Promise<number | null>;
  overLimit: (totalCents: number, limitCents: number) => Message;
}

/** Where an attempt's lines come from, and what it checks them against. */
type Source =
  | { kind: 'cart'; request: PlaceOrderRequest; hold?: CheckoutHold }
  | { kind: 'lines'; order: LinesOrder }
  | { kind: 'quote'; order: LinesOrder; quote: QuoteTerms };

/** PostgreSQL's answers to two transactions that wait on each other: worth one more try, then a 409. */
const RETRYABLE = new Set(['40P01', '40001']);
const BUSY_MESSAGE = 'api.ordersBusy';

export function placeOrder(
  services: OrderNeeds,
  user: SessionUser,
  request: PlaceOrderRequest,
  hold?: CheckoutHold,
): Promise<PlacedOrder> {
  return place(services, user, { kind: 'cart', request, hold }, checkoutKeyOf(request, user.customerId));
}

/** Places an order of the lines given (see LinesOrder), in the name of `user`. */
export function placeOrderOfLines(services: OrderNeeds, user: SessionUser, order: LinesOrder) {
  return place(services, user, { kind: 'lines', order }, order.key);
}

/** Places the order of an answered quote (see QuoteTerms), in the name of `user`. */
export function placeOrderOfQuote(
  services: OrderNeeds,
  user: SessionUser,
  order: LinesOrder,
  quote: QuoteTerms,
) {
  return place(services, user, { kind: 'quote', order, quote }, order.key);
}

async function place(services: OrderNeeds, user: SessionUser, source: Source, key: string) {
  const db = services.database.db;
  for (let attempt = 1; ; attempt++) {
    try {
      const placed = await placeOnce(services, user, source, key);
      if (!placed.repeated) {
        // Every process, this one included, reads the new stock within milliseconds of the commit; the
        // answer does not wait for it (orders in a burst share one look). A request for approval took none.
        if (!placed.approval) {
          services.catalog.requestRefresh();
          countOrder(source.kind, placed.totalCents ?? 0);
        }
        // Requests never wait for the mail server: the delivery loop sends what the order queued.
        if ((placed.mailIds ?? []).length > 0) services.mailer.kick();
        // The first order billed in (or out of) Quebec may change the language the buyer's session holds.
        if (placed.language !== undefined && placed.language !== (user.language ?? null))
          await services.sessions.refreshCustomer(user.customerId);
      }
      return placed;
    } catch (error) {
      // A double submit that lost the race finds the first order: by the unique checkout key, or after
      // the first took the stock or emptied the cart it was about to use.
      if (isUniqueViolation(error) || (error instanceof HttpError && error.statusCode === 409)) {
        const first = await findByKey(db, user.customerId, key);
        if (first) return { ...first, repeated: true };
      }
      const code = sqlState(error);
      if (code && RETRYABLE.has(code)) {
        if (attempt < 2) continue;
        throw new HttpError(409, BUSY_MESSAGE);
      }
      throw error;
    }
  }
}

interface OrderState {
  existing: { orderId: number; orderNumber: string; status: string; requestHash: string | null } | null;
  percentage: number | null;
  company: string | null;
  credit_limit: number | null;
  /** The rates of the shipping address's province, every day's (a handful of rows). */
  rates: TaxRate[];
  /** The company's exemptions not revoked (expired ones are told apart by day). */
  exemptions: TaxExemption[];
  next_id: number | null;
  addresses: AddressRow[];
  cart: { item_id: string; item_condition: string; quantity: number }[];
  products: ProductRow[];
  contact: { email: string; name: string; language: string | null } | null;
}

interface AddressRow {
  address_id: number;
  first_name: string;
  last_name: string;
  company_name: string;
  address_line_1: string;
  address_line_2: string;
  city: string;
  province: string;
  zip: string;
  country: string;
  phone_number: string;
}

interface ProductRow {
  item_id: string;
  item_name: string;
  sku: string;
  main_image: string;
  item_condition: string;
  is_active: boolean;
  is_sale: boolean;
  is_scratch_dent: boolean;
  stock: number;
  scratch_dent_stock: number;
  price: number;
  sale_price: number;
  scratch_dent_price: number;
  price_breaks: PriceBreak[];
}

/** One attempt at an order: who places it, from which lines, with which words, under which key. */
interface Attempt {
  services: OrderNeeds;
  user: SessionUser;
  source: Source;
  key: string;
  fromCart: boolean;
  info: PlaceOrderRequest['orderInfo'];
  messages: OrderMessages;
  quote: QuoteTerms | null;
}

/** An order's line at the server's price, with what the order keeps of its product. */
type PricedLine = CartLine & { itemId: string; name: string; sku: string; image: string };

/** The units an order takes of each product: regular and scratch-and-dent stock. */
type Taken = Map<string, { stock: number; sd: number }>;

/**
 * One attempt, four round trips: begin; one statement that reads the cart, addresses, contact and the
 * checkout key and locks the cart's products in item id order (so two checkouts never deadlock and the
 * stock and prices read stay current until commit); one statement that writes the order, its lines and
 * mail, empties the cart and takes the stock; commit. A quote is moved to accepted first; the approvals'
 * hold and the credit limit read within the same transaction.
 */
async function placeOnce(
  services: OrderNeeds,
  user: SessionUser,
  source: Source,
  key: string,
): Promise<PlacedOrder> {
  const fromCart = source.kind === 'cart';
  const attempt: Attempt = {
    services,
    user,
    source,
    key,
    fromCart,
    info: orderInfoOf(source),
    messages: fromCart ? CHECKOUT_MESSAGES : source.order.messages,
    quote: source.kind === 'quote' ? source.quote : null,
  };
  return services.database.db.transaction(async (tx) => {
    if (attempt.quote) await acceptQuote(tx, attempt, attempt.quote);
    const state = await readState(tx, attempt);
    if (state.existing) return { ...state.existing, repeated: true };
    // The same checkout sent again after it was held finds its cart emptied: it answers as before.
    const earlier =
      fromCart && source.hold && state.cart.length === 0 ? await source.hold.earlier(tx, user, key) : null;
    if (earlier) return earlier;

    const { shipping, billing, province } = addressesOf(attempt, state);
    checkCart(attempt, state.cart);
    const { lines, taken } = priceLines(attempt, state);
    const placedAt = new Date();
    const { components, totals } = taxTotals(attempt, state, lines, province, placedAt);
    await checkQuoteLimit(tx, attempt, totals.total);
    const held = await holdCheckout(tx, attempt, lines, totals);
    if (held) return held;

    const order = await orderOf(tx, attempt, state, billing, totals.total);
    const mails = placedMails(attempt, state, order, placedAt, lines, totals, shipping);
    const written = await writeOrder(tx, attempt, {
      order,
      placedAt,
      lines,
      taken,
      components,
      totals,
      shipping,
      billing,
      mails,
    });
    checkWritten(attempt, state.cart, taken, written);
    await afterWrite(tx, attempt, order, lines);
    return {
      orderId: order.id,
      orderNumber: order.orderNumber,
      status: order.status,
      repeated: false,
      mailIds: written.mail_ids ?? [],
      language: order.language,
      totalCents: totals.total,
    };
  });
}

/**
 * A quote becomes one order: the first to move it from answered (and unexpired) wins; the other attempt
 * finds the order by its checkout key.
 */
async function acceptQuote(tx: Tx, { services, user }: Attempt, quote: QuoteTerms): Promise<void> {
  const customerId = user.customerId;
  const won = await tx.execute(sql`
        update quotes set status = 'accepted', decided_at = now(), updated_at = now()
        where quote_id = ${quote.quoteId} and customer_id = ${customerId} and status = 'answered'
          and valid_until >= (now() at time zone ${services.config.SHOP_TIME_ZONE})::date and revision = ${quote.revision}
        returning quote_id`);
  if ((won as unknown as { rows: unknown[] }).rows.length === 0) {
    // Still answered and valid, but revised since the buyer looked: they review the new answer first.
    const current = await tx.execute(sql`select revision from quotes where quote_id = ${quote.quoteId}
          and status = 'answered' and valid_until >= (now() at time zone ${services.config.SHOP_TIME_ZONE})::date`);
    const [now] = (current as unknown as { rows: { revision: number }[] }).rows;
    throw new HttpError(409, now && now.revision !== quote.revision ? quote.revised : quote.refused);
  }
}

/**
 * Everything the order is made from, in one statement: the lines (the cart's or the ones given), the
 * earlier order of the same key, the company, the tax rates and exemptions, the next order id, the
 * addresses, the contact, and the lines' products locked in item id order.
 */
async function readState(tx: Tx, { user, source, key, fromCart, info }: Attempt): Promise<OrderState> {
  const customerId = user.customerId;
  // The checkout's lines are the buyer's cart (compared with what the page showed); the API's come with it.
  const lineRows =
    source.kind === 'cart'
      ? sql`select item_id, item_condition, quantity from cart_items where contact_person_id = ${user.contactPersonId}`
      : sql`select * from (values ${sql.join(
          source.order.lines.map(
            (l, i) => sql`(${l.itemId}::text, ${l.condition}::text, ${l.quantity}::int, ${i}::int)`,
          ),
          sql`, `,
        )}) as given(item_id, item_condition, quantity, position)`;
  // The order's lines: the cart's by item (as the emptied cart is compared), the API's as they were sent.
  const lineOrder = fromCart ? sql`c.item_id, c.item_condition` : sql`c.position`;
  return firstRow<{ state: OrderState }>(
    await tx.execute(sql`
        with cart as (${lineRows}),
        locked as (
          select * from products where item_id in (select item_id from cart) order by item_id for update
        ),
        existing as (
          select order_id, order_number, status, request_hash from orders where customer_id = ${customerId} and checkout_key = ${key}
        )
        select json_build_object(
          'existing', (select json_build_object('orderId', order_id, 'orderNumber', order_number, 'status', status,
            'requestHash', request_hash) from existing),
          'percentage', (select percentage from customers where customer_id = ${customerId}),
          'company', (select company from customers where customer_id = ${customerId}),
          'credit_limit', (select credit_limit_cents from customers where customer_id = ${customerId}),
          'rates', coalesce((select json_agg(json_build_object('province', r.province, 'component', r.component,
              'rateMilli', r.rate_milli, 'effectiveFrom', r.effective_from::text))
            from tax_rates r where r.province = (select province from addresses
              where customer_id = ${customerId} and address_id = ${info.shipping_address_id})), '[]'),
          'exemptions', coalesce((select json_agg(json_build_object('scope', e.scope, 'province', e.province,
              'reference', e.reference, 'reason', e.reason, 'expiresOn', e.expires_on::text) order by e.exemption_id)
            from tax_exemptions e where e.customer_id = ${customerId} and e.revoked_at is null), '[]'),
          'next_id', (select nextval(pg_get_serial_sequence('orders', 'order_id')) where not exists (select 1 from existing)),
          'addresses', coalesce((select json_agg(a) from addresses a
            where a.customer_id = ${customerId} and a.address_id in (${info.shipping_address_id}, ${info.billing_address_id})), '[]'),
          'cart', coalesce((select json_agg(c order by ${lineOrder}) from cart c), '[]'),
          'products', coalesce((select json_agg(json_build_object(
            'item_id', item_id, 'item_name', item_name, 'sku', sku, 'main_image', main_image,
            'item_condition', item_condition, 'is_active', is_active, 'is_sale', is_sale,
            'is_scratch_dent', is_scratch_dent, 'stock', stock, 'scratch_dent_stock', scratch_dent_stock,
            'price', price_cents, 'sale_price', sale_price_cents, 'scratch_dent_price', scratch_dent_price_cents,
            'price_breaks', price_breaks))
            from locked), '[]'),
          'contact', (select json_build_object('email', email, 'name', contact_name, 'language', language) from contacts
            where contact_person_id = ${user.contactPersonId})
        ) as state`),
  ).state;
}

/** The order's shipping and billing addresses, both the customer's; it ships to a province. */
function addressesOf({ info, messages }: Attempt, state: OrderState) {
  const shipping = state.addresses.find((a) => a.address_id === info.shipping_address_id);
  const billing = state.addresses.find((a) => a.address_id === info.billing_address_id);
  if (!shipping || !billing) throw new HttpError(400, messages.noAddress);
  if (!isProvince(shipping.province)) throw new HttpError(400, messages.noAddress);
  return { shipping, billing, province: shipping.province };
}

/** There are lines; the checkout's cart is still the one the page showed. */
function checkCart({ fromCart, info }: Attempt, cart: OrderState['cart']): void {
  if (cart.length === 0) throw new HttpError(400, CART_MSG.noItems);
  if (fromCart) {
    const wanted = new Map(info.line_items.map((l) => [`${l.item_id}|${l.item_condition}`, l.quantity]));
    const sameCart =
      wanted.size === cart.length &&
      cart.every((c) => wanted.get(`${c.item_id}|${c.item_condition}`) === c.quantity);
    if (!sameCart) throw new HttpError(409, CART_MSG.cartChanged);
  }
}

/**
 * Each line at the customer's price (a quote's at its quoted one), from products as they stand now, locked
 * until commit: still offered in the line's condition, with the stock the order takes.
 */
function priceLines({ user, messages, quote }: Attempt, state: OrderState) {
  const percentage = state.percentage ?? user.percentage;
  const byId = new Map(state.products.map((p) => [p.item_id, p]));
  const lines: PricedLine[] = [];
  const taken: Taken = new Map();
  for (const [index, c] of state.cart.entries()) {
    const condition = c.item_condition as Condition;
    const product = byId.get(c.item_id);
    const offered =
      product?.is_active &&
      (condition === 'ScratchDent' ? product.is_scratch_dent : product.item_condition === condition);
    if (!product || !offered) throw new HttpError(409, messages.notOffered(product?.item_name ?? c.item_id));
    if (condition !== 'Warranty') {
      const take = taken.get(c.item_id) ?? { stock: 0, sd: 0 };
      if (condition === 'ScratchDent') take.sd += c.quantity;
      else take.stock += c.quantity;
      taken.set(c.item_id, take);
      const left = condition === 'ScratchDent' ? product.scratch_dent_stock : product.stock;
      if (left < (condition === 'ScratchDent' ? take.sd : take.stock)) {
        const wanted = condition === 'ScratchDent' ? take.sd : take.stock;
        throw new HttpError(409, messages.notEnoughStock(product.item_name, left, wanted));
      }
    }
    // A quote's line costs its quoted unit price whatever the catalog says.
    const quoted = quote?.unitCents[index];
    lines.push({
      itemId: c.item_id,
      name: product.item_name,
      sku: product.sku,
      image: product.main_image,
      item_condition: condition,
      is_sale: quoted === undefined ? product.is_sale : false,
      price: quoted ?? personalPrice(product.price, percentage),
      sale_price: quoted ?? personalPrice(product.sale_price, percentage),
      scratch_dent_price: quoted ?? personalPrice(product.scratch_dent_price, percentage),
      // Volume prices as locked with the product (domain/cart/rules.ts); a quoted price is final, without
      // them.
      price_breaks: quoted === undefined ? product.price_breaks : [],
      quantity: c.quantity,
    });
  }
  return { lines, taken };
}

/**
 * The taxes in force today where the order goes (the province's day), less the company's exemptions, and
 * the order's totals: within the largest order, and for the checkout the totals the page showed.
 */
function taxTotals(
  { fromCart, info, messages }: Attempt,
  state: OrderState,
  lines: PricedLine[],
  province: Province,
  placedAt: Date,
) {
  const components = componentsFor(state.rates, state.exemptions, province, provinceDay(placedAt, province));
  const totals = orderTotals(lines, components);
  if (!withinOrderLimit(totals.total)) throw new HttpError(400, messages.orderTooLarge);
  if (
    fromCart &&
    (toCents(info.subtotal) !== totals.subtotal ||
      toCents(info.items_tax) !== totals.tax ||
      toCents(info.total) !== totals.total)
  ) {
    throw new HttpError(409, CART_MSG.totalsChanged, {
      subtotal: totals.subtotal / 100,
      items_tax: totals.tax / 100,
      total: totals.total / 100,
    });
  }
  return { components, totals };
}

type Totals = ReturnType<typeof orderTotals>;

/** A quote is accepted only within the buyer's order limit as it stands. */
async function checkQuoteLimit(tx: Tx, { quote }: Attempt, totalCents: number): Promise<void> {
  if (!quote) return;
  const limit = await quote.limitOf(tx);
  if (limit !== null && overOrderLimit(totalCents, limit))
    throw new HttpError(409, quote.overLimit(totalCents, limit));
}

/** The checkout's hold (purchase approvals) may keep the order from being placed: its answer, else null. */
async function holdCheckout(
  tx: Tx,
  { source, user, key, info }: Attempt,
  lines: PricedLine[],
  totals: Totals,
): Promise<PlacedOrder | null> {
  if (source.kind !== 'cart' || !source.hold) return null;
  return source.hold.hold(tx, {
    user,
    key,
    lines: lines.map((l) => ({
      itemId: l.itemId,
      condition: l.item_condition,
      quantity: l.quantity,
      unitCents: lineUnitPrice(l),
      name: l.name,
      sku: l.sku,
    })),
    subtotalCents: totals.subtotal,
    totalCents: totals.total,
    purchaseOrderId: info.purchase_order_id.trim(),
    shippingMethod: info.shipping_method,
    shippingAddressId: info.shipping_address_id,
    billingAddressId: info.billing_address_id,
  });
}

/** The new order's id, number, status and purchase order, and the buyer's language after it. */
interface NewOrder {
  id: number;
  orderNumber: string;
  po: string;
  held: boolean;
  status: 'OnHold' | 'Pending';
  language: Lang | null;
}

async function orderOf(
  tx: Tx,
  { user, info }: Attempt,
  state: OrderState,
  billing: AddressRow,
  totalCents: number,
): Promise<NewOrder> {
  const id = Number(state.next_id);
  const orderNumber = `SO-${String(id).padStart(6, '0')}`;
  const po = info.purchase_order_id.trim();
  // Over the credit limit (what the company owes and has ordered, with this order), it waits for review.
  const held =
    state.credit_limit !== null &&
    overCreditRoom(
      totalCents,
      creditRoomCents(
        Number(state.credit_limit),
        await openBalanceCents(tx, user.customerId, { lock: true }),
      ),
    );
  const status = held ? 'OnHold' : 'Pending';
  // The buyer's language: their choice, else French when this order (now their latest) is billed in Quebec.
  const language = isLang(state.contact?.language)
    ? state.contact.language
    : isQuebec(billing.province)
      ? 'fr'
      : null;
  return { id, orderNumber, po, held, status, language };
}

const attention = (a: AddressRow) => `${a.first_name} ${a.last_name}`;

/** The buyer's confirmation and the shop's notice, queued with the order: all are kept, or none. */
function placedMails(
  { services, user, info, quote }: Attempt,
  state: OrderState,
  order: NewOrder,
  placedAt: Date,
  lines: PricedLine[],
  totals: Totals,
  shipping: AddressRow,
) {
  return orderPlacedMails(
    {
      orderId: order.id,
      orderNumber: order.orderNumber,
      placedAt,
      purchaseOrderId: order.po,
      quoteNumber: quote?.quoteNumber,
      customerId: user.customerId,
      company: state.company ?? '',
      buyer: { name: state.contact?.name ?? '', email: state.contact?.email ?? '' },
      lines: lines.map((l) => ({
        quantity: l.quantity,
        name: l.name,
        sku: l.sku,
        condition: l.item_condition,
        unitCents: lineUnitPrice(l),
      })),
      subtotalCents: totals.subtotal,
      taxCents: totals.tax,
      taxes: totals.taxes,
      held: order.held,
      lang: order.language ?? 'en',
      totalCents: totals.total,
      shippingMethod: info.shipping_method,
      shipTo: {
        place: `${attention(shipping)}, ${shipping.address_line_1}, ${shipping.city}`,
        province: shipping.province,
        zip: shipping.zip,
      },
    },
    services.config.SHOP_INBOX,
    services.config.PUBLIC_URL,
    services.config.SHOP_TIME_ZONE,
  );
}

/** What writeOrder writes. */
interface OrderWrite {
  order: NewOrder;
  placedAt: Date;
  lines: PricedLine[];
  taken: Taken;
  components: ReturnType<typeof componentsFor>;
  totals: Totals;
  shipping: AddressRow;
  billing: AddressRow;
  mails: ReturnType<typeof orderPlacedMails>;
}

interface Written {
  taken: number;
  mail_ids: number[] | null;
  emptied: { item_id: string; item_condition: string; quantity: number }[];
}

/**
 * One statement: the order with its addresses, its lines, taxes and held event, the cart emptied, the
 * stock taken (only where it is still there) and the mails queued.
 */
async function writeOrder(
  tx: Tx,
  { services, user, source, key, fromCart, info, quote }: Attempt,
  { order, placedAt, lines, taken, components, totals, shipping, billing, mails }: OrderWrite,
): Promise<Written> {
  const { id, orderNumber, status, po, held } = order;
  const customerId = user.customerId;
  const address = (a: AddressRow) =>
    sql`${attention(a)}, ${a.company_name}, ${a.address_line_1}, ${a.address_line_2}, ${a.city}, ${a.province}, ${a.zip}, ${a.country}, ${a.phone_number}`;
  const lineValues = sql.join(
    lines.map(
      (l) =>
        sql`(${l.itemId}, ${l.name}, ${l.sku}, ${l.item_condition}, ${l.quantity}::int, ${lineUnitPrice(l)}::bigint, ${imageUrl(l.image, services.config)})`,
    ),
    sql`, `,
  );
  const stockValues = [...taken.entries()].map(
    ([itemId, t]) => sql`(${itemId}, ${t.stock}::int, ${t.sd}::int)`,
  );
  const taxValues = totals.taxes.map(
    (t, i) =>
      sql`(${id}, ${i}::int, ${t.component}, ${t.rateMilli}::int, ${t.baseCents}::bigint, ${t.taxCents}::bigint, ${t.exemption ? JSON.stringify(t.exemption) : null}::jsonb)`,
  );
  const mailValues = mails.map((m) => sql`(${m.to}, ${m.replyTo ?? null}, ${m.subject}, ${m.body})`);
  return firstRow<Written>(
    await tx.execute(sql`
        with ord as (
          insert into orders (order_id, order_number, status, customer_id, contact_person_id, checkout_key, purchase_order_id,
            shipping_method, subtotal_cents, items_tax_cents, tax_rate_milli, total_cents, created_time, created_at,
            shipping_attention, shipping_company, shipping_address_1, shipping_address_2, shipping_city,
            shipping_province, shipping_zip, shipping_country, shipping_phone,
            billing_attention, billing_company, billing_address_1, billing_address_2, billing_city,
            billing_province, billing_zip, billing_country, billing_phone, quote_id, approval_id, request_hash)
          values (${id}, ${orderNumber}, ${status}, ${customerId}, ${user.contactPersonId}, ${key}, ${po},
            ${info.shipping_method}, ${totals.subtotal}, ${totals.tax}, ${chargedRateMilli(components)},
            ${totals.total}, ${info.created_time}, ${placedAt.toISOString()}::timestamptz,
            ${address(shipping)}, ${address(billing)}, ${quote?.quoteId ?? null}::int,
              ${source.kind === 'cart' ? null : (source.order.approvalId ?? null)}::int,
              ${source.kind === 'cart' ? null : (source.order.requestHash ?? null)}::text)
          returning order_id
        ),
        lines as (
          insert into order_lines (order_id, status, item_id, item_name, sku, item_condition, quantity, item_rate_cents, main_image)
          select ${id}::int, ${status}::text, v.* from (values ${lineValues}) as v
        ),${
          taxValues.length > 0
            ? sql`
        taxes as (
          insert into order_taxes (order_id, position, component, rate_milli, base_cents, tax_cents, exemption)
          values ${sql.join(taxValues, sql`, `)}
        ),`
            : sql``
        }${
          held
            ? sql`
        held as (
          insert into order_events (order_id, kind, actor, reason)
          values (${id}, 'held', ${user.contactPersonId}, 'Over the credit limit')
        ),`
            : sql``
        }
        emptied as (${
          fromCart
            ? sql`delete from cart_items where contact_person_id = ${user.contactPersonId} returning item_id, item_condition, quantity`
            : sql`select null::text as item_id, null::text as item_condition, null::int as quantity where false`
        }),
        stock as (
          ${
            stockValues.length > 0
              ? sql`update products p set stock = p.stock - v.q, scratch_dent_stock = p.scratch_dent_stock - v.sd
                    from (values ${sql.join(stockValues, sql`, `)}) as v(item_id, q, sd)
                    where p.item_id = v.item_id and p.stock >= v.q and p.scratch_dent_stock >= v.sd
                    returning p.item_id`
              : sql`select null::text as item_id where false`
          }
        )${mailValues.length > 0 ? sql`, mail as (insert into outbox ("to", reply_to, subject, body) values ${sql.join(mailValues, sql`, `)} returning id)` : sql``},
        hooks as (${webhookEventsInsert(placedEvents(order, customerId, totals.total))})
        select (select count(*)::int from stock) as taken,
          ${mailValues.length > 0 ? sql`(select json_agg(id) from mail)` : sql`null`} as mail_ids,
          coalesce((select json_agg(e order by e.item_id, e.item_condition) from emptied e), '[]') as emptied`),
  );
}

/**
 * The order's webhook events, written by the statement that writes the order (no round trip more; none
 * when no endpoint wants them): placed, and held when it waits for a credit review.
 */
function placedEvents(order: NewOrder, customerId: string, totalCents: number): WebhookEvent[] {
  const data = {
    order_id: order.id,
    order_number: order.orderNumber,
    customer_id: customerId,
    status: order.status,
    total_cents: totalCents,
  };
  const subject = `order:${order.id}`;
  return [
    { type: 'order.placed', subject, data },
    ...(order.status === 'OnHold' ? [{ type: 'order.held' as const, subject, data }] : []),
  ];
}

/** Every line's stock was taken and, for the checkout, the cart emptied was the cart read. */
function checkWritten({ fromCart }: Attempt, cart: OrderState['cart'], taken: Taken, written: Written): void {
  // The products were locked when read, so every line's stock is there; the check is a second guard.
  if (written.taken !== taken.size) throw new HttpError(409, CART_MSG.cartChanged);
  const emptied = written.emptied;
  if (
    fromCart &&
    (emptied.length !== cart.length || emptied.some((e, i) => e.quantity !== cart[i]!.quantity))
  ) {
    // The cart changed between the read and the write (another tab): nothing of this order is kept.
    throw new HttpError(409, CART_MSG.cartChanged);
  }
}

/** In the same transaction: a quote names its order, and the caller's `within` check runs (LinesOrder). */
async function afterWrite(tx: Tx, { source, quote }: Attempt, order: NewOrder, lines: PricedLine[]) {
  if (quote)
    await tx.execute(sql`update quotes set order_id = ${order.id} where quote_id = ${quote.quoteId}`);
  if (source.kind !== 'cart' && source.order.within) {
    await source.order.within(tx, {
      orderId: order.id,
      orderNumber: order.orderNumber,
      lines: lines.map((l) => ({
        itemId: l.itemId,
        condition: l.item_condition,
        unitCents: lineUnitPrice(l),
      })),
    });
  }
}

/** The order's fields as the checkout sends them; the API's order in the same form (its totals unused). */
function orderInfoOf(source: Source): PlaceOrderRequest['orderInfo'] {
  if (source.kind === 'cart') return source.request.orderInfo;
  const o = source.order;
  return {
    shipping_address_id: o.shippingAddressId,
    billing_address_id: o.billingAddressId,
    created_time: '',
    line_items: o.lines.map((l) => ({
      item_id: l.itemId,
      item_condition: l.condition,
      quantity: l.quantity,
    })),
    subtotal: 0,
    items_tax: 0,
    total: 0,
    purchase_order_id: o.purchaseOrderId,
    shipping_method: o.shippingMethod,
  };
}

async function findByKey(db: Tx | OrderNeeds['database']['db'], customerId: string, key: string) {
  const [row] = await db
    .select({
      orderId: orders.orderId,
      orderNumber: orders.orderNumber,
      status: orders.status,
      requestHash: orders.requestHash,
    })
    .from(orders)
    .where(and(eq(orders.customerId, customerId), eq(orders.checkoutKey, key)));
  return row ?? null;
}
