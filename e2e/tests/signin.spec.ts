import { expect, test } from '../fixtures';

const BANNER =
  "Your Customer ID or password is incorrect. Please try again. If you've forgotten your sign in details, please contact customer support for help.";

test.describe('sign in through the form', () => {
  test('a wrong password alerts and shows the banner', async ({ page }) => {
    await page.goto('/acer/signin');
    const alerts: string[] = [];
    page.on('dialog', (dialog) => {
      alerts.push(dialog.message());
      void dialog.accept();
    });
    await page.getByLabel('Customer ID or e-mail').fill('C10001');
    await page.getByLabel('Password').fill('Wrong@10001');
    await page.getByRole('button', { name: 'SIGN IN' }).click();

    await expect(page.getByText(BANNER, { exact: true })).toBeVisible();
    expect(alerts).toEqual(['Customer ID or password is incorrect.']);
    await expect(page).toHaveURL(/\/acer\/signin$/);
    await expect(
      page.getByRole('navigation', { name: 'Account and cart' }).getByRole('link', { name: 'Sign in' }),
    ).toBeVisible();
  });

  test('the right password lands on the orders and the header says Account', async ({ page }) => {
    await page.goto('/acer/signin');
    await page.getByLabel('Customer ID or e-mail').fill('C10002');
    await page.getByLabel('Password').fill('Demo@10002');
    await page.getByRole('button', { name: 'SIGN IN' }).click();

    await expect(page).toHaveURL(/\/acer\/account\/orders$/);
    const header = page.getByRole('navigation', { name: 'Account and cart' });
    await expect(header.getByRole('link', { name: 'Account', exact: true })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Sign in' })).toHaveCount(0);
  });
});
