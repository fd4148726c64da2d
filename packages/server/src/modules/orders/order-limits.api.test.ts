/**
 * Large orders: amounts above 32 bits are stored and shown to the cent; an order above the limit, or a
 * line above the quantity limit, gets a 400 with a message, at the cart and at checkout.
 */
import { CART_MSG, MAX_ORDER_TOTAL } from '@shop/domain/cart/rules';
import { formatMoney } from '@shop/domain/core/money';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { cartItems, invoices, orderLines, orders, products } from '../../db/schema';
import { type Buyer, cartAddBody, checkoutBody, createBuyers } from '../../test/buyers';
import { en } from '../../test/english';
import { useTestApp } from '../../test/harness';
import type { ProductRecord } from '../catalog';
import { createInvoice } from '../invoices';

const ctx = useTestApp();
let buyer: Buyer;
let product: ProductRecord;

/** A base price whose 15 % markup is exactly $5,000,000.00: ten of them make a $50,000,000 order. */
const BASE_CENTS = 434_782_609;
const UNIT_CENTS = 500_000_000;

beforeAll(async () => {
  [buyer] = (await createBuyers(ctx.database.db, 1, 'C6')) as [Buyer];
  const item = [...ctx.app.services.catalog.items.values()].find(
    (p) => p.isActive && p.itemCondition === 'BrandNew' && !p.isSale,
  )!;
  await ctx.database.db
    .update(products)
    .set({ priceCents: BASE_CENTS, stock: 100 })
    .where(eq(products.itemId, item.itemId));
  await ctx.app.services.catalog.refresh();
  product = ctx.app.services.catalog.items.get(item.itemId)!;
});

function call(method: 'GET' | 'POST', url: string, payload?: unknown) {
  return ctx.app.inject({ method, url, headers: { cookie: buyer.cookie }, payload: payload as never });
}

async function cartQuantity(): Promise<number | undefined> {
  const [line] = await ctx.database.db
    .select()
    .from(cartItems)
    .where(eq(cartItems.customerId, buyer.customerId));
  return line?.quantity;
}

describe('a $50,000,000 order', () => {
  it('is stored and shown to the cent, with its invoice', async () => {
    expect(product.priceCents).toBe(BASE_CENTS);
    expect(
      (await call('POST', '/api/user/cart/add', cartAddBody(buyer, product.itemId, 10))).statusCode,
    ).toBe(200);
    const request = checkoutBody(buyer, product, 10, { checkoutKey: 'fifty-million-1' });
    expect(request.orderInfo.subtotal).toBe(50_000_000);
    const placed = await call('POST', '/api/placeorder', request);
    expect(placed.statusCode, placed.body).toBe(200);
    const { orderId, orderNumber } = placed.json();

    const [row] = await ctx.database.db.select().from(orders).where(eq(orders.orderId, orderId));
    expect(row).toMatchObject({
      subtotalCents: 5_000_000_000,
      itemsTaxCents: 650_000_000,
      totalCents: 5_650_000_000,
    });
    const [line] = await ctx.database.db.select().from(orderLines).where(eq(orderLines.orderId, orderId));
    expect(line!.itemRateCents).toBe(UNIT_CENTS);

    const view = (await call('GET', `/api/user/${buyer.customerId}/orders/${orderId}`)).json().orderInfo
      .order;
    expect(view).toMatchObject({ subtotal: 50_000_000, items_tax: 6_500_000, total: 56_500_000 });
    expect(view.line_items[0].item_rate).toBe(5_000_000);

    // No fee lines: the item the test takes may be of any category, and the point is the amounts' size.
    const invoice = await createInvoice(
      ctx.database.db,
      ctx.config.SHOP_TIME_ZONE,
      orderNumber,
      2_500_000_00,
      [],
      { fees: 'given' },
    );
    const [stored] = await ctx.database.db
      .select()
      .from(invoices)
      .where(eq(invoices.invoiceId, invoice.invoiceId));
    // $2,500,000 shipping plus 13 % tax on it.
    expect(stored).toMatchObject({ shippingCents: 250_000_000, shippingTaxCents: 32_500_000 });
    expect(stored!.totalCents).toBe(5_650_000_000 + 250_000_000 + 32_500_000);
    const invoiceView = (
      await call('GET', `/api/user/${buyer.customerId}/invoices/${invoice.invoiceId}`)
    ).json();
    expect(invoiceView.orderInfo.order.total).toBe(59_325_000);
    const list = (await call('GET', `/api/user/${buyer.customerId}/orders`)).json().orders;
    expect(list.find((o: { order_id: number }) => o.order_id === orderId)).toMatchObject({
      total: 56_500_000,
      invoice_total: 59_325_000,
    });
  });
});

