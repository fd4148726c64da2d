/**
 * What search engines, link previews and the HTTP status say about a page of the shop, worked out on the
 * server from the path and the catalog in memory: the <title> and meta description from the page's
 * content, one canonical URL (the same whatever the order of the query's parameters; a paged listing is
 * canonical to itself), the English and French URLs (`?lang=fr`, fetched without a cookie), Open Graph
 * and Twitter card tags, and JSON-LD (Product, BreadcrumbList, Organization). Nothing here depends on who
 * asks, and nothing carries a price: the same head goes to visitors and buyers.
 *
 * An unknown path is an HTTP redirect to /acer (the spec replaces it; a redirect leaves no history entry
 * and is no soft 404); a product that is unknown or turned off answers 404 with a page that says so, which
 * in a browser with JavaScript still alerts and goes to /acer as the spec says.
 */
import {
  apiCategoryName,
  type Condition,
  conditionName,
  displayName,
  FILTER_FIELDS,
  isCondition,
  listingPath,
} from '@shop/domain/catalog/rules';
import type { Lang } from '@shop/domain/core/i18n';
import { pageAt } from '@shop/domain/core/pages';
import webCommonEn from '../../../../web/src/locales/en/common.json';
import webCommonFr from '../../../../web/src/locales/fr/common.json';
import { translators } from '../../i18n/lang';
import type { CatalogStore } from '../catalog';
import { type ImageConfig, imageUrl, PLACEHOLDER_IMAGE } from '../catalog';
import { escapeHtml } from './preload';

export interface HeadConfig extends ImageConfig {
  PUBLIC_URL: string;
  SHOP_PHONE: string;
  SHOP_EMAIL: string;
  SHOP_ADDRESS: string;
}

export type PageAnswer =
  | { kind: 'redirect'; location: string }
  | { kind: 'page'; status: 200 | 404; title: string; description: string; tags: string; body?: string };

/** Static pages: their <title> key in the page's own catalogues is not at hand, so a name per language. */
const STATIC_TITLES: Record<string, { en: string; fr: string }> = {
  'contact-us': { en: 'Contact us', fr: 'Nous joindre' },
  faq: { en: 'Frequently asked questions', fr: 'Foire aux questions' },
  warranty: { en: 'Warranty', fr: 'Garantie' },
  'extended-warranty': { en: 'Extended warranty', fr: 'Garantie prolongée' },
  subscribe: { en: 'Newsletter', fr: 'Infolettre' },
  blog: { en: 'Blog', fr: 'Blogue' },
  'legal-notice': { en: 'Legal notice', fr: 'Mentions légales' },
  'term-of-sale': { en: 'Terms of sale', fr: 'Conditions de vente' },
  location: { en: 'Our location', fr: 'Nous trouver' },
};

const CONDITION_SCHEMA: Record<Condition, string> = {
  BrandNew: 'https://schema.org/NewCondition',
  Recertified: 'https://schema.org/RefurbishedCondition',
  ScratchDent: 'https://schema.org/DamagedCondition',
  Warranty: 'https://schema.org/NewCondition',
};

const CATEGORY_NAMES: Record<Lang, Record<string, string>> = { en: webCommonEn, fr: webCommonFr };

function categoryName(name: string, lang: Lang): string {
  const page = name === 'Display' ? 'Monitor' : name;
  return CATEGORY_NAMES[lang][`common:category.${page}`] ?? displayName(page);
}

/** The listing's options that change what it shows, in one order; defaults left out. */
function canonicalQuery(query: URLSearchParams, lang: Lang): string {
  const kept: [string, string][] = [];
  const take = (name: string, skip?: string) => {
    const values = query
      .getAll(name)
      .map((v) => v.trim())
      .filter((v) => v !== '' && v !== skip);
    for (const v of [...new Set(values)].sort()) kept.push([name, v]);
  };
  for (const field of FILTER_FIELDS) take(field);
  const inStock = query.get('in_stock');
  if (inStock === '1' || inStock === 'true') kept.push(['in_stock', '1']);
  take('q');
  take('string');
  if (query.has('q') || query.has('string')) take('column', 'all');
  take('sort', 'name_asc');
  take('page', '1');
  if (lang === 'fr') kept.push(['lang', 'fr']);
  kept.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const text = new URLSearchParams(kept).toString();
  return text ? `?${text}` : '';
}

