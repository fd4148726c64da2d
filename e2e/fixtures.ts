/**
 * Shared fixtures: pages signed in through the API, a hermetic network (only the shop's own host is
 * reachable) and an accessibility check that fails on serious or critical axe violations.
 */
import AxeBuilder from '@axe-core/playwright';
import { type BrowserContext, test as base, expect, type Locator, type Page } from '@playwright/test';

export type { Locator, Page } from '@playwright/test';
export { expect };

/** The demo customers seeded into an empty database, with their price percentage. */
export const DEMO_CUSTOMERS = {
  C10001: { password: 'Demo@10001', percentage: 15 },
  C10002: { password: 'Demo@10002', percentage: 10 },
} as const;
export type DemoCustomer = keyof typeof DEMO_CUSTOMERS;

/** Lets only requests to the shop itself through, so nothing waits on the outside world. */
async function keepToShop(context: BrowserContext, baseURL: string | undefined): Promise<void> {
  const origin = new URL(baseURL ?? 'http://127.0.0.1:3100').origin;
  await context.route(
    (url) => url.origin !== origin && (url.protocol === 'http:' || url.protocol === 'https:'),
    (route) => route.abort(),
  );
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

interface Fixtures {
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
