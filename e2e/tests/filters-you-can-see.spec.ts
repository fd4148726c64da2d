/**
 * Filters you can see (issue 32): a listing shows its chosen filters as chips, each removing its filter from
 * the address, with "Clear all", and its count says it is filtered, in English and French; the filter
 * search's placeholder is not cut; at 1366 px the header's menu is one row, its English names on one line
 * each. What it reads: element boxes and the placeholder's drawn width.
 */
import { expect, expectNoSeriousA11y, type Page, test, textOf } from '../fixtures';

test.use({ viewport: { width: 1366, height: 900 } });

const cards = (page: Page) => page.getByRole('article');
const count = (page: Page) => page.locator('.toolbar__count');
const chips = (page: Page, name: string) => page.getByRole('group', { name });
/** A group's chips: their text, the hidden words that name what they do included. */
const chipLinks = (group: ReturnType<typeof chips>) => group.getByRole('listitem').getByRole('link');
const filters = (page: Page, name: string) => page.getByRole('complementary', { name });

/** The width the input's placeholder takes in its font, and the width its text has inside the field. */
async function placeholderRoom(page: Page): Promise<{ text: string; needs: number; has: number }> {
  return page.locator('#filter-search').evaluate((input: HTMLInputElement) => {
    const style = getComputedStyle(input);
    const context = document.createElement('canvas').getContext('2d')!;
    context.font = style.font;
    return {
      text: input.placeholder,
      needs: context.measureText(input.placeholder).width,
      has: input.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight),
    };
  });
}

/** The boxes of the header menu's top-level entries (those shown at this width). */
async function menuBoxes(page: Page) {
  const entries = page.locator('#site-menu .menu__item');
  await expect(entries.first()).toBeVisible();
  return entries.evaluateAll((items) =>
    items.map((item) => {
      const link = item.querySelector('a')!;
      const box = item.getBoundingClientRect();
      // One box per line the name takes.
      const range = document.createRange();
      range.selectNodeContents(link);
      return {
        name: link.textContent,
        top: box.top,
        right: box.right,
        lines: range.getClientRects().length,
        width: document.documentElement.clientWidth,
      };
    }),
  );
}

test('two chosen filters show as chips that remove them, with Clear all; the count says it is filtered', async ({
  page,
}) => {
  await page.goto('/acer/category/Notebook?sort=name_desc');
  await expect(count(page)).toHaveText(/^\d+ items$/);
  const all = await textOf(count(page));
  await expect(chips(page, 'Chosen filters')).toHaveCount(0);

  // Two filters from the side: two chips, and the count says the listing is filtered.
  const side = filters(page, 'Filters');
  const series = side.getByRole('group', { name: 'Series' });
  await series.getByRole('checkbox', { name: /^Swift/ }).check();
  await expect(page).toHaveURL(/product_series=Swift/);
  await side.getByRole('checkbox', { name: 'In Stock' }).check();
  await expect(page).toHaveURL(/in_stock=1/);
  const chosen = chips(page, 'Chosen filters');
  await expect(chipLinks(chosen)).toHaveText(['Remove filter In Stock×', 'Remove filter Series: Swift×']);
  await expect(chipLinks(chosen).first()).toHaveAccessibleName('Remove filter In Stock');
  await expect(chipLinks(chosen).last()).toHaveAccessibleName('Remove filter Series: Swift');
  await expect(chosen.getByRole('link', { name: 'Clear all', exact: true })).toBeVisible();
  await expect(count(page)).toHaveText(/^\d+ items? match(es)? the filters$/);
  const both = Number((await textOf(count(page))).split(' ')[0]);
  await expect(cards(page)).toHaveCount(Math.min(both, 16));
  await expectNoSeriousA11y(page);

  // A chip removes its own filter from the address, and the side's box follows.
  await chosen.getByRole('link', { name: 'Remove filter In Stock' }).click();
  await expect(page).not.toHaveURL(/in_stock/);
  await expect(side.getByRole('checkbox', { name: 'In Stock' })).not.toBeChecked();
  await expect(chipLinks(chosen)).toHaveText(['Remove filter Series: Swift×']);
  await expect(series.getByRole('checkbox', { name: /^Swift/ })).toBeChecked();

  // Clear all removes every filter and keeps the sort.
  await side.getByRole('checkbox', { name: 'In Stock' }).check();
  await expect(chipLinks(chosen)).toHaveCount(2);
  await chosen.getByRole('link', { name: 'Clear all' }).click();
  await expect(page).toHaveURL(/\/acer\/category\/Notebook\?sort=name_desc$/);
  await expect(chips(page, 'Chosen filters')).toHaveCount(0);
  await expect(count(page)).toHaveText(all);
  await expect(series.getByRole('checkbox', { name: /^Swift/ })).not.toBeChecked();
  await expect(side.getByRole('checkbox', { name: 'In Stock' })).not.toBeChecked();
});

