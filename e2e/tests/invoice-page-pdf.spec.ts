/**
 * The invoice's page and its PDF say the same: every figure and label the buyer reads on the page (subtotal,
 * shipping, fees, other charges, each tax with what it taxed, total, paid, balance, the lines' amounts, the
 * seller's legal name and tax numbers, invoice date, payment terms, due date) is in the PDF's text, and every
 * amount of the PDF is on the page; in English and in French. The invoice is this test's own: a British
 * Columbia order (GST and PST), invoiced in the back office with shipping, a fee line and a line without
 * provincial tax, so PST taxes less than GST and both name what it taxed.
 */
import { readFile } from 'node:fs/promises';
import { call, createCustomer, createProduct, expect, test, uid } from '../admin-fixtures';
import { pdfText, shopContext } from '../company-fixtures';
import type { Page } from '../fixtures';

/** Text as both sides are compared: one kind of space and of apostrophe, runs of spaces as one. */
const plain = (text: string) =>
  text
    .replace(/[\u00a0\u202f]/g, ' ')
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/\s+/g, ' ')
    .trim();

/** Amounts of money as either language writes them: $1,234.56 or 1 234,56 $ (with a minus for a credit). */
const MONEY = /-?\$\d{1,3}(?:,\d{3})*\.\d{2}|-?\d{1,3}(?: \d{3})*,\d{2} \$/g;

/** The term/value pairs of a description list on the page. */
async function pairs(page: Page, selector: string): Promise<[string, string][]> {
  const list = page.locator(selector);
  await expect(list).toBeVisible();
  return list.evaluate((dl) => {
    const out: [string, string][] = [];
    for (const dt of Array.from(dl.querySelectorAll('dt'))) {
      const dd = dt.nextElementSibling;
      if (dd?.tagName === 'DD') out.push([dt.textContent ?? '', dd.textContent ?? '']);
    }
    return out;
  });
}

/** Reads the invoice page as the buyer sees it, downloads its PDF, and checks one against the other. */
async function comparePageAndPdf(page: Page, invoiceNumber: string, expected: string[]) {
  const totals = (await pairs(page, '.order__totals')).map(([k, v]) => [plain(k), plain(v)] as const);
  const facts = new Map(
    (await pairs(page, 'dl.order__facts:not(.order__more)')).map(([k, v]) => [plain(k), plain(v)]),
  );
  const seller = (await page.locator('.order__seller p').innerText()).split('\n').map(plain).filter(Boolean);
  const lineAmounts = (
    await page
      .locator('.order__lines td.order__line-rate, .order__lines td.order__line-amount')
      .allInnerTexts()
  ).map(plain);

  const link = page.locator(`a[download="${invoiceNumber}.pdf"]`);
  const [download] = await Promise.all([page.waitForEvent('download'), link.first().click()]);
  expect(download.suggestedFilename()).toBe(`${invoiceNumber}.pdf`);
  const pdf = plain(await pdfText(await readFile((await download.path())!)));

  // The page has every figure the acceptance names.
  for (const label of expected) expect(totals.map(([k]) => k)).toContain(label);
  expect(totals.length).toBeGreaterThanOrEqual(expected.length);

  // Each total's label and amount of the page is in the PDF.
  for (const [label, amount] of totals) {
    expect(pdf, `the PDF has the page's "${label}"`).toContain(label);
    expect(pdf, `the PDF has the page's ${label}: ${amount}`).toContain(amount);
    expect(amount).toMatch(MONEY);
  }
  // The lines' unit prices and amounts.
  expect(lineAmounts.length).toBeGreaterThanOrEqual(6);
  for (const amount of lineAmounts) expect(pdf).toContain(amount);
  // Invoice date, payment terms and due date, labels and values.
  expect(facts.size).toBeGreaterThan(0);
  return { totals, facts, seller, lineAmounts, pdf };
}

