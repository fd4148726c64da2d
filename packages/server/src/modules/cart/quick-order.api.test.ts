import { QUICK_MSG } from '@shop/domain/cart/quick-order';
import { CART_MSG } from '@shop/domain/cart/rules';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addresses, cartItems, products } from '../../db/schema';
import { en } from '../../test/english';
import { DEMO, signIn, useTestApp } from '../../test/harness';

const ctx = useTestApp();
let cookie = '';

beforeAll(async () => {
  cookie = await signIn(ctx.app, DEMO.C10001.username, DEMO.C10001.password);
});

async function post(url: string, payload: unknown, who = cookie) {
  const response = await ctx.app.inject({
    method: 'POST',
    url,
    headers: who ? { cookie: who } : {},
    payload: payload as never,
  });
  return { status: response.statusCode, body: response.json() };
}

const items = () => [...ctx.app.services.catalog.items.values()];
function pick(filter: (p: ReturnType<typeof items>[number]) => boolean, skip: string[] = []) {
  const p = items().find((x) => filter(x) && !skip.includes(x.itemId));
  if (!p) throw new Error('no such item in the demo catalog');
  return p;
}
const plain = (p: ReturnType<typeof items>[number]) =>
  p.isActive && !p.isScratchDent && p.itemCondition === 'BrandNew' && p.stock >= 5;

async function emptyCart() {
  await ctx.database.db.delete(cartItems).where(eq(cartItems.customerId, 'C10001'));
}

describe('quick order', () => {
  it('sends visitors to sign in', async () => {
    const { status } = await post('/api/user/cart/quick-order', { text: 'A 1' }, '');
    expect(status).toBe(401);
  });

  it('adds the good lines of a paste and names what is wrong with each other line', async () => {
    await emptyCart();
    const a = pick(plain);
    const b2 = pick(plain, [a.itemId]);
    const c2 = pick(plain, [a.itemId, b2.itemId]);
    const scarce = pick(plain, [a.itemId, b2.itemId, c2.itemId]);
    await ctx.database.db.update(products).set({ stock: 3 }).where(eq(products.itemId, scarce.itemId));
    const gone = pick(plain, [a.itemId, b2.itemId, c2.itemId, scarce.itemId]);
    await ctx.database.db.update(products).set({ isActive: false }).where(eq(products.itemId, gone.itemId));
    await ctx.app.services.catalog.refresh();
    const text = [
      `${a.sku} 2`,
      `${b2.sku},1`,
      'NO.SUCH.SKU 4',
      `${scarce.sku}\t7`,
      `${gone.sku} 1`,
      `${c2.sku} 3 BrandNew`,
    ].join('\n');
    const { status, body } = await post('/api/user/cart/quick-order', { text });
    expect(status).toBe(200);
    expect(body.results.map((r: { status: string }) => r.status)).toEqual([
      'added',
      'added',
      'unknown',
      'clamped',
      'removed',
      'added',
    ]);
    // The summary counts the lines as the page lists them: three went in as asked, three did not (the
    // line cut to the stock among them).
    expect(body.smessage).toBe('3 lines added to your cart; 3 lines could not be added.');
    expect(body.results[2].message).toBe(en(QUICK_MSG.unknown('NO.SUCH.SKU')));
    expect(body.results[3].message).toBe(en(CART_MSG.clamped(3)));
    expect(body.results[4].message).toBe(en(QUICK_MSG.removed(gone.sku)));
    const cart = new Map(
      body.cartItems.map((i: { item_id: string; quantity: number }) => [i.item_id, i.quantity]),
    );
    expect(cart.get(a.itemId)).toBe(2);
    expect(cart.get(b2.itemId)).toBe(1);
    expect(cart.get(c2.itemId)).toBe(3);
    expect(cart.get(scarce.itemId)).toBe(3);
    expect(cart.has(gone.itemId)).toBe(false);
    await ctx.database.db.update(products).set({ isActive: true }).where(eq(products.itemId, gone.itemId));
    await ctx.app.services.catalog.refresh();
  });

  it('never lets a line exceed the stock, however often it is sent', async () => {
    await emptyCart();
    const item = pick(plain);
    await ctx.database.db.update(products).set({ stock: 4 }).where(eq(products.itemId, item.itemId));
    const first = await post('/api/user/cart/quick-order', { text: `${item.sku} 9999` });
    // Cut to the stock, but the cart did change: the summary never says that nothing was added.
    expect(first.body.results[0]).toMatchObject({ status: 'clamped', quantity: 4 });
    expect(first.body.smessage).toBe('1 line added to your cart.');
    const again = await post('/api/user/cart/quick-order', { text: `${item.sku} 2\n${item.sku} 2` });
    expect(again.body.results.map((r: { status: string }) => r.status)).toEqual(['clamped', 'clamped']);
    expect(again.body.smessage).toBe('Nothing was added to your cart: 2 lines could not be added.');
    const [line] = await ctx.database.db.select().from(cartItems).where(eq(cartItems.customerId, 'C10001'));
    expect(line!.quantity).toBe(4);
  });

  it('asks for the condition when an item is sold in two, and takes it when given', async () => {
    await emptyCart();
    const both = pick((p) => p.isActive && p.isScratchDent && p.scratchDentStock > 0 && p.stock > 0);
    const { body } = await post('/api/user/cart/quick-order', {
      text: `${both.sku} 1\n${both.sku} 1 scratch & dent\n${both.sku} 1 Warranty`,
    });
    expect(body.results.map((r: { status: string }) => r.status)).toEqual([
      'ambiguous',
      'added',
      'not_offered',
    ]);
    expect(body.cartItems).toHaveLength(1);
    expect(body.cartItems[0].item_condition).toBe('ScratchDent');
  });

  it('answers unreadable lines, and refuses an empty paste or more than 200 lines with 400', async () => {
    const { body } = await post('/api/user/cart/quick-order', { text: 'justoneword\nX.1 0' });
    expect(body.results.map((r: { status: string; message: string }) => [r.status, r.message])).toEqual([
      ['unreadable', en(QUICK_MSG.unreadable)],
      ['unreadable', en(QUICK_MSG.quantity)],
    ]);
    expect((await post('/api/user/cart/quick-order', { text: ' \n ' })).body.smessage).toBe(
      en(QUICK_MSG.nothing),
    );
    const many = Array.from({ length: 201 }, (_, i) => `SKU.${i} 1`).join('\n');
    const tooMany = await post('/api/user/cart/quick-order', { text: many });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.smessage).toBe(en(QUICK_MSG.tooManyLines));
    expect((await post('/api/user/cart/quick-order', { nope: 1 })).status).toBe(400);
  });
});

