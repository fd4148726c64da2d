/**
 * Text answers are sent compressed as the client asks (Brotli first, then gzip, plain otherwise). The
 * catalog's kept answers keep their compressed bytes: the same bytes are sent until a stock number in the
 * answer moves, then the answer is compressed again once, with the new number in it. Answers made for each
 * request are compressed as they are sent. Small answers go as they are.
 */
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { call, OWNER, staffSignIn } from '../test/admin';
import { useTestApp } from '../test/harness';

const ctx = useTestApp();

async function get(url: string, encoding?: string, cookie?: string) {
  const headers: Record<string, string> = {};
  if (encoding) headers['accept-encoding'] = encoding;
  if (cookie) headers.cookie = cookie;
  return ctx.app.inject({ method: 'GET', url, headers });
}

function decoded(response: Awaited<ReturnType<typeof get>>): string {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(response.rawPayload).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(response.rawPayload).toString('utf8');
  return response.rawPayload.toString('utf8');
}

describe('compressed answers', () => {
  it('sends a listing, a search and a product Brotli- or gzip-compressed as asked, the same text as plain', async () => {
    const listing = (await get('/api/category/Notebook')).json();
    const first = listing.categoryItems.itemsBrief[0];
    for (const url of [
      '/api/category/Notebook',
      '/api/search?string=aspire',
      '/api/mainpage',
      `/api/product/${first.item_id}/${first.item_condition}`,
    ]) {
      const plain = await get(url);
      expect(plain.statusCode, url).toBe(200);
      expect(plain.headers['content-encoding'], url).toBeUndefined();
      const br = await get(url, 'gzip, deflate, br');
      expect(br.headers['content-encoding'], url).toBe('br');
      expect(String(br.headers.vary), url).toContain('Accept-Encoding');
      expect(decoded(br), url).toBe(plain.body);
      expect(br.rawPayload.length, url).toBeLessThan(plain.rawPayload.length * 0.6);
      const gz = await get(url, 'gzip, br;q=0');
      expect(gz.headers['content-encoding'], url).toBe('gzip');
      expect(decoded(gz), url).toBe(plain.body);
    }
  });

  it('keeps the compressed bytes of a kept answer until a stock number in it moves, then has the new number', async () => {
    const owner = await staffSignIn(ctx.app, OWNER.email, OWNER.password);
    const listing = (await get('/api/category/Notebook')).json();
    const item = listing.categoryItems.itemsBrief.find(
      (brief: { item_condition: string }) => brief.item_condition === 'BrandNew',
    );
    const url = `/api/product/${item.item_id}/BrandNew`;
    const once = await get(url, 'br');
    const again = await get(url, 'br');
    expect(again.rawPayload.equals(once.rawPayload)).toBe(true);
    const stockOf = (text: string) => JSON.parse(text).itemInfo.itemDetail[0].stock as number;
    const stock = stockOf(decoded(once));
    const changed = await call(ctx.app, 'PATCH', `/api/admin/products/${item.item_id}`, owner, {
      stock: stock + 7,
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const after = await get(url, 'br');
    expect(stockOf(decoded(after))).toBe(stock + 7);
    expect(decoded(after)).toBe((await get(url)).body);
    const gz = await get(url, 'gzip');
    expect(stockOf(decoded(gz))).toBe(stock + 7);
    // Filled in again after a stock change, it goes as quick gzip to a client that takes both.
    const both = await get(url, 'br, gzip');
    expect(both.headers['content-encoding']).toBe('gzip');
    expect(stockOf(decoded(both))).toBe(stock + 7);
  });

  it('compresses answers made for each request too, and leaves small ones as they are', async () => {
    const owner = await staffSignIn(ctx.app, OWNER.email, OWNER.password);
    const big = await get('/api/admin/products', 'br', owner);
    expect(big.statusCode).toBe(200);
    expect(big.headers['content-encoding']).toBe('br');
    const plain = await get('/api/admin/products', undefined, owner);
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    expect(JSON.parse(decoded(big))).toEqual(plain.json());
    const small = await get('/healthz', 'br');
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('does not decompress a request body: a compressed one is refused as unreadable, with a message', async () => {
    const body = gzipSync(JSON.stringify({ username: 'C10001', password: 'Demo@10001' }));
    const answer = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: body,
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.headers['set-cookie']).toBeUndefined();
    expect(answer.json().smessage).toEqual(expect.any(String));
  });
});