/** Checks the facts the PDF must share with the page, by their labels in the page's language. */
function expectFacts(pdf: string, facts: Map<string, string>, labels: string[]) {
  for (const label of labels) {
    const value = facts.get(label);
    expect(value, `the page shows ${label}`).toBeTruthy();
    expect(pdf, `the PDF has the page's "${label}"`).toContain(label);
    expect(pdf, `the PDF has the page's ${label}: ${value}`).toContain(value!);
  }
}

test("the invoice's page and its PDF show the same figures, in English and in French", async ({
  adminPage,
  browser,
  baseURL,
}) => {
  const staff = adminPage.request;
  const product = await createProduct(staff, { stock: 40, price: '100.00' });
  const customer = await createCustomer(staff, { percentage: 20 });
  const shop = await shopContext(browser, baseURL, customer.customerId, customer.password);
  await shop.addCookies([{ name: 'lang', value: 'en', url: baseURL! }]);
  const { addresses } = await call<{ addresses: { address_id: number; address_line_1: string }[] }>(
    shop.request,
    'POST',
    '/api/user/address/create',
    {
      addressInfo: {
        customer_id: customer.customerId,
        first_name: customer.firstName,
        last_name: customer.lastName,
        company_name: customer.company,
        phone_number: '6045550199',
        address_line_1: '800 Robson St',
        address_line_2: '',
        city: 'Vancouver',
        province: 'British Columbia',
        zip: 'V6Z3B7',
        country: 'Canada',
      },
    },
  );
  const addressId = addresses.find((a) => a.address_line_1 === '800 Robson St')!.address_id;
  await call(shop.request, 'POST', '/api/user/cart/add', {
    itemData: { item_id: product.item_id, item_condition: 'BrandNew', quantity: 4 },
  });
  // 4 x $120.00 ($100.00 with the company's 20 %), GST 5 % and PST 7 %.
  const subtotal = 4 * 12_000;
  const tax = Math.round(subtotal * 0.05) + Math.round(subtotal * 0.07);
  const po = `PO-BC-${uid()}`.toUpperCase();
  const placed = await call<{ orderId: number }>(shop.request, 'POST', '/api/placeorder', {
    orderInfo: {
      customer_id: customer.customerId,
      shipping_address_id: addressId,
      billing_address_id: addressId,
      created_time: new Date().toISOString(),
      line_items: [{ item_id: product.item_id, item_condition: 'BrandNew', quantity: 4 }],
      subtotal: subtotal / 100,
      items_tax: tax / 100,
      total: (subtotal + tax) / 100,
      purchase_order_id: po,
      shipping_method: 'Standard',
    },
    checkout_key: `e2e-invoice-pdf-${po}`,
  });

  // The seller invoices it: shipping, an environmental handling fee, and a line without provincial tax.
  await call(staff, 'POST', `/api/admin/orders/${placed.orderId}/invoice`, {
    shipping: '15.00',
    fees: 'given',
    lines: [
      {
        name: 'Environmental handling fee: Computer peripherals (British Columbia)',
        amount: '0.50',
        quantity: 4,
        kind: 'fee',
      },
      { name: 'Rush handling', amount: '12.50', kind: 'other', provincial_tax: false },
    ],
  });
  const { orderInfo } = await call<{ orderInfo: { order: { invoice_id: number; invoice_number: string } } }>(
    shop.request,
    'GET',
    `/api/user/${customer.customerId}/orders/${placed.orderId}`,
  );
  const { invoice_id: invoiceId, invoice_number: invoiceNumber } = orderInfo.order;

  const page = await shop.newPage();
  await page.goto(`/acer/invoice/${invoiceId}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Invoice ${invoiceNumber}`);

  // English.
  const en = await comparePageAndPdf(page, invoiceNumber, [
    'Subtotal',
    'Shipping',
    'Environmental handling fees',
    'Other charges',
    'GST 5 %',
    'PST 7 % on $497.00',
    'Total',
    'Paid',
    'Balance due',
  ]);
  expectFacts(en.pdf, en.facts, ['Invoice date', 'Payment terms', 'Due date']);
  expect(en.facts.get('Invoice date')).toMatch(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
  expect(en.facts.get('Due date')).toMatch(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
  expect(en.seller).toEqual([
    'Acer Store for Business Inc.',
    'GST/HST registration number: 12345 6789 RT0001',
    'QST registration number: 1234567890 TQ0001',
  ]);
  for (const line of en.seller) expect(en.pdf).toContain(line);
  // Bill to, as a bookkeeper reads it: the company and its customer id, whom it is for, the postal code
  // with its space (kept as V6Z3B7); the page says the same. The line's condition by its name.
  const billTo = [
    customer.company,
    `Customer ID: ${customer.customerId}`,
    `Attn: ${customer.firstName} ${customer.lastName}`,
    '800 Robson St',
    'Vancouver, British Columbia V6Z 3B7',
  ];
  expect(en.pdf).toContain(`Bill to Ship to ${billTo.join(' ')}`);
  expect(en.pdf).not.toContain('V6Z3B7');
  const billing = page
    .locator('.order__address')
    .filter({ has: page.getByRole('heading', { name: 'Bill to' }) });
  expect((await billing.locator('address').innerText()).split('\n').map(plain)).toEqual([
    ...billTo,
    'Canada',
    '6045550199',
  ]);
  expect(en.pdf).toContain(`(Brand new)`);
  expect(en.pdf).not.toContain('BrandNew');
  await expect(page.locator('.order__lines tbody tr').first().getByRole('cell').nth(2)).toHaveText(
    'Brand new',
  );
  await expect(page.locator('.order')).not.toContainText('BrandNew');
  // The other way: every amount of the PDF is on the page.
  const pageText = plain(await page.locator('.order').innerText());
  const pdfAmounts = en.pdf.match(MONEY) ?? [];
  expect(pdfAmounts.length).toBeGreaterThanOrEqual(14);
  for (const amount of pdfAmounts) expect(pageText, `the page has the PDF's ${amount}`).toContain(amount);
  // The figures themselves: 4 x $120.00, shipping, 4 x $0.50, $12.50 without PST.
  const value = (label: string) => en.totals.find(([k]) => k === label)?.[1];
  expect(value('Subtotal')).toBe('$480.00');
  expect(value('Shipping')).toBe('$15.00');
  expect(value('Environmental handling fees')).toBe('$2.00');
  expect(value('Other charges')).toBe('$12.50');
  expect(value('GST 5 %')).toBe('$25.48'); // 5 % of $509.50, rounded half up
  expect(value('PST 7 % on $497.00')).toBe('$34.79');
  expect(value('Total')).toBe('$569.77');
  expect(value('Paid')).toBe('$0.00');
  expect(value('Balance due')).toBe('$569.77');

  // French: the page and the PDF in French, the same figures.
  await shop.addCookies([{ name: 'lang', value: 'fr', url: baseURL! }]);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  const fr = await comparePageAndPdf(page, invoiceNumber, [
    'Sous-total',
    'Livraison',
    'Frais de gestion environnementale',
    'Autres frais',
    'TPS 5 %',
    'TVP 7 % sur 497,00 $',
    'Total',
    'Payé',
    'Solde dû',
  ]);
  expectFacts(fr.pdf, fr.facts, ['Date de la facture', 'Conditions de paiement', "Date d'échéance"]);
  expect(fr.facts.get('Date de la facture')).toMatch(/^\d{1,2}(?:er)? [a-zéû]+ \d{4}$/);
  for (const line of fr.seller) expect(fr.pdf).toContain(line);
  expect(fr.pdf).toContain(`Numéro de client : ${customer.customerId}`);
  expect(fr.pdf).toContain('Vancouver, Colombie-Britannique V6Z 3B7');
  expect(fr.pdf).toContain('(Neuf)');
  const pageTextFr = plain(await page.locator('.order').innerText());
  for (const amount of fr.pdf.match(MONEY) ?? []) expect(pageTextFr).toContain(amount);
  expect(fr.totals.find(([k]) => k === 'Total')?.[1]).toBe('569,77 $');
  await shop.close();
});
