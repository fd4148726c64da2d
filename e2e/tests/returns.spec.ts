/**
 * Returns (RMA): a buyer returns 2 of 5 delivered units with photos from the order's page; the seller
 * authorises the return, receives one unit to stock and one as damaged (to scratch-and-dent stock) and
 * resolves it with a credit note less a restocking fee; the buyer sees the credit on the statement and
 * opens the credit note's PDF. The French buyer's side of the same journey is shorter. The order (a
 * serialised product, shipped with serials, delivered, invoiced) is made through the API.
 */
import { deflateSync } from 'node:zlib';
import type { APIRequestContext, Browser } from '@playwright/test';
import {
  ADMIN,
  call,
  createCustomer,
  createProduct,
  expect,
  placeOrder,
  productOf,
  statusMessage,
  test,
  uid,
} from '../admin-fixtures';
import { invoiceOrder, orderAction, pdfText, shopContext } from '../company-fixtures';
import { expectNoSeriousA11y, lastMailId, nextMailTo } from '../fixtures';

/** A small solid PNG, made here (the server reads its type from its bytes). */
function png(rgb: [number, number, number]): Buffer {
  const table = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (b: Buffer) => {
    let c = 0xffffffff;
    for (const byte of b) c = table[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), body.length + 4);
    return out;
  };
  const size = 8;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: size }, () => rgb).flat())]);
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: size }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A customer with a delivered, invoiced order of 5 serialised units; the buyer's signed-in context. */
async function deliveredOrder(staff: APIRequestContext, browser: Browser, baseURL: string | undefined) {
  const product = await createProduct(staff, {
    serialized: true,
    stock: 20,
    item_name: `Return test monitor ${uid()}`,
  });
  const customer = await createCustomer(staff);
  const shop = await shopContext(browser, baseURL, customer.customerId, customer.password);
  const placed = await placeOrder(
    shop.request,
    customer,
    [{ ...product, quantity: 5 }],
    `PO-RMA-${uid()}`.slice(0, 30),
  );
  await orderAction(staff, placed.orderId, 'confirm');
  await orderAction(staff, placed.orderId, 'ship', {
    carrier: 'Purolator',
    tracking_number: `TRK${uid()}`.slice(0, 30),
  });
  await orderAction(staff, placed.orderId, 'deliver');
  await invoiceOrder(staff, shop.request, customer.customerId, placed.orderId, '10.00');
  return { product, customer, shop, placed };
}

