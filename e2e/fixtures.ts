/**
 * Shared fixtures: pages signed in through the API, a hermetic network (only the shop's own host is
 * reachable), an accessibility check that fails on serious or critical axe violations, the mail sink,
 * and the seller command.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type BrowserContext, test as base, expect, type Locator, type Page } from '@playwright/test';
import { privateBuild, repoRoot, shopDatabaseUrl } from './database';
import { MAIL_SINK } from './ports';

export type { Locator, Page } from '@playwright/test';
export { expect };

/**
 * The demo customers seeded into an empty database, with their price percentage. Journeys only read them
 * (prices, pages drawn for a customer); a journey that changes a cart, an address, an order or a password makes
 * its own customer (`createCustomer` in admin-fixtures.ts).
 */
export const DEMO_CUSTOMERS = {
  C10001: { password: 'Demo@10001', percentage: 15 },
  C10002: { password: 'Demo@10002', percentage: 10 },
} as const;
export type DemoCustomer = keyof typeof DEMO_CUSTOMERS;

/**
 * Readies a context's pages for a journey: after `goto` and `reload` each waits until the page can take input.
 * The network is hermetic without this: the browser resolves no host name but the shop's own address
 * (`--host-resolver-rules` in playwright.config.ts), so nothing waits on the outside world. A route handler
 * would do the same at the price of a round trip to the test process for every request of every page.
 */
export async function keepToShop(
  context: BrowserContext,
  _baseURL?: string,
  { waitForHydration = true }: { waitForHydration?: boolean } = {},
): Promise<void> {
  if (waitForHydration) {
    for (const page of context.pages()) readyAfterLoad(page);
    context.on('page', readyAfterLoad);
  }
}

/**
 * A page the server drew shows before its scripts run; a person's click in that moment does nothing, and
 * so would a test's. After `goto` and `reload`, wait until the page says it is ready for input (main.tsx
 * marks <html data-ready>), as a person waits for a page to respond.
 */
function readyAfterLoad(page: Page): void {
  const whenReady = () =>
    page.waitForFunction(
      () => !document.getElementById('page-data') || document.documentElement.dataset.ready === 'true',
      undefined,
      { timeout: 15_000 },
    );
  const goto = page.goto.bind(page);
  page.goto = async (...args: Parameters<Page['goto']>) => {
    const response = await goto(...args);
    await whenReady();
    return response;
  };
  const reload = page.reload.bind(page);
  page.reload = async (...args: Parameters<Page['reload']>) => {
    const response = await reload(...args);
    await whenReady();
    return response;
  };
}

/** Signs a context in through the API; the answer's cookies (sid and the display cookies) land in it. */
export async function signIn(context: BrowserContext, customerId: DemoCustomer): Promise<void> {
  const response = await context.request.post('/api/user/login', {
    data: { username: customerId, password: DEMO_CUSTOMERS[customerId].password },
  });
  expect(response.status(), `sign-in of ${customerId}`).toBe(200);
  const cookies = await context.cookies();
  expect(cookies.find((c) => c.name === 'sid')?.httpOnly, 'httpOnly sid cookie').toBe(true);
  expect(cookies.find((c) => c.name === 'customerid')?.value).toBe(customerId);
}

export interface Fixtures {
  /** A new page in its own browser context, signed in as the given demo customer. */
  signedInPage: (
    customerId: DemoCustomer,
    options?: { viewport?: { width: number; height: number } },
  ) => Promise<Page>;
}

export const test = base.extend<Fixtures>({
  context: async ({ context, baseURL }, use) => {
    await keepToShop(context, baseURL);
    await use(context);
  },
  signedInPage: async ({ browser, baseURL }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async (customerId, options = {}) => {
      const context = await browser.newContext({ baseURL, ...options });
      contexts.push(context);
      await keepToShop(context, baseURL);
      await signIn(context, customerId);
      return context.newPage();
    });
    await Promise.all(contexts.map((c) => c.close()));
  },
});

/** The text of one element, trimmed, as written in the page. */
export async function textOf(locator: Locator): Promise<string> {
  return ((await locator.textContent()) ?? '').trim();
}

