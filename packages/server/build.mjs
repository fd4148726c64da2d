/**
 * Compiles the server to plain JavaScript in dist/: one ES module per entry point, with @shop/domain
 * inlined and every npm package left to node_modules. Source imports are extensionless, so tsc's output
 * would not run on node; esbuild resolves them as the type checker does.
 *
 * Run directly (`node build.mjs`) or imported by run.mjs, which builds on first use.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(fileURLToPath(import.meta.url));
const declared = new Set(
  Object.keys(JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')).dependencies),
);

/** dist/<name>.js for each; all sit directly in dist/, which server-root.ts relies on. */
export const ENTRIES = {
  main: 'src/main.ts',
  seller: 'src/cli/seller.ts',
  'catalog-import': 'src/cli/catalog-import.ts',
  migrate: 'src/cli/migrate.ts',
};

/** The package name of a bare import: `drizzle-orm/pg-core` -> `drizzle-orm`, `@a/b/c` -> `@a/b`. */
function packageName(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/**
 * Workspace packages are inlined; other packages stay external and must be declared in this package's
 * dependencies, since the compiled server finds them from its own folder at run time.
 */
const dependencies = {
  name: 'declared-dependencies',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.kind === 'entry-point') return undefined;
      if (args.path.startsWith('node:') || builtinModules.includes(args.path)) {
        return { path: args.path, external: true };
      }
      const name = packageName(args.path);
      if (!declared.has(name)) {
        return {
          errors: [
            {
              text: `${name} is imported by ${relative(root, args.importer)} but is not in packages/server/package.json dependencies`,
            },
          ],
        };
      }
      if (name.startsWith('@shop/')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

export async function buildServer() {
  const { build } = await import('esbuild');
  const result = await build({
    absWorkingDir: root,
    entryPoints: ENTRIES,
    outdir: 'dist',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    sourcemap: true,
    logLevel: 'warning',
    plugins: [dependencies],
    // Written below through a rename, so a process starting meanwhile never reads half a file.
    write: false,
  });
  mkdirSync(resolve(root, 'dist'), { recursive: true });
  for (const file of result.outputFiles) {
    const temporary = `${file.path}.${process.pid}.tmp`;
    writeFileSync(temporary, file.contents);
    renameSync(temporary, file.path);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    await buildServer();
  } catch (error) {
    // esbuild has printed the details; the stack adds nothing.
    console.error(
      `The server build failed: ${error instanceof Error ? error.message.split('\n')[0] : error}`,
    );
    process.exit(1);
  }
}
