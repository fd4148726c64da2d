/**
 * Staff API tokens in the back office: an owner makes a token with scopes and sees its secret once, the
 * token reads orders through the API, the list shows its last use, and revoking it stops it at once.
 */
import { ADMIN, expect, statusMessage, test, uid } from '../admin-fixtures';
import { expectNoSeriousA11y } from '../fixtures';

test('an owner makes a token, sees its last use and revokes it', async ({ adminPage: page }) => {
  const name = `Warehouse ${uid()}`;
  await page.goto(`${ADMIN}/api-tokens`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('API tokens');
  const form = page.getByRole('region', { name: 'Make a token' });
  await form.getByLabel('Name').fill(name);
  await form.getByLabel(/^orders:read/).check();
  await form.getByLabel(/^catalog:write/).check();
  await form.getByRole('button', { name: 'Make the token' }).click();
  await expect(statusMessage(page).filter({ hasText: `Token ${name} has been made` })).toBeVisible();
  const secret = (await page.getByTestId('token-secret').textContent()) ?? '';
  expect(secret).toMatch(/^st_live_/);
  await expectNoSeriousA11y(page);

  const orders = await page.request.get('/api/admin/orders', {
    headers: { authorization: `Bearer ${secret}` },
  });
  expect(orders.status()).toBe(200);

  const row = page.locator(`tr[data-token="${secret.slice(0, 16)}"]`);
  await expect(async () => {
    await page.reload();
    await expect(row).not.toContainText('Never', { timeout: 1000 });
  }).toPass();
  await expect(row).toContainText('orders:read, catalog:write');

  await row.getByRole('button', { name: `Revoke ${name}` }).click();
  await expect(row.getByRole('status')).toContainText(`Token ${name} has been revoked`);
  const refused = await page.request.get('/api/admin/orders', {
    headers: { authorization: `Bearer ${secret}` },
  });
  expect(refused.status()).toBe(401);
});
