/**
 * Webhooks in the back office: an owner adds an endpoint (a receiver on loopback, started here), sends it
 * a test event, sees the delivery in the endpoint's log and sends it again under the same id.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ADMIN, expect, statusMessage, test } from '../admin-fixtures';

test('an owner adds an endpoint, sends a test event, sees the delivery and sends it again', async ({
  adminPage: page,
}) => {
  const ids: string[] = [];
  const receiver = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      ids.push(String(req.headers['webhook-id']));
      res.writeHead(200).end('received');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  try {
    await page.goto(`${ADMIN}/webhooks`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Webhooks');
    const form = page.getByRole('region', { name: 'Add an endpoint' });
    await form.getByLabel('URL').fill(url);
    await form.getByLabel('order.placed').check();
    await form.getByRole('button', { name: 'Add the endpoint' }).click();
    await expect(statusMessage(page).filter({ hasText: 'The endpoint has been added' })).toBeVisible();
    await expect(page.getByTestId('webhook-secret')).toHaveText(/^whsec_/);

    const row = page.locator('tr', { has: page.getByRole('link', { name: url }) });
    await row.getByRole('button', { name: 'Send test event' }).click();
    await expect(row.getByRole('status')).toContainText('A test event is being sent');
    await expect.poll(() => ids.length).toBe(1);

    await row.getByRole('link', { name: url }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Deliveries to ${url}`);
    const delivery = page.locator('tr[data-delivery]').first();
    await expect(async () => {
      await page.reload();
      await expect(delivery).toContainText('delivered', { timeout: 1000 });
    }).toPass();
    await expect(delivery).toContainText('webhook.test');
    await expect(delivery).toContainText('200');
    await expect(delivery).toContainText('received');

    // The row sent again, by its id: the new delivery comes first in the log once it is shown again.
    const sent = page.locator(`tr[data-delivery="${await delivery.getAttribute('data-delivery')}"]`);
    await sent.getByRole('button', { name: 'Send again webhook.test' }).click();
    await expect(sent.getByRole('status')).toContainText('The delivery is being sent again');
    await expect(page.locator('tr[data-delivery]')).toHaveCount(2);
    await expect.poll(() => ids.length).toBe(2);
    expect(ids[1]).toBe(ids[0]);
  } finally {
    await new Promise((resolve) => receiver.close(resolve));
  }
});
