/** Image URLs: a configured prefix, the id captured from the share link, and a suffix (SPEC §3). */
const SHARE_ID = /\/d\/([^/]+)/;

export interface ImageConfig {
  IMAGE_PREFIX: string;
  IMAGE_SUFFIX: string;
}

export const PLACEHOLDER_IMAGE = '/images/placeholder.svg';

export function imageIdOf(link: string): string | null {
  return SHARE_ID.exec(link)?.[1] ?? null;
}

export function imageUrl(link: string, config: ImageConfig): string {
  const id = imageIdOf(link);
  return id ? `${config.IMAGE_PREFIX}${encodeURIComponent(id)}${config.IMAGE_SUFFIX}` : PLACEHOLDER_IMAGE;
}
