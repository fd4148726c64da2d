/** Small helpers the back office's routes share. */
import type { Page } from '@shop/domain/admin';
import { HttpError } from './http';

/** A numeric id from the path; anything else is a 404 for that kind of thing. */
export function numericId(value: string | undefined, notFound: string): number {
  if (value === undefined || !/^\d{1,9}$/.test(value) || Number(value) < 1)
    throw new HttpError(404, notFound);
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