function withLang(query: string, lang: Lang): string {
  const params = new URLSearchParams(query);
  params.delete('lang');
  if (lang === 'fr') params.append('lang', 'fr');
  const entries = [...params.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const text = new URLSearchParams(entries).toString();
  return text ? `?${text}` : '';
}

/** JSON inside a <script>: nothing in it can close the element. */
function jsonLd(value: unknown): string {
  const text = JSON.stringify(value)
    .replaceAll('<', '\\u003c')
    .replaceAll('>', '\\u003e')
    .replaceAll('&', '\\u0026');
  return `<script type="application/ld+json">${text}</script>`;
}

/** Plain text of at most `max` characters, cut at a word. */
function summary(text: string, max = 160): string {
  const plain = text
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (plain.length <= max) return plain;
  const cut = plain.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:]+$/, '')}…`;
}

function absolute(base: string, url: string): string {
  return /^https?:\/\//.test(url) ? url : `${base}${url.startsWith('/') ? '' : '/'}${url}`;
}

export class PageHeads {
  private readonly base: string;

  constructor(
    private readonly catalog: CatalogStore,
    private readonly config: HeadConfig,
  ) {
    this.base = config.PUBLIC_URL.replace(/\/+$/, '');
  }

  /** The answer for a GET of a page path (with its query string, without the origin). */
  answer(url: string, lang: Lang): PageAnswer {
    const [rawPath = '/', search = ''] = url.split('?', 2);
    let path: string;
    try {
      path = decodeURIComponent(rawPath);
    } catch {
      return { kind: 'redirect', location: '/acer' };
    }
    if (path !== '/acer' && !path.startsWith('/acer/')) return { kind: 'redirect', location: '/acer' };
    const rest = path.slice('/acer'.length).replace(/^\/+|\/+$/g, '');
    // A path the shop's table of pages does not know (the page's router would replace it with /acer).
    const known = pageAt(rest ? `/acer/${rest}` : '/acer');
    if (!known) return { kind: 'redirect', location: '/acer' };
    const query = new URLSearchParams(search);
    const tr = translators[lang];
    const shopName = tr.t('page.title');
    const parts = rest.split('/');

    const page = (
      title: string,
      description: string,
      options: {
        query?: string;
        /** The canonical path when the URL may leave a part out (a product's condition). */
        path?: string;
        image?: string;
        type?: string;
        ld?: unknown[];
        status?: 200 | 404;
        body?: string;
        index?: boolean;
      } = {},
    ): PageAnswer => {
      const pathOnly = options.path ?? (rest ? `/acer/${rest}` : '/acer');
      const q = options.query ?? withLang('', lang);
      const canonical = `${this.base}${pathOnly}${q}`;
      const enUrl = `${this.base}${pathOnly}${withLang(q, 'en')}`;
      const frUrl = `${this.base}${pathOnly}${withLang(q, 'fr')}`;
      const fullTitle = title === shopName ? shopName : `${title} | ${shopName}`;
      const image = options.image ?? `${this.base}/favicon.svg`;
      const tags = [
        options.index === false || options.status === 404
          ? '<meta name="robots" content="noindex">'
          : `<link rel="canonical" href="${escapeHtml(canonical)}">`,
        `<link rel="alternate" hreflang="en-CA" href="${escapeHtml(enUrl)}">`,
        `<link rel="alternate" hreflang="fr-CA" href="${escapeHtml(frUrl)}">`,
        `<link rel="alternate" hreflang="x-default" href="${escapeHtml(enUrl)}">`,
        `<meta property="og:site_name" content="${escapeHtml(shopName)}">`,
        `<meta property="og:type" content="${options.type ?? 'website'}">`,
        `<meta property="og:title" content="${escapeHtml(title)}">`,
        `<meta property="og:description" content="${escapeHtml(description)}">`,
        `<meta property="og:url" content="${escapeHtml(canonical)}">`,
        `<meta property="og:locale" content="${lang === 'fr' ? 'fr_CA' : 'en_CA'}">`,
        `<meta property="og:image" content="${escapeHtml(image)}">`,
        `<meta name="twitter:card" content="${options.image ? 'summary_large_image' : 'summary'}">`,
        `<meta name="twitter:title" content="${escapeHtml(title)}">`,
        `<meta name="twitter:description" content="${escapeHtml(description)}">`,
        `<meta name="twitter:image" content="${escapeHtml(image)}">`,
        jsonLd(this.organization(shopName)),
        ...(options.ld ?? []).map(jsonLd),
      ].join('');
      return {
        kind: 'page',
        status: options.status ?? 200,
        title: fullTitle,
        description,
        tags,
        ...(options.body ? { body: options.body } : {}),
      };
    };
    const crumbs = (items: { name: string; path: string }[]) => ({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [{ name: shopName, path: '/acer' }, ...items].map((c, i) => ({
        '@type': 'ListItem',
        position: i + 1,
        name: c.name,
        item: `${this.base}${c.path}${withLang('', lang)}`,
      })),
    });

    if (parts[0] === 'product') return this.product(parts[1] ?? '', parts[2], lang, page, crumbs);
    if (parts[0] === 'category') {
      const listing = listingPath(parts[1] ?? '', parts[2]);
      const named = parts[2] ?? parts[1] ?? '';
      const name = categoryName(named, lang);
      const pageNo = Number(query.get('page') ?? '1');
      const title = pageNo > 1 ? `${name} (page ${pageNo})` : name;
      const description = tr.t('page.categoryDescription', { name });
      const trail = [{ name: categoryName(parts[1] ?? '', lang), path: `/acer/category/${parts[1] ?? ''}` }];
      if (parts[2]) trail.push({ name, path: `/acer/category/${parts[1]}/${parts[2]}` });
      return page(title, description, {
        query: canonicalQuery(query, lang),
        ld: [crumbs(trail)],
        index: listing !== null,
      });
    }
    const staticTitle = STATIC_TITLES[parts[0] ?? ''];
    if (staticTitle && parts.length <= 2) {
      const title = staticTitle[lang];
      return page(title, `${title}: ${tr.t('page.description')}`, {
        ld: [crumbs([{ name: title, path: `/acer/${parts[0]}` }])],
      });
    }
    // A buyer's own pages (and the back office) are kept out of search engines; robots.txt names them too.
    return page(shopName, tr.t('page.description'), { index: !known.own });
  }

  private organization(name: string) {
    return {
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name,
      url: `${this.base}/acer`,
      logo: `${this.base}/favicon.svg`,
      telephone: this.config.SHOP_PHONE,
      email: this.config.SHOP_EMAIL,
      address: this.config.SHOP_ADDRESS,
    };
  }

  private product(
    itemId: string,
    conditionRaw: string | undefined,
    lang: Lang,
    page: (title: string, description: string, options?: Record<string, unknown>) => PageAnswer,
    crumbs: (items: { name: string; path: string }[]) => unknown,
  ): PageAnswer {
    const tr = translators[lang];
    const item = this.catalog.items.get(itemId);
    const condition = (conditionRaw || item?.itemCondition) as Condition | undefined;
    const known =
      item?.isActive &&
      condition !== undefined &&
      isCondition(condition) &&
      this.catalog.row(itemId, condition) !== null;
    if (!item || !known) {
      const title = tr.t('page.productGone');
      return page(title, title, {
        status: 404,
        body: `<main class="gone"><h1>${escapeHtml(title)}</h1><p><a href="/acer">${escapeHtml(tr.t('page.backToShop'))}</a></p></main>`,
      });
    }
    const description =
      summary(lang === 'fr' && item.descriptionFr.trim() ? item.descriptionFr : item.description) ||
      tr.t('page.description');
    const links = item.images.length > 0 ? item.images.map((i) => i.link) : [item.mainImage];
    const images = links
      .map((link) => imageUrl(link, this.config, 'full'))
      .filter((url) => url !== PLACEHOLDER_IMAGE)
      .map((url) => absolute(this.base, url));
    const url = `${this.base}/acer/product/${encodeURIComponent(itemId)}/${condition}${withLang('', lang)}`;
    const shownCondition = conditionName(condition, lang);
    const category = item.category;
    const trail = [
      { name: categoryName(category, lang), path: `/acer/category/${pageName(category)}` },
      ...(item.subCategory
        ? [
            {
              name: categoryName(item.subCategory, lang),
              path: `/acer/category/${pageName(category)}/${pageName(item.subCategory)}`,
            },
          ]
        : []),
      { name: item.itemName, path: `/acer/product/${encodeURIComponent(itemId)}/${condition}` },
    ];
    return page(`${item.itemName} (${shownCondition})`, description, {
      type: 'product',
      path: `/acer/product/${encodeURIComponent(itemId)}/${condition}`,
      ...(images[0] ? { image: images[0] } : {}),
      ld: [
        {
          '@context': 'https://schema.org',
          '@type': 'Product',
          name: item.itemName,
          sku: item.sku,
          mpn: item.sku,
          brand: { '@type': 'Brand', name: 'Acer' },
          itemCondition: CONDITION_SCHEMA[condition],
          ...(images.length > 0 ? { image: images } : {}),
          description,
          category: displayName(apiCategoryName(category)),
          url,
        },
        crumbs(trail),
      ],
    });
  }
}

/** Links use the page's names: Display is shown as Monitor. */
function pageName(name: string): string {
  return name === 'Display' ? 'Monitor' : name;
}
