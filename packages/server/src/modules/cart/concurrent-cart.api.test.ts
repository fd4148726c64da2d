/**
 * One buyer changing their cart from several tabs at once: no added unit is lost and the line limit holds.
 * On PostgreSQL the requests are spread over two server instances on the same database; on PGlite they
 * interleave in one.
 */
import { CART_MSG, MAX_CART_LINES } from '@shop/domain/cart/rules';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { cartItems, contacts, products } from '../../db/schema';
import { en } from '../../test/english';
import { DEMO, signIn, useSecondApp, useTestApp } from '../../test/harness';

const ctx = useTestApp();
const second = useSecondApp(ctx);
let cookie = '';

beforeAll(async () => {
  cookie = await signIn(ctx.app, DEMO.C10001.username, DEMO.C10001.password);
});

const appFor = (i: number) => (second.app && i % 2 === 1 ? second.app : ctx.app);

function add(i: number, itemId: string, quantity: number) {
  return appFor(i).inject({
    method: 'POST',
    url: '/api/user/cart/add',
    headers: { cookie },
    payload: { itemData: { item_id: itemId, item_condition: 'BrandNew', quantity } },
  });
}

async function cartLines() {
  return ctx.database.db.select().from(cartItems).where(eq(cartItems.customerId, 'C10001'));
}

/** Active new items (not also sold scratch-and-dent) with at least `minStock` units. */
async function plainItems(count: number, minStock = 30) {
  await ctx.app.services.catalog.refresh();
  const found = [...ctx.app.services.catalog.items.values()]
    .filter((p) => p.isActive && !p.isScratchDent && p.itemCondition === 'BrandNew' && p.stock >= minStock)
    .slice(0, count);
  if (found.length < count) throw new Error(`the demo catalog has ${found.length} such items, not ${count}`);
  return found;
}

describe('one cart changed from several tabs at once', () => {
  it('keeps every unit: 20 adds of one unit at once make a line of 20', async () => {
    await ctx.database.db.delete(cartItems).where(eq(cartItems.customerId, 'C10001'));
    const [item] = await plainItems(1);
    await ctx.database.db.update(products).set({ stock: 100 }).where(eq(products.itemId, item!.itemId));
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => add(i, item!.itemId, 1)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    const lines = await cartLines();
    expect(lines).toHaveLength(1);
    expect(lines[0]!.quantity).toBe(20);
  });

  it('stops at the line limit: 5 lines short of it, 5 of 10 new items at once go in and 5 are told the cart is full', async () => {
    await ctx.database.db.delete(cartItems).where(eq(cartItems.customerId, 'C10001'));
    const items = await plainItems(MAX_CART_LINES + 5, 1);
    const [me] = await ctx.database.db.select().from(contacts).where(eq(contacts.username, 'C10001'));
    const [filled, extra] = [items.slice(0, MAX_CART_LINES - 5), items.slice(MAX_CART_LINES - 5)];
    await ctx.database.db.insert(cartItems).values(
      filled.map((p) => ({
        customerId: 'C10001',
        contactPersonId: me!.contactPersonId,
        itemId: p.itemId,
        itemCondition: 'BrandNew',
        quantity: 1,
      })),
    );
    const answers = await Promise.all(extra.map((p, i) => add(i, p.itemId, 1)));
    const ok = answers.filter((a) => a.statusCode === 200);
    const full = answers.filter((a) => a.statusCode === 400);
    expect(ok).toHaveLength(5);
    expect(full).toHaveLength(5);
    for (const a of full) expect(a.json().smessage).toBe(en(CART_MSG.cartFull));
    expect(await cartLines()).toHaveLength(MAX_CART_LINES);
  });

  it('adds a quick order and single adds made at the same moment, all of them', async () => {
    await ctx.database.db.delete(cartItems).where(eq(cartItems.customerId, 'C10001'));
    const [a, b] = await plainItems(2);
    const quick = Array.from({ length: 5 }, (_, i) =>
      appFor(i).inject({
        method: 'POST',
        url: '/api/user/cart/quick-order',
        headers: { cookie },
        payload: { text: `${a!.sku} 1\n${b!.sku} 2` },
      }),
    );
    const singles = Array.from({ length: 5 }, (_, i) => add(i + 1, a!.itemId, 1));
    const answers = await Promise.all([...quick, ...singles]);
    expect(answers.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    const lines = new Map((await cartLines()).map((l) => [l.itemId, l.quantity]));
    expect(lines.get(a!.itemId)).toBe(10);
    expect(lines.get(b!.itemId)).toBe(10);
  });
});
