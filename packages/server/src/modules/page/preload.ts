/**
 * The built page's index.html, with per-route preloads: the chunks of the page a URL opens, and the
 * catalogues of its language (locales/<lang>/<namespace>.json), are named in the HTML, so the browser
 * fetches them beside the entry instead of after it has run. `<html lang>` names the language, which the
 * page reads to load its catalogues; the <title> and meta description are in that language too.
 */

import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Lang } from '@shop/domain/core/i18n';
import { PAGES, pageAt } from '@shop/domain/core/pages';
import { translators } from '../../i18n/lang';

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

/** The pages worth preloading (the table's `preload`): those most visits start on. */
const PRELOADED = PAGES.filter((page) => 'preload' in page);

/** A page's module as the build's manifest names it. */
const manifestKey = (module: string) => `src/features/${module}.tsx`;

/** The module that hydrates a page drawn on the server (packages/web/src/ssr/hydrate.ts). */
const HYDRATE_MODULE = 'src/ssr/hydrate.ts';

/**
 * The catalogues every page loads first (lib/i18n.ts, main.tsx): its own, and the specification's messages
 * in its language (the code names a message by its key; the words are in the catalogue).
 */
function catalogueModules(lang: Lang, namespaces: readonly string[]): string[] {
  return [
    ...['common', ...namespaces].map((ns) => `src/locales/${lang}/${ns}.json`),
    `../domain/src/locales/${lang}/spec.json`,
    ...(['quotes', 'after-sale'] as const)
      .filter((ns) => namespaces.includes(ns))
      .map((ns) => `../domain/src/locales/${lang}/${ns}.json`),
  ];
}

export class PageHtml {
  private byRoute = new Map<string, string>();
  private readonly html: Record<Lang, string>;

  constructor(html: string, manifest: Manifest | null) {
    const langs: Lang[] = ['en', 'fr'];
    const entryChunk = manifest && Object.values(manifest).find((c) => c.isEntry);
    const entryFiles = new Set(
      entryChunk && manifest ? [entryChunk.file, ...collect(manifest, entryChunk).files] : [],
    );
    const withLang = (lang: Lang, modules: string[], base = html) => {
      // Each catalogue's chunk with the chunks it imports, less what the entry already loads.
      const files = modules.flatMap((m) => {
        const chunk = manifest?.[m];
        return chunk && manifest ? [chunk.file, ...collect(manifest, chunk).files] : [];
      });
      const tags = [...new Set(files)]
        .filter((f) => !entryFiles.has(f))
        .map((f) => `<link rel="modulepreload" href="/${f}">`);
      const tr = translators[lang];
      return base
        .replace(/<html lang="[a-z]+"/, `<html lang="${lang}"`)
        .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(tr.t('page.title'))}</title>`)
        .replace(
          /<meta name="description" content="[^"]*"/,
          `<meta name="description" content="${escapeHtml(tr.t('page.description'))}"`,
        )
        .replace('</head>', `${tags.join('')}</head>`);
    };
    this.html = {
      en: withLang('en', catalogueModules('en', [])),
      fr: withLang('fr', catalogueModules('fr', [])),
    };
    if (!manifest) return;
    const entry = Object.values(manifest).find((c) => c.isEntry);
    const entryDeps = entry ? collect(manifest, entry) : { files: [], css: [] };
    // What index.html already loads is not named again.
    const already = new Set([entry?.file ?? '', ...entryDeps.files, ...(entry?.css ?? []), ...entryDeps.css]);
    for (const route of PRELOADED) {
      const chunk = manifest[manifestKey(route.module)];
      if (!chunk) continue;
      const { files, css } = collect(manifest, chunk);
      // A page drawn on the server also needs the code that hydrates it.
      const hydrate = route.drawn === 'server' ? manifest[HYDRATE_MODULE] : undefined;
      if (hydrate) files.push(hydrate.file, ...collect(manifest, hydrate).files);
      const tags = [
        ...[chunk.file, ...files]
          .filter((f) => !already.has(f))
          .map((f) => `<link rel="modulepreload" href="/${f}">`),
        ...(chunk.css ?? [])
          .concat(css)
          .filter((f) => !already.has(f))
          .map((f) => `<link rel="stylesheet" href="/${f}">`),
      ];
      const withTags = html.replace('</head>', `${[...new Set(tags)].join('')}</head>`);
      for (const lang of langs)
        this.byRoute.set(
          `${lang}:${route.id}`,
          withLang(lang, catalogueModules(lang, route.namespaces), withTags),
        );
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

  /** The HTML for a path in a language: with its route's preloads when it has one. */
  for(path: string, lang: Lang = 'en'): string {
    const route = pageAt(path);
    return (route && this.byRoute.get(`${lang}:${route.id}`)) ?? this.html[lang];
  }

  /**
   * The page's HTML with its own head (page/head.ts): title, description, canonical and language links,
   * preview tags and JSON-LD; `body`, when given, is what the page shows before (or without) its scripts.
   */
  render(
    path: string,
    lang: Lang,
    head: { title: string; description: string; tags: string; body?: string; data?: string },
  ) {
    let html = this.for(path, lang)
      .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(head.title)}</title>`)
      .replace(
        /<meta name="description" content="[^"]*"/,
        () => `<meta name="description" content="${escapeHtml(head.description)}"`,
      )
      .replace('</head>', () => `${head.tags}</head>`);
    if (head.body !== undefined) {
      const body = head.body;
      // The root is the document's last element with a closing </div> (only scripts follow it).
      html = html.replace(/<div id="root">[\s\S]*<\/div>/, () => `<div id="root">${body}</div>`);
    }
    if (head.data !== undefined) {
      // The answers the page was drawn with (JSON the browser reads, never runs), for hydration.
      const data = head.data;
      html = html.replace(
        '</body>',
        () => `<script type="application/json" id="page-data">${data}</script></body>`,
      );
    }
    return html;
  }
}

/** Text in HTML: an element's content or a quoted attribute. */
export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('"', '&quot;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;');
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
