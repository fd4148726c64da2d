import { expect, test } from '../fixtures';

const PAGES: { path: string; h1: string; h2?: string }[] = [
  { path: '/acer/faq', h1: 'Frequently Asked Questions' },
  { path: '/acer/warranty', h1: 'Warranty Policy' },
  {
    path: '/acer/extended-warranty/main',
    h1: 'Extended Warranty',
    h2: 'Protect your business beyond the standard warranty',
  },
  { path: '/acer/extended-warranty/how-to-claim', h1: 'Extended Warranty', h2: 'How to claim' },
  { path: '/acer/subscribe', h1: 'Subscribe to Our Newsletter' },
  { path: '/acer/blog', h1: 'Blog' },
  { path: '/acer/blog/test', h1: 'Myths About Refurbished Devices, Debunked' },
  { path: '/acer/legal-notice', h1: 'Legal Notice and Privacy Policy' },
  { path: '/acer/term-of-sale', h1: 'Terms of Sale' },
  { path: '/acer/location', h1: 'Get in touch' },
];

test.describe('static pages', () => {
  for (const { path, h1, h2 } of PAGES) {
    test(`${path} shows its heading`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(h1);
      if (h2) await expect(page.getByRole('heading', { level: 2, name: h2 })).toBeVisible();
    });
  }

  test('the location page embeds a 400 by 300 map', async ({ page }) => {
    await page.goto('/acer/location');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Get in touch');
    await expect(page.getByRole('heading', { name: 'Richmond Hill, Ontario, Canada' })).toBeVisible();
    const map = page.locator('iframe');
    await expect(map).toHaveCount(1);
    await expect(map).toHaveAttribute('width', '400');
    await expect(map).toHaveAttribute('height', '300');
  });
});
