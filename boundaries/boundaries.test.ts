/**
 * The import rules (.dependency-cruiser.cjs) catch what they are meant to: each fixture under fixtures/
 * breaks one rule (or none), and the rule check run as npm run boundaries reports exactly that.
 */
import { execFile } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..');
const fixtures = readdirSync(resolve(import.meta.dirname, 'fixtures'));

/** The violations found in each fixture, by one run of the check over all of them (each run loads TypeScript). */
let found: Map<string, { rule: string; from: string; to: string }[]>;

beforeAll(async () => {
  let out: string;
  try {
    ({ stdout: out } = await promisify(execFile)(
      process.execPath,
      [
        resolve(root, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs'),
        '--config',
        '.dependency-cruiser.cjs',
        '--output-type',
        'json',
        ...fixtures.map((fixture) => `boundaries/fixtures/${fixture}`),
      ],
      { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
    ));
  } catch (error) {
    // The check exits with the number of errors; its report is still on stdout.
    out = (error as { stdout: string }).stdout;
  }
  const result = JSON.parse(out) as {
    summary: { violations: { rule: { name: string }; from: string; to: string }[] };
  };
  found = new Map(fixtures.map((fixture) => [fixture, []]));
  for (const v of result.summary.violations) {
    const fixture = /^boundaries\/fixtures\/([^/]+)\//.exec(v.from)?.[1] ?? '';
    const short = (path: string) => path.replace(`boundaries/fixtures/${fixture}/`, '');
    found.get(fixture)?.push({ rule: v.rule.name, from: short(v.from), to: short(v.to) });
  }
});

function violations(fixture: string): { rule: string; from: string; to: string }[] {
  const list = found.get(fixture);
  if (!list) throw new Error(`no fixture ${fixture}`);
  return list;
}

describe('import rules', () => {
  it('pass code that keeps them', () => {
    expect(violations('clean')).toEqual([]);
  });

  it('refuse a cycle, even one closed by a type-only import', () => {
    const found = violations('cycle');
    expect(found.map((v) => v.rule)).toContain('no-cycle');
    expect(found).toContainEqual(
      expect.objectContaining({
        rule: 'no-cycle',
        from: 'server/src/modules/orders/rules.ts',
        to: 'server/src/modules/orders/service.ts',
      }),
    );
  });

  it("refuse a module reaching into another module's internals", () => {
    expect(violations('reach-in')).toEqual([
      {
        rule: 'module-internals',
        from: 'server/src/modules/orders/service.ts',
        to: 'server/src/modules/catalog/store.ts',
      },
    ]);
  });

  it('refuse orders importing approvals or invoices, which build on it (its tests may)', () => {
    expect(
      violations('layering')
        .map((v) => `${v.rule}: ${v.from} → ${v.to}`)
        .sort(),
    ).toEqual([
      'orders-below-approvals-invoices: server/src/modules/orders/bulk.ts → server/src/modules/invoices/index.ts',
      'orders-below-approvals-invoices: server/src/modules/orders/shop-routes.ts → server/src/modules/approvals/index.ts',
    ]);
  });

  it('refuse shared infrastructure importing a module', () => {
    expect(violations('shared-up')).toEqual([
      {
        rule: 'shared-below-modules',
        from: 'server/src/lib/http.ts',
        to: 'server/src/modules/catalog/index.ts',
      },
    ]);
  });

  it("refuse a page feature reaching into another's internals, and shared page code importing a feature", () => {
    const found = violations('page').map((v) => `${v.rule}: ${v.from} → ${v.to}`);
    expect(found.sort()).toEqual([
      'page-feature-internals: web/src/features/product/ProductPage.tsx → web/src/features/wishlist/WishListHeart.tsx',
      'page-shared-below-features: web/src/lib/cart.ts → web/src/features/product/ProductPage.tsx',
    ]);
  });
});
