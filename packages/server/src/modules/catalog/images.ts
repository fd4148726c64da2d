/**
 * Image URLs. A share link maps to a configured prefix, the id captured from the link, and a suffix
 * (SPEC §3); a picture uploaded in the back office (media:{id}) is served by the shop in two sizes, from
 * the media store (media-store.ts), at the same address whichever process or machine answers.
 */
import { MEDIA_LINK } from '@shop/domain/catalog/product';

const SHARE_ID = /\/d\/([^/]+)/;

export interface ImageConfig {
  IMAGE_PREFIX: string;
  IMAGE_SUFFIX: string;
}

export const PLACEHOLDER_IMAGE = '/images/placeholder.svg';

/** Cards show the thumbnail; the product page shows the full size. */
export type ImageSize = 'thumb' | 'full';

function imageIdOf(link: string): string | null {
  return SHARE_ID.exec(link)?.[1] ?? null;
}

export function imageUrl(link: string, config: ImageConfig, size: ImageSize = 'thumb'): string {
  const media = MEDIA_LINK.exec(link);
  if (media) return `/media/${media[1]}-${size}.webp`;
  const id = imageIdOf(link);
  return id ? `${config.IMAGE_PREFIX}${encodeURIComponent(id)}${config.IMAGE_SUFFIX}` : PLACEHOLDER_IMAGE;
}
