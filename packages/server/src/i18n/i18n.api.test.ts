/**
 * The buyer's language over the API: answers follow the lang cookie, the account's language or
 * Accept-Language; a buyer can keep a language on their account; a company billed in Quebec gets its mail
 * and invoices in French, others stay in English.
 */

import { ACCOUNT_MSG } from '@shop/domain/account/schemas';
import { CART_MSG, orderTotals } from '@shop/domain/cart/rules';
import { MSG } from '@shop/domain/core/messages';
import { personalPrice } from '@shop/domain/core/money';
import specFr from '@shop/domain/locales/fr/spec.json';
import { seededComponents } from '@shop/domain/tax/history';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addresses, contacts, products } from '../db/schema';
import type { ProductRecord } from '../modules/catalog';
import { createInvoice } from '../modules/invoices';
import { PageHtml } from '../modules/page/preload';
import { call, clientAddress, OWNER, staffSignIn, uniqueEmail } from '../test/admin';
import { type Buyer, cartAddBody, checkoutBody, createBuyers } from '../test/buyers';
import { en } from '../test/english';
import { DEMO, signIn, useTestApp } from '../test/harness';
import { type MailSink, startMailSink, waitFor } from '../test/mail-sink';
import { pdfText } from '../test/pdf-text';

const sink: MailSink = await startMailSink();
const ctx = useTestApp({ SMTP_URL: sink.url, SHOP_INBOX: 'orders@shop.example' });
const fr = specFr as Record<string, string>;

let c1 = '';
let product: ProductRecord;
let quebec: Buyer;
let ontario: Buyer;
let chooser: Buyer;

beforeAll(async () => {
  c1 = await signIn(ctx.app, DEMO.C10001.username, DEMO.C10001.password);
  product = [...ctx.app.services.catalog.items.values()].find(
    (p) => p.isActive && p.itemCondition === 'BrandNew' && !p.isSale && p.stock > 5,
  )!;
  await ctx.database.db.update(products).set({ stock: 500 }).where(eq(products.itemId, product.itemId));
  await ctx.app.services.catalog.refresh();
  product = ctx.app.services.catalog.items.get(product.itemId)!;
  [quebec, ontario, chooser] = (await createBuyers(ctx.database.db, 3, 'LQ')) as [Buyer, Buyer, Buyer];
  await ctx.database.db
    .update(addresses)
    .set({ city: 'Montréal', province: 'Quebec', zip: 'H2X1Y4' })
    .where(eq(addresses.addressId, quebec.addressId));
  // The sessions of createBuyers may have been read before the address moved to Quebec.
  await ctx.app.services.sessions.refreshCustomer(quebec.customerId);
});

const FR = { 'accept-language': 'fr-CA,fr;q=0.9,en;q=0.8' };

