/**
 * Every route a visitor or a buyer opens, walked once per person on a 390 px phone. Each page arrives drawn
 * by the server (the set-password page, whose one-time link is checked by a counted POST, is drawn by the
 * browser), hydrates without a console error, a React hydration warning or a second read of the data it was
 * drawn with, and does not scroll sideways (issue 11). The pages people fill in or read most have no serious
 * or critical axe violation: home, a category with its filters open, a product, sign in and its sections,
 * contact, and the account's sections but approvals and statement (with cards in them, and a form showing its
 * messages).
 *
 * A buyer's own pages arrive with their content (the order, the invoice, the cart, the orders list), dates
 * drawn in the buyer's zone; a visitor's copy holds nothing of the buyer's. On the phone the order's and the
 * invoice's lines show quantity, rate and amount within the screen, the header's icons and the breadcrumb's
 * links are 44 × 44 px tap targets, and the wish-list panel opens whole on the screen (at 1366 px too).
 *
 * The walk is cut in short tests, each a few routes of one person, that the two workers share; each test makes
 * its own customer.
 */
import type { APIRequestContext, Browser, BrowserContext, Locator, Page } from '@playwright/test';
import { pageAt } from '@shop/domain/core/pages';
import { createCustomer, createProduct, expect, test } from '../admin-fixtures';
import {
  ACCOUNT_ROUTES,
  buyerWithCart,
  buyerWithOrder,
  demoProducts,
  LISTING_ROUTES,
  SIGN_IN_ROUTES,
  STATIC_ROUTES,
} from '../buyer-routes';
import { expectNoSidewaysScroll, MOBILE, shopContext } from '../company-fixtures';
import { Dialogs, expectNoSeriousA11y, keepToShop } from '../fixtures';

test.describe.configure({ mode: 'parallel' });

/** Drawn by the browser on purpose: the shop's table of pages (domain/core/pages.ts) says which and why. */
const drawnByBrowser = (path: string) => pageAt(new URL(path, 'http://shop').pathname)?.drawn === 'browser';

/**
 * Keeps, in the page itself, every call of the shop's API the page's code makes, as `METHOD /api/path?query`.
 * Read once the page is ready, it holds every call made until then, in whatever order the browser reports them.
 */
function recordApiCalls() {
  const calls: string[] = [];
  (window as unknown as { apiCalls: string[] }).apiCalls = calls;
  const original = window.fetch;
  window.fetch = function (this: unknown, input: RequestInfo | URL, init?: RequestInit) {
    const request = input instanceof Request ? input : null;
    const url = new URL(request ? request.url : String(input), location.href);
    if (url.origin === location.origin && url.pathname.startsWith('/api/'))
      calls.push(`${(init?.method ?? request?.method ?? 'GET').toUpperCase()} ${url.pathname}${url.search}`);
    return original.call(this, input, init);
  } as typeof window.fetch;
}

interface Walker {
  page: Page;
  /** Console errors and warnings, and uncaught errors, since the last page was opened. */
  problems: string[];
}

/** A page of the context that walks routes. */
async function walkerOf(context: BrowserContext): Promise<Walker> {
  await context.addInitScript(recordApiCalls);
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return { page, problems };
}

/**
 * Opens a path and checks it: drawn on the server, ready (hydrated) without an error or a second read, done
 * loading and no wider than the window. A failed check is reported and the walk goes on. Returns the HTML
 * the server sent.
 */
async function visit({ page, problems }: Walker, path: string): Promise<string> {
  problems.length = 0;
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(200);
  const html = await response!.text();
  const drawn = html.includes('id="page-data"');
  expect.soft(drawn, `${path} is drawn on the server`).toBe(!drawnByBrowser(path));
  await expect(page.locator('html'), `${path} is ready`).toHaveAttribute('data-ready', 'true');
  await expect(page.getByRole('main')).toBeVisible();
  await expect(page.locator('.loading, [aria-busy="true"]'), `${path} is done loading`).toHaveCount(0);

  // Without a link, the set-password page's check of it is answered 400, which the browser logs.
  const logged = drawnByBrowser(path) ? problems.filter((text) => !/status of 400/.test(text)) : problems;
  expect.soft(logged, `${path}: console errors or hydration warnings`).toEqual([]);
  if (drawn) {
    const calls = await page.evaluate(() => (window as unknown as { apiCalls: string[] }).apiCalls);
    // A page drawn without the buyer's header data (the catalog's) reads it once it is up, as before.
    const withHeader = /"header":\{/.test(html);
    const again = withHeader ? calls : calls.filter((call) => call !== 'GET /api/header');
    expect.soft(again, `${path}: its data was read again after the server drew it`).toEqual([]);
  }
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    window: window.innerWidth,
  }));
  expect
    .soft(widths.page, `${path}: ${widths.page}px wide in a ${widths.window}px window`)
    .toBeLessThanOrEqual(widths.window);
  return html;
}