describe('the order limit', () => {
  it(`refuses at the cart a quantity that takes the cart above ${formatMoney(MAX_ORDER_TOTAL)}`, async () => {
    expect(await cartQuantity()).toBeUndefined();
    expect(
      (await call('POST', '/api/user/cart/add', cartAddBody(buyer, product.itemId, 19))).statusCode,
    ).toBe(200);
    const more = await call('POST', '/api/user/cart/add', cartAddBody(buyer, product.itemId, 1));
    expect(more.statusCode).toBe(400);
    expect(more.json()).toMatchObject({ scode: 400, smessage: en(CART_MSG.orderTooLarge) });
    const replaced = await call('POST', '/api/user/cart/add', cartAddBody(buyer, product.itemId, 20, true));
    expect(replaced.statusCode).toBe(400);
    expect(replaced.json().smessage).toBe(en(CART_MSG.orderTooLarge));
    expect(await cartQuantity()).toBe(19);
    expect(en(CART_MSG.orderTooLarge)).toBe(
      'An order can total at most $99,999,999.99. Please lower the quantities in your cart or split it into several orders.',
    );
  });

  it('refuses at checkout an order whose total with tax is above the limit, and takes nothing', async () => {
    // 18 x $5,000,000 = $90,000,000 fits the cart; with 13 % tax the order would be $101,700,000.
    expect(
      (await call('POST', '/api/user/cart/add', cartAddBody(buyer, product.itemId, 18, true))).statusCode,
    ).toBe(200);
    const [before] = await ctx.database.db.select().from(products).where(eq(products.itemId, product.itemId));
    const ordersBefore = await ctx.database.db
      .select()
      .from(orders)
      .where(eq(orders.customerId, buyer.customerId));
    const refused = await call(
      'POST',
      '/api/placeorder',
      checkoutBody(buyer, product, 18, { checkoutKey: 'too-big-1' }),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ scode: 400, smessage: en(CART_MSG.orderTooLarge) });
    const [after] = await ctx.database.db.select().from(products).where(eq(products.itemId, product.itemId));
    expect(after!.stock).toBe(before!.stock);
    const ordersAfter = await ctx.database.db
      .select()
      .from(orders)
      .where(eq(orders.customerId, buyer.customerId));
    expect(ordersAfter).toHaveLength(ordersBefore.length);
    expect(await cartQuantity()).toBe(18);
  });

  it.each([10_000, 0, 1.5, 'many'])(
    'refuses a line quantity of %j at checkout with 400',
    async (quantity) => {
      const request = checkoutBody(buyer, product, 1);
      request.orderInfo.line_items[0]!.quantity = quantity as number;
      const refused = await call('POST', '/api/placeorder', request);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().smessage).toBe(en(CART_MSG.quantityInvalid));
    },
  );

  it('refuses an absurd total (1e300) with the limit message, not a server error', async () => {
    const request = checkoutBody(buyer, product, 1);
    request.orderInfo.total = 1e300;
    const refused = await call('POST', '/api/placeorder', request);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().smessage).toBe(en(CART_MSG.orderTooLarge));
  });
});