describe('answers in the request’s language', () => {
  const signInWrong = (headers: Record<string, string> = {}) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers,
      payload: { username: 'C10001', password: 'Wrong@12345' },
    });

  it('a failed sign-in is answered in French with Accept-Language: fr or the lang cookie, else in English', async () => {
    const byHeader = await signInWrong(FR);
    expect(byHeader.statusCode).toBe(401);
    expect(byHeader.json().smessage).toBe(fr['msg.loginFailed']);
    expect(byHeader.json().smessage).toBe('Le numéro de client ou le mot de passe est incorrect.');
    const byCookie = await signInWrong({ cookie: 'lang=fr' });
    expect(byCookie.json().smessage).toBe(fr['msg.loginFailed']);
    // The cookie (the person's choice on the page) wins over the browser's language.
    const cookieWins = await signInWrong({ cookie: 'lang=en', ...FR });
    expect(cookieWins.json().smessage).toBe(en(MSG.loginFailed));
    const english = await signInWrong();
    expect(english.json().smessage).toBe(en(MSG.loginFailed));
    expect(english.headers.vary).toContain('Accept-Language');
  });

  it('an address error and its field errors are in French', async () => {
    const bad = { first_name: '', last_name: 'Martin', address_line_1: '1 Main St', city: 'Laval' };
    const french = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/address/create',
      headers: { cookie: c1, ...FR },
      payload: { addressInfo: bad },
    });
    expect(french.statusCode).toBe(400);
    expect(french.json().smessage).toBe(fr['account.addressInvalid']);
    expect(french.json().errors.first_name).toBe(fr['account.firstName']);
    const cookie = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/address/create',
      headers: { cookie: `${c1}; lang=fr` },
      payload: { addressInfo: bad },
    });
    expect(cookie.json().smessage).toBe(fr['account.addressInvalid']);
    const english = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/address/create',
      headers: { cookie: c1 },
      payload: { addressInfo: bad },
    });
    expect(english.json().smessage).toBe(en(ACCOUNT_MSG.addressInvalid));
    expect(english.json().errors.first_name).toBe(en(ACCOUNT_MSG.firstName));
  });

  it('a cart clamp says how many are left in French, with a plural', async () => {
    const item = [...ctx.app.services.catalog.items.values()].find(
      (p) => p.isActive && p.itemCondition === 'BrandNew' && p.stock > 1 && p.stock < 9000,
    )!;
    const add = (headers: Record<string, string>) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/user/cart/add',
        headers: { cookie: c1, ...headers },
        payload: {
          itemData: { item_id: item.itemId, item_condition: 'BrandNew', quantity: item.stock + 1 },
          is_replaced: true,
        },
      });
    const french = await add(FR);
    expect(french.statusCode).toBe(400);
    expect(french.json().smessage).toBe(`Il ne reste que ${item.stock} unités de cet article.`);
    const viaCookie = await add({ cookie: `${c1}; lang=fr` });
    expect(viaCookie.json().smessage).toBe(`Il ne reste que ${item.stock} unités de cet article.`);
    const english = await add({});
    expect(english.json().smessage).toBe(en(CART_MSG.clamped(item.stock)));
  });

  it('the API’s own messages are in French too (not found, order not found)', async () => {
    const missing = await ctx.app.inject({ method: 'GET', url: '/api/nothing-here', headers: FR });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().smessage).toBe('Introuvable.');
    const order = await ctx.app.inject({
      method: 'GET',
      url: '/api/user/C10001/orders/999999',
      headers: { cookie: c1, ...FR },
    });
    expect(order.json().smessage).toBe("Cette commande n'existe pas dans votre compte.");
  });
});

