/**
 * Purchase approvals: a company's administrators set order limits (a buyer cannot, an administrator gets
 * none), a buyer's checkout over their limit becomes a request (no order, no stock taken, the cart emptied,
 * the administrators mailed in their languages), an approval places one order in the buyer's name (with
 * changed prices confirmed first, and exactly one order however many approve at once), a decline mails the
 * buyer its reason, and another company neither sees nor decides a request.
 */
import { randomBytes } from 'node:crypto';
import { APPROVAL_MSG } from '@shop/domain/approvals/schemas';
import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { cartItems, contacts, orderApprovals, orders, outbox, products, sessions } from '../../db/schema';
import { call, OWNER, staffSignIn } from '../../test/admin';
import { type Buyer, cartAddBody, checkoutBody, createBuyers } from '../../test/buyers';
import { en } from '../../test/english';
import { useTestApp } from '../../test/harness';
import type { ProductRecord } from '../catalog';
import { hashToken } from '../sessions';

// biome-ignore lint/suspicious/noExplicitAny: the tests read the answers' fields as they come.
type Answer = Record<string, any>;

const ctx = useTestApp();
let product: ProductRecord;
let other: ProductRecord;
let serial = 0;

interface Company {
  admin: Buyer;
  /** A second administrator who reads French. */
  frAdminEmail: string;
  buyer: Buyer & { contactPersonId: string };
}

async function session(contactPersonId: string) {
  const token = randomBytes(32).toString('base64url');
  await ctx.database.db
    .insert(sessions)
    .values({ tokenHash: hashToken(token), contactPersonId, expiresAt: new Date(Date.now() + 3_600_000) });
  return `sid=${token}`;
}

/** A company (its primary contact an administrator), a second administrator in French and a buyer. */
async function makeCompany(): Promise<Company> {
  const [admin] = (await createBuyers(ctx.database.db, 1, `C8${String(++serial).padStart(2, '0')}`)) as [
    Buyer,
  ];
  const id = admin.customerId;
  const frAdminEmail = `fr.${id.toLowerCase()}@buyers.example`;
  const buyerEmail = `buyer.${id.toLowerCase()}@buyers.example`;
  await ctx.database.db.insert(contacts).values([
    {
      contactPersonId: `${id}-FR`,
      customerId: id,
      firstName: 'Josée',
      lastName: 'Admin',
      username: frAdminEmail,
      email: frAdminEmail,
      passwordHash: 'not-used',
      role: 'admin',
      isPrimary: false,
      language: 'fr',
    },
    {
      contactPersonId: `${id}-B`,
      customerId: id,
      firstName: 'Bob',
      lastName: 'Buyer',
      username: buyerEmail,
      email: buyerEmail,
      passwordHash: 'not-used',
      role: 'buyer',
      isPrimary: false,
      language: 'en',
    },
  ]);
  const buyer = {
    ...admin,
    name: 'Bob Buyer',
    email: buyerEmail,
    contactPersonId: `${id}-B`,
    cookie: await session(`${id}-B`),
  };
  return { admin, frAdminEmail, buyer };
}

async function post(cookie: string, url: string, payload: unknown = {}) {
  const response = await ctx.app.inject({
    method: 'POST',
    url,
    headers: { cookie },
    payload: payload as object,
  });
  return { status: response.statusCode, body: response.json() as Answer };
}

async function get(cookie: string, url: string) {
  const response = await ctx.app.inject({ method: 'GET', url, headers: { cookie } });
  return { status: response.statusCode, body: response.json() as Answer };
}

/** Puts `quantity` of the product in the cart and checks out as the page would. */
async function checkout(
  who: Buyer,
  quantity: number,
  item = product,
  key = `k-${randomBytes(4).toString('hex')}`,
) {
  const added = await post(who.cookie, '/api/user/cart/add', cartAddBody(who, item.itemId, quantity, true));
  expect(added.status, JSON.stringify(added.body)).toBe(200);
  return post(who.cookie, '/api/placeorder', checkoutBody(who, item, quantity, { checkoutKey: key }));
}