/** What shows once each page checked by axe is whole, as a person would wait for it. */
const A11Y_PUBLIC: Record<string, (page: Page) => Promise<void>> = {
  '/acer': async (page) => {
    await expect(
      page.getByRole('region', { name: 'NEW PRODUCTS' }).getByRole('article').first(),
    ).toBeVisible();
  },
  '/acer/contact-us': async (page) => {
    await expect(page.getByRole('button', { name: 'SUBMIT' })).toBeVisible();
  },
  '/acer/signin': async (page) => {
    await expect(page.getByRole('button', { name: 'SIGN IN' })).toBeVisible();
  },
  '/acer/signin/forget': async (page) => {
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Forgot password');
    await expect(page.getByRole('button', { name: 'SEND CODE' })).toBeVisible();
  },
  '/acer/signin/reset': async (page) => {
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Reset password');
    await expect(page.getByRole('button', { name: 'RESET PASSWORD' })).toBeVisible();
  },
  '/acer/signin/register': async (page) => {
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Register');
    await expect(page.getByRole('button', { name: 'SEND APPLICATION' })).toBeVisible();
  },
  // On a phone the filters are a panel opened from the toolbar: checked open.
  '/acer/category/Notebook': async (page) => {
    await expect(page.getByRole('article').first()).toBeVisible();
    await page.getByRole('button', { name: 'Filters' }).click();
    await expect(page.getByRole('group', { name: 'Series' })).toBeVisible();
  },
};

/** Opens each path in turn; on those axe checks, waits for what shows once the page is whole, then runs it. */
async function walk(walker: Walker, paths: string[]): Promise<void> {
  for (const path of paths) {
    await visit(walker, path);
    const ready = A11Y_PUBLIC[path];
    if (ready) {
      await ready(walker.page);
      await expectNoSeriousA11y(walker.page);
    }
  }
}

/** A visitor's walker on a phone, in a context of its own. */
async function visitorOn(browser: Browser, baseURL: string | undefined): Promise<Walker> {
  const context = await browser.newContext({ baseURL, viewport: MOBILE });
  await keepToShop(context, baseURL);
  return walkerOf(context);
}

test('a visitor at 390 px: the public pages', async ({ browser, baseURL }) => {
  const visitor = await visitorOn(browser, baseURL);
  await walk(visitor, STATIC_ROUTES);
  await visitor.page.context().close();
});

// Sign in and its sections in two tests: four axe passes in one neared 30 s on a busy machine.
test('a visitor at 390 px: sign in and the forgotten password', async ({ browser, baseURL }) => {
  const visitor = await visitorOn(browser, baseURL);
  await walk(visitor, SIGN_IN_ROUTES.slice(0, 2));
  await visitor.page.context().close();
});

test('a visitor at 390 px: the reset, the registration and the set-password page', async ({
  browser,
  baseURL,
}) => {
  const visitor = await visitorOn(browser, baseURL);
  await walk(visitor, SIGN_IN_ROUTES.slice(2));
  await visitor.page.context().close();
});

test('a visitor at 390 px: the listings', async ({ browser, baseURL }) => {
  const visitor = await visitorOn(browser, baseURL);
  await walk(visitor, LISTING_ROUTES);
  await visitor.page.context().close();
});

test('a visitor at 390 px: the products, in English and in French', async ({
  adminPage,
  browser,
  baseURL,
}) => {
  const made = await createProduct(adminPage.request, { stock: 40 });
  const { products, french } = await demoProducts(adminPage.request);
  const visitor = await visitorOn(browser, baseURL);
  for (const path of [...products, `/acer/product/${made.item_id}/BrandNew`]) {
    await visit(visitor, path);
    // The demo product with every tab.
    if (path === products[0]) {
      await expect(visitor.page.getByRole('tab', { name: 'DETAILS' })).toBeVisible();
      await expectNoSeriousA11y(visitor.page);
    }
  }
  await walk(visitor, french);
  await visitor.page.context().close();
});

/** Opens a buyer's own pages as a visitor: each sends them to sign in. Returns each page's HTML by path. */
async function signInFirst(visitor: Walker, paths: string[]): Promise<Map<string, string>> {
  const drawn = new Map<string, string>();
  for (const path of paths) {
    drawn.set(path, await visit(visitor, path));
    await expect(visitor.page, path).toHaveURL(/\/acer\/signin$/);
  }
  return drawn;
}

