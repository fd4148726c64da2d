/**
 * SHOP_TIME_ZONE: the shop's days are those of the configured zone, in SQL (the day filters) as in the
 * server's own code (the orders file), and a zone that is none stops the server before it starts.
 */
import { spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { orders } from './db/schema';
import { SERVER_ROOT } from './server-root';
import { call, itemPicker, makeCustomer, OWNER, placeOrder, staffSignIn } from './test/admin';
import { type TestContext, useTestApp } from './test/harness';

// The page's build, with a stand-in renderer that writes the zones it is given (as painter.api.test.ts does).
const root = mkdtempSync(join(tmpdir(), 'shop-zone-page-'));
mkdirSync(join(root, 'dist'));
mkdirSync(join(root, 'dist-ssr'));
copyFileSync(resolve(SERVER_ROOT, '../web/index.html'), join(root, 'dist', 'index.html'));
writeFileSync(
  join(root, 'dist-ssr', 'entry-server.js'),
  `export async function render(input) {
    return { kind: 'page', html: '<p>dates in ' + input.timeZone + ', shop in ' + input.shop.timeZone + '</p>', data: '{}' };
  }`,
);
const WEB_DIST = join(root, 'dist');
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** 04:30 UTC on March 10, 2026: 00:30 on the 10th in Toronto (EDT), 21:30 on the 9th in Vancouver (PDT). */
const PLACED = new Date('2026-03-10T04:30:00Z');

const shops = [
  { zone: 'America/Toronto', day: '2026-03-10', other: '2026-03-09', ctx: useTestApp({ WEB_DIST }) },
  {
    zone: 'America/Vancouver',
    day: '2026-03-09',
    other: '2026-03-10',
    ctx: useTestApp({ SHOP_TIME_ZONE: 'America/Vancouver', WEB_DIST }),
  },
];

/** An order of a new company placed at PLACED, as the back office's owner sees it. */
async function orderPlacedThen(ctx: TestContext, company: string) {
  const owner = await staffSignIn(ctx.app, OWNER.email, OWNER.password);
  const buyer = await makeCustomer(ctx.app, owner, { company });
  const [item] = itemPicker(() => ctx.app, 5)(1);
  const placed = await placeOrder(ctx.app, buyer.cookie, [{ itemId: item!.itemId, quantity: 1 }]);
  await ctx.database.db.update(orders).set({ createdAt: PLACED }).where(eq(orders.orderId, placed.orderId));
  return { owner, buyer, placed };
}

describe.each(shops)('a shop in $zone', ({ zone, day, other, ctx }) => {
  it(`counts an order placed at ${PLACED.toISOString()} on ${day}, in the back office and the account`, async () => {
    expect(ctx.config.SHOP_TIME_ZONE).toBe(zone);
    const { owner, buyer, placed } = await orderPlacedThen(ctx, `Zone Traders ${zone}`);
    const listed = async (from: string) => {
      const answer = await call(
        ctx.app,
        'GET',
        `/api/admin/orders?customer=${buyer.customerId}&from=${from}&to=${from}`,
        owner,
      );
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return (answer.body.orders.items as { order_id: number }[]).map((o) => o.order_id);
    };
    expect(await listed(day)).toEqual([placed.orderId]);
    expect(await listed(other)).toEqual([]);

    const own = async (from: string) => {
      const answer = await call(
        ctx.app,
        'GET',
        `/api/user/${buyer.customerId}/orders?from=${from}&to=${from}`,
        buyer.cookie,
      );
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return (answer.body.orders as { order_id: number }[]).map((o) => o.order_id);
    };
    expect(await own(day)).toEqual([placed.orderId]);
    expect(await own(other)).toEqual([]);

    const csv = await call(ctx.app, 'GET', `/api/admin/orders.csv?ids=${placed.orderId}`, owner);
    expect(csv.status).toBe(200);
    expect(csv.response.body.split('\n')[1]).toMatch(new RegExp(`^${placed.orderNumber},${day},`));
  });

  it("hands its zone to the page: a visitor's dates are drawn in it, and the browser reads it from the page", async () => {
    const page = await ctx.app.inject({
      method: 'GET',
      url: '/acer/faq',
      headers: { cookie: 'tz=Asia/Tokyo' },
    });
    expect(page.statusCode).toBe(200);
    // A visitor's page is kept for every visitor: its dates are the shop's, whatever zone the browser named.
    expect(page.body).toContain(`<p>dates in ${zone}, shop in ${zone}</p>`);
    expect(page.body).toContain(`&quot;timeZone&quot;:&quot;${zone}&quot;`);
  });
});

describe('a time zone that is none', () => {
  it('stops the server at start-up with a message naming SHOP_TIME_ZONE and the value', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'shop-zone-'));
    const child = spawn(process.execPath, ['--import', 'tsx', join(SERVER_ROOT, 'src/main.ts')], {
      cwd: resolve(SERVER_ROOT, '../..'),
      env: {
        ...process.env,
        SHOP_TIME_ZONE: 'America/Torono',
        DATABASE_URL: '',
        DATA_DIR: dataDir,
        PORT: '0',
        LOG_LEVEL: 'info',
        WEB_DIST: '/nonexistent',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    // It exits; were it to start instead, it is stopped once it says where it listens, and the test fails.
    const ended = new Promise<number | null>((done) => {
      child.once('exit', done);
      const read = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('the shop is at')) child.kill();
      };
      child.stdout.on('data', read);
      child.stderr.on('data', read);
    });
    try {
      expect(await ended).toBe(1);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
    expect(output).toContain(
      'SHOP_TIME_ZONE: "America/Torono" is not a time zone; give an IANA name such as America/Toronto or America/Vancouver',
    );
  });
});
