/**
 * `node run.mjs <entry> [arguments]`: runs a compiled entry point of the server (dist/<entry>.js) with
 * plain node. When dist/ lacks it (a fresh clone before `npm run build`) the server is compiled first, so
 * the seller's commands, the catalog import and db:migrate work right after `npm ci`.
 */
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = dirname(fileURLToPath(import.meta.url));
const entry = process.argv[2];
const { ENTRIES, buildServer } = await import('./build.mjs');
if (!entry || !(entry in ENTRIES)) {
  console.error(`Usage: node run.mjs <${Object.keys(ENTRIES).join('|')}> [arguments]`);
  process.exit(2);
}
const compiled = resolve(root, 'dist', `${entry}.js`);
if (!existsSync(compiled)) await buildServer();
// The entry reads its own arguments from process.argv[2] on, as when started directly.
process.argv.splice(1, 2, compiled);
await import(pathToFileURL(compiled).href);