test('a visitor at 390 px: a buyer’s cart, checkout, order and invoice ask them to sign in', async ({
  adminPage,
  browser,
  baseURL,
}) => {
  const buyer = await buyerWithOrder(adminPage.request, browser, baseURL, { viewport: MOBILE });
  const visitor = await visitorOn(browser, baseURL);
  const drawn = await signInFirst(visitor, buyer.ownPages);
  // A visitor's copy of a buyer's page holds nothing of the buyer's.
  expect(drawn.get(buyer.orderPath)).not.toContain(buyer.order.orderNumber);
  await visitor.page.context().close();
  await buyer.shop.close();
});

test('a visitor at 390 px: the account’s sections ask them to sign in', async ({ browser, baseURL }) => {
  const visitor = await visitorOn(browser, baseURL);
  await signInFirst(visitor, ACCOUNT_ROUTES);
  await visitor.page.context().close();
});

/** Where an element sits: its left and right edges and its size, after scrolling it into view. */
async function boxOf(locator: Locator) {
  await locator.scrollIntoViewIfNeeded();
  const box = await locator.boundingBox();
  expect(box, 'the element has a box on the page').not.toBeNull();
  return { left: box!.x, right: box!.x + box!.width, width: box!.width, height: box!.height };
}

/** Every line of the open order or invoice page shows its quantity, rate and amount within the phone's width. */
async function expectLinesOnScreen(page: Page, path: string, atLeast: number) {
  const table = page.getByRole('main').getByRole('table');
  const lines = table.getByRole('row').filter({ has: page.getByRole('cell') });
  await expect(lines.first()).toBeVisible();
  const count = await lines.count();
  expect(count, path).toBeGreaterThanOrEqual(atLeast);
  for (let i = 0; i < count; i++) {
    const cells = lines.nth(i).getByRole('cell');
    // Quantity, rate and amount: the table's fourth, fifth and sixth columns.
    for (const column of [3, 4, 5]) {
      const where = `${path}, line ${i + 1}, column ${column + 1}`;
      const cell = cells.nth(column);
      await expect(cell, where).toBeVisible();
      await expect(cell).not.toHaveText('');
      const box = await boxOf(cell);
      expect(box.left, where).toBeGreaterThanOrEqual(0);
      expect(box.right, where).toBeLessThanOrEqual(MOBILE.width);
    }
  }
  await expectNoSidewaysScroll(page);
}

/** Each of the given tap targets is visible and at least 44 × 44 px. */
async function expectTapTargets(targets: Locator[]) {
  for (const target of targets) {
    await expect(target).toBeVisible();
    const box = await boxOf(target);
    const name = (await target.getAttribute('aria-label')) ?? (await target.innerText());
    expect(box.width, `${name}: width`).toBeGreaterThanOrEqual(44);
    expect(box.height, `${name}: height`).toBeGreaterThanOrEqual(44);
  }
}

/** Opens the product page's wish-list panel and checks it sits whole within the window. */
async function expectWishListPanelOnScreen(page: Page, path: string) {
  await page.getByRole('button', { name: 'Wish list' }).click();
  const panel = page.locator('.wl-heart__panel');
  await expect(panel).toBeVisible();
  const where = await panel.evaluate((element) => {
    const box = element.getBoundingClientRect();
    return {
      left: box.left,
      right: box.right,
      window: document.documentElement.clientWidth,
      page: document.documentElement.scrollWidth,
    };
  });
  expect(where.left, path).toBeGreaterThanOrEqual(0);
  expect(where.right, path).toBeLessThanOrEqual(where.window);
  expect(where.page, path).toBeLessThanOrEqual(where.window);
}

test('a buyer at 390 px: the public pages', async ({ adminPage, browser, baseURL }) => {
  const { shop } = await buyerWithCart(adminPage.request, browser, baseURL, { viewport: MOBILE });
  const buyer = await walkerOf(shop);
  for (const path of STATIC_ROUTES) await visit(buyer, path);
  await shop.close();
});

test('a buyer at 390 px: the listings and the products, with the wish-list panel', async ({
  adminPage,
  browser,
  baseURL,
}) => {
  const { shop, product } = await buyerWithCart(adminPage.request, browser, baseURL, { viewport: MOBILE });
  const { products, french } = await demoProducts(shop.request);
  const buyer = await walkerOf(shop);
  for (const path of LISTING_ROUTES) await visit(buyer, path);
  // The wish-list panel opens within the phone's screen, and the page stays as wide.
  for (const path of [...products, `/acer/product/${product.item_id}/BrandNew`]) {
    await visit(buyer, path);
    await expectWishListPanelOnScreen(buyer.page, path);
  }
  await walk(buyer, french);
  await shop.close();
});

