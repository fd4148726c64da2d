/**
 * What is owed (issue 4): the seller records a part payment on a buyer's invoice in Receivables, the buyer's
 * statement shows the invoice open with what is left, in the current aging bucket, and its PDF holds the
 * balance; the seller records the rest and the statement shows it paid. Each test makes its own customer,
 * product and order.
 */
import type { APIRequestContext, Browser } from '@playwright/test';
import { todayIn } from '@shop/domain/core/days';
import { DEFAULT_SHOP_TIME_ZONE } from '@shop/domain/core/shop-time-zone';
import { ADMIN, call, createCustomer, createProduct, expect, test, uid } from '../admin-fixtures';
import { addAddress, invoiceOrder, orderTo, pdfText, shopContext } from '../company-fixtures';
import { expectNoSeriousA11y, money, type Page } from '../fixtures';

/** The cells of the statement's row of an invoice, in a table of the page. */
const invoiceRow = (page: Page, table: string, invoiceNumber: string) =>
  page.locator(table).getByRole('row').filter({ hasText: invoiceNumber });

/** A customer of this test with an order of two $40 mice, invoiced with $10.00 of shipping. */
async function invoicedOrder(staff: APIRequestContext, browser: Browser, baseURL: string | undefined) {
  const product = await createProduct(staff, { price: '40.00', stock: 40 });
  const customer = await createCustomer(staff);
  const shop = await shopContext(browser, baseURL, customer.customerId, customer.password);
  const addressId = await addAddress(shop.request, customer);
  const po = `PO-${uid()}`.toUpperCase();
  const order = await orderTo(
    shop.request,
    customer.customerId,
    addressId,
    [{ item_id: product.item_id, quantity: 2 }],
    po,
  );
  const invoice = await invoiceOrder(staff, shop.request, customer.customerId, order.orderId, '10.00');
  return { customer, shop, order, po, invoice };
}

/** The seller's search of Receivables for the customer: the company's row. */
async function receivablesRow(seller: Page, customer: { customerId: string; company: string }) {
  await seller.goto(`${ADMIN}/receivables`);
  await seller.getByLabel('Search').fill(customer.customerId);
  await seller.getByRole('button', { name: 'Show' }).click();
  await expect(seller).toHaveURL(new RegExp(`q=${customer.customerId}`));
  return seller.getByRole('row').filter({ hasText: customer.company });
}

const PART = 5000;

// A part payment, then the rest, in two tests: each makes its own customer and invoice.
test('a part payment: the buyer’s statement shows the invoice open with what is left, its aging and PDF too', async ({
  adminPage: seller,
  browser,
  baseURL,
}) => {
  const { customer, shop, order, po, invoice } = await invoicedOrder(seller.request, browser, baseURL);
  const part = PART;
  const rest = invoice.total - part;

  // The seller finds the company in Receivables: all of the invoice is owed, not yet due.
  const company = await receivablesRow(seller, customer);
  await expect(company.getByRole('cell').nth(4)).toHaveText(money(invoice.total));
  await expect(company.getByRole('cell').nth(6)).toHaveText(money(invoice.total));
  await company.getByRole('link', { name: `Invoices and payments of ${customer.company}` }).click();

  // A part payment.
  const card = seller.locator(`[data-invoice="${invoice.invoiceNumber}"]`);
  await expect(card.getByRole('heading', { level: 3 })).toHaveText(`${invoice.invoiceNumber} · Open`);
  await card.getByLabel('Amount ($)').fill('50.00');
  await card.getByLabel('Method').selectOption('eft');
  await card.getByLabel('Reference').fill('EFT 20417');
  await card.getByRole('button', { name: 'Record payment' }).click();
  await expect(card.getByRole('status')).toHaveText(
    `A payment of $50.00 has been recorded on invoice ${invoice.invoiceNumber}; ${money(rest)} is left to pay.`,
  );
  await expect(card.getByTestId('invoice-balance')).toHaveText(money(rest));
  await expect(card.getByRole('row').filter({ hasText: 'EFT 20417' }).getByRole('cell').nth(1)).toHaveText(
    '$50.00',
  );
  await expectNoSeriousA11y(seller);

  // The buyer's statement: open, with what is left, in the current bucket.
  const buyer = await shop.newPage();
  await buyer.goto('/acer/account/orders');
  await buyer
    .getByRole('navigation', { name: 'Account', exact: true })
    .getByRole('link', { name: 'Statement' })
    .click();
  await expect(buyer).toHaveURL(/\/acer\/account\/statement$/);
  await expect(buyer.getByRole('heading', { level: 1 })).toHaveText('Statement of account');
  await expect(buyer.getByTestId('statement-balance')).toHaveText(money(rest));
  await expect(buyer.getByTestId('statement-overdue')).toHaveText(money(0));
  await expect(buyer.locator('[data-bucket="current"]')).toHaveText(money(rest));
  for (const bucket of ['days_1_30', 'days_31_60', 'days_61_90', 'over_90'])
    await expect(buyer.locator(`[data-bucket="${bucket}"]`)).toHaveText(money(0));
  const open = invoiceRow(buyer, '#statement-open-invoices', invoice.invoiceNumber);
  await expect(open.getByRole('cell')).toHaveText([
    invoice.invoiceNumber,
    order.orderNumber,
    po,
    /\d{4}/,
    /\d{4}/,
    money(invoice.total),
    money(part),
    money(rest),
    'Open',
  ]);
  await expect(open.getByRole('link', { name: invoice.invoiceNumber })).toHaveAttribute(
    'href',
    `/acer/invoice/${invoice.invoiceId}`,
  );
  await expect(buyer.getByText('No invoice has been paid yet.')).toBeVisible();
  await expectNoSeriousA11y(buyer);

  // Its PDF holds the balance.
  const pdfLink = buyer.getByRole('link', { name: 'Download PDF' });
  await expect(pdfLink).toHaveAttribute('href', `/api/user/${customer.customerId}/statement.pdf`);
  const pdf = await shop.request.get(`/api/user/${customer.customerId}/statement.pdf`);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  const openText = await pdfText(await pdf.body());
  expect(openText).toContain('Balance due');
  expect(openText).toContain(money(rest));
  expect(openText).toContain(invoice.invoiceNumber);
  await shop.close();
});

