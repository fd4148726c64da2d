import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const require = createRequire(import.meta.url);

/** Writes .br and .gz beside each text asset so the server sends compressed files without work per request. */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'precompress',
    apply: 'build',
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

export default defineConfig(({ mode }) => ({
  base: '/',
  resolve: {
    // The package's import condition points at its development build; production builds take the lean one.
    alias:
      mode === 'production'
        ? [
            {
              find: /^react-router$/,
              replacement: require
                .resolve('react-router')
                .replace(/development\/index\.m?js$/, 'production/index.mjs'),
            },
          ]
        : [],
  },
  plugins: [react(), precompress()],
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
              // The Zod schemas stay out (only forms load them); nothing in these folders imports them.
              // So do components with a style sheet of their own: the shared chunk's styles are linked
              // in index.html and would hold up every page's first paint.
              name: 'shared',
              test: (id: string) =>
                /[\\/]packages[\\/](?:web[\\/]src[\\/](?:components|lib)|domain[\\/]src)[\\/]/.test(id) &&
                !/[\\/]domain[\\/]src[\\/](?:account|admin|contact|order-request|orders)\.ts$/.test(id) &&
                !/[\\/]components[\\/](?:LineResults\.tsx|[\w-]+\.css)$/.test(id) &&
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
