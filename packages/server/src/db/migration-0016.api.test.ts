/**
 * Migration 0016 on a database that already has orders and invoices: each order's combined tax is split
 * into its components without moving a cent, each invoice gets its components, its due day (a corrected
 * invoice keeps the first one's) and a payment that settles it, and the seller's shipping lines get their kind.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SEEDED_TAX_RATES } from '@shop/domain/tax/history';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { SERVER_ROOT } from '../server-root';
import { createEmptyDatabase } from '../test/harness';
import { openDatabase } from './client';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const journal = JSON.parse(readFileSync(join(SERVER_ROOT, 'drizzle/meta/_journal.json'), 'utf8')) as {
  entries: { tag: string }[];
};

const ADDRESS = (province: string) =>
  `'Ada Buyer', 'Ada Ltd', '1 Main St', '', 'Montréal', '${province}', 'H2X1Y4', 'Canada', '5145550100'`;

/** An order as the release before 0016 wrote it: one combined rate. */
function order(
  id: number,
  province: string,
  subtotal: number,
  rateMilli: number,
  tax: number,
  status = 'Shipped',
) {
  return `insert into orders (order_id, order_number, customer_id, contact_person_id, checkout_key, status,
      purchase_order_id, shipping_method, subtotal_cents, items_tax_cents, tax_rate_milli, total_cents, created_time,
      shipping_attention, shipping_company, shipping_address_1, shipping_address_2, shipping_city, shipping_province,
      shipping_zip, shipping_country, shipping_phone,
      billing_attention, billing_company, billing_address_1, billing_address_2, billing_city, billing_province,
      billing_zip, billing_country, billing_phone)
    values (${id}, 'SO-00000${id}', 'C90001', 'P90001', 'k${id}', '${status}', 'PO-${id}', 'Standard', ${subtotal}, ${tax},
      ${rateMilli}, ${subtotal + tax}, '', ${ADDRESS(province)}, ${ADDRESS(province)})`;
}

/** An invoice as it was made: the order's total, shipping and the tax on it at the combined rate. */
function invoice(
  id: number,
  orderId: number,
  orderTotal: number,
  shipping: number,
  shippingTax: number,
  at: string,
) {
  return `insert into invoices (invoice_id, invoice_number, order_id, shipping_cents, shipping_tax_cents, total_cents, created_at)
    values (${id}, 'INV-00000${id}', ${orderId}, ${shipping}, ${shippingTax}, ${orderTotal + shipping + shippingTax}, '${at}');
    insert into invoice_lines (invoice_id, item_id, item_name, quantity, rate_cents)
    values (${id}, null, 'Shipping (Standard)', 1, ${shipping}), (${id}, null, 'Recycling fee', 1, 0)`;
}

