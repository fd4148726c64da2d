/**
 * The carriers an order ships with, each with the address of its tracking page ({n} is the tracking
 * number). Other has no tracking page. Orders shipped before the list may hold another carrier's name:
 * it is shown as written, without a link.
 */
import type { Lang } from '../core/i18n';

export const CARRIERS = [
  'Canada Post',
  'Purolator',
  'UPS',
  'FedEx',
  'Canpar',
  'Loomis',
  'DHL',
  'Other',
] as const;
export type Carrier = (typeof CARRIERS)[number];

const TRACKING_PAGES: Record<Carrier, string | null> = {
  'Canada Post': 'https://www.canadapost-postescanada.ca/track-reperage/en#/search?searchFor={n}',
  Purolator: 'https://www.purolator.com/en/shipping/tracker?pin={n}',
  UPS: 'https://www.ups.com/track?tracknum={n}',
  FedEx: 'https://www.fedex.com/fedextrack/?trknbr={n}',
  Canpar: 'https://www.canpar.com/en/tracking/track.htm?barcode={n}',
  Loomis: 'https://www.loomisexpress.com/loomship/Track/TrackStatus?wbs={n}',
  DHL: 'https://www.dhl.com/ca-en/home/tracking.html?tracking-id={n}',
  Other: null,
};

/** The carriers' own pages in French, for a buyer who reads French; a carrier without one keeps its page. */
const TRACKING_PAGES_FR: Partial<Record<Carrier, string>> = {
  'Canada Post': 'https://www.canadapost-postescanada.ca/track-reperage/fr#/search?searchFor={n}',
  Purolator: 'https://www.purolator.com/fr/shipping/tracker?pin={n}',
  UPS: 'https://www.ups.com/track?loc=fr_CA&tracknum={n}',
  Canpar: 'https://www.canpar.com/fr/tracking/track.htm?barcode={n}',
  DHL: 'https://www.dhl.com/ca-fr/home/tracking.html?tracking-id={n}',
};

export const CARRIER_MSG = {
  unknown: `The carrier must be one of ${CARRIERS.join(', ')} (or left empty).`,
} as const;

/** The listed carrier a name stands for, whatever its case and spaces ("ups", " Canada  Post "), else null. */
export function carrierNamed(name: string | null | undefined): Carrier | null {
  const key = (name ?? '').trim().replace(/\s+/g, ' ').toLowerCase();
  if (key === '') return null;
  return CARRIERS.find((c) => c.toLowerCase() === key) ?? null;
}

/**
 * The page that tracks a parcel at its carrier (in French when the carrier has one and `lang` is French),
 * the number URL-encoded; null for Other, a carrier not on the list, or no number.
 */
export function trackingUrl(
  carrier: string | null | undefined,
  number: string | null | undefined,
  lang: Lang = 'en',
): string | null {
  const listed = carrierNamed(carrier);
  const n = (number ?? '').trim();
  if (!listed || n === '') return null;
  const page = (lang === 'fr' ? TRACKING_PAGES_FR[listed] : undefined) ?? TRACKING_PAGES[listed];
  return page === null ? null : page.replace('{n}', encodeURIComponent(n));
}
