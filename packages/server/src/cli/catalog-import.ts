/** npm run catalog:import -- products.csv [--preview] */
import { readFileSync } from 'node:fs';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { CLI_ACTOR } from '../lib/back-office';
import type { HttpError } from '../lib/http';
import { applyImport, hasErrors, planImport, previewLines } from '../modules/catalog';
import { cliDeps } from './deps';

const args = process.argv.slice(2);
const previewOnly = args.includes('--preview');
const file = args.find((a) => !a.startsWith('--'));
if (!file) {
  console.error('Usage: npm run catalog:import -- products.csv [--preview]');
  process.exit(2);
}
let text: string;
try {
  text = readFileSync(file, 'utf8');
} catch (error) {
  console.error(`Cannot read ${file}: ${(error as Error).message}`);
  process.exit(2);
}
const config = loadConfig({ ...process.env, LOG_LEVEL: 'warn' });
let database: Awaited<ReturnType<typeof openDatabase>>;
try {
  // With the embedded database this refuses while the server has it open.
  database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    poolSize: 2,
    owner: 'the catalog import (npm run catalog:import)',
  });
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
let code = 0;
try {
  await database.migrate();
  const deps = cliDeps(database.db, config);
  if (previewOnly) {
    const { preview } = await planImport(deps, database.db, text);
    for (const row of preview.rows) {
      if (row.status === 'changed')
        console.log(
          `line ${row.line} ${row.sku}: ${row.changes.map((c) => `${c.field} ${JSON.stringify(c.old)} -> ${JSON.stringify(c.new)}`).join(', ')}`,
        );
      else if (row.status === 'new') console.log(`line ${row.line} ${row.sku}: new`);
    }
    for (const line of previewLines(preview)) console.error(`${file}:${line}`);
    const s = preview.summary;
    console.log(
      `Preview: ${s.new} new, ${s.changed} changed, ${s.unchanged} unchanged, ${s.errors} with errors. Nothing was written.`,
    );
    if (hasErrors(preview)) code = 1;
  } else {
    const done = await applyImport(deps, CLI_ACTOR, text);
    console.log(
      `Imported ${done.preview.rows.length} row(s): ${done.created} created, ${done.updated} updated, ${done.preview.summary.unchanged} unchanged.`,
    );
  }
} catch (error) {
  const preview = (error as HttpError).extra?.preview as Parameters<typeof previewLines>[0] | undefined;
  if (preview) for (const line of previewLines(preview)) console.error(`${file}:${line}`);
  console.error((error as Error).message);
  code = 1;
} finally {
  await database.close();
}
process.exit(code);
