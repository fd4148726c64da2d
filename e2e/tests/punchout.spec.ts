/**
 * Punchout in the browser. A company administrator turns punchout on in the account and gets the shared
 * secret once; then the test plays the procurement system: a cXML PunchOutSetupRequest answers a start URL
 * that, opened in Chromium, lands signed in; the cart's "Return to procurement" posts the cart as a
 * PunchOutOrderMessage to the procurement system's page (a small server of the test's own), which receives
 * the item.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createCustomer, createProduct, expect, test } from '../admin-fixtures';
import { shopContext } from '../company-fixtures';
import { keepToShop } from '../fixtures';

/** The procurement system's return page: keeps every form posted to it. */
async function receiver() {
  const posted: string[] = [];
  const server = createServer((request: IncomingMessage, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      body += chunk;
    });
    request.on('end', () => {
      if (request.method === 'POST') posted.push(body);
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end('<!doctype html><title>Procurement</title><h1>Cart received</h1>');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/punchout/return`, posted, close: () => server.close() };
}

const setupRequest = (
  identity: string,
  secret: string,
  returnUrl: string,
) => `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE cXML SYSTEM "http://xml.cxml.org/schemas/cXML/1.2.014/cXML.dtd">
<cXML payloadID="${Date.now()}.e2e@procurement" timestamp="2026-11-29T10:00:00-05:00" xml:lang="en-US">
<Header><From><Credential domain="NetworkID"><Identity>AN01</Identity></Credential></From>
<To><Credential domain="NetworkID"><Identity>shop</Identity></Credential></To>
<Sender><Credential domain="NetworkID"><Identity>${identity}</Identity><SharedSecret>${secret}</SharedSecret></Credential><UserAgent>Procurement</UserAgent></Sender></Header>
<Request><PunchOutSetupRequest operation="create"><BuyerCookie>e2e-cookie</BuyerCookie>
<BrowserFormPost><URL>${returnUrl}</URL></BrowserFormPost></PunchOutSetupRequest></Request></cXML>`;

test('an administrator turns punchout on; the procurement system opens the shop and gets the cart back', async ({
  adminPage,
  browser,
  baseURL,
}) => {
  const customer = await createCustomer(adminPage.request);
  const product = await createProduct(adminPage.request, { stock: 40 });
  const admin = await shopContext(browser, baseURL, customer.customerId, customer.password);
  const page = await admin.newPage();

  // The administrator finds Punchout in the account, turns it on and lists the procurement system's origin.
  await page.goto('/acer/account/orders');
  await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Punchout' }).click();
  await expect(page).toHaveURL(/\/acer\/account\/punchout$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Punchout');
  await expect(page.getByTestId('punchout-identity')).toHaveText(customer.customerId);
  await expect(page.getByRole('checkbox', { name: 'Punchout is on' })).toBeChecked();
  await page.getByLabel('Origins allowed to frame the shop').fill('https://s1.ariba.example.com');
  await page.getByRole('button', { name: 'Save' }).click();
  const panel = page.getByRole('region', { name: 'Your new shared secret' });
  await expect(panel).toBeFocused();
  await expect(panel).toContainText('it will not be shown again');
  const secret = await panel.getByRole('textbox').inputValue();
  expect(secret).toMatch(/^po_[A-Za-z0-9_-]{43}$/);
  await panel.getByRole('button', { name: 'Done' }).click();
  // Read again, the secret is set but not shown.
  await page.reload();
  await expect(page.getByText('Set. It is never shown again')).toBeVisible();
  await expect(page.getByLabel('Origins allowed to frame the shop')).toHaveValue(
    'https://s1.ariba.example.com',
  );
  await admin.close();

  // The procurement system asks for a start URL.
  const procurement = await receiver();
  try {
    const setup = await adminPage.request.post('/punchout/cxml', {
      headers: { 'content-type': 'text/xml' },
      data: setupRequest(customer.customerId, secret, procurement.url),
    });
    expect(setup.status(), await setup.text()).toBe(200);
    const startUrl = /<URL>([^<]+)<\/URL>/.exec(await setup.text())?.[1] ?? '';
    expect(startUrl).toMatch(/\/punchout\/start\//);

    // Opened in the browser, it lands in the shop signed in.
    const buyer = await browser.newContext();
    await keepToShop(buyer);
    const shop = await buyer.newPage();
    await shop.goto(startUrl);
    await expect(shop).toHaveURL(/\/acer$/);
    const origin = new URL(shop.url()).origin;
    const added = await buyer.request.post(`${origin}/api/user/cart/add`, {
      data: { itemData: { item_id: product.item_id, quantity: 2, item_condition: 'BrandNew' } },
    });
    expect(added.status(), await added.text()).toBe(200);

    // The cart sends itself back to the procurement system.
    await shop.goto(`${origin}/acer/cart`);
    await expect(shop.getByRole('link', { name: product.item_name })).toBeVisible();
    await shop.getByRole('button', { name: 'Return to procurement' }).click();
    await expect(shop.getByRole('heading', { name: 'Cart received' })).toBeVisible();
    expect(procurement.posted).toHaveLength(1);
    const cxml = new URLSearchParams(procurement.posted[0]).get('cxml-urlencoded') ?? '';
    expect(cxml).toContain('<PunchOutOrderMessage>');
    expect(cxml).toContain('<BuyerCookie>e2e-cookie</BuyerCookie>');
    expect(cxml).toContain(`<SupplierPartID>${product.sku}</SupplierPartID>`);
    expect(cxml).toMatch(/<ItemIn quantity="2"/);
    expect(cxml).toContain('<UnitOfMeasure>EA</UnitOfMeasure>');
    expect(cxml).toContain('<Classification domain="UNSPSC">43211708</Classification>');
    await buyer.close();
  } finally {
    procurement.close();
  }
});