/** The total of `quantity` units in dollars, as the checkout computes it. */
function totalOf(who: Buyer, quantity: number, item = product) {
  return checkoutBody(who, item, quantity).orderInfo.total;
}

const stockOf = async (item: ProductRecord) =>
  (
    await ctx.database.db.select({ s: products.stock }).from(products).where(eq(products.itemId, item.itemId))
  )[0]!.s;

const mailsTo = (address: string) =>
  ctx.database.db.select().from(outbox).where(eq(outbox.to, address)).orderBy(outbox.id);

const ordersOf = (customerId: string) =>
  ctx.database.db.select().from(orders).where(eq(orders.customerId, customerId));

beforeAll(async () => {
  const items = [...ctx.app.services.catalog.items.values()].filter(
    (p) => p.isActive && p.itemCondition === 'BrandNew' && !p.isSale && p.priceCents > 10_000,
  );
  [product, other] = items as [ProductRecord, ProductRecord];
  await ctx.database.db
    .update(products)
    .set({ stock: 10_000 })
    .where(inArray(products.itemId, [product.itemId, other.itemId]));
});

describe('order limits', () => {
  it('only administrators set them; dollars 0 or more, blank clears; an administrator gets none', async () => {
    const { admin, buyer } = await makeCompany();
    const other = await makeCompany();

    const refused = await post(buyer.cookie, '/api/user/order-limits', { buyer_order_limit: 100 });
    expect(refused.status).toBe(403);
    expect(refused.body.smessage).toBe("Only your company's administrators can set order limits.");
    expect((await get(buyer.cookie, '/api/user/order-limits')).status).toBe(403);
    expect(
      (await post(buyer.cookie, `/api/user/order-limits/${buyer.contactPersonId}`, { order_limit: '' }))
        .status,
    ).toBe(403);

    for (const wrong of [-5, 'abc', '12.345', '1,2.3.4', true]) {
      const bad = await post(admin.cookie, '/api/user/order-limits', { buyer_order_limit: wrong });
      expect(bad.status, String(wrong)).toBe(400);
      expect(bad.body.smessage).toMatch(/^An order limit is an amount in dollars, 0 or more/);
    }
    const tooLarge = await post(admin.cookie, '/api/user/order-limits', { buyer_order_limit: 1e12 });
    expect(tooLarge.status).toBe(400);
    expect(tooLarge.body.smessage).toMatch(/at most \$99,999,999\.99/);

    const set = await post(admin.cookie, '/api/user/order-limits', { buyer_order_limit: '2,500.50' });
    expect(set.status).toBe(200);
    expect(set.body.smessage).toBe('The order limit for all buyers has been saved.');
    expect(set.body.buyer_order_limit).toBe(2500.5);
    const bob = (set.body.contacts as Answer[]).find((c) => c.contact_person_id === buyer.contactPersonId);
    expect(bob).toMatchObject({ order_limit: null, applies: 2500.5, role: 'buyer' });

    const own = await post(admin.cookie, `/api/user/order-limits/${buyer.contactPersonId}`, {
      order_limit: 0,
    });
    expect(own.status).toBe(200);
    expect(own.body.smessage).toBe('The order limit of Bob Buyer has been saved.');
    expect(
      (own.body.contacts as Answer[]).find((c) => c.contact_person_id === buyer.contactPersonId),
    ).toMatchObject({
      order_limit: 0,
      applies: 0,
    });
    const cleared = await post(admin.cookie, `/api/user/order-limits/${buyer.contactPersonId}`, {
      order_limit: '  ',
    });
    expect(cleared.body.smessage).toBe("Bob Buyer now follows the company's order limit.");
    expect(
      (cleared.body.contacts as Answer[]).find((c) => c.contact_person_id === buyer.contactPersonId),
    ).toMatchObject({
      order_limit: null,
      applies: 2500.5,
    });

    const onAdmin = await post(admin.cookie, `/api/user/order-limits/CP${admin.customerId}`, {
      order_limit: 10,
    });
    expect(onAdmin.status).toBe(400);
    expect(onAdmin.body.smessage).toMatch(/^Administrators are never held by an order limit/);

    const elsewhere = await post(admin.cookie, `/api/user/order-limits/${other.buyer.contactPersonId}`, {
      order_limit: 10,
    });
    expect(elsewhere.status).toBe(404);
    const [untouched] = await ctx.database.db
      .select({ l: contacts.orderLimitCents })
      .from(contacts)
      .where(eq(contacts.contactPersonId, other.buyer.contactPersonId));
    expect(untouched!.l).toBeNull();

    const blank = await post(admin.cookie, '/api/user/order-limits', { buyer_order_limit: null });
    expect(blank.body.buyer_order_limit).toBeNull();
  });
});