describe('reorder', () => {
  it('puts the lines still offered back in the cart at today’s stock and names the others', async () => {
    await emptyCart();
    const keep = pick(plain);
    const gone = pick(plain, [keep.itemId]);
    await post('/api/user/cart/add', {
      itemData: { item_id: keep.itemId, item_condition: 'BrandNew', quantity: 2 },
    });
    await post('/api/user/cart/add', {
      itemData: { item_id: gone.itemId, item_condition: 'BrandNew', quantity: 1 },
    });
    const [address] = await ctx.database.db
      .insert(addresses)
      .values({
        customerId: 'C10001',
        firstName: 'Olivia',
        lastName: 'Martin',
        addressLine1: '10 King St W',
        city: 'Toronto',
        province: 'Ontario',
        zip: 'M5H1A1',
        phoneNumber: '4165550101',
      })
      .returning({ id: addresses.addressId });
    const header = await ctx.app.inject({ method: 'GET', url: '/api/header', headers: { cookie } });
    const lines = header.json().cartItems as { item_id: string; quantity: number; personal_price: number }[];
    const subtotal = lines.reduce((n, l) => n + Math.round(l.personal_price * 100) * l.quantity, 0);
    const tax = Math.round(subtotal * 0.13);
    const placed = await post('/api/placeorder', {
      orderInfo: {
        shipping_address_id: address!.id,
        billing_address_id: address!.id,
        line_items: lines.map((l) => ({
          item_id: l.item_id,
          item_condition: 'BrandNew',
          quantity: l.quantity,
        })),
        subtotal: subtotal / 100,
        items_tax: tax / 100,
        total: (subtotal + tax) / 100,
        purchase_order_id: 'PO-REORDER',
        shipping_method: 'Standard',
      },
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    await ctx.database.db.update(products).set({ isActive: false }).where(eq(products.itemId, gone.itemId));
    await ctx.app.services.catalog.refresh();

    const again = await post(`/api/user/C10001/orders/${placed.body.orderId}/reorder`, {});
    expect(again.status).toBe(200);
    const byItem = new Map(
      again.body.results.map((r: { item_id: string; status: string }) => [r.item_id, r.status]),
    );
    expect(byItem.get(keep.itemId)).toBe('added');
    expect(byItem.get(gone.itemId)).toBe('removed');
    // Each line reads as the buyer would type it, the condition by its name.
    const texts = again.body.results.map((r: { text: string }) => r.text);
    expect(texts).toContain(`${keep.sku} 2 Brand new`);
    expect(texts.join()).not.toContain('BrandNew');
    expect(
      again.body.cartItems.map((i: { item_id: string; quantity: number }) => [i.item_id, i.quantity]),
    ).toEqual([[keep.itemId, 2]]);
    // Another customer's order cannot be reordered.
    const other = await signIn(ctx.app, DEMO.C10002.username, DEMO.C10002.password);
    const refused = await post(`/api/user/C10002/orders/${placed.body.orderId}/reorder`, {}, other);
    expect(refused.status).toBe(404);
    const forbidden = await post(`/api/user/C10001/orders/${placed.body.orderId}/reorder`, {}, other);
    expect(forbidden.status).toBe(403);
    await ctx.database.db.update(products).set({ isActive: true }).where(eq(products.itemId, gone.itemId));
  });
});
