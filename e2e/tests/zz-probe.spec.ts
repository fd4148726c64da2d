import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '../fixtures';
test('probe', async ({ page }) => {
  for (const path of ['/acer', '/acer/category/Notebook', '/acer/signin', '/acer/contact-us']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForTimeout(800);
    const r = await new AxeBuilder({ page }).analyze();
    console.log(path, r.passes.length, r.violations.map((v) => `${v.id}:${v.impact}:${v.nodes.length}`));
  }
});