test('a buyer at 390 px: the cart, quick order, checkout, the order and the invoice', async ({
  adminPage,
  browser,
  baseURL,
}) => {
  // A buyer in Vancouver: once their browser has said so (the tz cookie, set by the first page), their dates
  // are drawn in its zone.
  const buyer = await buyerWithOrder(adminPage.request, browser, baseURL, {
    viewport: MOBILE,
    timezoneId: 'America/Vancouver',
  });
  const { orderInfo } = await (
    await buyer.shop.request.get(`/api/user/${buyer.customer.customerId}/orders/${buyer.order.orderId}`)
  ).json();
  const placedAt = orderInfo.order.created_at as string;
  const shown = {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  } as const;
  const inZone = (timeZone: string) => new Date(placedAt).toLocaleString('en-CA', { ...shown, timeZone });

  const buyerWalker = await walkerOf(buyer.shop);
  const { page } = buyerWalker;
  // The first answer of a buyer's own page holds what the page shows: the cart, the order, the invoice.
  expect(await visit(buyerWalker, '/acer/cart')).toContain(buyer.product.item_name);
  await visit(buyerWalker, '/acer/quick-order');
  await visit(buyerWalker, '/acer/checkout');

  const orderHtml = await visit(buyerWalker, buyer.orderPath);
  expect(orderHtml).toContain(buyer.order.orderNumber);
  expect(orderHtml).toContain(inZone('America/Vancouver'));
  expect(orderHtml).not.toContain(inZone('America/Toronto'));
  // Once hydrated, the page shows the time by the browser's own zone rules (which may be newer).
  const browserText = await page.evaluate(([at, options]) => new Date(at).toLocaleString('en-CA', options), [
    placedAt,
    shown,
  ] as const);
  await expect(page.getByRole('main').locator('time').first()).toHaveText(browserText);
  // On the phone: the order has the product's line; the invoice adds its shipping line.
  await expectLinesOnScreen(page, buyer.orderPath, 1);

  expect(await visit(buyerWalker, buyer.invoicePath)).toContain(buyer.invoice.invoiceNumber);
  await expectLinesOnScreen(page, buyer.invoicePath, 2);
  // The header's menu, search, account and cart, and the breadcrumb's links.
  const header = page.getByRole('banner');
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link');
  await expect(crumbs).toHaveCount(2);
  await expectTapTargets([
    header.getByRole('button', { name: 'Menu' }),
    header.getByRole('button', { name: 'Search' }),
    header.getByRole('link', { name: 'Account', exact: true }),
    header.getByRole('link', { name: /^Cart, \d+ items$/ }),
    ...(await crumbs.all()),
  ]);
  await buyer.shop.close();
});

/** What shows once a section of the account is whole, with the buyer's things in it. */
const SECTIONS: Record<string, (page: Page) => Locator> = {
  messages: (page) =>
    page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: /^Messages\(/ }),
  addresses: (page) => page.getByText('200 Bay St'),
  addressForm: (page) => page.getByRole('button', { name: 'ADD ADDRESS' }),
  wishLists: (page) => page.getByRole('link', { name: 'Open Accessibility' }),
  wishListCreate: (page) => page.getByRole('button', { name: 'CREATE' }),
  recentlyViewed: (page) => page.getByRole('heading', { level: 1, name: 'recentlyViewed' }),
  accountSettings: (page) => page.getByRole('button', { name: 'UPDATE PASSWORD' }),
  subscription: (page) => page.getByRole('button', { name: /^(Subscribe|Unsubscribe)$/ }),
  buyers: (page) => page.getByRole('button', { name: 'ADD BUYER' }),
};

/** Opens a section of the account; where axe checks it, waits until it is whole and runs axe. */
async function visitSection(walker: Walker, path: string, ready?: Locator): Promise<string> {
  const html = await visit(walker, `/acer/account/${path}`);
  if (ready) {
    await expect(ready).toBeVisible();
    await expect(walker.page.getByText(/^Loading/)).toHaveCount(0);
    await expectNoSeriousA11y(walker.page);
  }
  return html;
}

