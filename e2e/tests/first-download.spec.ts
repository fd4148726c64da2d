/**
 * The buyers' first download (docs/decisions/009-page-weight.md): the entry and the chunks the page preloads
 * stay under 100 KB gzip, without Zod (the forms load it), and one style sheet holds up the first paint.
 */
import { gzipSync } from 'node:zlib';
import { expect, test } from '../fixtures';

test('the first download stays under 100 KB gzip, without Zod, with one style sheet', async ({ request }) => {
  // A page without preloads of its own: what every first visit downloads.
  const html = await (await request.get('/acer/quick-order')).text();
  const scripts = [
    ...html.matchAll(
      /<script[^>]+src="(\/assets\/[^"]+\.js)"|<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g,
    ),
  ].map((m) => m[1] ?? m[2]!);
  const sheets = [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g)].map((m) => m[1]!);
  expect(scripts.length).toBeGreaterThan(0);
  expect(sheets, 'style sheets linked in the page').toHaveLength(1);

  let gzip = 0;
  for (const path of scripts) {
    const body = await (await request.get(path)).body();
    expect(body.toString('utf8'), `${path} carries no Zod`).not.toContain('ZodError');
    gzip += gzipSync(body, { level: 9 }).length;
  }
  expect(gzip / 1024, `initial JavaScript (${scripts.join(', ')}) in KB gzip`).toBeLessThan(100);
});
