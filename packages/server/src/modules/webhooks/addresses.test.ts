/** Which receivers' addresses the shop refuses: private, loopback, link-local, unless allowed. */
import { describe, expect, it } from 'vitest';
import { checkWebhookUrl, guardedLookup, isPrivateAddress } from './addresses';

describe('webhook addresses', () => {
  it('tells private, loopback and link-local addresses from public ones', () => {
    for (const a of [
      '127.0.0.1',
      '10.0.0.5',
      '172.20.1.1',
      '192.168.1.1',
      '169.254.169.254',
      '0.0.0.0',
      '100.64.0.1',
    ])
      expect(isPrivateAddress(a), a).toBe(true);
    for (const a of [
      '::1',
      '::',
      'fe80::1',
      'fd00::1',
      '::ffff:127.0.0.1',
      '::ffff:10.1.1.1',
      '::ffff:7f00:1',
      '::127.0.0.1',
      '64:ff9b::127.0.0.1',
      '2002:7f00:1::',
      'fec0::1',
    ])
      expect(isPrivateAddress(a), a).toBe(true);
    for (const a of ['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])
      expect(isPrivateAddress(a), a).toBe(false);
  });

  it('refuses such URLs and forged ones unless private addresses are allowed', async () => {
    await expect(checkWebhookUrl('http://[::1]:8080/x', false)).rejects.toThrow(/private/);
    await expect(checkWebhookUrl('http://localhost/x', false)).rejects.toThrow(/private/);
    await expect(checkWebhookUrl('http://u:p@8.8.8.8/', false)).rejects.toThrow(/URL/);
    await expect(checkWebhookUrl('javascript:alert(1)', false)).rejects.toThrow(/URL/);
    await expect(checkWebhookUrl('https://8.8.8.8/hook', false)).resolves.toBeInstanceOf(URL);
    await expect(checkWebhookUrl('http://localhost/x', true)).resolves.toBeInstanceOf(URL);
  });

  it('refuses to connect to a name that resolves to a private address', async () => {
    const lookup = (allow: boolean) =>
      new Promise<unknown>((resolve, reject) =>
        guardedLookup(allow)('localhost', { all: true }, (error, address) =>
          error ? reject(error) : resolve(address),
        ),
      );
    await expect(lookup(false)).rejects.toThrow(/private address/);
    await expect(lookup(true)).resolves.toEqual(
      expect.arrayContaining([expect.objectContaining({ family: expect.any(Number) })]),
    );
  });
});
