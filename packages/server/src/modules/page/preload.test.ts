import { describe, expect, it } from 'vitest';
import { PageHtml } from './preload';

const html = `<!doctype html><html lang="en"><head><meta name="description" content="Acer Store for business" /><title>Acer Store</title><script type="module" crossorigin src="/assets/index-e.js"></script>
<link rel="modulepreload" crossorigin href="/assets/shared-s.js">
<link rel="stylesheet" crossorigin href="/assets/index-e.css">
</head><body><div id="root"></div></body></html>`;

const manifest = {
  'index.html': {
    file: 'assets/index-e.js',
    isEntry: true,
    imports: ['_shared-s.js'],
    css: ['assets/index-e.css'],
  },
  '_shared-s.js': { file: 'assets/shared-s.js' },
  '_alerts-a.js': { file: 'assets/alerts-a.js', css: ['assets/alerts-a.css'] },
  'src/features/product/ProductPage.tsx': {
    file: 'assets/ProductPage-p.js',
    imports: ['_shared-s.js', '_alerts-a.js'],
    css: ['assets/ProductPage-p.css'],
  },
  'src/features/cart/CartPage.tsx': { file: 'assets/CartPage-c.js', imports: ['_shared-s.js'] },
  'src/locales/en/common.json': { file: 'assets/common-en.js' },
};

const sheets: Record<string, string> = {
  'assets/index-e.css': 'body{margin:0}',
  'assets/ProductPage-p.css': '.product{display:grid}',
  'assets/alerts-a.css': '.alert{color:red}',
};

describe('a page drawn on the server', () => {
  const page = new PageHtml(html, manifest, (file) => sheets[file] ?? null);
  const product = page.for('/acer/product/1/BrandNew', 'en');

  it('carries its style sheets in the page, in the order they apply, and links none to wait for', () => {
    expect(product).toContain('<style>body{margin:0}\n.product{display:grid}\n.alert{color:red}</style>');
    expect(product).not.toMatch(/<link rel="stylesheet"(?![^>]*disabled)[^>]*>/);
    // Named for the code that loads a later page's chunks, which then does not fetch them again.
    for (const sheet of Object.keys(sheets))
      expect(product).toContain(`<link rel="stylesheet" href="/${sheet}" disabled>`);
  });

  it('names no chunk to preload and its entry, at a low priority, at the end of the body', () => {
    expect(product).not.toContain('modulepreload');
    expect(product.split('</head>')[0]).not.toContain('<script');
    expect(product).toContain(
      '<script type="module" fetchpriority="low" crossorigin src="/assets/index-e.js"></script></body>',
    );
    // The page's data, written after it, is read before the entry runs (a module runs once the page is read).
    const drawn = page.render('/acer/product/1/BrandNew', 'en', {
      title: 'T',
      description: 'D',
      tags: '',
      data: '{}',
    });
    expect(drawn).toContain(
      'src="/assets/index-e.js"></script><script type="application/json" id="page-data">',
    );
  });

  it('links its sheets as before when they cannot be read', () => {
    const unread = new PageHtml(html, manifest).for('/acer/product/1/BrandNew', 'en');
    expect(unread).not.toContain('<style>');
    expect(unread).toContain('<link rel="stylesheet" crossorigin href="/assets/index-e.css">');
    expect(unread).toContain('<link rel="stylesheet" href="/assets/ProductPage-p.css">');
  });
});

describe('a page without preloads of its own', () => {
  it('keeps the entry’s preloads and its linked sheet', () => {
    const page = new PageHtml(html, manifest, (file) => sheets[file] ?? null);
    const other = page.for('/acer/quick-order', 'en');
    expect(other).toContain('<link rel="modulepreload" crossorigin href="/assets/shared-s.js">');
    expect(other).toContain('<link rel="stylesheet" crossorigin href="/assets/index-e.css">');
    expect(other).not.toContain('<style>');
    expect(other).not.toContain('fetchpriority');
  });

  it("links the sheets of a buyer's own page, drawn for each request, rather than carrying them", () => {
    const cart = new PageHtml(html, manifest, (file) => sheets[file] ?? null).for('/acer/cart', 'en');
    expect(cart).not.toContain('<style>');
    expect(cart).toContain('<link rel="stylesheet" crossorigin href="/assets/index-e.css">');
  });
});
