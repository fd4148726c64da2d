/**
 * The built page's index.html, with per-route preloads: the chunks of the page a URL opens, and the
 * catalogues of its language (locales/<lang>/<namespace>.json), are named in the HTML, so the browser
 * fetches them beside the entry instead of after it has run. `<html lang>` names the language, which the
 * page reads to load its catalogues; the <title> and meta description are in that language too.
 *
 * A preloaded page drawn on the server is different (docs/decisions/009-page-weight.md, revision "First
 * paint"): its style sheets arrive in its HTML, in one <style>, and its scripts wait for the first paint,
 * so the page paints as soon as its HTML is read, with no round trip for a sheet and no script in the way.
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

  /**
   * `readAsset` gives a built file's text (`assets/<name>.css`), or null when it cannot: a page whose sheets
   * cannot all be read links them as before.
   */
  constructor(
    html: string,
    manifest: Manifest | null,
    readAsset: (file: string) => string | null = () => null,
  ) {
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
      const sheets = [...new Set((chunk.css ?? []).concat(css))].filter((f) => !already.has(f));
      // A page kept for every visitor or buyer of a class (decision 024) carries its styles, compressed once
      // with the page; a buyer's own page, drawn and compressed for each request, links the sheets the
      // browser already keeps from the pages before it.
      if (route.drawn === 'server' && !('own' in route)) {
        // Its styles in the page; nothing in its head that waits (see `drawnPage`).
        const inlined = inlineSheets(html, [...(entry?.css ?? []), ...entryDeps.css], sheets, readAsset);
        const page = inlined ?? html.replace('</head>', `${linkSheets(sheets)}</head>`);
        for (const lang of langs)
          this.byRoute.set(`${lang}:${route.id}`, drawnPage(withLang(lang, [], page)));
        continue;
      }
      const tags = [...new Set([chunk.file, ...files])]
        .filter((f) => !already.has(f))
        .map((f) => `<link rel="modulepreload" href="/${f}">`);
      const withTags = html.replace('</head>', `${tags.join('')}${linkSheets(sheets)}</head>`);
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
    const readAsset = (file: string) => {
      const path = resolve(dist, file);
      return existsSync(path) ? readFileSync(path, 'utf8') : null;
    };
    return new PageHtml(replace(readFileSync(indexFile, 'utf8')), manifest, readAsset);
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

/**
 * The page's HTML with its style sheets in one <style>, where index.html links the entry's sheet: the sheets
 * index.html links (`linked`) and the route's own (`more`), in the order they would apply. Each sheet stays
 * named by a disabled link, which the browser does not fetch: the code that loads a page's chunks on a later
 * navigation (Vite's preload helper) looks for a sheet's link before adding it, and finds it there.
 * Null when a sheet cannot be read or index.html links none.
 */
function inlineSheets(
  html: string,
  linked: string[],
  more: string[],
  readAsset: (file: string) => string | null,
): string | null {
  const files = [...new Set([...linked, ...more])];
  const texts = files.map(readAsset);
  if (texts.some((text) => text === null)) return null;
  const links = linked.map(
    (f) => new RegExp(`<link rel="stylesheet"[^>]*href="/${escapeRegExp(f)}"[^>]*>\\s*`),
  );
  if (links.length === 0 || !links.every((link) => link.test(html))) return null;
  // A sheet holding `</style` would end the element early; Vite's minified CSS never does.
  const css = texts.join('\n').replaceAll('</style', '<\\/style');
  const marks = files.map((f) => `<link rel="stylesheet" href="/${f}" disabled>`).join('');
  let out = html;
  for (const [i, link] of links.entries())
    out = out.replace(link, () => (i === 0 ? `<style>${css}</style>${marks}` : ''));
  return out;
}

const linkSheets = (files: string[]) => files.map((f) => `<link rel="stylesheet" href="/${f}">`).join('');

/**
 * A page drawn on the server is read before its scripts run: they only hydrate it, and its links and forms
 * work without them (decision 013). So nothing in its head holds up the first paint or takes the
 * bandwidth from it: no preloaded chunks or catalogues (the entry imports them as it runs, a chain of
 * requests that starts with the entry), and the entry, at a low fetch priority, is named at the end of the
 * body, so the modules it imports are asked for once the page's HTML has been read, not while it is.
 */
function drawnPage(html: string): string {
  const scripts: string[] = [];
  return html
    .replace(/<link rel="modulepreload"[^>]*>\s*/g, '')
    .replace(/<script type="module"([^>]*)><\/script>\s*/g, (_, attributes: string) => {
      scripts.push(`<script type="module" fetchpriority="low"${attributes}></script>`);
      return '';
    })
    .replace('</body>', () => `${scripts.join('')}</body>`);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

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
