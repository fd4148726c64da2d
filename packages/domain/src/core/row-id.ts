/** A row's id as a request names it (a path's `:id`): a whole number the database's integer can hold. */
import { z } from 'zod';
import type { MessageKey } from './i18n';

/** The largest id a path may name (PostgreSQL's integer). */
export const MAX_ID = 2_147_483_647;

/** An id from 1 to MAX_ID; anything else is a 400 saying `message` (the row is not one there is). */
export function rowId(message: MessageKey) {
  return z.coerce.number({ error: message }).int({ message }).min(1, { message }).max(MAX_ID, { message });
}