describe('the buyer’s own language', () => {
  it('POST /api/user/language keeps the choice: later requests without cookie or header are in French', async () => {
    const visitor = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/language',
      payload: { language: 'fr' },
    });
    expect(visitor.statusCode).toBe(401);
    const invalid = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/language',
      headers: { cookie: chooser.cookie },
      payload: { language: 'de' },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().smessage).toBe('The language must be en or fr.');

    const before = await ctx.app.inject({
      method: 'GET',
      url: `/api/user/${chooser.customerId}/orders/999999`,
      headers: { cookie: chooser.cookie },
    });
    expect(before.json().smessage).toBe('There is no such order in your account.');

    const chosen = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/language',
      headers: { cookie: chooser.cookie },
      payload: { language: 'fr' },
    });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json()).toMatchObject({ scode: 200, language: 'fr' });
    expect(chosen.json().smessage).toBe('Votre langue a été enregistrée.');
    expect(chosen.cookies.find((c) => c.name === 'lang')?.value).toBe('fr');
    const [row] = await ctx.database.db
      .select({ language: contacts.language })
      .from(contacts)
      .where(eq(contacts.contactPersonId, `CP${chooser.customerId}`));
    expect(row?.language).toBe('fr');

    const after = await ctx.app.inject({
      method: 'GET',
      url: `/api/user/${chooser.customerId}/orders/999999`,
      headers: { cookie: chooser.cookie },
    });
    expect(after.json().smessage).toBe("Cette commande n'existe pas dans votre compte.");

    // Back to English, also for the account.
    const back = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/language',
      headers: { cookie: chooser.cookie },
      payload: { language: 'en' },
    });
    expect(back.json().smessage).toBe('Your language has been saved.');
    const english = await ctx.app.inject({
      method: 'GET',
      url: `/api/user/${chooser.customerId}/orders/999999`,
      headers: { cookie: chooser.cookie },
    });
    expect(english.json().smessage).toBe('There is no such order in your account.');
  });

  it('signing in stores the language the buyer signed in with when they had none', async () => {
    await ctx.database.db.update(contacts).set({ language: null }).where(eq(contacts.username, 'C10002'));
    const [before] = await ctx.database.db
      .select({ id: contacts.contactPersonId, language: contacts.language })
      .from(contacts)
      .where(eq(contacts.username, 'C10002'));
    expect(before?.language).toBeNull();
    const signedIn = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: FR,
      payload: { username: 'C10002', password: DEMO.C10002.password },
    });
    expect(signedIn.statusCode).toBe(200);
    const [after] = await ctx.database.db
      .select({ language: contacts.language })
      .from(contacts)
      .where(eq(contacts.contactPersonId, before!.id));
    expect(after?.language).toBe('fr');
    await ctx.database.db
      .update(contacts)
      .set({ language: null })
      .where(eq(contacts.contactPersonId, before!.id));
  });
});

/** The order request for one BrandNew item, its totals taxed for the buyer's province. */
function orderBody(buyer: Buyer, province: 'Quebec' | 'Ontario', po: string) {
  const body = checkoutBody(buyer, product, 1, { po });
  const totals = orderTotals(
    [
      {
        item_condition: 'BrandNew',
        is_sale: product.isSale,
        price: personalPrice(product.priceCents, 15),
        sale_price: personalPrice(product.salePriceCents, 15),
        scratch_dent_price: personalPrice(product.scratchDentPriceCents, 15),
        quantity: 1,
      },
    ],
    seededComponents(province),
  );
  return {
    ...body,
    orderInfo: {
      ...body.orderInfo,
      subtotal: totals.subtotal / 100,
      items_tax: totals.tax / 100,
      total: totals.total / 100,
    },
  };
}

async function order(buyer: Buyer, province: 'Quebec' | 'Ontario', po: string) {
  const added = await ctx.app.inject({
    method: 'POST',
    url: '/api/user/cart/add',
    headers: { cookie: buyer.cookie },
    payload: cartAddBody(buyer, product.itemId, 1),
  });
  expect(added.statusCode, added.body).toBe(200);
  const placed = await ctx.app.inject({
    method: 'POST',
    url: '/api/placeorder',
    headers: { cookie: buyer.cookie },
    payload: orderBody(buyer, province, po),
  });
  expect(placed.statusCode, placed.body).toBe(200);
  return placed.json() as { orderId: number; orderNumber: string };
}

const mailTo = (buyer: Buyer, text: string) =>
  sink.received.find((m) => m.to.includes(buyer.email) && m.text.includes(text));

