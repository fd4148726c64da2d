import { beforeAll, describe, expect, it } from 'vitest';
import { addresses } from '../../db/schema';
import { DEMO, signIn, useTestApp } from '../../test/harness';
import { pdfText } from '../../test/pdf-text';
import { invoiceDocument, renderInvoicePdf, sellerOf } from './pdf';
import { createInvoice } from './service';

const ctx = useTestApp({
  SHOP_TAX_NUMBER: '87654 3210 RT0001',
  SHOP_LEGAL_NAME: 'Northern Test Traders Ltd.',
});
let cookie = '';
let invoiceId = 0;
let invoiceNumber = '';
let total = 0;

beforeAll(async () => {
  cookie = await signIn(ctx.app, DEMO.C10001.username, DEMO.C10001.password);
  const item = [...ctx.app.services.catalog.items.values()].find(
    (p) => p.isActive && p.itemCondition === 'BrandNew' && !p.isSale && p.stock > 2,
  )!;
  const [address] = await ctx.database.db
    .insert(addresses)
    .values({
      customerId: 'C10001',
      firstName: 'Olivia',
      lastName: 'Martin',
      companyName: 'Northwind Systems Inc.',
      addressLine1: '10 King St W',
      city: 'Toronto',
      province: 'Ontario',
      zip: 'M5H1A1',
      phoneNumber: '4165550101',
    })
    .returning({ id: addresses.addressId });
  await ctx.app.inject({
    method: 'POST',
    url: '/api/user/cart/add',
    headers: { cookie },
    payload: { itemData: { item_id: item.itemId, item_condition: 'BrandNew', quantity: 2 } },
  });
  const unit = Math.floor((item.priceCents * 115) / 100 + 0.5 + 1e-9);
  const subtotal = unit * 2;
  const tax = Math.floor((subtotal * 13) / 100 + 0.5 + 1e-9);
  const placed = await ctx.app.inject({
    method: 'POST',
    url: '/api/placeorder',
    headers: { cookie },
    payload: {
      orderInfo: {
        shipping_address_id: address!.id,
        billing_address_id: address!.id,
        line_items: [{ item_id: item.itemId, item_condition: 'BrandNew', quantity: 2 }],
        subtotal: subtotal / 100,
        items_tax: tax / 100,
        total: (subtotal + tax) / 100,
        purchase_order_id: 'PO-PDF-4711',
        shipping_method: 'Standard',
      },
    },
  });
  const invoice = await createInvoice(
    ctx.database.db,
    ctx.config.SHOP_TIME_ZONE,
    placed.json().orderNumber,
    2500,
    [{ name: 'Recycling fee', cents: 500 }],
  );
  invoiceId = invoice.invoiceId;
  invoiceNumber = invoice.invoiceNumber;
  total = invoice.total;
});

