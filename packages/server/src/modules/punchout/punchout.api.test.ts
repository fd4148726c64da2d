/**
 * Punchout, played from the procurement system's side. cXML: an administrator turns punchout on and gets
 * the shared secret; a PunchOutSetupRequest answers a one-time start URL that signs the buyer in (framed
 * only by the listed origins); the cart goes back as a PunchOutOrderMessage at the buyer's prices and is
 * emptied; the OrderRequest made from it is placed once when sent twice. OCI does the same round trip.
 * Wrong credentials, a start URL used twice, an external entity and a billion-laughs payload are refused.
 */
import { personalPrice } from '@shop/domain/core/money';
import { eq } from 'drizzle-orm';
import { XMLParser } from 'fast-xml-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import { addresses, cartItems, contacts, orders, punchoutSettings } from '../../db/schema';
import { call, clientAddress } from '../../test/admin';
import { en } from '../../test/english';
import { cookieHeader, DEMO, signIn, useTestApp } from '../../test/harness';
import { hashPassword } from '../sessions';
import { hashSecret } from './settings';

const ctx = useTestApp();
const ARIBA = 'https://s1.ariba.example.com';
const RETURN_URL = `${ARIBA}/punchout/return?session=42`;
let admin = '';
let secret = '';
type Item = { itemId: string; sku: string; priceCents: number; category: string };
let items: Item[] = [];

const reader = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  processEntities: false,
  parseTagValue: false,
});