test('the chips, drawn by the server, in French, and the filter search among them', async ({ page }) => {
  await page.goto(
    '/acer/category/Notebook?lang=fr&product_series=Aspire&product_series=Swift&q=acer&column=all',
  );
  const chosen = chips(page, 'Filtres choisis');
  await expect(chipLinks(chosen)).toHaveText([
    'Retirer le filtre Recherche : « acer »×',
    'Retirer le filtre Série : Aspire×',
    'Retirer le filtre Série : Swift×',
  ]);
  await expect(chosen.getByRole('link', { name: 'Tout effacer', exact: true })).toBeVisible();
  await expect(count(page)).toHaveText(/^\d+ articles? correspondent? aux filtres$/);
  await expect(page.getByLabel('Rechercher par UGS ou nom')).toHaveValue('acer');
  // One value of a filter of two goes; the other stays.
  await chosen.getByRole('link', { name: 'Retirer le filtre Série : Aspire', exact: true }).click();
  await expect(page).not.toHaveURL(/Aspire/);
  await expect(page).toHaveURL(/product_series=Swift/);
  // The search's chip empties the field too.
  await chosen.getByRole('link', { name: 'Retirer le filtre Recherche : « acer »', exact: true }).click();
  await expect(page).not.toHaveURL(/[?&]q=/);
  await expect(page.getByLabel('Rechercher par UGS ou nom')).toHaveValue('');
  await expect(chipLinks(chosen)).toHaveText(['Retirer le filtre Série : Swift×']);
  await expectNoSeriousA11y(page);
});

test('at 1366 px the menu is one row and the filter search shows its whole placeholder, in English and French', async ({
  page,
}) => {
  for (const lang of ['en', 'fr'] as const) {
    await page.goto(`/acer/category/Notebook?lang=${lang}`);
    const boxes = await menuBoxes(page);
    expect(boxes.length).toBe(12);
    expect(
      boxes.filter((box) => box.top !== boxes[0]!.top),
      `${lang}: entries below the first row`,
    ).toEqual([]);
    // In English every name is on one line (French names of several words may take two).
    if (lang === 'en') expect(boxes.filter((box) => box.lines !== 1).map((box) => box.name)).toEqual([]);
    const room = await placeholderRoom(page);
    expect(room.needs, `${lang}: "${room.text}" fits its field`).toBeLessThanOrEqual(room.has);
  }
});

test('narrower than that, down to mobile width, every menu entry stays on the screen', async ({ page }) => {
  for (const width of [1100, 1024, 820]) {
    await page.setViewportSize({ width, height: 900 });
    for (const lang of ['en', 'fr'] as const) {
      await page.goto(`/acer/category/Notebook?lang=${lang}`);
      const boxes = await menuBoxes(page);
      expect(
        boxes.filter((box) => box.right > box.width).map((box) => box.name),
        `${lang} at ${width} px: entries past the right edge`,
      ).toEqual([]);
    }
  }
});
