/**
 * Warranty claims: a buyer claims a unit by its serial from the Devices section; the seller answers with a
 * replacement, which opens the unit's return; the seller receives the unit, resolves the return with a
 * replacement order and ships it with a new serial; the buyer's Devices section shows the old unit replaced
 * and the new one in warranty. The order with its serialised unit, shipped and delivered, is made through
 * the API; the return's steps after the answer and the replacement's shipment too (their pages are the
 * returns' and the orders' journeys).
 */
import { ADMIN, call, createCustomer, createProduct, expect, placeOrder, test, uid } from '../admin-fixtures';
import { shopContext } from '../company-fixtures';
import { lastMailId, nextMailTo } from '../fixtures';

interface AdminOrder {
  order: { status: string; lines: { line_id: number; serialized: boolean }[] };
}

/** Ships the order with one serial per unit of its serialised line. */
async function shipWithSerial(
  staff: Parameters<typeof call>[0],
  orderId: number,
  serial: string,
): Promise<void> {
  const { order } = await call<AdminOrder>(staff, 'GET', `/api/admin/orders/${orderId}`);
  const line = order.lines.find((l) => l.serialized)!;
  if (order.status === 'Pending')
    await call(staff, 'POST', `/api/admin/orders/${orderId}/status`, { action: 'confirm' });
  await call(staff, 'POST', `/api/admin/orders/${orderId}/status`, {
    action: 'ship',
    carrier: 'Purolator',
    tracking_number: `TRK${uid()}`.slice(0, 30),
    serials: [{ line_id: line.line_id, serials: [serial] }],
  });
}

test('a warranty claim by serial ends in a replacement shipped with a new serial', async ({
  adminPage,
  browser,
  baseURL,
}) => {
  const staff = adminPage.request;
  const product = await createProduct(staff, { serialized: true, stock: 10 });
  const customer = await createCustomer(staff);
  const shop = await shopContext(browser, baseURL, customer.customerId, customer.password);
  const placed = await placeOrder(
    shop.request,
    customer,
    [{ ...product, quantity: 1 }],
    `PO-WC-${uid()}`.slice(0, 30),
  );
  const oldSerial = `OLD${uid()}`.toUpperCase().slice(0, 30);
  const newSerial = `NEW${uid()}`.toUpperCase().slice(0, 30);
  await shipWithSerial(staff, placed.orderId, oldSerial);
  await call(staff, 'POST', `/api/admin/orders/${placed.orderId}/status`, { action: 'deliver' });

  // The buyer starts from the unit in Devices: the claim form comes with its serial filled in.
  const page = await shop.newPage();
  await page.goto('/acer/account/devices');
  await page.getByRole('link', { name: `Claim warranty for unit ${oldSerial}` }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Submit a warranty claim' })).toBeVisible();
  await expect(page.getByLabel('Serial number')).toHaveValue(oldSerial);
  await page.getByLabel('The problem').fill('The unit stopped working after a week: no power at all.');
  let before = await lastMailId();
  await page.getByRole('button', { name: 'Submit the claim' }).click();
  const received = page.getByRole('status').filter({ hasText: 'within 2-3 business days' });
  await expect(received).toBeVisible();
  const claimNumber = /WC-\d{6}/.exec((await received.textContent()) ?? '')![0];
  expect((await nextMailTo(customer.email, before)).subject).toBe(`Warranty claim ${claimNumber} received`);

  // The seller finds it waiting in the queue and answers with a replacement: the unit's return opens.
  await adminPage.goto(`${ADMIN}/warranty-claims`);
  await expect(adminPage.getByRole('link', { name: /^Warranty claims \d+ waiting$/ })).toBeVisible();
  await adminPage.getByRole('link', { name: claimNumber }).click();
  await expect(adminPage.getByRole('heading', { level: 1 })).toContainText(claimNumber);
  await expect(adminPage.locator('#admin-main')).toContainText(oldSerial);
  await adminPage.getByRole('combobox', { name: 'Answer' }).selectOption('replacement');
  await adminPage.getByLabel('Note to the buyer').fill('A new unit ships once yours is back.');
  before = await lastMailId();
  await adminPage.getByRole('button', { name: 'Send the answer' }).click();
  await expect(adminPage.locator('#admin-main').getByRole('status')).toContainText(
    `Warranty claim ${claimNumber} answered; return RMA-`,
  );
  const answered = await nextMailTo(customer.email, before);
  expect(answered.subject).toBe(`Warranty claim ${claimNumber}: our answer`);
  const rma = /RMA-\d{6}/.exec(answered.text)![0];
  const returnId = Number(rma.slice(4));

  // The unit comes back; the return is resolved with a replacement order, shipped with a new serial.
  const { return: opened } = await call<{ return: { lines: { return_line_id: number }[] } }>(
    staff,
    'GET',
    `/api/admin/returns/${returnId}`,
  );
  await call(
    staff,
    'POST',
    `/api/admin/returns/${returnId}/lines/${opened.lines[0]!.return_line_id}/receive`,
    {
      disposition: 'write_off',
      inspection_note: 'No power.',
    },
  );
  const resolved = await call<{ return: { replacement_order_id: number } }>(
    staff,
    'POST',
    `/api/admin/returns/${returnId}/resolve`,
    { resolution: 'replacement', note: '' },
  );
  await shipWithSerial(staff, resolved.return.replacement_order_id, newSerial);

  // The buyer's claim is answered, and Devices shows the old unit replaced and the new one in warranty.
  await page.goto('/acer/account/warrantyClaims');
  await expect(page.getByRole('row', { name: new RegExp(claimNumber) })).toContainText('Replacement');
  await page.goto('/acer/account/devices');
  await expect(page.getByRole('row', { name: new RegExp(oldSerial) })).toContainText('Replaced');
  await expect(page.getByRole('row', { name: new RegExp(newSerial) })).toContainText('In warranty');
});
