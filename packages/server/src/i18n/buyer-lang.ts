/**
 * A buyer's language: their own choice (contacts.language), else French when their company is billed in
 * Quebec (the billing province of its latest order, or, before any order, the province of its first saved
 * address), else not known. Mail to a buyer whose language is not known is in English.
 */
import { isLang, type Lang } from '@shop/domain/core/i18n';
import { type AnyColumn, eq, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { contacts, customers } from '../db/schema';

/** How a Quebec province is written in the shop's addresses and orders. */
const QUEBEC = ['Quebec', 'Québec', 'QC'];

/**
 * The SQL of a buyer's language ('en', 'fr' or null) for the row's contacts.language and customer id
 * (as SQL, e.g. the columns of a query that joins contacts and customers).
 */
export function buyerLanguageSql(language: AnyColumn | SQL, customerId: AnyColumn | SQL): SQL<Lang | null> {
  return sql<Lang | null>`coalesce(${language}, case when coalesce(
    (select o.billing_province from orders o where o.customer_id = ${customerId}
      order by o.created_at desc, o.order_id desc limit 1),
    (select a.province from addresses a where a.customer_id = ${customerId}
      order by a.created_at, a.address_id limit 1)) in (${sql.join(
        QUEBEC.map((name) => sql`${name}`),
        sql`, `,
      )}) then 'fr' end)`;
}

/** The language of a buyer's session: contacts.language of the session's contact, else the Quebec rule. */
export const sessionLanguageSql = buyerLanguageSql(contacts.language, customers.customerId);

export function langOr(value: unknown, fallback: Lang): Lang {
  return isLang(value) ? value : fallback;
}

/** Whether a province (as addresses and orders write it) is Quebec. */
export function isQuebec(province: string | null | undefined): boolean {
  return !!province && QUEBEC.includes(province);
}

/** The language mail to a contact is written in: theirs, else French for Quebec, else English. */
export async function mailLanguageOf(q: Queryable, contactPersonId: string): Promise<Lang> {
  const [row] = await q
    .select({ language: buyerLanguageSql(contacts.language, contacts.customerId) })
    .from(contacts)
    .where(eq(contacts.contactPersonId, contactPersonId))
    .limit(1);
  return langOr(row?.language, 'en');
}
