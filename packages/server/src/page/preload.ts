/**
 * The built page's index.html, with per-route preloads: the chunks of the page a URL opens are named in
 * the HTML, so the browser fetches them beside the entry instead of after it has run.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

/** Path patterns of the pages worth preloading, with their source modules. */
const ROUTES: { pattern: RegExp; module: string }[] = [
  { pattern: /^\/acer\/?$/, module: 'src/features/home/HomePage.tsx' },
  { pattern: /^\/acer\/category\//, module: 'src/features/catalog/CategoryPage.tsx' },
  { pattern: /^\/acer\/product\//, module: 'src/features/product/ProductPage.tsx' },
  { pattern: /^\/acer\/cart\/?$/, module: 'src/features/cart/CartPage.tsx' },
  { pattern: /^\/acer\/checkout\/?$/, module: 'src/features/checkout/CheckoutPage.tsx' },
  { pattern: /^\/acer\/signin/, module: 'src/features/auth/SignInPage.tsx' },
  { pattern: /^\/acer\/account/, module: 'src/features/account/AccountPage.tsx' },
];

export class PageHtml {
  private byRoute = new Map<string, string>();

  constructor(
    private readonly html: string,
    manifest: Manifest | null,
  ) {
    if (!manifest) return;
    const entry = Object.values(manifest).find((c) => c.isEntry);
    const entryDeps = entry ? collect(manifest, entry) : { files: [], css: [] };
    // What index.html already loads is not named again.
    const already = new Set([entry?.file ?? '', ...entryDeps.files, ...(entry?.css ?? []), ...entryDeps.css]);
    for (const route of ROUTES) {
      const chunk = manifest[route.module];
      if (!chunk) continue;
      const { files, css } = collect(manifest, chunk);
      const tags = [
        ...[chunk.file, ...files]
          .filter((f) => !already.has(f))
          .map((f) => `<link rel="modulepreload" href="/${f}">`),
        ...(chunk.css ?? [])
          .concat(css)
          .filter((f) => !already.has(f))
          .map((f) => `<link rel="stylesheet" href="/${f}">`),
      ];
      this.byRoute.set(route.module, html.replace('</head>', `${[...new Set(tags)].join('')}</head>`));
    }
  }

  static load(dist: string, replace: (html: string) => string): PageHtml | null {
    const indexFile = resolve(dist, 'index.html');
    if (!existsSync(indexFile)) return null;
    const manifestFile = resolve(dist, '.vite/manifest.json');
    const manifest = existsSync(manifestFile)
      ? (JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest)
      : null;
    return new PageHtml(replace(readFileSync(indexFile, 'utf8')), manifest);
  }

  /** The HTML for a path: with its route's preloads when it has one. */
  for(path: string): string {
    const route = ROUTES.find((r) => r.pattern.test(path));
    return (route && this.byRoute.get(route.module)) ?? this.html;
  }
}

function collect(
  manifest: Manifest,
  chunk: ManifestChunk,
  seen = new Set<string>(),
): { files: string[]; css: string[] } {
  const files: string[] = [];
  const css: string[] = [];
  for (const key of chunk.imports ?? []) {
    if (seen.has(key)) continue;
    seen.add(key);
    const dep = manifest[key];
    if (!dep) continue;
    files.push(dep.file);
    css.push(...(dep.css ?? []));
    const more = collect(manifest, dep, seen);
    files.push(...more.files);
    css.push(...more.css);
  }
  return { files, css };
}
