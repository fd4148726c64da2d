/**
 * The page's API client is typed from the domain's route table (packages/domain/src/core/routes.ts): a call
 * to a route the table does not have, or with a body its schema refuses, fails `npm run typecheck`. The
 * fixtures under api-types/ prove it with one type check of the real client: every line after an `// error:`
 * comment in calls-refused.ts fails, nothing else there does, and calls-that-fit.ts passes.
 */
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..');
const folder = resolve(import.meta.dirname, 'api-types');

/** The errors of the type check, as `file:line` (file relative to api-types/), with their messages. */
let errors: { at: string; message: string }[];

beforeAll(async () => {
  let out: string;
  try {
    ({ stdout: out } = await promisify(execFile)(
      process.execPath,
      [
        resolve(root, 'node_modules/typescript/bin/tsc'),
        '--noEmit',
        '-p',
        'boundaries/api-types/tsconfig.json',
      ],
      { cwd: root, encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 },
    ));
  } catch (error) {
    // The check exits with 2 when it finds errors; its report is still on stdout.
    out = (error as { stdout: string }).stdout;
  }
  errors = [...out.matchAll(/^(.+?)\((\d+),\d+\): error (TS\d+: .*)$/gm)].map((m) => ({
    at: `${m[1]?.replace('boundaries/api-types/', '')}:${m[2]}`,
    message: m[3] ?? '',
  }));
  // A type check of the page's client and the domain takes 10 to 60 s, by how busy the machine is.
}, 180_000);

/** The lines of a fixture that must fail: each one after an `// error:` comment. */
function marked(file: string): string[] {
  const lines = readFileSync(resolve(folder, file), 'utf8').split('\n');
  return lines.flatMap((line, i) => (/^\s*\/\/ error:/.test(line) ? [`${file}:${i + 2}`] : []));
}

describe('the typed API client', () => {
  it('has fixtures of both kinds', () => {
    expect(
      readdirSync(folder)
        .filter((f) => f.endsWith('.ts'))
        .sort(),
    ).toEqual(['calls-refused.ts', 'calls-that-fit.ts']);
    expect(marked('calls-refused.ts').length).toBeGreaterThanOrEqual(8);
  });

  it('passes calls that fit the route table, and the client itself', () => {
    expect(errors.filter((e) => !e.at.startsWith('calls-refused.ts:'))).toEqual([]);
  });

  it('refuses a path that is not routed, a body of the wrong shape and a missing parameter, each where it is written', () => {
    const found = [...new Set(errors.filter((e) => e.at.startsWith('calls-refused.ts:')).map((e) => e.at))];
    expect(found.sort()).toEqual(marked('calls-refused.ts').sort());
  });
});
