/** Seeds a benchmark database with about 20,000 listing rows (sku × condition) and the demo customers. */

import { openDatabase } from '@shop/server/db/client';
import { upsertProducts } from '@shop/server/modules/catalog/index';
import { generateCatalog } from '@shop/server/seed/catalog-data';
import { seedCategories, seedCustomers } from '@shop/server/seed/seed';
import { asc, eq, sql } from 'drizzle-orm';

function catalogForRows(targetRows: number) {
  // Each item lists once, twice with a scratch-and-dent offer; find the item count that gives the rows.
  const sample = generateCatalog(1000);
  const rowsPerItem =
    sample.reduce((n, p) => n + (p.is_active ? 1 + (p.is_scratch_dent ? 1 : 0) : 0), 0) / 1000;
  let count = Math.round(targetRows / rowsPerItem);
  let items = generateCatalog(count);
  const rows = (list: typeof items) =>
    list.reduce((n, p) => n + (p.is_active ? 1 + (p.is_scratch_dent ? 1 : 0) : 0), 0);
  while (rows(items) < targetRows) items = generateCatalog(++count);
  return { items, rows: rows(items) };
}

export async function seedBench(
  options: { url?: string; dataDir?: string },
  targetRows: number,
): Promise<{ rows: number; poolItemIds: string[] }> {
  const database = await openDatabase(options);
  await database.migrate();
  const { items, rows } = catalogForRows(targetRows);
  // The buyers of the mixed scenario order from 40 brand new items spread over the categories, each with
  // stock for every order; they sit in the listings being browsed, so a sale touches browsed answers.
  const candidates = items.filter((p) => p.is_active && p.item_condition === 'BrandNew' && !p.is_sale);
  const step = Math.max(1, Math.floor(candidates.length / 40));
  const pool = Array.from({ length: 40 }, (_, i) => candidates[(i * step) % candidates.length]!);
  for (const p of pool) p.stock = 1_000_000;
  await seedCategories(database.db);
  await database.db.transaction((tx) => upsertProducts(tx, items));
  // Volume prices (10+ at 3 %, 50+ at 6 %) on about a third of the items and their scratch-and-dent
  // offers, so the listings and products answered carry them.
  await database.db.execute(sql`
    update products set price_breaks = (
      select jsonb_agg(jsonb_build_object('condition', c, 'min_quantity', q, 'basis_points', bp))
      from unnest(case when is_scratch_dent then array[item_condition, 'ScratchDent'] else array[item_condition] end) c,
        (values (10, 300), (50, 600)) b(q, bp))
    where item_condition <> 'Warranty' and abs(hashtext(item_id)) % 3 = 0`);
  await seedCustomers(database.db);
  await database.close();
  return { rows, poolItemIds: [...new Set(pool.map((p) => p.item_id))] };
}

export interface BenchBuyer {
  customerId: string;
  cookie: string;
  addressId: number;
}

/** Customers for the checkout scenario: each signed in (a session row) with an Ontario address. */
export async function seedBuyers(
  options: { url?: string; dataDir?: string },
  count: number,
  prefix = 'B',
): Promise<BenchBuyer[]> {
  const { randomBytes } = await import('node:crypto');
  const { hashToken } = await import('@shop/server/modules/sessions/customer-sessions');
  const { addresses, contacts, customers, sessions } = await import('@shop/server/db/schema');
  const database = await openDatabase(options);
  const buyers: BenchBuyer[] = [];
  try {
    for (let i = 0; i < count; i++) {
      const customerId = `${prefix}${String(i).padStart(5, '0')}`;
      const contactPersonId = `CP${prefix}${String(i).padStart(5, '0')}`;
      const token = randomBytes(32).toString('base64url');
      // A database that ran the bench before keeps its buyers: they are reused, with a new session.
      await database.db.transaction(async (tx) => {
        await tx
          .insert(customers)
          .values({ customerId, company: `Bench Buyer ${i}`, percentage: 15 })
          .onConflictDoNothing();
        await tx
          .insert(contacts)
          .values({
            contactPersonId,
            customerId,
            contactName: `Bench Buyer ${i}`,
            username: customerId,
            passwordHash: 'bench-no-password',
          })
          .onConflictDoNothing();
        await tx.insert(sessions).values({
          tokenHash: hashToken(token),
          contactPersonId,
          expiresAt: new Date(Date.now() + 86_400_000),
        });
        const [kept] = await tx
          .select({ id: addresses.addressId })
          .from(addresses)
          .where(eq(addresses.customerId, customerId))
          .orderBy(asc(addresses.addressId))
          .limit(1);
        const [address] = kept
          ? [kept]
          : await tx
              .insert(addresses)
              .values({
                customerId,
                firstName: 'Bench',
                lastName: `Buyer ${i}`,
                addressLine1: '1 Bench Rd',
                city: 'Toronto',
                province: 'Ontario',
                zip: 'M5H1A1',
                phoneNumber: '4165550100',
              })
              .returning({ id: addresses.addressId });
        buyers.push({ customerId, cookie: `sid=${token}`, addressId: address!.id });
      });
    }
  } finally {
    await database.close();
  }
  return buyers;
}
