/**
 * What the shop tells search engines. /sitemap.xml lists every page worth finding: the home page, every
 * listing of the menu (categories and subcategories), the informational pages and blog articles, and each
 * active product in each condition it is offered in. Every page is listed twice, in English (its path) and
 * in French (the same path with `?lang=fr`, which a crawler fetches without a cookie), and each entry names
 * both as alternates, English being the default. Nothing in it depends on who asks and nothing carries a
 * price: only addresses and dates.
 *
 * <lastmod> of a product page is the product's `updated_at`, which the database sets on every write to the
 * row (its content, its pictures, or its stock after a sale: the page shows stock too). The home page and
 * the listings take the latest `updated_at` of the whole catalog, active or not (a product turned off
 * changes the listings it leaves). The informational pages carry none: nothing records when they change.
 *
 * The text is built on the first request after a catalog change and kept until the next one.
 */
import { SUBCATEGORIES, TOP_CATEGORIES } from '@shop/domain/catalog/rules';
import { PAGES } from '@shop/domain/core/pages';
import type { FastifyBaseLogger } from 'fastify';
import type { CatalogStore } from '../catalog';

const SITEMAP_NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const XHTML_NAMESPACE = 'http://www.w3.org/1999/xhtml';

/**
 * A sitemap file holds at most 50,000 URLs (and 50 MB). Each page counts twice (English and French), so past
 * about 25,000 pages (some 12,000 products with a scratch-and-dent offer each) /sitemap.xml would have to
 * become a sitemap index naming several files; the demo catalog is far below that. Until then an oversized
 * sitemap is logged.
 */
const SITEMAP_URL_LIMIT = 50_000;

/**
 * The informational pages and their sections, and the blog's articles, as the page's router and the blog
 * link them (packages/web/src/app/routes.tsx, features/static/BlogArticlePage.tsx). The extended warranty's
 * `main` section is the page without a section.
 */
const INFO_PATHS = [
  '/acer/faq',
  '/acer/warranty',
  '/acer/extended-warranty',
  '/acer/extended-warranty/what-covered',
  '/acer/extended-warranty/how-to-claim',
  '/acer/extended-warranty/locate-serial-number',
  '/acer/extended-warranty/terms-and-conditions',
  '/acer/subscribe',
  '/acer/blog',
  '/acer/blog/test',
  '/acer/blog/game-on',
  '/acer/legal-notice',
  '/acer/term-of-sale',
  '/acer/location',
  '/acer/contact-us',
] as const;

/** Every listing of the menu: the twelve categories and their subcategories. */
function listingPaths(): string[] {
  return TOP_CATEGORIES.flatMap((category) => [
    `/acer/category/${category}`,
    ...(SUBCATEGORIES[category] ?? []).map((sub) => `/acer/category/${category}/${sub}`),
  ]);
}

/** The product page of one offer, as the page's cards link it. */
function productPath(itemId: string, condition: string): string {
  return `/acer/product/${encodeURIComponent(itemId)}/${encodeURIComponent(condition)}`;
}

/** The French address of a page: the same address with lang=fr. */
function frenchUrl(url: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}lang=fr`;
}

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/** Text safe in XML character data and in attribute values (either quote). */
function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}

/** W3C datetime to the second, in UTC. */
function w3cDate(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

interface Page {
  path: string;
  lastmod?: Date;
}

export class Sitemap {
  private text: string | null = null;
  /** How many times the text was built (tests check it is kept between catalog changes). */
  builds = 0;
  private readonly origin: string;

  constructor(
    private readonly catalog: CatalogStore,
    publicUrl: string,
    private readonly log?: Pick<FastifyBaseLogger, 'warn'>,
  ) {
    this.origin = publicUrl.replace(/\/+$/, '');
    // Any change can move a product in or out, or its updated_at: the next request builds anew.
    catalog.onChange(() => {
      this.text = null;
    });
  }

  xml(): string {
    this.text ??= this.build();
    return this.text;
  }

  private pages(): Page[] {
    let latest: Date | undefined;
    for (const p of this.catalog.items.values()) {
      if (!latest || p.updatedAt > latest) latest = p.updatedAt;
    }
    const products = this.catalog
      .allRows()
      .map((row) => ({
        path: productPath(row.item_id, row.item_condition),
        lastmod: row.product.updatedAt,
      }))
      // The same order in every process, whatever order the catalog was read in.
      .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    return [
      { path: '/acer', lastmod: latest },
      ...listingPaths().map((path) => ({ path, lastmod: latest })),
      ...INFO_PATHS.map((path) => ({ path })),
      ...products,
    ];
  }

  private build(): string {
    this.builds++;
    const pages = this.pages();
    if (pages.length * 2 > SITEMAP_URL_LIMIT) {
      this.log?.warn(
        { urls: pages.length * 2, limit: SITEMAP_URL_LIMIT },
        'the sitemap holds more URLs than search engines read from one file; it needs a sitemap index',
      );
    }
    const out: string[] = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      `<urlset xmlns="${SITEMAP_NAMESPACE}" xmlns:xhtml="${XHTML_NAMESPACE}">`,
    ];
    for (const page of pages) {
      const en = escapeXml(`${this.origin}${page.path}`);
      const fr = escapeXml(frenchUrl(`${this.origin}${page.path}`));
      const lastmod = page.lastmod ? `<lastmod>${w3cDate(page.lastmod)}</lastmod>` : '';
      const links =
        `<xhtml:link rel="alternate" hreflang="en-CA" href="${en}"/>` +
        `<xhtml:link rel="alternate" hreflang="fr-CA" href="${fr}"/>` +
        `<xhtml:link rel="alternate" hreflang="x-default" href="${en}"/>`;
      out.push(`<url><loc>${en}</loc>${lastmod}${links}</url>`);
      out.push(`<url><loc>${fr}</loc>${lastmod}${links}</url>`);
    }
    out.push('</urlset>', '');
    return out.join('\n');
  }
}

/**
 * The start of a buyer's own page's path (the table's `own`), up to its first part that varies:
 * `/acer/order/` for order/:orderid, `/acer/account` for account/:session?/:sessionid?.
 */
function ownPathStart(path: string): string {
  const segments = path.split('/');
  const varies = segments.findIndex((segment) => segment.startsWith(':') || segment === '*');
  if (varies === -1) return `/acer/${path}`;
  const fixed = `/acer/${segments.slice(0, varies).join('/')}`;
  return segments[varies]!.startsWith(':') && !segments[varies]!.endsWith('?') ? `${fixed}/` : fixed;
}

// Once each: order/:orderid and order/:orderid/return both start /acer/order/.
const OWN = [...new Set(PAGES.filter((page) => 'own' in page).map((page) => ownPathStart(page.path)))];

/**
 * Paths crawlers keep out of: a buyer's own pages (cart, checkout, quotes, orders, invoices, account,
 * sign-in) and the back office, as the shop's table of pages marks them, and the API. A path another
 * already covers (order/placed under /acer/order/) is not named again.
 */
const DISALLOWED_PATHS = [
  ...OWN.filter(
    (path) => !OWN.some((other) => other !== path && other.endsWith('/') && path.startsWith(other)),
  ),
  '/api/',
];

/** robots.txt: the shop is open to crawlers but for the paths above; names the sitemap. */
export function robotsTxt(publicUrl: string): string {
  const origin = publicUrl.replace(/\/+$/, '');
  return [
    'User-agent: *',
    'Allow: /acer',
    ...DISALLOWED_PATHS.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}
