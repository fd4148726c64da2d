/**
 * The buyers' first download (docs/decisions/009-page-weight.md): the entry and the chunks the page preloads
 * stay under 130 KB gzip with React DOM in them, without Zod (the forms load it) or the back office, and one
 * style sheet holds up the first paint.
 */
import { gzipSync } from 'node:zlib';
import { expect, test } from '../fixtures';

test('the first download is React, under 130 KB gzip, without Zod or the back office, with one style sheet', async ({
  request,
}) => {
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
  let text = '';
  for (const path of scripts) {
    const body = await (await request.get(path)).body();
    expect(body.toString('utf8'), `${path} carries no Zod`).not.toContain('ZodError');
    text += body.toString('utf8');
    gzip += gzipSync(body, { level: 9 }).length;
  }
  // React DOM's production build names its error page; Preact's compat layer does not.
  expect(text, 'React DOM is in the first download').toContain('react.dev/errors');
  expect(text, 'no Preact').not.toMatch(/preact/i);
  expect(text, 'the back office stays out').not.toContain('back office');
  expect(gzip / 1024, `initial JavaScript (${scripts.join(', ')}) in KB gzip`).toBeLessThan(130);
});

test('a page preloads the specification’s messages in its own language only, by key', async ({
  request,
  baseURL,
}) => {
  const preloaded = async (lang: string) => {
    const html = await (
      await request.get('/acer/quick-order', { headers: { cookie: `lang=${lang}` } })
    ).text();
    const paths = [...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)].map((m) => m[1]!);
    let text = '';
    for (const path of paths)
      text += `${await (await request.get(new URL(path, baseURL).toString())).text()}\n`;
    return text;
  };
  // The code names a message by its key; its words come from the catalogue of the page's language.
  const english = await preloaded('en');
  expect(english).toContain('cart.notEnoughStockNone');
  expect(english).toContain('is out of stock. Please remove it from your cart.');
  expect(english).not.toContain('Veuillez le retirer de votre panier.');
  // The quotes' messages come with the pages that have quotes, not with this one.
  expect(english).not.toContain('quote.noLongerSold');
  const french = await preloaded('fr');
  expect(french).toContain('cart.notEnoughStockNone');
  expect(french).toContain('Veuillez le retirer de votre panier.');
  expect(french).not.toContain('Please remove it from your cart.');
});