test('a buyer returns 2 of 5 units with photos; the seller receives them and credits the return', async ({
  adminPage,
  browser,
  baseURL,
}) => {
  const staff = adminPage.request;
  const { product, customer, shop, placed } = await deliveredOrder(staff, browser, baseURL);
  const { order } = await call<{ order: { lines: { line_id: number }[] } }>(
    staff,
    'GET',
    `/api/admin/orders/${placed.orderId}`,
  );
  const lineId = order.lines[0]!.line_id;
  const [first, second] = [1, 2].map((i) => `E2E-${placed.orderId}-${lineId}-${i}`);

  // From the delivered order's page: Return units, two serials ticked, a reason, notes and two photos.
  const page = await shop.newPage();
  await page.goto(`/acer/order/${placed.orderId}`);
  await page.getByRole('link', { name: 'Return units' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    `Return units of order ${placed.orderNumber}`,
  );
  await page.getByRole('checkbox', { name: first! }).check();
  await page.getByRole('checkbox', { name: second! }).check();
  await page.getByRole('combobox', { name: 'Reason' }).selectOption('dead_on_arrival');
  await page.getByLabel('Notes').fill('Two screens stay black.');
  await page.getByLabel('Photos').setInputFiles([
    { name: 'front.png', mimeType: 'image/png', buffer: png([200, 30, 30]) },
    { name: 'label.png', mimeType: 'image/png', buffer: png([30, 30, 200]) },
  ]);
  await expectNoSeriousA11y(page);
  let before = await lastMailId();
  await page.getByRole('button', { name: 'Ask for the return' }).click();
  const said = page.getByRole('status').filter({ hasText: 'has been requested' });
  await expect(said).toBeVisible();
  const rma = /RMA-\d{6}/.exec((await said.textContent()) ?? '')![0];
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Return ${rma}`);
  await expect(page.getByTestId('return-state')).toHaveText('Requested');
  await expect(page.getByRole('img', { name: `Units of return ${rma}, view 2` })).toBeVisible();
  await expectNoSeriousA11y(page);
  expect((await nextMailTo(customer.email, before)).subject).toBe(
    `Return ${rma} requested (order ${placed.orderNumber})`,
  );

  // The seller finds it waiting, authorises it: the buyer is mailed where to send the units.
  await adminPage.goto(`${ADMIN}/returns`);
  await expect(adminPage.getByRole('link', { name: /^Returns \d+ waiting$/ })).toBeVisible();
  await adminPage.getByRole('link', { name: rma }).click();
  await expect(adminPage.getByRole('heading', { level: 1 })).toContainText(rma);
  await expect(adminPage.getByRole('img', { name: 'What the buyer sent, 1 of 2' })).toBeVisible();
  await adminPage
    .getByLabel('Where to send the units')
    .fill('Returns dock, 10 East Beaver Creek Rd, Richmond Hill ON');
  await adminPage.getByRole('combobox', { name: 'Return shipping paid by' }).selectOption('shop');
  before = await lastMailId();
  await adminPage.getByRole('button', { name: 'Authorise' }).click();
  await expect(statusMessage(adminPage)).toContainText(`Return ${rma} is authorised`);
  const authorised = await nextMailTo(customer.email, before);
  expect(authorised.text).toContain(`Write the RMA number ${rma} on the outside of the box`);

  // One unit back to stock, the other damaged: to scratch-and-dent stock.
  const stockBefore = (await productOf(staff, product.item_id)).product;
  const receiveFirst = adminPage.getByRole('form', { name: `Receive unit ${first}` });
  await receiveFirst.getByRole('combobox').selectOption('stock');
  await receiveFirst.getByRole('button', { name: 'Receive' }).click();
  await expect(adminPage.getByRole('form', { name: `Receive unit ${first}` })).toHaveCount(0);
  const receiveSecond = adminPage.getByRole('form', { name: `Receive unit ${second}` });
  await receiveSecond.getByRole('combobox').selectOption('scratch_dent');
  await receiveSecond.getByRole('textbox').fill('Cracked bezel');
  await receiveSecond.getByRole('button', { name: 'Receive' }).click();
  await expect(adminPage.getByRole('heading', { name: 'Resolve the return' })).toBeVisible();
  const stockAfter = (await productOf(staff, product.item_id)).product;
  expect(stockAfter.stock).toBe(stockBefore.stock + 1);
  expect(Number(stockAfter.scratch_dent_stock)).toBe(Number(stockBefore.scratch_dent_stock) + 1);

  // Resolved with a credit note less a restocking fee.
  await adminPage.getByRole('combobox', { name: 'Resolution' }).selectOption('credit');
  await adminPage.getByLabel('Restocking fee').fill('5.00');
  await adminPage.getByRole('button', { name: 'Resolve' }).click();
  await expect(statusMessage(adminPage)).toContainText(`Return ${rma} is resolved (credit)`);
  const creditNote = /CN-\d{6}/.exec((await adminPage.locator('#admin-main').textContent()) ?? '')![0];

  // The buyer sees the return resolved, the credit on the statement, and the credit note's PDF.
  await page.goto('/acer/account/returns');
  await expect(page.getByRole('row', { name: new RegExp(rma) })).toContainText('Resolved');
  await page.goto('/acer/account/statement');
  await page.getByRole('link', { name: creditNote }).first().click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(creditNote);
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download the PDF' }).click();
  const file = await (await download).createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of file) chunks.push(chunk as Buffer);
  const text = await pdfText(new Uint8Array(Buffer.concat(chunks)));
  expect(text).toContain(creditNote);
  expect(text).toContain(first!);
  await shop.close();
});

test('un acheteur demande un retour en français, puis lit la note de crédit et son PDF', async ({
  adminPage,
  browser,
  baseURL,
}) => {
  const staff = adminPage.request;
  const { placed, shop } = await deliveredOrder(staff, browser, baseURL);
  await shop.addCookies([{ name: 'lang', value: 'fr', url: baseURL! }]);
  const page = await shop.newPage();
  await page.goto(`/acer/order/${placed.orderId}`);
  await page.getByRole('link', { name: 'Retourner des unités' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    `Retourner des unités de la commande ${placed.orderNumber}`,
  );
  await page.getByRole('checkbox').first().check();
  await page.getByRole('combobox', { name: 'Motif' }).selectOption('wrong_item');
  await page.getByRole('button', { name: 'Demander le retour' }).click();
  const said = page.getByRole('status').filter({ hasText: 'a été demandé' });
  await expect(said).toBeVisible();
  await expect(page.getByTestId('return-state')).toHaveText('Demandé');
  await expect(page.getByText('N’envoyez rien d’ici là.')).toBeVisible();

  // The seller authorises, receives and credits it (through the back office's API); the French buyer reads
  // the credit on the statement, the credit note's page and its PDF in French.
  const returnId = Number(/\/acer\/returns\/(\d+)/.exec(page.url())![1]);
  await call(staff, 'POST', `/api/admin/returns/${returnId}/authorise`, {
    instructions: 'Quai des retours, 10 East Beaver Creek Rd, Richmond Hill ON',
    shipping_paid_by: 'shop',
  });
  const { return: detail } = await call<{ return: { lines: { return_line_id: number }[] } }>(
    staff,
    'GET',
    `/api/admin/returns/${returnId}`,
  );
  for (const line of detail.lines)
    await call(staff, 'POST', `/api/admin/returns/${returnId}/lines/${line.return_line_id}/receive`, {
      disposition: 'stock',
    });
  await call(staff, 'POST', `/api/admin/returns/${returnId}/resolve`, { resolution: 'credit' });
  await page.goto('/acer/account/statement');
  const link = page.getByRole('link', { name: /^CN-\d{6}$/ }).first();
  const creditNote = ((await link.textContent()) ?? '').trim();
  await link.click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(`Note de crédit ${creditNote}`);
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Télécharger le PDF' }).click();
  const chunks: Buffer[] = [];
  for await (const chunk of await (await download).createReadStream()) chunks.push(chunk as Buffer);
  const text = await pdfText(new Uint8Array(Buffer.concat(chunks)));
  expect(text).toContain('Note de crédit');
  expect(text).toContain(creditNote);
  await shop.close();
});
