import { expect, type Page, test } from '../fixtures';

const MOBILE = { width: 390, height: 844 };
const bodyOverflow = (page: Page) => page.evaluate(() => document.body.style.overflow);

test.describe('mobile menu', () => {
  test('a visitor opens it, scroll freezes, and widening the window closes it', async ({ page }) => {
    await page.setViewportSize(MOBILE);
    await page.goto('/acer');
    const toggle = page.getByRole('button', { name: 'Menu' });
    const menu = page.getByRole('navigation', { name: 'Categories' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(menu.getByRole('link', { name: 'Register' })).toBeHidden();

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(menu.getByRole('link', { name: 'Notebooks', exact: true }).first()).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Monitors', exact: true }).first()).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Sign in', exact: true })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Register', exact: true })).toBeVisible();
    await expect(menu.getByRole('button', { name: 'Sign Out' })).toHaveCount(0);
    expect(await bodyOverflow(page)).toBe('hidden');

    await page.setViewportSize({ width: 1024, height: 768 });
    await expect.poll(() => bodyOverflow(page)).toBe('');
    await expect(menu.getByRole('link', { name: 'Register' })).toBeHidden();
    // Back at mobile width the menu stays closed.
    await page.setViewportSize(MOBILE);
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(menu.getByRole('link', { name: 'Register' })).toBeHidden();
    expect(await bodyOverflow(page)).toBe('');
  });

  test('choosing a category closes it, and the page moves on without loading again', async ({ page }) => {
    await page.setViewportSize(MOBILE);
    await page.goto('/acer');
    // A mark on this document: still there after the click, the router moved on without a full load.
    await page.evaluate(() => {
      (window as { sameDocument?: boolean }).sameDocument = true;
    });
    await page.getByRole('button', { name: 'Menu' }).click();
    await page
      .getByRole('navigation', { name: 'Categories' })
      .getByRole('link', { name: 'Notebooks', exact: true })
      .first()
      .click();
    await expect(page).toHaveURL(/\/acer\/category\/Notebook$/);
    await expect(page.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'false');
    await expect.poll(() => bodyOverflow(page)).toBe('');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Notebook');
    expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);
    // The footer's links too.
    await page.getByRole('contentinfo').getByRole('link', { name: 'FAQ' }).click();
    await expect(page).toHaveURL(/\/acer\/faq$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);
  });

  test('a signed-in customer gets the account submenu with Sign Out', async ({ signedInPage }) => {
    const page = await signedInPage('C10001', { viewport: MOBILE });
    await page.goto('/acer');
    await page.getByRole('button', { name: 'Menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Categories' });
    await expect(menu.getByRole('button', { name: 'Sign Out' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Orders' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Register' })).toHaveCount(0);
    await expect(menu.getByRole('link', { name: 'Sign in', exact: true })).toHaveCount(0);
  });
});

/** The contrast ratio (WCAG) of an element's text colour on its own background colour. */
function contrastOf(page: Page, selector: string): Promise<number> {
  return page.evaluate((css) => {
    const element = document.activeElement?.matches(css)
      ? document.activeElement
      : document.querySelector(css);
    if (!element) throw new Error(`nothing matches ${css}`);
    const style = getComputedStyle(element);
    const channels = (color: string) => (color.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
    const luminance = (color: string) => {
      const [r, g, b] = channels(color).map((v) => {
        const c = v / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      }) as [number, number, number];
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const [a, b] = [luminance(style.color), luminance(style.backgroundColor)].sort((x, y) => y - x) as [
      number,
      number,
    ];
    return (a + 0.05) / (b + 0.05);
  }, selector);
}

test('the focused item of the open menu keeps its text readable (4.5:1 or more)', async ({ page }) => {
  await page.setViewportSize(MOBILE);
  await page.goto('/acer');
  await page.getByRole('button', { name: 'Menu' }).click();
  const item = page
    .getByRole('navigation', { name: 'Categories' })
    .getByRole('link', { name: 'Notebooks', exact: true })
    .first();
  await item.focus();
  await expect(item).toBeFocused();
  // The focused item has a background of its own (it stands out), and its text reads on it.
  expect(await item.evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe('rgba(0, 0, 0, 0)');
  expect(await contrastOf(page, '.menu__item > a:focus')).toBeGreaterThanOrEqual(4.5);
  await item.hover();
  expect(await contrastOf(page, '.menu__item > a:hover')).toBeGreaterThanOrEqual(4.5);
});
