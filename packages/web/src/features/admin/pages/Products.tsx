/**
 * /acer/admin/products: the catalog, searchable by SKU or name, by category, condition, active, stock and
 * sale, sorted by a column either way. Every filter, the sort and the page size are in the address, so a
 * view can be bookmarked. Worked by keyboard (list-keys.tsx).
 */
import {
  type AdminProductRow,
  DEFAULT_PAGE_SIZE,
  LOW_STOCK,
  type Page,
  PRODUCT_PAGE_SIZES,
  type ProductSort,
} from '@shop/domain/back-office/schemas';
import { apiCategoryName, DISPLAY_NAMES, STORED_CATEGORY_NAMES } from '@shop/domain/catalog/rules';
import { useRef } from 'react';
import { Form, Link, useLocation, useSearchParams } from 'react-router';
import { api } from '../../../lib/api';
import { ADMIN_BASE } from '../api';
import { KeysHint, SkipToTable, useListKeys } from '../list-keys';
import { type AdminPage, type PageArgs, usePageData } from '../routing';
import { Day, Field, ListPager, Money, PageTitle, Select } from '../ui';
import { conditionWord, PRIMARY_CONDITION_OPTIONS } from '../words';

async function loader({ request }: PageArgs) {
  const p = new URL(request.url).searchParams;
  const query = {
    q: p.get('q'),
    category: p.get('category'),
    condition: p.get('condition'),
    active: p.get('active'),
    in_stock: p.get('in_stock'),
    stock: p.get('stock'),
    on_sale: p.get('on_sale'),
    sort: p.get('sort'),
    dir: p.get('dir'),
    page_size: p.get('page_size'),
    page: p.get('page'),
  };
  const { products } = await api('GET /api/admin/products', { query, signal: request.signal });
  return products;
}

/** Categories and the sub-categories of the fixed tree (a filter matches either), each once. */
const CATEGORY_OPTIONS = [
  { value: '', label: 'All' },
  ...STORED_CATEGORY_NAMES.map((c) => ({ value: c, label: DISPLAY_NAMES[c] ?? c })),
];

/**
 * A column header that sorts the list by it: ascending first, then the other way. The address keeps the
 * filters and starts again at page 1.
 */
function SortHeader({ column, label, numeric }: { column: ProductSort; label: string; numeric?: boolean }) {
  const [params] = useSearchParams();
  const location = useLocation();
  const current = (params.get('sort') ?? 'sku') as ProductSort;
  const dir = params.get('dir') === 'desc' ? 'desc' : 'asc';
  const active = current === column;
  const next = new URLSearchParams(params);
  next.set('sort', column);
  next.set('dir', active && dir === 'asc' ? 'desc' : 'asc');
  next.delete('page');
  return (
    <th
      scope="col"
      className={numeric ? 'admin-num' : undefined}
      aria-sort={active ? (dir === 'asc' ? 'ascending' : 'descending') : undefined}
    >
      <Link to={`${location.pathname}?${next.toString()}`} className="admin-sort">
        {label}
        <span aria-hidden="true" className="admin-sort__mark">
          {active ? (dir === 'asc' ? ' ▲' : ' ▼') : ''}
        </span>
      </Link>
    </th>
  );
}

const SORT_NAMES: Record<ProductSort, string> = {
  name: 'name',
  sku: 'SKU',
  price: 'price',
  stock: 'stock',
  updated: 'last change',
};

