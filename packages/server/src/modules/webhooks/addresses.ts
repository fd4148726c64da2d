/**
 * Where a webhook may be sent: an http(s) URL without credentials whose host is on the public internet.
 * Private (RFC 1918, unique-local), loopback, link-local, carrier-grade NAT and unspecified addresses are
 * refused at creation and again at each delivery (the name is resolved and every address checked, and the
 * connection is made to the address checked), unless WEBHOOKS_ALLOW_PRIVATE is set.
 */
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { WEBHOOK_MSG } from '@shop/domain/webhooks/schemas';
import { HttpError } from '../../lib/http';

const blocked = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const)
  blocked.addSubnet(net, bits, 'ipv4');
// IPv6, with the forms that carry an IPv4 address inside (IPv4-compatible, NAT64, 6to4) or were private
// once (site-local), and the discard prefix: a network routing them reaches what the IPv4 list refuses.
for (const [net, bits] of [
  ['::', 96],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  blocked.addSubnet(net, bits, 'ipv6');

/** Whether an address is on a private, loopback, link-local or otherwise non-public network. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family === 6) {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    if (mapped) return blocked.check(mapped[1]!, 'ipv4');
    return blocked.check(address, 'ipv6');
  }
  return true;
}

/** The URL, parsed, when its form is one the shop sends to; a 400 saying what is wrong otherwise. */
export function parseWebhookUrl(given: string): URL {
  let url: URL;
  try {
    url = new URL(given);
  } catch {
    throw new HttpError(400, WEBHOOK_MSG.url);
  }
  if (
    (url.protocol !== 'https:' && url.protocol !== 'http:') ||
    url.username ||
    url.password ||
    !url.hostname
  )
    throw new HttpError(400, WEBHOOK_MSG.url);
  return url;
}

function hostOf(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, '');
}

/** Refuses a URL whose host is, or resolves to, a non-public address (unless private ones are allowed). */
export async function checkWebhookUrl(given: string, allowPrivate: boolean): Promise<URL> {
  const url = parseWebhookUrl(given);
  if (allowPrivate) return url;
  const host = hostOf(url);
  if (isIP(host)) {
    if (isPrivateAddress(host)) throw new HttpError(400, WEBHOOK_MSG.urlPrivate);
    return url;
  }
  let addresses: { address: string }[];
  try {
    addresses = await lookup(host, { all: true });
  } catch {
    throw new HttpError(400, WEBHOOK_MSG.urlUnresolved);
  }
  if (addresses.length === 0) throw new HttpError(400, WEBHOOK_MSG.urlUnresolved);
  if (addresses.some((a) => isPrivateAddress(a.address))) throw new HttpError(400, WEBHOOK_MSG.urlPrivate);
  return url;
}

/**
 * The `lookup` a delivery's connection uses: it resolves the host and refuses a non-public address, so
 * the address checked is the address connected to (a name that changes its answer gains nothing).
 */
export function guardedLookup(allowPrivate: boolean) {
  return (
    hostname: string,
    options: { family?: number | string; all?: boolean },
    callback: (
      error: Error | null,
      address: string | { address: string; family: number }[],
      family?: number,
    ) => void,
  ): void => {
    lookup(hostname, {
      all: true,
      family: Number(options.family) === 6 ? 6 : Number(options.family) === 4 ? 4 : 0,
    })
      .then((found) => {
        const usable = allowPrivate ? found : found.filter((a) => !isPrivateAddress(a.address));
        if (usable.length === 0 || usable.length < found.length)
          return callback(new Error(`${hostname} resolves to a private address`), '', 4);
        if (options.all) return callback(null, usable);
        callback(null, usable[0]!.address, usable[0]!.family);
      })
      .catch((error: Error) => callback(error, '', 4));
  };
}
