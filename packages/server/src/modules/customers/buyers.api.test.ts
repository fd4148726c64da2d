/**
 * Several buyers per company: the primary contact (an admin) adds a buyer, who sets a password through the
 * mailed link, signs in with their e-mail, sees the company's prices, has a cart of their own and places an
 * order that the whole company sees with who placed it. Buyers cannot manage buyers or addresses.
 */
import { MSG } from '@shop/domain/core/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addresses } from '../../db/schema';
import { call, clientAddress, tokenIn, uniqueEmail, waitForMail } from '../../test/admin';
import { en } from '../../test/english';
import { cookieHeader, DEMO, signIn, useTestApp } from '../../test/harness';
import { startMailSink } from '../../test/mail-sink';

const sink = await startMailSink();
const ctx = useTestApp({ SMTP_URL: sink.url });
afterAll(() => sink.close());

let admin = '';
let addressId = 0;
beforeAll(async () => {
  admin = await signIn(ctx.app, DEMO.C10001.username, DEMO.C10001.password);
  const [row] = await ctx.database.db
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
  addressId = row!.id;
});

async function login(username: string, password: string) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/user/login',
    remoteAddress: clientAddress(),
    payload: { username, password },
  });
  return { status: response.statusCode, body: response.json(), cookie: cookieHeader(response) };
}

function stocked() {
  return [...ctx.app.services.catalog.items.values()].find(
    (p) => p.isActive && p.itemCondition === 'BrandNew' && !p.isSale && !p.isScratchDent && p.stock > 5,
  )!;
}

/** Adds a buyer as C10001's administrator and follows the mailed link; returns their sign-in. */
async function newBuyer(role: 'admin' | 'buyer' = 'buyer') {
  const email = uniqueEmail('buyer');
  const added = await call(ctx.app, 'POST', '/api/user/buyers/create', admin, {
    buyerInfo: { first_name: 'Priya', last_name: 'Natarajan', email, role },
  });
  expect(added.status, JSON.stringify(added.body)).toBe(200);
  const buyer = added.body.buyers.find((b: { email: string }) => b.email === email);
  expect(buyer).toMatchObject({ role, active: true, is_primary: false, has_password: false });
  const token = tokenIn(await waitForMail(sink, email, 'set-password?token='));
  const set = await call(ctx.app, 'POST', '/api/password-link/set', '', {
    token,
    password: 'Buyer@2026x',
    confirm: 'Buyer@2026x',
  });
  expect(set.status, JSON.stringify(set.body)).toBe(200);
  const signedIn = await login(email, 'Buyer@2026x');
  expect(signedIn.status).toBe(200);
  return {
    email,
    contactId: buyer.contact_person_id as string,
    cookie: signedIn.cookie,
    info: signedIn.body,
  };
}