function Products() {
  const products = usePageData<Page<AdminProductRow>>();
  const [params] = useSearchParams();
  const sort = (params.get('sort') ?? 'sku') as ProductSort;
  const descending = params.get('dir') === 'desc';
  const table = useRef<HTMLDivElement>(null);
  useListKeys(table, 'products-q');
  return (
    <>
      <PageTitle title="Products">Products</PageTitle>
      <SkipToTable target="products-table">Skip to the products table</SkipToTable>
      <p>
        <Link to={`${ADMIN_BASE}/products/new`} className="admin-btn">
          New product
        </Link>
      </p>
      <Form method="get" className="admin-filters" role="search" aria-label="Find products">
        <Field
          id="products-q"
          name="q"
          type="search"
          label="Search"
          hint="SKU or name"
          defaultValue={params.get('q') ?? ''}
          maxLength={100}
        />
        <Select
          id="products-category"
          name="category"
          label="Category"
          defaultValue={apiCategoryName(params.get('category') ?? '')}
          options={CATEGORY_OPTIONS}
        />
        <Select
          id="products-condition"
          name="condition"
          label="Condition"
          defaultValue={params.get('condition') ?? ''}
          options={[{ value: '', label: 'All' }, ...PRIMARY_CONDITION_OPTIONS]}
        />
        <Select
          id="products-active"
          name="active"
          label="Active"
          defaultValue={params.get('active') ?? ''}
          options={[
            { value: '', label: 'All' },
            { value: 'true', label: 'Active' },
            { value: 'false', label: 'Deactivated' },
          ]}
        />
        <Select
          id="products-stock"
          name="stock"
          label="Stock"
          hint={`Low: 1 to ${LOW_STOCK} left`}
          defaultValue={params.get('stock') ?? ''}
          options={[
            { value: '', label: 'All' },
            { value: 'none', label: 'None' },
            { value: 'low', label: `Low (1 to ${LOW_STOCK})` },
            { value: 'in', label: `In stock (more than ${LOW_STOCK})` },
          ]}
        />
        <Select
          id="products-sale"
          name="on_sale"
          label="On sale"
          defaultValue={params.get('on_sale') ?? ''}
          options={[
            { value: '', label: 'All' },
            { value: 'true', label: 'On sale' },
            { value: 'false', label: 'Not on sale' },
          ]}
        />
        <Select
          id="products-page-size"
          name="page_size"
          label="Per page"
          defaultValue={params.get('page_size') ?? String(DEFAULT_PAGE_SIZE)}
          options={PRODUCT_PAGE_SIZES.map(String)}
        />
        {/* The sort chosen in the table's headers stays when the filters change. */}
        {params.get('sort') && <input type="hidden" name="sort" value={params.get('sort') ?? ''} />}
        {params.get('dir') && <input type="hidden" name="dir" value={params.get('dir') ?? ''} />}
        <button type="submit" className="admin-btn">
          Show
        </button>
      </Form>
      <p className="admin-note">
        Stock counts what can be sold: the stock, plus the scratch-and-dent stock while that offer is on. A
        Warranty item always counts as in stock.
      </p>
      <p role="status" className="admin-count">
        {products.total === 1 ? '1 product matches' : `${products.total} products match`}, by{' '}
        {SORT_NAMES[sort] ?? sort} {descending ? '(descending)' : '(ascending)'}.
      </p>
      {products.items.length === 0 ? (
        <p id="products-table" tabIndex={-1}>
          No product matches.
        </p>
      ) : (
        <div className="admin-table-wrap" id="products-table" ref={table} tabIndex={-1}>
          <table className="admin-table admin-table--rows">
            <caption className="visually-hidden">
              Products by {SORT_NAMES[sort] ?? sort}; a column's header sorts by it
            </caption>
            <thead>
              <tr>
                <th scope="col">Picture</th>
                <SortHeader column="sku" label="SKU" />
                <SortHeader column="name" label="Name" />
                <th scope="col">Category</th>
                <th scope="col">Condition</th>
                <SortHeader column="price" label="Price" numeric />
                <th scope="col" className="admin-num">
                  Sale
                </th>
                <th scope="col" className="admin-num">
                  S&amp;D price
                </th>
                <SortHeader column="stock" label="Stock" numeric />
                <th scope="col" className="admin-num">
                  S&amp;D stock
                </th>
                <th scope="col">Active</th>
                <SortHeader column="updated" label="Changed" />
              </tr>
            </thead>
            <tbody>
              {products.items.map((p) => (
                <tr key={p.item_id} data-href={`${ADMIN_BASE}/products/${p.item_id}`} tabIndex={-1}>
                  <td className="admin-thumb-cell">
                    {p.thumb_url ? (
                      <img
                        src={p.thumb_url}
                        alt={p.item_name}
                        width={48}
                        height={48}
                        loading="lazy"
                        className="admin-thumb"
                      />
                    ) : (
                      <span className="admin-note">None</span>
                    )}
                  </td>
                  <td>
                    <Link to={`${ADMIN_BASE}/products/${p.item_id}`}>{p.sku}</Link>
                  </td>
                  <td>{p.item_name}</td>
                  <td>
                    {p.category}
                    {p.sub_category && ` / ${p.sub_category}`}
                  </td>
                  <td>{conditionWord(p.item_condition)}</td>
                  <td className="admin-num">
                    <Money amount={p.price} />
                  </td>
                  <td className="admin-num">{p.is_sale ? <Money amount={p.sale_price} /> : '—'}</td>
                  <td className="admin-num">
                    {p.is_scratch_dent ? <Money amount={p.scratch_dent_price} /> : '—'}
                  </td>
                  <td className="admin-num">{p.stock}</td>
                  <td className="admin-num">{p.is_scratch_dent ? p.scratch_dent_stock : '—'}</td>
                  <td>{p.is_active ? 'Yes' : 'No'}</td>
                  <td>
                    <Day day={p.updated_at} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <KeysHint />
      <ListPager page={products.page} pages={products.pages} total={products.total} noun="product" />
    </>
  );
}

export const productsPage: AdminPage = { path: '/products', loader, Component: Products };
