/** Seeds a benchmark database with about 20,000 listing rows (sku × condition) and the demo customers. */
import { upsertProducts } from '@shop/server/catalog/write';
import { openDatabase } from '@shop/server/db/client';
import { generateCatalog } from '@shop/server/seed/catalog-data';
import { seedCategories, seedCustomers } from '@shop/server/seed/seed';

export function catalogForRows(targetRows: number) {
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
): Promise<number> {
  const database = await openDatabase(options);
  await database.migrate();
  const { items, rows } = catalogForRows(targetRows);
  await seedCategories(database.db);
  await database.db.transaction((tx) => upsertProducts(tx, items));
  await seedCustomers(database.db);
  await database.close();
  return rows;
}
