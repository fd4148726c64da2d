/** How the orders lists read what a seller or buyer typed: an order number, a PO number. */
import { type SQL, sql } from 'drizzle-orm';
import { orders } from '../../db/schema';
import { likePattern } from '../../lib/back-office-http';

/** An order number as typed: "SO-001234" (any case), "so1234" or "1234" all mean SO-001234. */
export function orderNumberOf(text: string): string | null {
  const typed = text.trim().toUpperCase();
  const digits = /^(?:SO-?)?(\d{1,9})$/.exec(typed)?.[1];
  // Leading zeros beyond the six digits of the number's form are the same number.
  if (digits !== undefined) return `SO-${String(Number(digits)).padStart(6, '0')}`;
  return /^SO-[A-Z0-9-]{1,40}$/.test(typed) ? typed : null;
}

/**
 * A PO number by what was typed: three characters or more match any part of it (the trigram index),
 * fewer match the whole number, whatever the case.
 */
export function poMatches(text: string): SQL {
  const typed = text.trim();
  return typed.length >= 3
    ? sql`${orders.purchaseOrderId} ilike ${likePattern(typed)}`
    : sql`lower(${orders.purchaseOrderId}) = ${typed.toLowerCase()}`;
}