/** A buyer with a product in a wish list, and that product recently viewed, so their sections show cards. */
async function buyerWithList(staff: APIRequestContext, browser: Browser, baseURL: string | undefined) {
  const { shop, customer, product } = await buyerWithCart(staff, browser, baseURL, { viewport: MOBILE });
  const created = await shop.request.post('/api/user/wishList/create', {
    data: { wishList: { list_name: 'Accessibility', is_public: false, customer_id: customer.customerId } },
  });
  expect(created.status()).toBe(200);
  const lists = ((await created.json()) as { wishLists: { list_id: string; list_name: string }[] }).wishLists;
  const listId = lists.find((l) => l.list_name === 'Accessibility')!.list_id;
  const added = await shop.request.post('/api/user/wishList/item/add', {
    data: { listId, itemId: product.item_id, sku: product.sku, item_condition: 'BrandNew' },
  });
  expect(added.status()).toBe(200);
  expect((await shop.request.get(`/api/product/${product.item_id}/BrandNew`)).status()).toBe(200);
  return { shop, listId };
}

test('a buyer at 390 px: the account’s orders, messages and addresses', async ({
  adminPage,
  browser,
  baseURL,
}) => {
  const buyer = await buyerWithOrder(adminPage.request, browser, baseURL, { viewport: MOBILE });
  const walker = await walkerOf(buyer.shop);
  const { page } = walker;
  // The orders list arrives with the order.
  const orders = await visitSection(
    walker,
    'orders',
    page.getByRole('main').getByText(buyer.order.orderNumber),
  );
  expect(orders).toContain(buyer.order.orderNumber);
  await visitSection(walker, 'messages', SECTIONS.messages!(page));
  await visitSection(walker, 'addresses', SECTIONS.addresses!(page));
  await buyer.shop.close();
});

test('a buyer at 390 px: the account’s address forms, approvals and statement', async ({
  adminPage,
  browser,
  baseURL,
}) => {
  const buyer = await buyerWithOrder(adminPage.request, browser, baseURL, { viewport: MOBILE });
  const walker = await walkerOf(buyer.shop);
  const { page } = walker;
  await visitSection(walker, 'addressForm', SECTIONS.addressForm!(page));
  // The form showing its messages.
  const dialogs = new Dialogs(page);
  await page.getByRole('button', { name: 'ADD ADDRESS' }).click();
  await dialogs.next('Some information you entered is not meet the requirement, please check!');
  await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
  await expectNoSeriousA11y(page);
  dialogs.none();
  await visitSection(
    walker,
    `addressForm/${buyer.addressId}`,
    page.getByRole('button', { name: 'SAVE ADDRESS' }),
  );
  // Not checked by axe here.
  await visitSection(walker, 'approvals');
  await visitSection(walker, 'statement');
  await buyer.shop.close();
});

test('a buyer at 390 px: the account’s wish lists', async ({ adminPage, browser, baseURL }) => {
  const { shop, listId } = await buyerWithList(adminPage.request, browser, baseURL);
  const walker = await walkerOf(shop);
  const { page } = walker;
  await visitSection(walker, 'wishLists', SECTIONS.wishLists!(page));
  await visitSection(walker, 'wishListCreate', SECTIONS.wishListCreate!(page));
  await visitSection(walker, `wishListItems/${listId}`, page.getByRole('article').first());
  await shop.close();
});

// Two sections a test: four axe passes in one passed 30 s on a busy machine.
for (const [named, sections] of [
  ['recently viewed and settings', ['recentlyViewed', 'accountSettings']],
  ['subscription and buyers', ['subscription', 'buyers']],
] as const) {
  test(`a buyer at 390 px: the account’s ${named}`, async ({ adminPage, browser, baseURL }) => {
    const { shop } = await buyerWithList(adminPage.request, browser, baseURL);
    const walker = await walkerOf(shop);
    for (const section of sections) await visitSection(walker, section, SECTIONS[section]!(walker.page));
    await shop.close();
  });
}

test('the account walks open every section', () => {
  const walked = [
    'orders',
    'messages',
    'addresses',
    'addressForm',
    'approvals',
    'statement',
    'wishLists',
    'wishListCreate',
    'recentlyViewed',
    'accountSettings',
    'subscription',
    'buyers',
  ];
  expect(walked.map((section) => `/acer/account/${section}`).sort()).toEqual([...ACCOUNT_ROUTES].sort());
});

test('at 1366 px the wish-list panel opens whole on the screen', async ({ adminPage, browser, baseURL }) => {
  const staff = adminPage.request;
  const product = await createProduct(staff, { stock: 40 });
  const customer = await createCustomer(staff);
  const shop = await shopContext(browser, baseURL, customer.customerId, customer.password, {
    viewport: { width: 1366, height: 768 },
  });
  const page = await shop.newPage();
  const path = `/acer/product/${product.item_id}/BrandNew`;
  await page.goto(path);
  await expectWishListPanelOnScreen(page, path);
  await shop.close();
});