describe.skipIf(!onPostgres)(
  'migration 0016 on a database with orders and invoices (PostgreSQL only)',
  () => {
    it('splits the taxes without moving a cent, dates the invoices and settles the ones already made', async () => {
      const empty = await createEmptyDatabase();
      const older = mkdtempSync(join(tmpdir(), 'shop-migrations-'));
      cpSync(join(SERVER_ROOT, 'drizzle'), older, { recursive: true });
      const before = journal.entries.findIndex((e) => e.tag === '0016_taxes_and_accounts');
      writeFileSync(
        join(older, 'meta/_journal.json'),
        JSON.stringify({ ...journal, entries: journal.entries.slice(0, before) }),
      );
      const client = new pg.Client({ connectionString: empty.url });
      try {
        const old = await openDatabase({ url: empty.url, poolSize: 1, migrationsFolder: older });
        await old.migrate();
        await old.close();
        await client.connect();
        await client.query(`
        insert into customers (customer_id, company) values ('C90001', 'Ada Ltd');
        insert into contacts (contact_person_id, customer_id, username, password_hash) values ('P90001', 'C90001', 'C90001', '');
        ${order(1, 'Quebec', 10_10, 14_975, 1_51)};
        ${order(2, 'Ontario', 100_00, 13_000, 13_00)};
        ${order(3, 'Ontario', 50_00, 13_000, 6_50, 'Canceled')};
        ${invoice(1, 1, 11_61, 10_00, 1_50, '2026-01-10T15:00:00Z')};
        ${invoice(2, 2, 113_00, 5_00, 65, '2026-01-10T15:00:00Z')};
        update invoices set replaced_at = '2026-01-20T15:00:00Z', replaced_by = 3 where invoice_id = 2;
        ${invoice(3, 2, 113_00, 7_00, 91, '2026-01-20T15:00:00Z')};
        ${invoice(4, 3, 56_50, 0, 0, '2026-01-10T15:00:00Z')};`);

        const current = await openDatabase({ url: empty.url, poolSize: 1 });
        await current.migrate();
        await current.close();

        const rows = async (query: string) => (await client.query(query)).rows;
        // Quebec's 14.975 % becomes GST rounded on its own (50.5 → 51) and QST the rest: still $1.51.
        expect(
          await rows(
            'select component, rate_milli, base_cents::int, tax_cents::int from order_taxes where order_id = 1 order by position',
          ),
        ).toEqual([
          { component: 'GST', rate_milli: 5_000, base_cents: 10_10, tax_cents: 51 },
          { component: 'QST', rate_milli: 9_975, base_cents: 10_10, tax_cents: 1_00 },
        ]);
        // Its invoice's components add up to the order's tax and the shipping's: 1.51 + 1.50.
        expect(
          await rows(
            'select component, base_cents::int, tax_cents::int from invoice_taxes where invoice_id = 1 order by position',
          ),
        ).toEqual([
          { component: 'GST', base_cents: 20_10, tax_cents: 1_01 },
          { component: 'QST', base_cents: 20_10, tax_cents: 2_00 },
        ]);
        expect(await rows('select component, tax_cents::int from order_taxes where order_id = 2')).toEqual([
          { component: 'HST', tax_cents: 13_00 },
        ]);
        // Net 30 from the order's first invoice, the corrected one included.
        expect(await rows('select invoice_id, due_on::text from invoices order by invoice_id')).toEqual([
          { invoice_id: 1, due_on: '2026-02-09' },
          { invoice_id: 2, due_on: '2026-02-09' },
          { invoice_id: 3, due_on: '2026-02-09' },
          { invoice_id: 4, due_on: '2026-02-09' },
        ]);
        // The current invoices of orders still owed are settled by a payment the seller can reverse; the
        // replaced invoice and the canceled order's get none.
        expect(
          await rows(
            "select invoice_id, amount_cents::int, method, created_by from payments where reference = 'Settled before payments were recorded' order by invoice_id",
          ),
        ).toEqual([
          { invoice_id: 1, amount_cents: 23_11, method: 'other', created_by: 'migration' },
          { invoice_id: 3, amount_cents: 120_91, method: 'other', created_by: 'migration' },
        ]);
        expect(
          await rows('select item_name, kind from invoice_lines where invoice_id = 1 order by line_id'),
        ).toEqual([
          { item_name: 'Shipping (Standard)', kind: 'shipping' },
          { item_name: 'Recycling fee', kind: 'other' },
        ]);
        // The rates start as the spec's table, with Nova Scotia's HST at 14 % from 1 April 2025: the rows
        // the domain's tests use (tax-history.ts).
        const key = (r: { province: string; component: string; rateMilli: number; effectiveFrom: string }) =>
          `${r.province}|${r.component}|${r.rateMilli}|${r.effectiveFrom}`;
        const stored = await rows(
          'select province, component, rate_milli as "rateMilli", effective_from::text as "effectiveFrom" from tax_rates',
        );
        expect(stored.map(key).sort()).toEqual(SEEDED_TAX_RATES.map(key).sort());
        expect(
          await rows(
            "select rate_milli, effective_from::text from tax_rates where province = 'Nova Scotia' order by effective_from",
          ),
        ).toEqual([
          { rate_milli: 15_000, effective_from: '2000-01-01' },
          { rate_milli: 14_000, effective_from: '2025-04-01' },
        ]);
      } finally {
        await client.end().catch(() => {});
        await empty.drop();
        rmSync(older, { recursive: true, force: true });
      }
    });
  },
);
