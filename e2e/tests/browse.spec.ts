import { english as en } from '@shop/domain/core/english';
import { MSG } from '@shop/domain/core/messages';
import { Dialogs, expect, type Locator, type Page, test, textOf } from '../fixtures';

const cards = (scope: Page | Locator) => scope.getByRole('article');
const cardNames = (scope: Page | Locator) => cards(scope).getByRole('heading', { level: 3 }).allInnerTexts();
const itemCount = (page: Page) => page.getByRole('main').getByText(/^\d+ items?$/);

test.describe('a visitor browsing the shop', () => {
  test('home shows the three sliders with product cards and no prices', async ({ page }) => {
    await page.goto('/acer');
    for (const title of ['FEATURED PRODUCTS', 'POPULAR PRODUCTS', 'NEW PRODUCTS']) {
      const slider = page.getByRole('region', { name: title });
      await expect(slider.getByRole('heading', { name: title })).toBeVisible();
      await expect(cards(slider).first()).toBeVisible();
      // Desktop shows 4 cards per step.
      await expect(cards(slider)).toHaveCount(4);
      await expect(cards(slider).getByRole('button', { name: 'Please Login' }).first()).toBeVisible();
    }
    await expect(cards(page).filter({ hasText: '$' })).toHaveCount(0);
    await expect(page.getByRole('main')).not.toContainText('$');
  });

  test('category: filter, sort, page and open a product', async ({ page, context }) => {
    await page.goto('/acer');
    await page
      .getByRole('navigation', { name: 'Categories' })
      .getByRole('link', { name: 'Notebooks', exact: true })
      .click();
    await expect(page).toHaveURL(/\/acer\/category\/Notebook$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Notebooks' })).toBeVisible();
    await expect(cards(page)).toHaveCount(16);
    await expect(itemCount(page)).toHaveText(/^\d+ items$/);
    const allCount = await textOf(itemCount(page));
    await expect(cards(page).filter({ hasText: '$' })).toHaveCount(0);

    // Filter by a series: the count changes and every card is of that series.
    const series = page
      .getByRole('complementary', { name: 'Filters' })
      .getByRole('group', { name: 'Series' });
    const swiftLabel = series.locator('label').filter({ hasText: /^Swift \(\d+\)$/ });
    const swift = swiftLabel.getByRole('checkbox');
    const swiftCount = Number(/\((\d+)\)/.exec(await textOf(swiftLabel))?.[1]);
    expect(swiftCount).toBeGreaterThan(0);
    // The box follows the URL, so its ticked state shows once the listing URL has changed.
    await swift.click();
    await expect(swift).toBeChecked();
    await expect(page).toHaveURL(/product_series=Swift/);
    // The count says the listing is filtered.
    await expect(page.getByRole('main').locator('.toolbar__count')).toHaveText(
      swiftCount === 1 ? '1 item matches the filters' : `${swiftCount} items match the filters`,
    );
    await expect(cards(page)).toHaveCount(Math.min(swiftCount, 16));
    for (const name of await cardNames(page)) expect(name).toMatch(/\bSwift\b/);

    // Back to the whole category.
    await swift.click();
    await expect(swift).not.toBeChecked();
    await expect(itemCount(page)).toHaveText(allCount);

    // Visitors sort by name only.
    const sort = page.getByLabel('Sort by');
    await expect(sort.getByRole('option')).toHaveText(['A to Z', 'Z to A']);
    const aToZ = await cardNames(page);
    await sort.selectOption({ label: 'Z to A' });
    await expect(page).toHaveURL(/sort=name_desc/);
    await expect(cards(page).first().getByRole('heading')).not.toHaveText(aToZ[0]!);
    const zToA = (await cardNames(page)).map((n) => n.toLowerCase());
    expect(zToA).toEqual([...zToA].sort().reverse());

    // Page 2 shows other cards.
    const pager = page.getByRole('navigation', { name: 'Pages' });
    await expect(pager.getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    const firstPageText = await cards(page).allInnerTexts();
    await pager.getByRole('link', { name: 'Next' }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(pager.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    await expect(cards(page).first()).not.toHaveText(firstPageText[0]!);
    const secondPageText = await cards(page).allInnerTexts();
    expect(secondPageText.length).toBeGreaterThan(0);
    for (const text of secondPageText) expect(firstPageText).not.toContain(text);

    // A card opens its product in a new tab.
    const card = cards(page).first();
    const productName = await textOf(card.getByRole('heading'));
    const link = card.getByRole('link', { name: productName });
    await expect(link).toHaveAttribute('target', '_blank');
    const [product] = await Promise.all([context.waitForEvent('page'), link.click()]);
    await expect(product).toHaveURL(/\/acer\/product\/[^/]+\/(BrandNew|Recertified|ScratchDent|Warranty)$/);
    await expect(product.getByRole('heading', { level: 1 })).toHaveText(productName);

    const crumbs = product.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(crumbs.getByRole('link', { name: 'Home' })).toBeVisible();
    await expect(crumbs.getByRole('link', { name: 'Notebooks' })).toHaveAttribute(
      'href',
      '/acer/category/Notebook',
    );
    await expect(crumbs.locator('[aria-current="page"]')).toHaveText(productName);

    await expect(product.getByText(/^In stock: \d+$/)).toBeVisible();
    await expect(product.getByRole('main')).not.toContainText('$');

    const tabs = product.getByRole('tab');
    await expect(tabs).toHaveText(['DESCRIPTION', 'DETAILS', 'WARRANTY']);
    await expect(product.getByRole('tab', { name: 'DESCRIPTION' })).toHaveAttribute('aria-selected', 'true');
    await product.getByRole('tab', { name: 'DETAILS' }).click();
    const panel = product.getByRole('tabpanel', { name: 'DETAILS' });
    const rows = panel.getByRole('row');
    await expect(rows.first()).toBeVisible();
    expect(await rows.count()).toBeGreaterThan(1);
    // Each 'spec name: value' line is a row: the name as its header, the value in a cell.
    await expect(rows.first().getByRole('rowheader')).not.toBeEmpty();
    await expect(rows.first().getByRole('cell')).not.toBeEmpty();
    await expect(rows.first().getByRole('rowheader')).not.toContainText(':');
    await product.getByRole('tab', { name: 'WARRANTY' }).click();
    await expect(product.getByRole('tabpanel', { name: 'WARRANTY' })).toContainText('warranty');

    const buy = product.getByRole('button', { name: 'Please Login' });
    await expect(buy).toBeVisible();
    await buy.click();
    await expect(product).toHaveURL(/\/acer\/signin$/);
    await expect(product.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  });

  test('an unknown path is replaced with /acer', async ({ page }) => {
    await page.goto('/acer/faq');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Frequently Asked Questions');
    await page.goto('/acer/does-not-exist');
    await expect(page).toHaveURL(/\/acer$/);
    await expect(page.getByRole('heading', { name: 'FEATURED PRODUCTS' })).toBeVisible();
    // Replaced, not pushed: going back skips the unknown path.
    await page.goBack();
    await expect(page).toHaveURL(/\/acer\/faq$/);
  });

  test('an unknown product answers 404 with a page that says so, then alerts and goes to /acer', async ({
    page,
    request,
  }) => {
    // Without scripts (a crawler): a 404 whose page says the product is gone.
    const plain = await request.get('/acer/product/no-such-item/BrandNew');
    expect(plain.status()).toBe(404);
    expect(await plain.text()).toContain('This product is no longer available');
    // In the browser the spec's journey holds: the alert, then the home page.
    const dialogs = new Dialogs(page);
    const answer = await page.goto('/acer/product/no-such-item/BrandNew');
    expect(answer?.status()).toBe(404);
    await dialogs.next(en(MSG.itemMissing));
    await expect(page).toHaveURL(/\/acer$/);
    await expect(page.getByRole('heading', { name: 'FEATURED PRODUCTS' })).toBeVisible();
    dialogs.none();
  });
});
