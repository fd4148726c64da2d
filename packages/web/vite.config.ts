import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { parse } from '@formatjs/icu-messageformat-parser';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const require = createRequire(import.meta.url);

/** Whether a domain module builds Zod schemas when loaded (such a module stays out of the shared chunk). */
const zodModules = new Map<string, boolean>();
function importsZod(id: string): boolean {
  let found = zodModules.get(id);
  if (found === undefined) {
    found = /^import\s[^;]*\sfrom\s+'zod';/m.test(readFileSync(id.split('?')[0]!, 'utf8'));
    zodModules.set(id, found);
  }
  return found;
}

/** Writes .br and .gz beside each text asset so the server sends compressed files without work per request. */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'precompress',
    // The browser's files only: the server's renderer (dist-ssr) is read from disk, never sent.
    apply: (config, { command }) => command === 'build' && !config.build?.ssr,
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      const walk = (dir: string) => {
        for (const name of readdirSync(dir)) {
          const path = join(dir, name);
          if (statSync(path).isDirectory()) walk(path);
          else if (/\.(js|css|html|svg|json|txt)$/.test(name)) {
            const data = readFileSync(path);
            if (data.length < 512) continue;
            writeFileSync(`${path}.gz`, gzipSync(data, { level: 9 }));
            writeFileSync(
              `${path}.br`,
              brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
            );
          }
        }
      };
      walk(outDir);
    },
  };
}

/**
 * The page's message catalogues arrive parsed: a message with more than `{name}` values (plurals, numbers)
 * is turned into its ICU syntax tree at build time, so the browser's download leaves the ICU parser out
 * (about 4.5 KB gzip); the Translator (domain/core/i18n.ts) formats plain messages without it.
 */
function precompileMessages(): Plugin {
  // The negation of isSimpleMessage in packages/domain/src/core/i18n.ts (the config cannot load TypeScript
  // packages): what the Translator would hand to the ICU parser is parsed here.
  const needsParser = (text: string) => /''|'[{}#|]/.test(text) || /[{}]/.test(text.replace(/\{\w+\}/g, ''));
  return {
    name: 'precompile-messages',
    enforce: 'pre',
    apply: (config, { command }) => command === 'build' && !config.build?.ssr,
    transform(code, id) {
      if (!/[\\/]locales[\\/][a-z]{2}[\\/][\w-]+\.json$/.test(id)) return null;
      const catalogue = JSON.parse(code) as Record<string, unknown>;
      for (const [key, text] of Object.entries(catalogue))
        if (typeof text === 'string' && needsParser(text)) catalogue[key] = parse(text);
      return { code: JSON.stringify(catalogue), map: null };
    },
  };
}

export default defineConfig(({ mode, isSsrBuild }) => ({
  base: '/',
  // The server's renderer (dist-ssr) needs no copy of the public files.
  publicDir: isSsrBuild ? false : 'public',
  resolve: {
    // The package's import condition points at its development build; production builds take the lean one.
    alias:
      mode === 'production'
        ? [
            // Every message that needs parsing is parsed at build time (precompileMessages); the server's
            // renderer keeps the parser. The package's ES module (lib/): its CommonJS build at the root
            // brings all of tslib and the parser's manipulator with it (about 4 KB gzip).
            ...(isSsrBuild
              ? []
              : [
                  {
                    find: /^@formatjs\/icu-messageformat-parser$/,
                    replacement: '@formatjs/icu-messageformat-parser/lib/no-parser',
                  },
                ]),
            {
              find: /^react-router$/,
              replacement: require
                .resolve('react-router')
                .replace(/development\/index\.m?js$/, 'production/index.mjs'),
            },
          ]
        : [],
  },
  plugins: [precompileMessages(), react(), precompress()],
  // The server's renderer carries its own React, React DOM and router, built for production: left to
  // node_modules, React would pick its development build in a server started without NODE_ENV.
  ...(isSsrBuild && mode === 'production'
    ? {
        ssr: {
          noExternal: ['react', 'react-dom', 'react-router', 'scheduler', 'cookie', 'set-cookie-parser'],
        },
        define: { 'process.env.NODE_ENV': JSON.stringify('production') },
      }
    : {}),
  // The manifest lets the server name each route's chunks in the page, so they load with the entry.
  build: {
    target: 'es2022',
    sourcemap: false,
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // The small shared parts of the pages (components, lib, domain rules) in one file rather
              // than a dozen: a phone on a slow network pays a round trip for each file it waits for.
              // The Zod schemas stay out (only forms load them): every domain module that imports Zod, and
              // each folder's answers.ts (the pages import only their types; core/api.ts re-exports them).
              // The back office's rules stay out too (back-office/rules, catalog/volume-prices: its chunks
              // share them otherwise), and the stock alerts' and quotes' rules, the day arithmetic
              // (core/days), the carriers' tracking links, the filter values' French (catalog/values) and
              // the reading of typed dollars (core/money-text), which only some pages use. So do the address
              // form (only the pages that edit an address load it) and the components with a style sheet of
              // their own: the shared chunk's styles are linked in index.html and would hold up every page's
              // first paint.
              name: 'shared',
              test: (id: string) =>
                /[\\/]packages[\\/](?:web[\\/]src[\\/](?:components|lib)|domain[\\/]src)[\\/]/.test(id) &&
                !/[\\/]domain[\\/]src[\\/](?:back-office[\\/]rules|alerts[\\/]rules|core[\\/](?:api|days|money-text)|orders[\\/]carriers|catalog[\\/](?:values|volume-prices)|quotes[\\/]rules|[\w-]+[\\/]answers)\.ts$/.test(
                  id,
                ) &&
                !(/[\\/]domain[\\/]src[\\/]/.test(id) && importsZod(id)) &&
                !/[\\/]components[\\/](?:AddressFields\.tsx|LineResults\.tsx|[\w-]+\.css)$/.test(id) &&
                // Each language's catalogues load on their own, only in that language (lib/i18n.ts).
                !/[\\/]locales[\\/]/.test(id),
              minShareCount: 2,
            },
          ],
        },
      },
    },
  },
  server: { proxy: { '/api': 'http://localhost:3000', '/images': 'http://localhost:3000' } },
}));
