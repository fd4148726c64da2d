/**
 * Accounting in the back office: an owner names a tax code, downloads a Zoho Books invoices file for the
 * month and finds its columns and that code's name in it.
 */
import { ADMIN, expect, statusMessage, test } from '../admin-fixtures';
import { expectNoSeriousA11y } from '../fixtures';

test('an owner names tax codes and downloads an import file', async ({ adminPage: page }) => {
  await page.goto(`${ADMIN}/accounting`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Accounting');
  const codes = page.getByRole('region', { name: 'Tax codes' });
  await codes.getByLabel('HST in Zoho Books').fill('HST ON');
  await codes.getByRole('button', { name: 'Save the tax codes' }).click();
  await expect(statusMessage(page).filter({ hasText: 'The tax codes have been saved.' })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('HST in Zoho Books')).toHaveValue('HST ON');
  await expectNoSeriousA11y(page);

  const exports = page.getByRole('region', { name: 'Export files' });
  await exports.getByLabel('Accounting system').selectOption('zoho');
  await exports.getByLabel('File').selectOption('invoices');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    exports.getByRole('button', { name: 'Download the CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^zoho-invoices-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
  const path = await download.path();
  const text = await import('node:fs/promises').then((fs) => fs.readFile(path, 'utf8'));
  expect(text.split('\n')[0]).toContain('Invoice Number,Invoice Date,Invoice Status,Customer Name');
});