describe('checkout over the limit', () => {
  it('sends the order for approval: no order, no stock taken, the cart emptied, every administrator mailed', async () => {
    const { admin, frAdminEmail, buyer } = await makeCompany();
    await post(admin.cookie, '/api/user/order-limits', { buyer_order_limit: totalOf(buyer, 2) });
    const before = await stockOf(product);

    const sent = await checkout(buyer, 3);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.orderId).toBeUndefined();
    expect(sent.body.approval.number).toMatch(/^A-\d+$/);
    expect(sent.body.approval.total).toBe(totalOf(buyer, 3));
    expect(sent.body.smessage).toMatch(/over your order limit: request A-\d+ has been sent/);
    expect(await ordersOf(buyer.customerId)).toHaveLength(0);
    expect(await stockOf(product)).toBe(before);
    expect(
      await ctx.database.db
        .select()
        .from(cartItems)
        .where(eq(cartItems.contactPersonId, buyer.contactPersonId)),
    ).toHaveLength(0);

    const [row] = await ctx.database.db
      .select()
      .from(orderApprovals)
      .where(eq(orderApprovals.approvalId, sent.body.approval.approval_id));
    expect(row).toMatchObject({ status: 'pending', contactPersonId: buyer.contactPersonId });
    expect(row!.lines).toEqual([
      expect.objectContaining({
        item_id: product.itemId,
        quantity: 3,
        item_condition: 'BrandNew',
        sku: product.sku,
      }),
    ]);

    const number = sent.body.approval.number as string;
    const [en] = await mailsTo(admin.email);
    expect(en!.subject).toContain(`Approval needed: order request ${number} from Bob Buyer`);
    expect(en!.body).toContain(`/acer/account/approvals/${row!.approvalId}`);
    const [fr] = await mailsTo(frAdminEmail);
    expect(fr!.subject).toContain(`Approbation requise : demande de commande ${number} de Bob Buyer`);
    expect(await mailsTo(buyer.email)).toHaveLength(0);

    // The buyer sees it waiting among their requests.
    const mine = await get(buyer.cookie, '/api/user/approvals');
    expect(mine.body.approvals).toHaveLength(1);
    expect(mine.body.approvals[0]).toMatchObject({ number, status: 'pending' });
    // Where it would go, the postal code as Canada Post writes it (kept as K1A0B1).
    const detail = await get(buyer.cookie, `/api/user/approvals/${row!.approvalId}`);
    expect(detail.body.approval.ship_to).toMatch(/, 1 Main St, Ottawa, Ontario K1A 0B1$/);
  });

  it('the same checkout sent twice, or twice at once, makes one request', async () => {
    const { admin, buyer } = await makeCompany();
    await post(admin.cookie, `/api/user/order-limits/${buyer.contactPersonId}`, { order_limit: 1 });
    const first = await checkout(buyer, 1, product, 'same-key');
    const again = await post(
      buyer.cookie,
      '/api/placeorder',
      checkoutBody(buyer, product, 1, { checkoutKey: 'same-key' }),
    );
    expect(again.status).toBe(200);
    expect(again.body.approval.approval_id).toBe(first.body.approval.approval_id);
    expect(again.body.smessage).toBe(`Request ${first.body.approval.number} was already sent for approval.`);

    await post(buyer.cookie, '/api/user/cart/add', cartAddBody(buyer, product.itemId, 2, true));
    const body = checkoutBody(buyer, product, 2, { checkoutKey: 'twice-at-once' });
    const both = await Promise.all([
      post(buyer.cookie, '/api/placeorder', body),
      post(buyer.cookie, '/api/placeorder', body),
    ]);
    expect(both.map((b) => b.status)).toEqual([200, 200]);
    expect(both[0]!.body.approval.approval_id).toBe(both[1]!.body.approval.approval_id);
    const rows = await ctx.database.db
      .select()
      .from(orderApprovals)
      .where(eq(orderApprovals.customerId, buyer.customerId));
    expect(rows).toHaveLength(2);
    expect(await ordersOf(buyer.customerId)).toHaveLength(0);
  });

  it('under the limit the order is placed; an administrator is never held', async () => {
    const { admin, buyer } = await makeCompany();
    await post(admin.cookie, '/api/user/order-limits', { buyer_order_limit: totalOf(buyer, 2) });
    const placed = await checkout(buyer, 2);
    expect(placed.status).toBe(200);
    expect(placed.body.orderNumber).toMatch(/^SO-/);
    expect(placed.body.approval).toBeUndefined();

    // Even with a limit written on them (it cannot be set through the API), administrators order.
    await ctx.database.db
      .update(contacts)
      .set({ orderLimitCents: 1 })
      .where(eq(contacts.contactPersonId, `CP${admin.customerId}`));
    const adminOrder = await checkout(admin, 5);
    expect(adminOrder.status).toBe(200);
    expect(adminOrder.body.orderNumber).toMatch(/^SO-/);
    expect(await ordersOf(admin.customerId)).toHaveLength(2);
  });
});

