/**
 * npm test: every test of the shop, part by part, each part's time printed as it ends and all of them at the
 * end. The static checks (lint, types, import rules) run side by side; then the unit tests, the build, the
 * API tests, and the browser journeys. With TEST_DATABASE_URL the API tests run once on that PostgreSQL and
 * the project `embedded` runs what only the embedded database has (vitest.config.ts); without it they all
 * run on the embedded database. The journeys run on E2E_DATABASE_URL when it is set (e2e/README.md).
 *
 * `npm test -- api e2e` runs only the parts named (static, unit, build, api, e2e). The run stops at the
 * first part that fails.
 */
import { spawn } from 'node:child_process';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const times = [];

function seconds(since) {
  return `${((Date.now() - since) / 1000).toFixed(1)} s`;
}

/** Runs a command; `quiet` keeps its output until it ends, so commands run side by side do not mix. */
function run(name, command, { quiet = false, env = process.env } = {}) {
  const start = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, { shell: true, env, stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    let output = '';
    if (quiet) {
      child.stdout.on('data', (chunk) => {
        output += chunk;
      });
      child.stderr.on('data', (chunk) => {
        output += chunk;
      });
    }
    child.on('close', (code) => {
      const took = seconds(start);
      times.push([name, took, code === 0 ? 'passed' : 'FAILED']);
      if (quiet && output.trim()) process.stdout.write(`${output.trimEnd()}\n`);
      console.log(`== ${name}: ${code === 0 ? 'passed' : `FAILED (exit ${code})`} in ${took}`);
      resolve(code === 0);
    });
  });
}

const parts = {
  static: async () => {
    console.log('== static checks side by side: lint, typecheck, boundaries');
    const results = await Promise.all([
      run('lint', 'npm run lint --silent', { quiet: true }),
      run('typecheck', 'npm run typecheck --silent', { quiet: true }),
      run('boundaries', 'npm run boundaries --silent', { quiet: true }),
    ]);
    return results.every(Boolean);
  },
  unit: () => run('unit', 'npm run test:unit --silent'),
  build: () => run('build', 'npm run build --silent'),
  api: async () => {
    if (!onPostgres) {
      console.log(
        '== API tests on the embedded database (PGlite); set TEST_DATABASE_URL to run them on PostgreSQL',
      );
      return run('API on PGlite', 'npm run test:api --silent');
    }
    console.log(`== API tests on PostgreSQL (${new URL(process.env.TEST_DATABASE_URL).host})`);
    if (!(await run('API on PostgreSQL', 'npm run test:api --silent'))) return false;
    console.log('== what only the embedded database has, on PGlite (project embedded)');
    return run('API on PGlite (embedded)', 'npx vitest run --project embedded');
  },
  e2e: () => {
    const where = process.env.E2E_DATABASE_URL ? 'PostgreSQL' : 'the embedded database';
    console.log(`== browser journeys on ${where}`);
    return run('browser journeys', 'npm run test:e2e --silent');
  },
};

const asked = process.argv.slice(2);
const unknown = asked.filter((name) => !(name in parts));
if (unknown.length > 0) {
  console.error(`Unknown part ${unknown.join(', ')}; the parts are ${Object.keys(parts).join(', ')}.`);
  process.exit(2);
}
const start = Date.now();
let ok = true;
for (const [name, part] of Object.entries(parts)) {
  if (asked.length > 0 && !asked.includes(name)) continue;
  if (!(await part())) {
    ok = false;
    break;
  }
}
console.log('\n== times');
for (const [name, took, result] of times) console.log(`  ${name.padEnd(28)} ${took.padStart(9)}  ${result}`);
console.log(`  ${'total'.padEnd(28)} ${seconds(start).padStart(9)}`);
process.exit(ok ? 0 : 1);