function setupRequest(identity: string, shared: string, payloadId = `${Date.now()}.setup@ariba`) {
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE cXML SYSTEM "http://xml.cxml.org/schemas/cXML/1.2.014/cXML.dtd">
<cXML payloadID="${payloadId}" timestamp="2026-11-29T10:00:00-05:00" xml:lang="en-US">
<Header>
<From><Credential domain="NetworkID"><Identity>AN0100000001</Identity></Credential></From>
<To><Credential domain="NetworkID"><Identity>shop</Identity></Credential></To>
<Sender><Credential domain="NetworkID"><Identity>${identity}</Identity><SharedSecret>${shared}</SharedSecret></Credential><UserAgent>Procurement 1.0</UserAgent></Sender>
</Header>
<Request><PunchOutSetupRequest operation="create">
<BuyerCookie>cookie-123</BuyerCookie>
<BrowserFormPost><URL>${RETURN_URL.replace('&', '&amp;')}</URL></BrowserFormPost>
</PunchOutSetupRequest></Request></cXML>`;
}

const postXml = (payload: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/punchout/cxml',
    remoteAddress: clientAddress(),
    headers: { 'content-type': 'text/xml; charset=utf-8' },
    payload,
  });

function statusOf(body: string) {
  const doc = reader.parse(body);
  return doc.cXML.Response.Status as { '@code': string; '@text': string };
}

beforeAll(async () => {
  admin = await signIn(ctx.app, DEMO.C10001.username, DEMO.C10001.password);
  items = [...ctx.app.services.catalog.items.values()]
    .filter(
      (p) => p.isActive && p.itemCondition === 'BrandNew' && !p.isSale && p.priceCents > 0 && p.stock >= 5,
    )
    .slice(0, 2)
    .map((p) => ({ itemId: p.itemId, sku: p.sku, priceCents: p.priceCents, category: p.category }));
  expect(items).toHaveLength(2);
  // Where the company's orders ship: the OrderRequest's ShipTo names no saved address, so its first one.
  await ctx.database.db.insert(addresses).values({
    customerId: 'C10001',
    firstName: 'Olivia',
    lastName: 'Martin',
    addressLine1: '10 King St W',
    city: 'Toronto',
    province: 'Ontario',
    zip: 'M5H1A1',
    phoneNumber: '4165550101',
  });
});

describe('an administrator turns punchout on', () => {
  it('gets the identity and a secret shown once and kept hashed, and lists the framing origins', async () => {
    const saved = await ctx.app.inject({
      method: 'PUT',
      url: '/api/user/punchout',
      headers: { cookie: admin },
      payload: { enabled: true, frame_origins: [`${ARIBA}/`, 'http://localhost:9999'] },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const body = saved.json();
    expect(body.punchout).toMatchObject({
      enabled: true,
      identity: 'C10001',
      has_secret: true,
      frame_origins: [ARIBA, 'http://localhost:9999'],
    });
    secret = body.secret;
    expect(secret).toMatch(/^po_[A-Za-z0-9_-]{43}$/);
    const [row] = await ctx.database.db
      .select()
      .from(punchoutSettings)
      .where(eq(punchoutSettings.customerId, 'C10001'));
    expect(row!.secretHash).toBe(hashSecret(secret));
    expect(JSON.stringify(row)).not.toContain(secret);
    // Read again: never the secret.
    const read = await call(ctx.app, 'GET', '/api/user/punchout', admin);
    expect(read.body.secret).toBeNull();
    // An origin with a path or a directive in it is refused.
    const bad = await ctx.app.inject({
      method: 'PUT',
      url: '/api/user/punchout',
      headers: { cookie: admin },
      payload: { enabled: true, frame_origins: ["https://x.example.com; script-src 'unsafe-inline'"] },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('is for administrators only', async () => {
    const email = `punchout.buyer.${Date.now()}@example.com`;
    const added = await call(ctx.app, 'POST', '/api/user/buyers/create', admin, {
      buyerInfo: { first_name: 'Bob', last_name: 'Buyer', email, role: 'buyer' },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const password = 'Buyer@2026xy';
    await ctx.database.db
      .update(contacts)
      .set({ passwordHash: await hashPassword(password) })
      .where(eq(contacts.email, email));
    const buyer = await signIn(ctx.app, email, password);
    for (const [method, url] of [
      ['GET', '/api/user/punchout'],
      ['POST', '/api/user/punchout/secret'],
    ] as const) {
      const refused = await call(ctx.app, method, url, buyer);
      expect(refused.status).toBe(403);
      expect(refused.body.smessage).toBe(en('punchout.adminOnly'));
    }
  });
});

describe('cXML round trip', () => {
  let startUrl = '';
  let buyer = '';
  let message = '';

  it('refuses wrong credentials', async () => {
    for (const [identity, shared] of [
      ['C10001', 'po_wrong'],
      ['C10002', secret],
      ['', ''],
    ]) {
      const answer = await postXml(setupRequest(identity!, shared!));
      expect(answer.statusCode).toBe(401);
      expect(statusOf(answer.body)['@text']).toBe(en('punchout.badCredentials'));
    }
  });

  it('answers a one-time start URL that signs the buyer in, framed only by the listed origins', async () => {
    const answer = await postXml(setupRequest('C10001', secret));
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toContain('text/xml');
    const doc = reader.parse(answer.body);
    expect(doc.cXML.Response.Status['@code']).toBe('200');
    startUrl = doc.cXML.Response.PunchOutSetupResponse.StartPage.URL;
    expect(startUrl).toMatch(/\/punchout\/start\/[A-Za-z0-9_-]{43}$/);
    const path = new URL(startUrl).pathname;
    const started = await ctx.app.inject({ method: 'GET', url: path });
    expect(started.statusCode).toBe(303);
    expect(started.headers.location).toBe('/acer');
    buyer = cookieHeader(started);
    const header = await call(ctx.app, 'GET', '/api/user/punchout/session', buyer);
    expect(header.body.punchout).toEqual({ protocol: 'cxml' });
    // The page may be framed by the listed origins, and posts its form back to the return URL's origin.
    const page = await ctx.app.inject({ method: 'GET', url: '/acer/cart', headers: { cookie: buyer } });
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain(`frame-ancestors ${ARIBA} http://localhost:9999`);
    expect(csp).toContain(`form-action 'self' ${ARIBA}`);
    expect(page.headers['x-frame-options']).toBeUndefined();
    // Another buyer's pages are framed by no one else.
    const other = await ctx.app.inject({ method: 'GET', url: '/acer/cart', headers: { cookie: admin } });
    expect(String(other.headers['content-security-policy'])).toContain("frame-ancestors 'self'");
    expect(other.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('refuses the start URL a second time', async () => {
    const again = await ctx.app.inject({ method: 'GET', url: new URL(startUrl).pathname });
    expect(again.statusCode).toBe(403);
    expect(again.body).toContain(en('punchout.startUsed'));
    expect(again.cookies).toHaveLength(0);
  });

  it('sends the cart back as a PunchOutOrderMessage at the buyer’s prices and empties it', async () => {
    for (const item of items) {
      const added = await call(ctx.app, 'POST', '/api/user/cart/add', buyer, {
        itemData: { item_id: item.itemId, item_condition: 'BrandNew', quantity: 1 },
      });
      expect(added.status, JSON.stringify(added.body)).toBe(200);
    }
    const back = await call(ctx.app, 'POST', '/api/user/punchout/return', buyer);
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(back.body.url).toBe(RETURN_URL);
    expect(back.body.fields.map((f: { name: string }) => f.name)).toEqual(['cxml-urlencoded']);
    message = back.body.fields[0].value;
    const doc = reader.parse(message);
    const punchout = doc.cXML.Message.PunchOutOrderMessage;
    expect(punchout.BuyerCookie).toBe('cookie-123');
    const lines = [punchout.ItemIn].flat();
    expect(lines).toHaveLength(2);
    for (const [i, item] of items.entries()) {
      const line = lines[i];
      expect(line['@quantity']).toBe('1');
      expect(String(line.ItemID.SupplierPartID)).toBe(item.sku);
      expect(line.ItemID.SupplierPartAuxiliaryID).toBe('BrandNew');
      expect(line.ItemDetail.UnitOfMeasure).toBe('EA');
      expect(line.ItemDetail.Classification['@domain']).toBe('UNSPSC');
      expect(String(line.ItemDetail.Classification['#text'])).toMatch(/^\d{8}$/);
      if (item.category === 'Notebook')
        expect(String(line.ItemDetail.Classification['#text'])).toBe('43211503');
      const unit = personalPrice(item.priceCents, DEMO.C10001.percentage);
      expect(line.ItemDetail.UnitPrice.Money['#text']).toBe((unit / 100).toFixed(2));
    }
    // The cart is empty and the punchout session over.
    const cart = await call(ctx.app, 'GET', '/api/user/punchout/session', buyer);
    expect(cart.body.punchout).toBeNull();
    const again = await call(ctx.app, 'POST', '/api/user/punchout/return', admin);
    expect(again.status).toBe(409);
  });

  it('places the OrderRequest once when it is sent twice', async () => {
    const lines = [reader.parse(message).cXML.Message.PunchOutOrderMessage.ItemIn].flat();
    const po = `PO-${Date.now()}`;
    const payloadId = `${Date.now()}.order@ariba`;
    const itemsOut = lines
      .map(
        // biome-ignore lint/suspicious/noExplicitAny: the parsed message is read loosely and asserted on
        (l: Record<string, any>, i: number) =>
          `<ItemOut quantity="${l['@quantity']}" lineNumber="${i + 1}"><ItemID><SupplierPartID>${l.ItemID.SupplierPartID}</SupplierPartID><SupplierPartAuxiliaryID>${l.ItemID.SupplierPartAuxiliaryID}</SupplierPartAuxiliaryID></ItemID><ItemDetail><UnitPrice><Money currency="CAD">${l.ItemDetail.UnitPrice.Money['#text']}</Money></UnitPrice><Description xml:lang="en">x</Description><UnitOfMeasure>EA</UnitOfMeasure></ItemDetail></ItemOut>`,
      )
      .join('');
    const orderRequest = (priceOverride?: string) =>
      setupRequest('C10001', secret, payloadId).replace(
        /<Request>[\s\S]*<\/Request>/,
        `<Request><OrderRequest><OrderRequestHeader orderID="${po}" orderDate="2026-11-29" type="new"><Total><Money currency="CAD">1</Money></Total></OrderRequestHeader>${
          priceOverride
            ? itemsOut.replace(
                /<Money currency="CAD">[\d.]+<\/Money>/,
                `<Money currency="CAD">${priceOverride}</Money>`,
              )
            : itemsOut
        }</OrderRequest></Request>`,
      );
    const first = await postXml(orderRequest());
    expect(first.statusCode, first.body).toBe(200);
    const second = await postXml(orderRequest());
    expect(second.statusCode, second.body).toBe(200);
    expect(statusOf(second.body)['@text']).toBe(statusOf(first.body)['@text']);
    const placed = await ctx.database.db.select().from(orders).where(eq(orders.purchaseOrderId, po));
    expect(placed).toHaveLength(1);
    expect(statusOf(first.body)['@text']).toContain(placed[0]!.orderNumber);
    // Another payload at a price that is not the buyer's is refused with the reason, and places nothing.
    const cheaper = await postXml(orderRequest('0.01').replace(payloadId, `${payloadId}.2`));
    expect(cheaper.statusCode).toBe(409);
    expect(statusOf(cheaper.body)['@text']).toContain(items[0]!.sku);
    // A change or a cancellation of the order, a price in another currency or none, and an address the
    // company does not have: each refused, and nothing more is placed.
    const other = (n: number) => (text: string) => text.replace(payloadId, `${payloadId}.r${n}`);
    const refusals = [
      other(1)(orderRequest().replace('type="new"', 'type="delete"')),
      other(2)(
        orderRequest().replace(
          /<Money currency="CAD">([\d.]+)<\/Money><\/UnitPrice>/,
          '<Money currency="USD">$1</Money></UnitPrice>',
        ),
      ),
      other(3)(
        orderRequest().replace(
          /<UnitPrice><Money currency="CAD">[\d.]+<\/Money><\/UnitPrice>/,
          '<UnitPrice><Money currency="CAD"></Money></UnitPrice>',
        ),
      ),
      other(4)(
        orderRequest().replace(
          '</OrderRequestHeader>',
          '<ShipTo><Address addressID="WAREHOUSE-B"><Name xml:lang="en">B</Name></Address></ShipTo></OrderRequestHeader>',
        ),
      ),
    ];
    for (const [i, document] of refusals.entries()) {
      const refused = await postXml(document);
      expect(refused.statusCode, `refusal ${i + 1}: ${refused.body}`).toBe(400);
    }
    expect(await ctx.database.db.select().from(orders).where(eq(orders.purchaseOrderId, po))).toHaveLength(1);
  });
});