describe('buyers of one company', () => {
  it('are added by an administrator, sign in with their e-mail and order from a cart of their own', async () => {
    const buyer = await newBuyer();
    expect(buyer.info.customerInfo).toMatchObject({
      customer_id: 'C10001',
      role: 'buyer',
      is_primary: false,
    });

    const item = stocked();
    // The administrator's cart and the buyer's are apart.
    await call(ctx.app, 'POST', '/api/user/cart/add', admin, {
      itemData: { item_id: item.itemId, item_condition: 'BrandNew', quantity: 1 },
    });
    const header = await call(ctx.app, 'GET', '/api/header', buyer.cookie);
    expect(header.body.cartItems).toEqual([]);
    const added = await call(ctx.app, 'POST', '/api/user/cart/add', buyer.cookie, {
      itemData: { item_id: item.itemId, item_condition: 'BrandNew', quantity: 2 },
    });
    expect(added.body.cartItems.map((l: { quantity: number }) => l.quantity)).toEqual([2]);
    // The company's prices: the same percentage as the primary contact.
    const adminPrice = (await call(ctx.app, 'GET', `/api/product/${item.itemId}`, admin)).body.itemInfo
      .itemDetail[0].personal_price;
    const unit = added.body.cartItems[0].personal_price;
    expect(unit).toBe(adminPrice);

    const subtotal = Math.round(unit * 100) * 2;
    const tax = Math.round(subtotal * 0.13);
    const placed = await call(ctx.app, 'POST', '/api/placeorder', buyer.cookie, {
      orderInfo: {
        shipping_address_id: addressId,
        billing_address_id: addressId,
        line_items: [{ item_id: item.itemId, item_condition: 'BrandNew', quantity: 2 }],
        subtotal: subtotal / 100,
        items_tax: tax / 100,
        total: (subtotal + tax) / 100,
        purchase_order_id: 'PO-BUYER-7',
        shipping_method: 'Standard',
      },
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    // Both see it, with who placed it; the administrator's own cart is untouched.
    for (const cookie of [admin, buyer.cookie]) {
      const view = await call(ctx.app, 'GET', `/api/user/C10001/orders/${placed.body.orderId}`, cookie);
      expect(view.body.orderInfo.order.placed_by).toBe('Priya Natarajan');
      const list = await call(ctx.app, 'GET', '/api/user/C10001/orders?q=PO-BUYER-7', cookie);
      expect(list.body.orders.map((o: { placed_by: string }) => o.placed_by)).toEqual(['Priya Natarajan']);
    }
    const adminCart = (await call(ctx.app, 'GET', '/api/header', admin)).body.cartItems;
    expect(adminCart.map((l: { item_id: string; quantity: number }) => [l.item_id, l.quantity])).toEqual([
      [item.itemId, 1],
    ]);
  });

  it('added from the French shop are welcomed in French', async () => {
    const email = uniqueEmail('acheteur');
    const added = await call(ctx.app, 'POST', '/api/user/buyers/create', `${admin}; lang=fr`, {
      buyerInfo: { first_name: 'Luc', last_name: 'Gagnon', email, role: 'buyer' },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const text = await waitForMail(sink, email, 'set-password?token=');
    expect(text).toContain('Bonjour Luc,');
    expect(text).toContain('Vous pouvez maintenant acheter pour');
    expect(text).not.toContain('You can now buy');
    // Added from the English shop, the same company's next buyer is welcomed in English.
    const english = uniqueEmail('buyer');
    await call(ctx.app, 'POST', '/api/user/buyers/create', `${admin}; lang=en`, {
      buyerInfo: { first_name: 'Ann', last_name: 'Lee', email: english, role: 'buyer' },
    });
    expect(await waitForMail(sink, english, 'set-password?token=')).toContain('Hello Ann,');
  });

  it('who are buyers cannot manage buyers or addresses', async () => {
    const buyer = await newBuyer();
    const list = await call(ctx.app, 'GET', '/api/user/C10001/buyers', buyer.cookie);
    expect([list.status, list.body.smessage]).toEqual([403, en(MSG.buyersAdminOnly)]);
    const add = await call(ctx.app, 'POST', '/api/user/buyers/create', buyer.cookie, {
      buyerInfo: { first_name: 'A', last_name: 'B', email: uniqueEmail('x'), role: 'admin' },
    });
    expect(add.status).toBe(403);
    const edit = await call(
      ctx.app,
      'POST',
      `/api/user/C10001/buyers/${buyer.contactId}/edit`,
      buyer.cookie,
      {
        buyerInfo: { role: 'admin' },
      },
    );
    expect(edit.status).toBe(403);
    const address = await call(ctx.app, 'POST', '/api/user/address/create', buyer.cookie, {
      addressInfo: {
        first_name: 'A',
        last_name: 'B',
        address_line_1: '1 Main',
        city: 'Ottawa',
        province: 'Ontario',
        zip: 'K1A0B1',
        phone_number: '6135550100',
        country: 'Canada',
      },
    });
    expect([address.status, address.body.smessage]).toEqual([403, en(MSG.addressesAdminOnly)]);
    const gone = await call(ctx.app, 'DELETE', `/api/user/C10001/address/${addressId}/delete`, buyer.cookie);
    expect(gone.status).toBe(403);
    // They still see the company's addresses (to check out) and orders.
    const seen = await call(ctx.app, 'GET', '/api/user/C10001/addresses', buyer.cookie);
    expect(seen.body.addresses.some((a: { address_id: number }) => a.address_id === addressId)).toBe(true);
  });

  it('turned off by an administrator lose their session and cannot sign in; an administrator cannot turn themself off', async () => {
    const buyer = await newBuyer();
    const off = await call(ctx.app, 'POST', `/api/user/C10001/buyers/${buyer.contactId}/edit`, admin, {
      buyerInfo: { active: false },
    });
    expect(off.status).toBe(200);
    expect(off.body.buyers.find((b: { email: string }) => b.email === buyer.email).active).toBe(false);
    expect((await call(ctx.app, 'GET', '/api/header', buyer.cookie)).status).toBe(401);
    expect((await login(buyer.email, 'Buyer@2026x')).status).toBe(403);

    const me = (await call(ctx.app, 'GET', '/api/user/C10001/buyers', admin)).body.buyers.find(
      (b: { is_primary: boolean }) => b.is_primary,
    );
    const self = await call(ctx.app, 'POST', `/api/user/C10001/buyers/${me.contact_person_id}/edit`, admin, {
      buyerInfo: { active: false },
    });
    expect([self.status, self.body.smessage]).toEqual([400, en(MSG.buyerNotYourself)]);
    // Another company's buyer is out of reach.
    const other = await signIn(ctx.app, DEMO.C10002.username, DEMO.C10002.password);
    const theirs = await call(ctx.app, 'POST', `/api/user/C10002/buyers/${buyer.contactId}/edit`, other, {
      buyerInfo: { active: true },
    });
    expect([theirs.status, theirs.body.smessage]).toEqual([404, en(MSG.buyerNotFound)]);
  });

  it('who are administrators can add buyers too', async () => {
    const second = await newBuyer('admin');
    const list = await call(ctx.app, 'GET', '/api/user/C10001/buyers', second.cookie);
    expect(list.status).toBe(200);
    expect(list.body.buyers[0].is_primary).toBe(true);
  });
});
