/** /acer/admin/products: the catalog by SKU, searchable by SKU or name, by category, condition, active and stock. */
import type { AdminProductRow, AdminProductsAnswer, Page } from '@shop/domain/admin';
import { DISPLAY_NAMES, PRIMARY_CONDITIONS, PRODUCT_CATEGORIES, SUBCATEGORIES } from '@shop/domain/catalog';
import { Form, Link, useSearchParams } from 'react-router';
import { ADMIN_BASE, adminApi, queryOf } from '../api';
import { type AdminPage, type PageArgs, usePageData } from '../routing';
import { Field, Money, Pager, PageTitle, Select } from '../ui';

async function loader({ request }: PageArgs) {
  const p = new URL(request.url).searchParams;
  const query = queryOf({
    q: p.get('q'),
    category: p.get('category'),
    condition: p.get('condition'),
    active: p.get('active'),
    in_stock: p.get('in_stock'),
    page: p.get('page'),
  });
  const { products } = await adminApi<AdminProductsAnswer>(`/admin/products${query}`, {
    signal: request.signal,
  });
  return products;
}

/** Categories and the sub-categories of the fixed tree (a filter matches either). */
const CATEGORY_OPTIONS = [
  { value: '', label: 'All' },
  ...PRODUCT_CATEGORIES.map((c) => ({ value: c, label: DISPLAY_NAMES[c] ?? c })),
  ...[...new Set(Object.values(SUBCATEGORIES).flat())]
    .filter((s) => !(PRODUCT_CATEGORIES as readonly string[]).includes(s))
    .map((s) => ({ value: s, label: DISPLAY_NAMES[s] ?? s })),
];

function Products() {
  const products = usePageData<Page<AdminProductRow>>();
  const [params] = useSearchParams();
  return (
    <>
      <PageTitle title="Products">Products</PageTitle>
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
          defaultValue={params.get('category') ?? ''}
          options={CATEGORY_OPTIONS}
        />
        <Select
          id="products-condition"
          name="condition"
          label="Condition"
          defaultValue={params.get('condition') ?? ''}
          options={[{ value: '', label: 'All' }, ...PRIMARY_CONDITIONS]}
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
          name="in_stock"
          label="Stock"
          defaultValue={params.get('in_stock') ?? ''}
          options={[
            { value: '', label: 'All' },
            { value: 'true', label: 'In stock' },
            { value: 'false', label: 'Out of stock' },
          ]}
        />
        <button type="submit" className="admin-btn">
          Show
        </button>
      </Form>
      {products.items.length === 0 ? (
        <p>No product matches.</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table">
            <caption className="visually-hidden">Products by SKU</caption>
            <thead>
              <tr>
                <th scope="col">
                  <span className="visually-hidden">Picture</span>
                </th>
                <th scope="col">SKU</th>
                <th scope="col">Name</th>
                <th scope="col">Category</th>
                <th scope="col">Condition</th>
                <th scope="col" className="admin-num">
                  Price
                </th>
                <th scope="col" className="admin-num">
                  Sale
                </th>
                <th scope="col" className="admin-num">
                  S&amp;D price
                </th>
                <th scope="col" className="admin-num">
                  Stock
                </th>
                <th scope="col" className="admin-num">
                  S&amp;D stock
                </th>
                <th scope="col">Active</th>
              </tr>
            </thead>
            <tbody>
              {products.items.map((p) => (
                <tr key={p.item_id}>
                  <td>
                    {p.thumb_url && <img src={p.thumb_url} alt="" width={40} height={40} loading="lazy" />}
                  </td>
                  <td>
                    <Link to={`${ADMIN_BASE}/products/${p.item_id}`}>{p.sku}</Link>
                  </td>
                  <td>{p.item_name}</td>
                  <td>
                    {p.category}
                    {p.sub_category && ` / ${p.sub_category}`}
                  </td>
                  <td>{p.item_condition}</td>
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
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager page={products.page} pages={products.pages} total={products.total} noun="product" />
    </>
  );
}

export const productsPage: AdminPage = { path: '/products', loader, Component: Products };