test('the rest paid: the invoice takes no more payments and the buyer’s statement and PDF show it paid', async ({
  adminPage: seller,
  browser,
  baseURL,
}) => {
  const { customer, shop, invoice } = await invoicedOrder(seller.request, browser, baseURL);
  // The part payment the test above records in the page.
  await call(seller.request, 'POST', `/api/admin/invoices/${invoice.invoiceId}/payments`, {
    amount: (PART / 100).toFixed(2),
    received_on: todayIn(DEFAULT_SHOP_TIME_ZONE),
    method: 'eft',
    reference: 'EFT 20417',
  });
  const rest = invoice.total - PART;
  const company = await receivablesRow(seller, customer);
  await company.getByRole('link', { name: `Invoices and payments of ${customer.company}` }).click();
  const card = seller.locator(`[data-invoice="${invoice.invoiceNumber}"]`);
  await expect(card.getByTestId('invoice-balance')).toHaveText(money(rest));
  const buyer = await shop.newPage();
  await buyer.goto('/acer/account/statement');
  await expect(buyer.getByTestId('statement-balance')).toHaveText(money(rest));

  // The seller records the rest: the invoice is paid and takes no more payments.
  await card.getByLabel('Amount ($)').fill((rest / 100).toFixed(2));
  await card.getByRole('button', { name: 'Record payment' }).click();
  await expect(card.getByRole('heading', { level: 3 })).toHaveText(`${invoice.invoiceNumber} · Paid`);
  await expect(card.getByTestId('invoice-balance')).toHaveText(money(0));
  await expect(card.getByRole('button', { name: 'Record payment' })).toHaveCount(0);

  // The statement shows it paid.
  await buyer.reload();
  await expect(buyer.getByTestId('statement-balance')).toHaveText(money(0));
  await expect(buyer.locator('[data-bucket="current"]')).toHaveText(money(0));
  await expect(buyer.getByText('No invoice is open: nothing is owed.')).toBeVisible();
  const paid = invoiceRow(buyer, '#statement-paid-invoices', invoice.invoiceNumber);
  await expect(paid.getByRole('cell').nth(6)).toHaveText(money(invoice.total));
  await expect(paid.getByRole('cell').nth(7)).toHaveText(money(0));
  await expect(paid.getByRole('cell').nth(8)).toHaveText('Paid');
  const paidPdf = await pdfText(
    await (await shop.request.get(`/api/user/${customer.customerId}/statement.pdf`)).body(),
  );
  expect(paidPdf).toContain('Paid invoices');
  expect(paidPdf).toMatch(/Balance due\s+\$0\.00/);
  await shop.close();
});
