/**
 * npm run db:migrate: applies the migrations (and the demo data when SEED_DEMO says so) and exits; the
 * same step every server start takes, under the same lock, for a release step run before the servers.
 */
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { setPasswordCost } from '../modules/sessions';
import { seedDemo } from '../seed/seed';

let code = 0;
try {
  const config = loadConfig();
  setPasswordCost(config);
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    poolSize: 1,
    owner: 'npm run db:migrate',
  });
  try {
    let seeded = false;
    await database.migrate(async (db) => {
      if (config.SEED_DEMO) seeded = await seedDemo(db);
    });
    const where = config.DATABASE_URL ? 'PostgreSQL' : `the embedded database in ${config.DATA_DIR}`;
    console.log(`The migrations are applied on ${where}${seeded ? '; the demo data is seeded' : ''}.`);
  } finally {
    await database.close();
  }
} catch (error) {
  console.error((error as Error).message);
  code = 1;
}
process.exit(code);
