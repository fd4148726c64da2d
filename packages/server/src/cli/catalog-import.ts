/** npm run catalog:import -- products.csv */
import { readFileSync } from 'node:fs';
import { importProducts, parseCatalogCsv } from '../catalog/import';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';

const file = process.argv[2];
if (!file) {
  console.error('Usage: npm run catalog:import -- products.csv');
  process.exit(2);
}
let text: string;
try {
  text = readFileSync(file, 'utf8');
} catch (error) {
  console.error(`Cannot read ${file}: ${(error as Error).message}`);
  process.exit(2);
}
const { products, problems } = parseCatalogCsv(text);
if (problems.length > 0) {
  for (const p of problems) console.error(`${file}:${p.line}: ${p.message}`);
  console.error(`Nothing was imported: ${problems.length} problem(s) to fix first.`);
  process.exit(1);
}
let code = 0;
try {
  const config = loadConfig();
  // With the embedded database this refuses while the server has it open.
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    poolSize: 2,
    owner: 'the catalog import (npm run catalog:import)',
  });
  try {
    await database.migrate();
    const { created, updated } = await importProducts(database.db, products);
    console.log(`Imported ${products.length} product(s): ${created} created, ${updated} updated.`);
  } finally {
    await database.close();
  }
} catch (error) {
  console.error((error as Error).message);
  code = 1;
}
process.exit(code);
