/**
 * Copies the built shop (the server's dist/ and migrations, the page's dist/ and dist-ssr/, with their
 * package.json) into a folder of this run's own, so that a run started with E2E_DIST=<that folder> keeps its
 * build while `npm run build` writes another one in packages/. Links to the workspace's node_modules (the
 * root's and each package's own) let the copy find its packages wherever it is. By default the folder is
 * .data/e2e-dist (with E2E_PORT_OFFSET .data/e2e-dist_<offset>).
 * Run from e2e/ after `npm run build`: node --import tsx copy-build.ts [folder]
 */
import { cpSync, existsSync, rmSync, symlinkSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DATABASE_SUFFIX } from './ports';

const here = fileURLToPath(new URL('.', import.meta.url));
const packages = resolve(here, '../packages');
const target = resolve(here, process.argv[2] ?? `../.data/e2e-dist${DATABASE_SUFFIX}`);
// The package.json files say the compiled files are ES modules.
const parts = [
  'server/package.json',
  'server/dist',
  'server/drizzle',
  'web/package.json',
  'web/dist',
  'web/dist-ssr',
];

for (const part of parts) {
  if (!existsSync(resolve(packages, part))) {
    console.error(`packages/${part} is missing: run npm run build first.`);
    process.exit(1);
  }
}
rmSync(target, { recursive: true, force: true });
for (const part of parts) cpSync(resolve(packages, part), resolve(target, part), { recursive: true });
// Packages resolve from the importing file up: the server's own versions first, then the workspace's.
const links: [string, string][] = [
  ['node_modules', resolve(packages, '../node_modules')],
  ['server/node_modules', resolve(packages, 'server/node_modules')],
  ['web/node_modules', resolve(packages, 'web/node_modules')],
];
for (const [link, modules] of links) {
  if (existsSync(modules)) symlinkSync(modules, resolve(target, link), 'dir');
}
console.log(`E2E_DIST=${target}`);
