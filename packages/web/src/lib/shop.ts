/** The shop's contact details and time zone, given by the server in a meta tag of index.html. */
import type { ShopInfo } from '@shop/domain/core/pages';
import { DEFAULT_SHOP_TIME_ZONE } from '@shop/domain/core/shop-time-zone';
import { serverScope } from './scope';

const fallback: ShopInfo = {
  phone: '+1 905 555 0100',
  email: 'info@example.com',
  salesEmail: 'sales@example.com',
  address: '10 East Beaver Creek Rd, Richmond Hill, ON L4B 1H3, Canada',
  timeZone: DEFAULT_SHOP_TIME_ZONE,
};

let cached: ShopInfo | null = null;

export function shopInfo(): ShopInfo {
  const scope = serverScope();
  if (scope) return scope.shop;
  if (cached) return cached;
  const content = document.querySelector('meta[name="shop-config"]')?.getAttribute('content');
  try {
    cached = content ? { ...fallback, ...(JSON.parse(content) as Partial<ShopInfo>) } : fallback;
  } catch {
    cached = fallback;
  }
  return cached;
}

/** tel: link form of the phone number. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