describe('deciding', () => {
  async function pending(quantity = 2, item = product) {
    const company = await makeCompany();
    await post(company.admin.cookie, `/api/user/order-limits/${company.buyer.contactPersonId}`, {
      order_limit: 1,
    });
    const sent = await checkout(company.buyer, quantity, item);
    expect(sent.status).toBe(200);
    return {
      ...company,
      id: sent.body.approval.approval_id as number,
      number: sent.body.approval.number as string,
    };
  }

  it("approving places the order in the buyer's name, with its approval, and mails the buyer", async () => {
    const { admin, buyer, id, number } = await pending(2);
    const before = await stockOf(product);

    expect((await post(buyer.cookie, `/api/user/approvals/${id}/approve`)).status).toBe(403);
    const list = await get(admin.cookie, '/api/user/approvals');
    expect(list.body.pending).toBe(1);
    expect(list.body.approvals[0]).toMatchObject({ number, status: 'pending', buyer: { name: 'Bob Buyer' } });

    const approved = await post(admin.cookie, `/api/user/approvals/${id}/approve`);
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    const [order] = await ordersOf(buyer.customerId);
    expect(order).toMatchObject({
      contactPersonId: buyer.contactPersonId,
      approvalId: id,
      checkoutKey: `approval:${id}`,
    });
    expect(approved.body.smessage).toBe(
      `Request ${number} is approved: order ${order!.orderNumber} has been placed in the name of Bob Buyer.`,
    );
    expect(approved.body.approval).toMatchObject({ status: 'approved', order_number: order!.orderNumber });
    expect(await stockOf(product)).toBe(before - 2);

    const subjects = (await mailsTo(buyer.email)).map((m) => m.subject);
    expect(subjects).toContain(`Your order request ${number} is approved: order ${order!.orderNumber}`);
    expect(subjects.some((s) => s.startsWith(`Order ${order!.orderNumber} received`))).toBe(true);

    // The back office names the request and who approved it.
    const staff = await staffSignIn(ctx.app, OWNER.email, OWNER.password);
    const detail = await call(ctx.app, 'GET', `/api/admin/orders/${order!.orderId}`, staff);
    expect(detail.status).toBe(200);
    expect(detail.body.order.approval).toEqual({ number, approved_by: admin.name });

    const again = await post(admin.cookie, `/api/user/approvals/${id}/approve`);
    expect(again.status).toBe(409);
    expect(again.body.smessage).toBe(
      `Request ${number} was already approved: it became order ${order!.orderNumber}.`,
    );
    const decline = await post(admin.cookie, `/api/user/approvals/${id}/decline`, { reason: 'late' });
    expect(decline.status).toBe(409);
    expect(await ordersOf(buyer.customerId)).toHaveLength(1);
  });

  it('a checkout sent with a request’s own key (approval:<id>) is an order of its own: the request is still approved', async () => {
    const { admin, buyer, id, number } = await pending(2);
    // The administrator's cart, checked out with the text the shop gives the request's order as its key.
    const site = await checkout(admin, 1, product, `approval:${id}`);
    expect(site.status, JSON.stringify(site.body)).toBe(200);
    expect(site.body.orderNumber).toMatch(/^SO-/);

    const approved = await post(admin.cookie, `/api/user/approvals/${id}/approve`);
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    const [order] = await ctx.database.db.select().from(orders).where(eq(orders.approvalId, id));
    expect(order).toMatchObject({ contactPersonId: buyer.contactPersonId });
    expect(order!.orderNumber).not.toBe(site.body.orderNumber);
    expect(approved.body.smessage).toBe(
      `Request ${number} is approved: order ${order!.orderNumber} has been placed in the name of Bob Buyer.`,
    );
    expect(await ordersOf(buyer.customerId)).toHaveLength(2);
  });

  it('a changed price is shown first (409), then confirmed at today’s price', async () => {
    const { admin, buyer, id } = await pending(1, other);
    const [was] = await ctx.database.db
      .select({ p: products.priceCents })
      .from(products)
      .where(eq(products.itemId, other.itemId));
    await ctx.database.db
      .update(products)
      .set({ priceCents: was!.p + 10_000 })
      .where(eq(products.itemId, other.itemId));
    try {
      const first = await post(admin.cookie, `/api/user/approvals/${id}/approve`);
      expect(first.status).toBe(409);
      expect(first.body.can_confirm).toBe(true);
      expect(first.body.changes).toHaveLength(1);
      const change = first.body.changes[0];
      expect(change.item_id).toBe(other.itemId);
      expect(change.price_now).toBeGreaterThan(change.price_was);
      expect(await ordersOf(buyer.customerId)).toHaveLength(0);

      expect(first.body.subtotal_now).toBe(change.price_now);
      expect(first.body.total_now).toBeGreaterThan(first.body.subtotal_now);

      // A confirm without the prices shown, or after the price moved again, is shown the changes anew.
      const blind = await post(admin.cookie, `/api/user/approvals/${id}/approve`, { confirm: true });
      expect(blind.status).toBe(409);
      expect(blind.body.changes[0].price_now).toBe(change.price_now);
      await ctx.database.db
        .update(products)
        .set({ priceCents: was!.p + 20_000 })
        .where(eq(products.itemId, other.itemId));
      const shown = [
        { item_id: change.item_id, item_condition: change.item_condition, price: change.price_now },
      ];
      const stale = await post(admin.cookie, `/api/user/approvals/${id}/approve`, {
        confirm: true,
        prices: shown,
      });
      expect(stale.status).toBe(409);
      const moved = stale.body.changes[0];
      expect(moved.price_now).toBeGreaterThan(change.price_now);
      expect(await ordersOf(buyer.customerId)).toHaveLength(0);

      const confirmed = await post(admin.cookie, `/api/user/approvals/${id}/approve`, {
        confirm: true,
        prices: [{ item_id: moved.item_id, item_condition: moved.item_condition, price: moved.price_now }],
      });
      expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
      const [order] = await ordersOf(buyer.customerId);
      expect(Number(order!.subtotalCents)).toBe(Math.round(moved.price_now * 100));
    } finally {
      await ctx.database.db
        .update(products)
        .set({ priceCents: was!.p })
        .where(eq(products.itemId, other.itemId));
    }
  });

  it('short stock is said per line and cannot be confirmed', async () => {
    const { admin, buyer, id } = await pending(3, other);
    await ctx.database.db.update(products).set({ stock: 1 }).where(eq(products.itemId, other.itemId));
    try {
      const refused = await post(admin.cookie, `/api/user/approvals/${id}/approve`, { confirm: true });
      expect(refused.status).toBe(409);
      expect(refused.body.can_confirm).toBe(false);
      expect(refused.body.changes[0]).toMatchObject({ item_id: other.itemId, stock_short: 1, quantity: 3 });
      expect(await ordersOf(buyer.customerId)).toHaveLength(0);
    } finally {
      await ctx.database.db.update(products).set({ stock: 10_000 }).where(eq(products.itemId, other.itemId));
    }
  });

  it('approving twice at once places exactly one order', async () => {
    const { admin, buyer, id } = await pending(1);
    const second = await session(`${admin.customerId}-FR`);
    const answers = await Promise.all([
      post(admin.cookie, `/api/user/approvals/${id}/approve`),
      post(second, `/api/user/approvals/${id}/approve`),
      post(admin.cookie, `/api/user/approvals/${id}/approve`),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    const placed = await ordersOf(buyer.customerId);
    expect(placed).toHaveLength(1);
    expect(placed[0]!.approvalId).toBe(id);
  });

  it('declining needs a reason and mails it to the buyer, who sees it', async () => {
    const { admin, buyer, id, number } = await pending(1);
    const blank = await post(admin.cookie, `/api/user/approvals/${id}/decline`, { reason: '  ' });
    expect(blank.status).toBe(400);
    expect(blank.body.smessage).toBe('Please give the buyer a reason for declining.');

    const declined = await post(admin.cookie, `/api/user/approvals/${id}/decline`, {
      reason: 'Over budget this month',
    });
    expect(declined.status).toBe(200);
    expect(declined.body.smessage).toBe(`Request ${number} is declined. Bob Buyer has been told why.`);
    const mail = (await mailsTo(buyer.email)).find((m) => m.subject.includes(number))!;
    expect(mail.subject).toBe(`Your order request ${number} was declined`);
    expect(mail.body).toContain('Reason: Over budget this month');

    const mine = await get(buyer.cookie, '/api/user/approvals');
    expect(mine.body.approvals[0]).toMatchObject({
      status: 'declined',
      decline_reason: 'Over budget this month',
    });
    const approve = await post(admin.cookie, `/api/user/approvals/${id}/approve`);
    expect(approve.status).toBe(409);
    expect(approve.body.smessage).toBe(`Request ${number} was already declined.`);
    expect(await ordersOf(buyer.customerId)).toHaveLength(0);
  });

  it('the buyer withdraws their pending request; it cannot be approved then', async () => {
    const { admin, buyer, id, number } = await pending(1);
    // An administrator declines a buyer's request rather than withdraw it; a bad number is said plainly.
    const notTheirs = await post(admin.cookie, `/api/user/approvals/${id}/withdraw`);
    expect(notTheirs.status).toBe(403);
    expect(notTheirs.body.smessage).toBe(en(APPROVAL_MSG.notYours));
    const badId = await post(admin.cookie, '/api/user/approvals/A-1/approve');
    expect(badId.status).toBe(400);
    expect(badId.body.smessage).toBe(en(APPROVAL_MSG.notFound));
    const withdrawn = await post(buyer.cookie, `/api/user/approvals/${id}/withdraw`);
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.body.approval.status).toBe('withdrawn');
    const approve = await post(admin.cookie, `/api/user/approvals/${id}/approve`);
    expect(approve.status).toBe(409);
    expect(approve.body.smessage).toBe(`Request ${number} was withdrawn by the buyer.`);
  });

  it('a request of a buyer turned off since is not placed in their name', async () => {
    const { admin, buyer, id } = await pending(1);
    await ctx.database.db
      .update(contacts)
      .set({ active: false })
      .where(eq(contacts.contactPersonId, buyer.contactPersonId));
    const approve = await post(admin.cookie, `/api/user/approvals/${id}/approve`, { confirm: true });
    expect(approve.status).toBe(409);
    expect(approve.body.smessage).toBe(
      'The buyer who sent this request can no longer sign in, so it cannot be placed in their name. Decline it, or order the items yourself.',
    );
    expect(await ordersOf(buyer.customerId)).toHaveLength(0);
    expect(
      (await post(admin.cookie, `/api/user/approvals/${id}/decline`, { reason: 'Left us' })).status,
    ).toBe(200);
  });

  it('a buyer reading French is answered and mailed in French', async () => {
    const { admin, buyer } = await makeCompany();
    await ctx.database.db
      .update(contacts)
      .set({ language: 'fr' })
      .where(eq(contacts.contactPersonId, buyer.contactPersonId));
    await post(admin.cookie, `/api/user/order-limits/${buyer.contactPersonId}`, { order_limit: 1 });
    const french = { ...buyer, cookie: `${buyer.cookie}; lang=fr` };
    const sent = await checkout(french, 1);
    const number = sent.body.approval.number as string;
    expect(sent.body.smessage).toBe(
      `Le total de votre commande dépasse votre limite : la demande ${number} a été envoyée aux administrateurs de votre entreprise pour approbation. Rien n'est commandé tant que l'un d'eux ne l'a pas approuvée.`,
    );
    const bad = await post(french.cookie, '/api/user/order-limits', { buyer_order_limit: 5 });
    expect(bad.body.smessage).toBe(
      'Seuls les administrateurs de votre entreprise peuvent fixer les limites de commande.',
    );
    await post(admin.cookie, `/api/user/approvals/${sent.body.approval.approval_id}/decline`, {
      reason: 'Budget dépassé',
    });
    const mail = (await mailsTo(buyer.email)).find((m) => m.subject.includes(number))!;
    expect(mail.subject).toBe(`Votre demande de commande ${number} a été refusée`);
    expect(mail.body).toContain('Raison : Budget dépassé');
  });

  it('another company neither sees nor decides a request (404)', async () => {
    const { id } = await pending(1);
    const stranger = await makeCompany();
    expect((await get(stranger.admin.cookie, `/api/user/approvals/${id}`)).status).toBe(404);
    expect((await post(stranger.admin.cookie, `/api/user/approvals/${id}/approve`)).status).toBe(404);
    expect(
      (await post(stranger.admin.cookie, `/api/user/approvals/${id}/decline`, { reason: 'no' })).status,
    ).toBe(404);
    expect((await post(stranger.buyer.cookie, `/api/user/approvals/${id}/withdraw`)).status).toBe(404);
    const list = await get(stranger.admin.cookie, '/api/user/approvals');
    expect(list.body.approvals).toHaveLength(0);
    const [row] = await ctx.database.db
      .select({ s: orderApprovals.status })
      .from(orderApprovals)
      .where(and(eq(orderApprovals.approvalId, id)));
    expect(row!.s).toBe('pending');
  });
});
