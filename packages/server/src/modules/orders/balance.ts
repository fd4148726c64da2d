/**
 * What a company owes and has ordered: the unpaid part of its current invoices plus the totals of its orders
 * not yet invoiced (held ones included), leaving out canceled and declined orders, less the company's credit
 * left on its credit notes. The credit check at
 * checkout and the statements count the same way.
 */
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';

/** Orders that count toward what a company owes (not canceled or declined). */
export const OWING_STATUSES = ['OnHold', 'Pending', 'Confirmed', 'Shipped', 'Delivered'] as const;

const owing = sql.raw(OWING_STATUSES.map((s) => `'${s}'`).join(', '));

/**
 * What is still to pay on an invoice: its total less the payments not reversed and the credit (of credit
 * notes) allocated to it (negative: a credit).
 */
export const invoiceBalanceSql = (invoiceAlias: string) =>
  sql.raw(`(${invoiceAlias}.total_cents - coalesce((select sum(p.amount_cents) from payments p
    where p.invoice_id = ${invoiceAlias}.invoice_id and p.reversed_at is null), 0)
    - coalesce((select sum(a.amount_cents) from credit_allocations a
    where a.invoice_id = ${invoiceAlias}.invoice_id), 0))`);

/** The company's credit not yet applied to an invoice or refunded: its credit notes less their allocations. */
export const companyCreditSql = (customerId: string) => sql`(coalesce((select sum(cn.total_cents)
  from credit_notes cn where cn.customer_id = ${customerId}), 0)
  - coalesce((select sum(a.amount_cents) from credit_allocations a where a.customer_id = ${customerId}), 0))`;

/**
 * The company's open balance in cents. With `lock`, the company's row is locked first, so two orders of
 * one company checked against its limit at once are checked one after the other.
 */
export async function openBalanceCents(
  db: Queryable,
  customerId: string,
  options: { lock?: boolean } = {},
): Promise<number> {
  if (options.lock)
    await db.execute(sql`select 1 from customers where customer_id = ${customerId} for no key update`);
  const result = (await db.execute(sql`
    select
      coalesce((select sum(${invoiceBalanceSql('i')}) from invoices i join orders o on o.order_id = i.order_id
        where o.customer_id = ${customerId} and i.replaced_at is null and o.status in (${owing})), 0)
      + coalesce((select sum(o.total_cents) from orders o where o.customer_id = ${customerId}
        and o.status in (${owing})
        and not exists (select 1 from invoices i where i.order_id = o.order_id and i.replaced_at is null)), 0)
      - ${companyCreditSql(customerId)}
      as open`)) as unknown as { rows: { open: string | number }[] };
  return Number(result.rows[0]?.open ?? 0);
}
