/**
 * Pages drawn on the server: a browser without scripts (or a crawler) reads the shop, the first answer of
 * a product page already holds it, and a visitor's HTML never holds a price; a buyer's holds their own.
 * That every page hydrates without an error or a second read is in routes.spec.ts.
 */
import type { Browser } from '@playwright/test';
import { expect, keepToShop, type Page, test } from '../fixtures';

const cards = (page: Page) => page.getByRole('article');

async function withoutScripts(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  await keepToShop(context, baseURL, { waitForHydration: false });
  return context;
}

/** The answers the page was drawn with (the JSON sent beside the HTML for hydration). */
function pageData(html: string): { reads: { key: string; path: string; data: unknown }[] } {
  const match = /<script type="application\/json" id="page-data">([\s\S]*?)<\/script>/.exec(html);
  expect(match, 'the page was drawn on the server').not.toBeNull();
  return JSON.parse(match![1]!);
}

test('without scripts a visitor reads the home page, pages through a category and reads a product, in English and French', async ({
  browser,
  baseURL,
}) => {
  const context = await withoutScripts(browser, baseURL);
  const page = await context.newPage();

  await page.goto('/acer');
  await expect(page.getByRole('heading', { name: 'FEATURED PRODUCTS' })).toBeVisible();
  await expect(cards(page).first()).toBeVisible();

  await page
    .getByRole('navigation', { name: 'Categories' })
    .getByRole('link', { name: 'Notebooks', exact: true })
    .click();
  await expect(page).toHaveURL(/\/acer\/category\/Notebook$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Notebooks' })).toBeVisible();
  const firstPage = await cards(page).getByRole('heading', { level: 3 }).allInnerTexts();
  expect(firstPage.length).toBeGreaterThan(0);
  const pager = page.getByRole('navigation', { name: 'Pages' });
  await pager.getByRole('link', { name: 'Next' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(pager.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  const secondPage = await cards(page).getByRole('heading', { level: 3 }).allInnerTexts();
  expect(secondPage.length).toBeGreaterThan(0);
  for (const name of secondPage) expect(firstPage).not.toContain(name);

  // A card's link leads to its product: name, description and specifications are all on the page.
  const href = await cards(page).first().getByRole('link').first().getAttribute('href');
  await page.goto(href!);
  const answer = await (await context.request.get(`/api${href!.replace('/acer', '')}`)).json();
  const item = answer.itemInfo.itemDetail[0];
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(item.item_name);
  await expect(page.getByRole('tabpanel', { name: 'DESCRIPTION' })).toContainText(
    item.description.slice(0, 40),
  );
  const specs = page.getByRole('tabpanel', { name: 'DETAILS' }).getByRole('row');
  expect(await specs.count()).toBeGreaterThan(1);
  await expect(page.getByRole('main')).not.toContainText('$');

  // The same in French, from the URL alone.
  await page.goto('/acer?lang=fr');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.getByRole('heading', { name: 'PRODUITS VEDETTES' })).toBeVisible();
  await page.goto(`${href!}?lang=fr`);
  await expect(page.getByRole('tab', { name: 'CARACTÉRISTIQUES' })).toBeVisible();
  expect(
    await page.getByRole('tabpanel', { name: 'CARACTÉRISTIQUES' }).getByRole('row').count(),
  ).toBeGreaterThan(1);
  await context.close();
});

test("without scripts a visitor on a buyer's page is given a link to sign in; with scripts they are taken there", async ({
  browser,
  baseURL,
  page,
}) => {
  const context = await withoutScripts(browser, baseURL);
  const plain = await context.newPage();
  await plain.goto('/acer/account/orders');
  await plain.getByRole('link', { name: 'Sign in to see this page' }).click();
  await expect(plain).toHaveURL(/\/acer\/signin$/);
  await plain.goto('/acer/cart?lang=fr');
  await expect(plain.getByRole('link', { name: 'Connectez-vous pour voir cette page' })).toBeVisible();
  await context.close();
  await page.goto('/acer/cart');
  await expect(page).toHaveURL(/\/acer\/signin$/);
});

test('without scripts a visitor filters and sorts a category, in English and French', async ({
  browser,
  baseURL,
}) => {
  const context = await withoutScripts(browser, baseURL);
  const page = await context.newPage();
  for (const lang of ['en', 'fr'] as const) {
    await page.goto(`/acer/category/Notebook?lang=${lang}`);
    // Filtered, the count says so ("12 items match the filters").
    const count = page
      .getByRole('main')
      .getByText(/^\d+ (items?|articles?)( match(es)? the filters| correspondent? aux filtres)?$/);
    const all = Number((await count.innerText()).split(' ')[0]);
    const filters = page.getByRole('complementary');
    await filters.getByRole('checkbox', { name: lang === 'en' ? 'In Stock' : 'En stock' }).check();
    const series = filters.getByRole('group').first().getByRole('checkbox').first();
    await series.check();
    await page
      .getByRole('combobox', { name: lang === 'en' ? 'Sort by' : 'Trier par' })
      .selectOption('name_desc');
    await filters.getByRole('button', { name: lang === 'en' ? 'Apply' : 'Appliquer' }).click();
    await expect(page).toHaveURL(/in_stock=1/);
    await expect(page).toHaveURL(/sort=name_desc/);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expect(
      filters.getByRole('checkbox', { name: lang === 'en' ? 'In Stock' : 'En stock' }),
    ).toBeChecked();
    await expect(filters.getByRole('group').first().getByRole('checkbox').first()).toBeChecked();
    const filtered = Number((await count.innerText()).split(' ')[0]);
    expect(filtered).toBeGreaterThan(0);
    expect(filtered).toBeLessThanOrEqual(all);
    const names = await cards(page).getByRole('heading', { level: 3 }).allInnerTexts();
    expect(names.length).toBeGreaterThan(0);
  }
  await context.close();
});

test("a product page's first answer holds its name and description, and no price for a visitor", async ({
  request,
}) => {
  const home = await (await request.get('/api/mainpage')).json();
  const { item_id: itemId, item_condition: condition } = home.products.featuredProducts[0];
  const product = (await (await request.get(`/api/product/${itemId}/${condition}`)).json()).itemInfo
    .itemDetail[0];
  const html = await (await request.get(`/acer/product/${itemId}/${condition}`)).text();
  const text = html.replaceAll('&amp;', '&').replaceAll('&quot;', '"').replaceAll('&#x27;', "'");
  expect(text).toContain(`<h1`);
  expect(text).toContain(product.item_name);
  expect(text).toContain(product.description.slice(0, 60));

  for (const url of [
    '/acer',
    '/acer/category/Notebook',
    '/acer/category/Notebook?page=2&sort=name_desc',
    '/acer/category/Search?string=aspire',
    `/acer/product/${itemId}/${condition}`,
    '/sitemap.xml',
  ]) {
    const answer = await request.get(url);
    expect(answer.status(), url).toBe(200);
    const body = await answer.text();
    expect(body, `${url} holds no amount`).not.toMatch(/\$\s?\d|\d\s?\$/);
    expect(body, `${url} holds no price field`).not.toMatch(/personal_price|sale_price|"price"|percentage/);
    // The stock numbers kept pages are filled in with (page/render.ts) are all filled in.
    expect(body, `${url} holds every stock number`).not.toMatch(/8675309\d{3}/);
    // And they are the numbers the API gives.
    if (url.startsWith('/acer/category/Notebook?')) {
      const api = await (await request.get('/api/category/Notebook?page=2&sort=name_desc')).json();
      const brief = api.categoryItems.itemsBrief.find(
        (b: { item_condition: string; stock: number }) => b.item_condition !== 'ScratchDent' && b.stock > 1,
      );
      expect(body).toContain(`"stock":${brief.stock}`);
    }
  }
});

test("a signed-in buyer's HTML holds their own prices and no other buyer's, and is never cached on the way", async ({
  signedInPage,
}) => {
  const first = await signedInPage('C10001');
  const second = await signedInPage('C10002');
  const home = await (await first.request.get('/api/mainpage')).json();
  const { item_id: itemId, item_condition: condition } = home.products.featuredProducts[0];
  const url = `/acer/product/${itemId}/${condition}`;
  const priceIn = (html: string) => {
    const read = pageData(html).reads.find((r) => r.path.startsWith('/product/'))!;
    return (read.data as { itemInfo: { itemDetail: { personal_price: number }[] } }).itemInfo.itemDetail[0]!
      .personal_price;
  };
  const mineAnswer = await first.request.get(url);
  expect(mineAnswer.headers()['cache-control']).toContain('no-store');
  const mine = await mineAnswer.text();
  const theirs = await (await second.request.get(url)).text();
  const ownPrice = (await (await first.request.get(`/api/product/${itemId}/${condition}`)).json()).itemInfo
    .itemDetail[0].personal_price;
  expect(priceIn(mine)).toBe(ownPrice);
  expect(priceIn(theirs)).not.toBe(ownPrice);
  expect(mine).not.toContain(`"personal_price":${priceIn(theirs)},`);
});