describe('the invoice PDF', () => {
  it('carries the seller, tax number, terms, invoice and PO numbers, addresses, lines and total', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/user/C10001/invoices/${invoiceId}/pdf`,
      headers: { cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="${invoiceNumber}.pdf"`);
    const text = await pdfText(response.rawPayload);
    for (const expected of [
      'Northern Test Traders Ltd.',
      'GST/HST registration number: 87654 3210 RT0001',
      'Payment terms',
      'Net 30',
      'Due date',
      invoiceNumber,
      'PO-PDF-4711',
      'Northwind Systems Inc.',
      '10 King St W',
      'Recycling fee',
      'HST 13 %',
      `$${total.toLocaleString('en-CA', { minimumFractionDigits: 2 })}`,
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('bills the company by name and customer id with the attention line, and writes postal codes as Canada Post does', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/user/C10001/invoices/${invoiceId}/pdf`,
      headers: { cookie },
    });
    const text = await pdfText(response.rawPayload);
    // Bill to: the company, its customer id, whom it is for; the address's company line is not said twice.
    expect(text).toMatch(
      /Bill to\s+Ship to\s+Northwind Systems Inc\.\s+Customer ID: C10001\s+Attn: Olivia Martin\s+10 King St W\s+Toronto, Ontario M5H 1A1/,
    );
    expect(text.match(/Northwind Systems Inc\./g)).toHaveLength(2);
    expect(text).toContain('Toronto, Ontario M5H 1A1');
    expect(text).not.toContain('M5H1A1');
    // The line's condition by its name.
    expect(text).toContain('(Brand new)');
    expect(text).not.toContain('BrandNew');
    // The invoice's page names the same company.
    const page = await ctx.app.inject({
      method: 'GET',
      url: `/api/user/C10001/invoices/${invoiceId}`,
      headers: { cookie },
    });
    expect(page.json().orderInfo.order.bill_to).toEqual({
      customer_id: 'C10001',
      company: 'Northwind Systems Inc.',
    });
    expect(page.json().orderInfo.billingAddress.zip).toBe('M5H1A1');
  });

  it('is only for the invoice’s own customer', async () => {
    const other = await signIn(ctx.app, DEMO.C10002.username, DEMO.C10002.password);
    const theirs = await ctx.app.inject({
      method: 'GET',
      url: `/api/user/C10001/invoices/${invoiceId}/pdf`,
      headers: { cookie: other },
    });
    expect(theirs.statusCode).toBe(403);
    const own = await ctx.app.inject({
      method: 'GET',
      url: `/api/user/C10002/invoices/${invoiceId}/pdf`,
      headers: { cookie: other },
    });
    expect(own.statusCode).toBe(404);
    const visitor = await ctx.app.inject({
      method: 'GET',
      url: `/api/user/C10001/invoices/${invoiceId}/pdf`,
    });
    expect(visitor.statusCode).toBe(401);
  });
});

describe('the invoice PDF in French', () => {
  it('is written in French: labels, payment terms, condition and province', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/user/C10001/invoices/${invoiceId}/pdf`,
      headers: { cookie: `${cookie}; lang=fr` },
    });
    expect(response.statusCode).toBe(200);
    const text = (await pdfText(response.rawPayload)).replace(/[\u00a0\u202f]/g, ' ');
    for (const expected of [
      'FACTURE',
      'Conditions de paiement',
      'Net 30 jours',
      "Date d'échéance",
      'Facturer à',
      'Expédier à',
      '(Neuf)',
      'Toronto, Ontario M5H 1A1',
      'Numéro de client : C10001',
      'À l’attention de : Olivia Martin',
      'Sous-total',
      'Total ($ CA)',
      'Merci de votre confiance.',
    ])
      expect(text).toContain(expected);
    for (const english of ['Payment terms', 'Due date', 'Bill to', 'Ship to', 'Brand New', 'BrandNew'])
      expect(text).not.toContain(english);
    expect(text).not.toMatch(/Net 30(?! jours)/);
  });

  it('names a Quebec address Québec, and due on receipt as the French say it', async () => {
    const doc = (await invoiceDocument(ctx.database.db, 'C10001', invoiceId))!;
    const inQuebec = {
      ...doc,
      terms: 'due_on_receipt',
      billTo: { ...doc.billTo, city: 'Montréal', province: 'Quebec', zip: 'H2Y1C6' },
      shipTo: { ...doc.shipTo, city: 'Montréal', province: 'Quebec', zip: 'H2Y1C6' },
    };
    const text = await pdfText(await renderInvoicePdf(inQuebec, sellerOf(ctx.config), 'fr'));
    expect(text).toContain('Montréal, Québec H2Y 1C6');
    expect(text).not.toContain('Quebec');
    expect(text).toContain('Payable sur réception');
    const english = await pdfText(await renderInvoicePdf(inQuebec, sellerOf(ctx.config), 'en'));
    expect(english).toContain('Montréal, Quebec H2Y 1C6');
  });
});
