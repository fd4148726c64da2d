/** A logged URL keeps no secret: one-time link tokens, company API keys, and anything named like a secret. */
import { describe, expect, it } from 'vitest';
import { isSecretParam, requestForLog, urlWithoutSecrets } from './request-log';

const key = `ak_live_abcd2345_${'Q'.repeat(43)}`;

describe('a logged URL', () => {
  it("keeps a set-password link's token out, as before", () => {
    expect(urlWithoutSecrets('/acer/set-password?token=s3cr3t')).toBe('/acer/set-password?token=(removed)');
    expect(urlWithoutSecrets('/acer/admin/set-password?lang=fr&TOKEN=s3cr3t#top')).toBe(
      '/acer/admin/set-password?lang=fr&TOKEN=(removed)#top',
    );
  });

  it('replaces the value of every parameter named like a secret, and keeps the others', () => {
    expect(
      urlWithoutSecrets(
        '/api/v1/price-list?page=2&access_token=a1&key=a2&api_key=a3&apiKey=a4&code=a5&client_secret=a6&password=a7&x-api-key=a8&accessToken=a9&q=acer',
      ),
    ).toBe(
      '/api/v1/price-list?page=2&access_token=(removed)&key=(removed)&api_key=(removed)&apiKey=(removed)&code=(removed)&client_secret=(removed)&password=(removed)&x-api-key=(removed)&accessToken=(removed)&q=acer',
    );
    // A name written with escapes is read as what it says.
    expect(urlWithoutSecrets('/x?access%5Ftoken=a1&pass%77ord=a2')).toBe(
      '/x?access%5Ftoken=(removed)&pass%77ord=(removed)',
    );
    for (const name of [
      'page',
      'page_size',
      'q',
      'sort',
      'status',
      'changed_since',
      'lang',
      'sku',
      'from',
      'to',
    ])
      expect(isSecretParam(name), name).toBe(false);
  });

  it('replaces a company API key wherever it stands', () => {
    for (const url of [
      `/api/v1/price-list?access_token=${key}`,
      `/api/v1/price-list?page=1&filter=${key}&q=x`,
      `/api/v1/price-list?${key}`,
      `/api/v1/${key}/orders`,
      `/api/v1/price-list?x=${key.replaceAll('_', '%5F')}`,
      `/api/v1/price-list?x=${key.toUpperCase()}`,
    ]) {
      const logged = urlWithoutSecrets(url);
      expect(logged, url).not.toMatch(/abcd2345|QQQQ/i);
      expect(logged, url).toContain('(removed)');
    }
    expect(urlWithoutSecrets(`/api/v1/${key}/orders?page=1`)).toBe('/api/v1/ak_live_(removed)/orders?page=1');
  });

  it("replaces a staff API token in a path, and an OCI punchout's password in a query", () => {
    expect(urlWithoutSecrets('/api/admin/st_live_abcd2345QQQQ/orders')).toBe(
      '/api/admin/st_live_(removed)/orders',
    );
    expect(urlWithoutSecrets('/punchout/oci?USERNAME=C10001&PASSWORD=s3cret&HOOK_URL=x')).toBe(
      '/punchout/oci?USERNAME=C10001&PASSWORD=(removed)&HOOK_URL=x',
    );
  });

  it('leaves a URL without secrets as it is', () => {
    for (const url of [
      '/',
      '/acer/products?q=aspire&page=2',
      '/api/v1/orders?page=1&page_size=50',
      '/a?b',
      '/a?=c&&d=',
    ])
      expect(urlWithoutSecrets(url)).toBe(url);
  });

  it('is what the request serializer writes', () => {
    expect(requestForLog({ method: 'GET', url: `/api/v1/price-list?access_token=${key}` }).url).toBe(
      '/api/v1/price-list?access_token=(removed)',
    );
  });
});