async function invoicePdf(buyer: Buyer, invoiceId: number, headers: Record<string, string> = {}) {
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/api/user/${buyer.customerId}/invoices/${invoiceId}/pdf`,
    headers: { cookie: buyer.cookie, ...headers },
  });
  expect(response.statusCode).toBe(200);
  return (await pdfText(response.rawPayload)).replace(/\u00a0/g, ' ');
}

describe('a company billed in Quebec', () => {
  it('gets its order mail, invoice mail and invoice PDF in French', async () => {
    const placed = await order(quebec, 'Quebec', 'PO-QC-1');
    await waitFor('the French confirmation', () => !!mailTo(quebec, placed.orderNumber));
    const confirmation = mailTo(quebec, placed.orderNumber)!;
    expect(confirmation.text).toContain(`Bonjour ${quebec.name},`);
    expect(confirmation.text).toContain(
      `Merci pour votre commande ${placed.orderNumber}, bon de commande PO-QC-1`,
    );
    expect(confirmation.text).toContain('Sous-total\u00a0:');
    // GST and QST each on a line of its own, by their French names.
    expect(confirmation.text).toMatch(/Taxes \(TPS 5\u00a0%\)\u00a0: [\d\u00a0]+,\d\d\u00a0\$/);
    expect(confirmation.text).toMatch(/Taxes \(TVQ 9,975\u00a0%\)\u00a0: [\d\u00a0]+,\d\d\u00a0\$/);
    expect(confirmation.text).not.toContain('Thank you');
    // The shop's inbox keeps its English notice.
    await waitFor('the shop notice', () =>
      sink.received.some((m) => m.to.includes('orders@shop.example') && m.text.includes(placed.orderNumber)),
    );

    const invoice = await createInvoice(ctx.database.db, ctx.config.SHOP_TIME_ZONE, placed.orderNumber, 1500);
    ctx.app.services.mailer.kick();
    await waitFor(
      'the French invoice mail',
      () => !!mailTo(quebec, `Votre facture ${invoice.invoiceNumber}`),
    );
    expect(mailTo(quebec, `Votre facture ${invoice.invoiceNumber}`)!.text).toContain(
      'Livraison\u00a0: 15,00\u00a0$.',
    );

    // The session now knows the buyer's language: the PDF is French without any cookie or header.
    const text = await invoicePdf(quebec, invoice.invoiceId);
    for (const expected of [
      'FACTURE',
      'Numéro de facture',
      'Facturer à',
      'TPS 5 %',
      'TVQ 9,975 %',
      'Livraison (Standard)',
      'Merci de votre confiance.',
      'Montréal',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('INVOICE');
    // Asked for in English, it is English.
    const english = await invoicePdf(quebec, invoice.invoiceId, { cookie: `${quebec.cookie}; lang=en` });
    expect(english).toContain('INVOICE');
  });

  it('a company with no Quebec address stays in English', async () => {
    const placed = await order(ontario, 'Ontario', 'PO-ON-1');
    await waitFor('the English confirmation', () => !!mailTo(ontario, placed.orderNumber));
    const confirmation = mailTo(ontario, placed.orderNumber)!;
    expect(confirmation.text).toContain(`Hello ${ontario.name},`);
    expect(confirmation.text).toContain(
      `Thank you for your order ${placed.orderNumber}, purchase order PO-ON-1`,
    );
    const invoice = await createInvoice(ctx.database.db, ctx.config.SHOP_TIME_ZONE, placed.orderNumber, 1500);
    ctx.app.services.mailer.kick();
    await waitFor(
      'the English invoice mail',
      () => !!mailTo(ontario, `Your invoice ${invoice.invoiceNumber}`),
    );
    const text = await invoicePdf(ontario, invoice.invoiceId);
    expect(text).toContain('INVOICE');
    expect(text).toContain('HST 13 %');
    expect(text).toContain('Shipping (Standard)');
    expect(text).not.toContain('FACTURE');
  });
});

describe('people who are not customers yet', () => {
  it('an applicant’s rejection and a contact-form reply are in the language they wrote in', async () => {
    const owner = await staffSignIn(ctx.app, OWNER.email, OWNER.password);
    const email = uniqueEmail('claire');
    const applied = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/register',
      remoteAddress: clientAddress(),
      headers: FR,
      payload: {
        company: 'Boulangerie Tremblay',
        contactName: 'Claire Tremblay',
        email,
        phoneNumber: '5145550100',
        province: 'Quebec',
        message: 'Bonjour',
      },
    });
    expect(applied.statusCode).toBe(200);
    expect(applied.json().smessage).toBe(fr['application.received']);
    const list = await call(ctx.app, 'GET', '/api/admin/applications', owner);
    const application = list.body.applications.items.find((a: { email: string }) => a.email === email);
    const rejected = await call(
      ctx.app,
      'POST',
      `/api/admin/applications/${application.application_id}/reject`,
      owner,
      { reason: 'Nous vendons aux entreprises inscrites seulement.' },
    );
    expect(rejected.status).toBe(200);
    // The applicant was first told the application arrived; the rejection is the mail with the reason.
    const isRejection = (m: { to: string[]; text: string }) =>
      m.to.includes(email) && m.text.includes('Motif');
    await waitFor('the rejection', () => !!sink.received.find(isRejection));
    const rejection = sink.received.find(isRejection)!;
    expect(rejection.text).toContain('Bonjour Claire Tremblay,');
    expect(rejection.text).toContain('Nous ne pouvons pas vous ouvrir de compte pour le moment.');
    expect(rejection.text).toContain('Motif\u00a0: Nous vendons aux entreprises inscrites seulement.');

    const asker = uniqueEmail('luc');
    const sent = await ctx.app.inject({
      method: 'POST',
      url: '/api/zoho/sendemail',
      remoteAddress: clientAddress(),
      headers: { cookie: 'lang=fr' },
      payload: {
        fullName: 'Luc Gagnon',
        phoneNumber: '4185550111',
        email: asker,
        orderNumber: 'SO-000042',
        questions: 'Le clavier est-il bilingue?',
      },
    });
    expect(sent.json().smessage).toBe(fr['msg.contactSent']);
    const inbox = await call(ctx.app, 'GET', '/api/admin/contact-messages?status=new', owner);
    const message = inbox.body.messages.items.find((m: { email: string }) => m.email === asker);
    await call(ctx.app, 'POST', `/api/admin/contact-messages/${message.id}/reply`, owner, {
      body: 'Oui, le modèle canadien a un clavier bilingue.',
    });
    await waitFor('the reply', () => !!sink.received.find((m) => m.to.includes(asker)));
    const reply = sink.received.find((m) => m.to.includes(asker))!;
    expect(reply.text).toContain('Bonjour Luc Gagnon,');
    expect(reply.text).toMatch(/Vous avez écrit le \d{4}-\d\d-\d\d\u00a0:/);
  });
});

describe('the page and the product export', () => {
  it('serves the page’s title and description in its language', () => {
    const page = new PageHtml(
      '<html lang="en"><head><meta name="description" content="Acer Store for business" /><title>Acer Store</title></head><body></body></html>',
      null,
    );
    expect(page.for('/acer', 'fr')).toContain('<html lang="fr"');
    expect(page.for('/acer', 'fr')).toContain('<title>Boutique Acer</title>');
    expect(page.for('/acer', 'fr')).toContain('content="Boutique Acer pour les entreprises');
    expect(page.for('/acer', 'en')).toContain('<title>Acer Store</title>');
  });

  it('names the CSV export’s columns in the request’s language; prices stay numbers', async () => {
    const french = await ctx.app.inject({
      method: 'GET',
      url: '/api/export.csv',
      headers: { cookie: c1, ...FR },
    });
    const [header, first] = french.body.split('\r\n');
    expect(header).toBe('Modèle,SKU,Catégorie,Stock,Stock É&B,Prix,Prix soldé,Prix É&B');
    expect(first).toMatch(/,\d+\.\d\d,\d+\.\d\d,\d+\.\d\d$/);
    const english = await ctx.app.inject({ method: 'GET', url: '/api/export.csv', headers: { cookie: c1 } });
    expect(english.body.split('\r\n')[0]).toBe(
      'Product Model,SKU,Category,Stock,S&D Stock,Price,Sale Price,S&D Price',
    );
  });
});
