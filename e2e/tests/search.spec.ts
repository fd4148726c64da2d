import { expect, type Page, test, textOf } from '../fixtures';

const searchBox = (page: Page) => page.getByRole('search');

test.describe('header search', () => {
  test('by SKU finds the card with that SKU', async ({ page }) => {
    await page.goto('/acer/category/Notebook');
    const skuText = await textOf(
      page
        .getByRole('article')
        .nth(1)
        .getByText(/^SKU: /),
    );
    const sku = skuText.replace(/^SKU:\s*/, '');
    expect(sku).not.toBe('');

    const search = searchBox(page);
    await search.getByLabel('Search in').selectOption({ label: 'SKU' });
    await search.getByLabel('Search products').fill(sku);
    await search.getByLabel('Search products').press('Enter');

    await expect(page).toHaveURL(`/acer/category/Search?column=sku&string=${encodeURIComponent(sku)}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Search Results' })).toBeVisible();
    const found = page.getByRole('article').filter({ hasText: skuText });
    await expect(found.first()).toBeVisible();
    // The listing's cards stay until the search's answer replaces them: then every card has that SKU.
    await expect
      .poll(async () => [
        ...new Set(
          await page
            .getByRole('article')
            .getByText(/^SKU: /)
            .allInnerTexts(),
        ),
      ])
      .toEqual([skuText]);
  });

  test('by name joins the words with + and lists matching items', async ({ page }) => {
    await page.goto('/acer');
    const search = searchBox(page);
    await search.getByLabel('Search in').selectOption({ label: 'Name' });
    await search.getByLabel('Search products').fill('swift go');
    await search.getByLabel('Search products').press('Enter');

    await expect(page).toHaveURL('/acer/category/Search?column=item_name&string=swift+go');
    const names = page.getByRole('article').getByRole('heading', { level: 3 });
    // The home page's cards may still be on screen for a moment: wait until the results replace them.
    await expect
      .poll(async () => {
        const shown = (await names.allInnerTexts()).map((n) => n.toLowerCase());
        return shown.length > 0 && shown.every((n) => n.includes('swift go'));
      })
      .toBe(true);
  });

  test('typing shows suggestions after a pause, with one request for the whole word', async ({ page }) => {
    await page.goto('/acer');
    const searches: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/search') searches.push(request.url());
    });
    const search = searchBox(page);
    await search.getByLabel('Search products').pressSequentially('swift', { delay: 40 });

    const suggestions = search.getByRole('listitem').getByRole('link');
    await expect(suggestions.first()).toBeVisible();
    for (const text of await suggestions.allInnerTexts()) expect(text.toLowerCase()).toContain('swift');
    // Debounced: the keystrokes in quick succession made a single request, for the final text.
    expect(searches).toHaveLength(1);
    expect(new URL(searches[0]!).searchParams.get('string')).toBe('swift');

    // A suggestion leads to its product.
    const first = suggestions.first();
    const target = await first.getAttribute('href');
    await first.click();
    await expect(page).toHaveURL(target!);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(/swift/i);
  });
});