describe('XML that could reach outside or expand is refused', () => {
  it('refuses an external entity and a billion-laughs payload', async () => {
    const external = `<?xml version="1.0"?><!DOCTYPE cXML [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><cXML><Header><Sender><Credential><Identity>&xxe;</Identity></Credential></Sender></Header></cXML>`;
    const laughs = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;"><!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;"><!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]><cXML>&lol3;</cXML>`;
    const otherDoctype = `<?xml version="1.0"?><!DOCTYPE cXML SYSTEM "file:///etc/passwd"><cXML/>`;
    for (const payload of [external, laughs, otherDoctype]) {
      const answer = await postXml(payload);
      expect(answer.statusCode).toBe(400);
      expect(statusOf(answer.body)['@text']).toBe(en('punchout.entities'));
    }
    const broken = await postXml('<cXML><Request>');
    expect(broken.statusCode).toBe(400);
  });
});

describe('OCI round trip', () => {
  const HOOK = 'https://sap.example.com/sap/bc/gui/oci/hook?x=1';
  it('refuses wrong credentials', async () => {
    const wrong = await ctx.app.inject({
      method: 'GET',
      url: `/punchout/oci?USERNAME=C10001&PASSWORD=nope&HOOK_URL=${encodeURIComponent(HOOK)}`,
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.cookies).toHaveLength(0);
  });

  it('behind TLS, signs in with cookies a frame on the procurement system’s site keeps (partitioned)', async () => {
    ctx.config.COOKIE_SECURE = true;
    try {
      const signed = await ctx.app.inject({
        method: 'POST',
        url: '/punchout/oci',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ USERNAME: 'C10001', PASSWORD: secret, HOOK_URL: HOOK }).toString(),
      });
      expect(signed.statusCode, signed.body).toBe(303);
      const cookies = [signed.headers['set-cookie']].flat().map(String);
      const session = cookies.find((c) => c.startsWith('sid='));
      expect(session).toMatch(/; Secure/);
      expect(session).toMatch(/; Partitioned/);
      expect(session).toMatch(/; SameSite=None/);
      expect(cookies.every((c) => c.includes('; Partitioned'))).toBe(true);
    } finally {
      ctx.config.COOKIE_SECURE = false;
    }
  });

  it('keeps a cart of items the shop no longer offers, and refuses to send it back empty', async () => {
    const signed = await ctx.app.inject({
      method: 'POST',
      url: '/punchout/oci',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ USERNAME: 'C10001', PASSWORD: secret, HOOK_URL: HOOK }).toString(),
    });
    expect(signed.statusCode, signed.body).toBe(303);
    const buyer = cookieHeader(signed);
    // A line the catalog no longer has (an item withdrawn from the shop since it was added).
    const people = await ctx.database.db
      .select({ id: contacts.contactPersonId })
      .from(contacts)
      .where(eq(contacts.customerId, 'C10001'));
    await ctx.database.db.insert(cartItems).values(
      people.map((p) => ({
        customerId: 'C10001',
        contactPersonId: p.id,
        itemId: 'WITHDRAWN-ITEM',
        itemCondition: 'BrandNew',
        quantity: 2,
      })),
    );
    try {
      const back = await call(ctx.app, 'POST', '/api/user/punchout/return', buyer);
      expect(back.status).toBe(409);
      expect(back.body.smessage).toBe(en('punchout.cartEmpty'));
      // The line is still in the cart, and the punchout still open: nothing was taken.
      const kept = await ctx.database.db
        .select()
        .from(cartItems)
        .where(eq(cartItems.itemId, 'WITHDRAWN-ITEM'));
      expect(kept).toHaveLength(people.length);
      const session = await call(ctx.app, 'GET', '/api/user/punchout/session', buyer);
      expect(session.body.punchout).toEqual({ protocol: 'oci' });
    } finally {
      await ctx.database.db.delete(cartItems).where(eq(cartItems.itemId, 'WITHDRAWN-ITEM'));
    }
  });

  it('signs in and sends the cart back as NEW_ITEM fields to HOOK_URL', async () => {
    const signed = await ctx.app.inject({
      method: 'POST',
      url: '/punchout/oci',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ USERNAME: 'C10001', PASSWORD: secret, HOOK_URL: HOOK }).toString(),
    });
    expect(signed.statusCode, signed.body).toBe(303);
    const buyer = cookieHeader(signed);
    const item = items[0]!;
    const added = await call(ctx.app, 'POST', '/api/user/cart/add', buyer, {
      itemData: { item_id: item.itemId, item_condition: 'BrandNew', quantity: 2 },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const back = await call(ctx.app, 'POST', '/api/user/punchout/return', buyer);
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(back.body.url).toBe(HOOK);
    const fields = Object.fromEntries(
      back.body.fields.map((f: { name: string; value: string }) => [f.name, f.value]),
    );
    expect(fields).toMatchObject({
      'NEW_ITEM-QUANTITY[1]': '2',
      'NEW_ITEM-UNIT[1]': 'EA',
      'NEW_ITEM-CURRENCY[1]': 'CAD',
      'NEW_ITEM-VENDORMAT[1]': item.sku,
      'NEW_ITEM-MATGROUP[1]': expect.stringMatching(/^\d{8}$/),
    });
    expect(fields['NEW_ITEM-DESCRIPTION[1]']).not.toBe('');
    expect(Number(fields['NEW_ITEM-PRICE[1]'])).toBeGreaterThan(0);
    expect(fields['NEW_ITEM-QUANTITY[2]']).toBeUndefined();
  });
});
