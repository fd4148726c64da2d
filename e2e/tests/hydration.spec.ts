/**
 * Every route a buyer or a visitor opens (the list the 390 px check walks) arrives drawn by the server,
 * signed out and signed in, and hydrates without a console error, a React hydration warning or a second
 * read of the data it was drawn with. A buyer's own pages (cart, checkout, orders, invoices, account)
 * arrive with their content. The set-password page, whose one-time link is checked by a counted POST, is drawn
 * by the browser, also without an error.
 */
import type { Page } from '@playwright/test';
import { expect, test } from '../admin-fixtures';
import { buyerRoutes } from '../buyer-routes';
import { keepToShop } from '../fixtures';

test.describe.configure({ timeout: 240_000 });

/** Drawn by the browser on purpose (render.ts says why). */
const BROWSER_DRAWN = new Set(['/acer/set-password']);

async function expectHydratesQuietly(page: Page, paths: string[]) {
  const problems: string[] = [];
  const reads: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) reads.push(`${request.method()} ${url.pathname}${url.search}`);
  });
  for (const path of paths) {
    const answer = await page.request.get(path);
    expect(answer.status(), path).toBe(200);
    const html = await answer.text();
    const drawn = html.includes('id="page-data"');
    expect(drawn, `${path} is drawn on the server`).toBe(!BROWSER_DRAWN.has(path));
    problems.length = 0;
    reads.length = 0;
    await page.goto(path);
    await expect(page.locator('html')).toHaveAttribute('data-ready', 'true');
    await expect(page.getByRole('main')).toBeVisible();
    await page.waitForLoadState('networkidle');
    // Without a link, the set-password page's check of it is answered 400, which the browser logs.
    const expected = BROWSER_DRAWN.has(path)
      ? problems.filter((text) => !/status of 400/.test(text))
      : problems;
    expect(expected, `${path}: console errors or hydration warnings`).toEqual([]);
    // A page drawn without the buyer's header data (the catalog's) reads it once it is up, as before.
    const withHeader = /"header":\{/.test(html);
    const again = withHeader ? reads : reads.filter((read) => read !== 'GET /api/header');
    if (drawn) expect(again, `${path}: its data was read again after the server drew it`).toEqual([]);
  }
}

test('every buyer route hydrates quietly, signed out and signed in, and a buyer’s own pages arrive with their content', async ({
  adminPage,
  browser,
  baseURL,
}) => {
  // A buyer in Vancouver: once their browser has said so (the tz cookie), their dates are drawn in its zone.
  const routes = await buyerRoutes(adminPage.request, browser, baseURL, {
    viewport: { width: 1280, height: 800 },
    timezoneId: 'America/Vancouver',
  });
  const visitorContext = await browser.newContext({ baseURL });
  await keepToShop(visitorContext, baseURL);
  const visitor = await visitorContext.newPage();
  await expectHydratesQuietly(visitor, [...new Set([...routes.visitor, ...routes.buyer])]);

  const buyer = await routes.shop.newPage();
  await expectHydratesQuietly(buyer, routes.buyer);

  // The first answer of a buyer's own page holds what the page shows: the order, the invoice, the cart.
  const html = async (path: string) => (await routes.shop.request.get(path)).text();
  const order = routes.buyer.find((path) => path.startsWith('/acer/order/'))!;
  const orderAnswer = await (
    await routes.shop.request.get(`/api/user/${routes.customerId}/orders/${order.split('/').pop()}`)
  ).json();
  const orderNumber = orderAnswer.orderInfo.order.order_number as string;
  const lineName = orderAnswer.orderInfo.order.line_items[0].item_name as string;
  const orderHtml = await html(order);
  expect(orderHtml).toContain(orderNumber);
  const placed = new Date(orderAnswer.orderInfo.order.created_at as string);
  const inZone = (timeZone: string) =>
    placed.toLocaleString('en-CA', {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZone,
    });
  expect(orderHtml).toContain(inZone('America/Vancouver'));
  expect(orderHtml).not.toContain(inZone('America/Toronto'));
  // Once hydrated, the page shows the time by the browser's own zone rules (which may be newer).
  const page = await routes.shop.newPage();
  await page.goto(order);
  const browserText = await page.evaluate(
    (at) =>
      new Date(at).toLocaleString('en-CA', {
        year: 'numeric',
        month: 'short',
        day: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
      }),
    orderAnswer.orderInfo.order.created_at as string,
  );
  await expect(page.getByRole('main').locator('time').first()).toHaveText(browserText);
  expect(await html('/acer/account/orders')).toContain(orderNumber);
  expect(await html('/acer/cart')).toContain(lineName);
  const invoice = routes.buyer.find((path) => path.startsWith('/acer/invoice/'))!;
  const invoiceAnswer = await (
    await routes.shop.request.get(`/api/user/${routes.customerId}/invoices/${invoice.split('/').pop()}`)
  ).json();
  expect(await html(invoice)).toContain(invoiceAnswer.orderInfo.order.invoice_number as string);
  // A visitor's copy of a buyer's page asks them to sign in, and holds nothing of the buyer's.
  const signedOut = await (await visitorContext.request.get(order)).text();
  expect(signedOut).not.toContain(orderNumber);

  await visitorContext.close();
  await routes.shop.close();
});

/** Beyond the buyer routes: paged, filtered, searched and French listings, and the pages under a section. */
const DRAWN = [
  '/acer',
  '/acer/category/Notebook',
  '/acer/category/Notebook?page=2',
  '/acer/category/Notebook?product_series=Swift&in_stock=1&q=acer',
  '/acer/category/Search?string=aspire',
  '/acer/faq',
  '/acer/warranty',
  '/acer/extended-warranty/main',
  '/acer/blog',
  '/acer/blog/test',
  '/acer/contact-us',
  '/acer/location',
  '/acer/legal-notice',
  '/acer/term-of-sale',
  '/acer/subscribe',
  '/acer?lang=fr',
];

test('every page drawn on the server hydrates without an error or a second read, signed out and in', async ({
  page,
  signedInPage,
}) => {
  test.setTimeout(120_000);
  const home = await (await page.request.get('/api/mainpage')).json();
  const { item_id: itemId, item_condition: condition } = home.products.featuredProducts[0];
  const paths = [...DRAWN, `/acer/product/${itemId}/${condition}`, `/acer/product/${itemId}?lang=fr`];
  await expectHydratesQuietly(page, [...paths, '/acer/signin']);
  await expectHydratesQuietly(await signedInPage('C10001'), paths);
});
