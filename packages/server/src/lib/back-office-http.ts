/** Small helpers the back office's routes share. */

import { MAX_ID } from '@shop/domain/account/requests';
import type { Page } from '@shop/domain/back-office/schemas';
import { HttpError } from './http';

/**
 * A numeric id from the path, 1 up to PostgreSQL's integer; anything else is refused with `refusal`: a 404
 * for that kind of thing (no such order), or the `status` a route gives it (400: Address id must be …).
 */
export function numericId(value: string | undefined, refusal: string, status: 400 | 404 = 404): number {
  if (value === undefined || !/^\d{1,10}$/.test(value) || Number(value) < 1 || Number(value) > MAX_ID)
    throw new HttpError(status, refusal);
  return Number(value);
}

export function pageOf<T>(items: T[], total: number, query: { page: number; page_size: number }): Page<T> {
  return {
    items,
    total,
    page: query.page,
    pages: Math.max(1, Math.ceil(total / query.page_size)),
    page_size: query.page_size,
  };
}

/** `%` and `_` typed in a search box are meant literally. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