/** Fails when axe finds a violation of impact serious or critical, listing rule ids and targets. */
export async function expectNoSeriousA11y(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious, `serious or critical accessibility violations on ${page.url()}`).toEqual([]);
}

/**
 * Every alert, confirm and prompt of a page, accepted and kept in order. `next` waits for the next one
 * and checks its text, so an unexpected dialog in between fails the test.
 */
export class Dialogs {
  private readonly seen: string[] = [];

  constructor(page: Page) {
    page.on('dialog', (dialog) => {
      this.seen.push(dialog.message());
      void dialog.accept().catch(() => {});
    });
  }

  async next(message: string | RegExp): Promise<string> {
    await expect
      .poll(() => this.seen.length, { message: `waiting for the dialog ${String(message)}` })
      .toBeGreaterThan(0);
    const text = this.seen.shift()!;
    if (typeof message === 'string') expect(text).toBe(message);
    else expect(text).toMatch(message);
    return text;
  }

  /** No dialog is left unchecked. */
  none(): void {
    expect(this.seen, 'dialogs nobody expected').toEqual([]);
  }
}

// ---- Mail sink (e2e/mail-sink.ts)

export { MAIL_SINK };

export interface CaughtMail {
  id: number;
  receivedAt: string;
  to: string[];
  subject: string;
  text: string;
}

/** Mail the shop sent to an address, oldest first. */
export async function mailsTo(address: string): Promise<CaughtMail[]> {
  const response = await fetch(`${MAIL_SINK}/mails`);
  expect(response.ok, 'the mail sink answers').toBe(true);
  const mails = (await response.json()) as CaughtMail[];
  return mails.filter((m) => m.to.some((to) => to.toLowerCase() === address.toLowerCase()));
}

/** The newest mail id so far (0 when none), to wait for mail sent after it. */
export async function lastMailId(): Promise<number> {
  const response = await fetch(`${MAIL_SINK}/mails`);
  const mails = (await response.json()) as CaughtMail[];
  return mails.reduce((max, m) => Math.max(max, m.id), 0);
}

/**
 * Waits for a mail to the address newer than `afterId` and returns it. An address other journeys also write
 * to (the shop's inbox gets every order's notice) needs `containing`, a text only the awaited mail holds.
 */
export async function nextMailTo(address: string, afterId: number, containing?: string): Promise<CaughtMail> {
  let found: CaughtMail | undefined;
  await expect
    .poll(
      async () => {
        found = (await mailsTo(address)).find(
          (m) => m.id > afterId && (containing === undefined || m.text.includes(containing)),
        );
        return Boolean(found);
      },
      { message: `a mail to ${address}${containing ? ` holding "${containing}"` : ''}`, timeout: 10_000 },
    )
    .toBe(true);
  return found!;
}

// ---- The seller command (PostgreSQL only: the embedded database belongs to the server process)

export const ON_POSTGRES = Boolean(process.env.E2E_DATABASE_URL);
export const NEEDS_POSTGRES = 'the seller command needs the shared PostgreSQL database';

/**
 * Runs `npm run seller -- ...args` on the e2e server's database (the seller command of this run's copy of the
 * build, with E2E_DIST) and returns what it printed.
 */
export function seller(...args: string[]): string {
  const url = shopDatabaseUrl();
  if (!url) throw new Error(NEEDS_POSTGRES);
  const copy = privateBuild();
  const [command, commandArgs] = copy
    ? ['node', ['--enable-source-maps', join(copy.serverDist, 'seller.js'), ...args]]
    : ['npm', ['run', '--silent', 'seller', '--', ...args]];
  return execFileSync(command, commandArgs, {
    cwd: repoRoot,
    env: { ...process.env, DATABASE_URL: url },
    encoding: 'utf8',
    // npm's own notices stay out of the test output; a failure's message carries stderr.
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

// ---- Money

/** Cents as the page shows them: $1,234.56. */
export function money(amount: number): string {
  return new Intl.NumberFormat('en-CA', { style: 'currency', currency: 'CAD' }).format(amount / 100);
}
