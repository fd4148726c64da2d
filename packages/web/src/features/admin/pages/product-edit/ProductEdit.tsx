/**
 * /acer/admin/products/new and /acer/admin/products/{id}: one product with every field, prices in dollars,
 * its pictures (uploaded or share links, the first is the main one) and its audit. An edit sends only the
 * fields that changed, so nothing else of the product moves. Filter fields suggest the catalog's values; a
 * value no product has yet is saved only once confirmed. A picture uploaded to a saved product is added to
 * it at once.
 */
import {
  type AdminFilterValuesAnswer,
  type AdminProductAnswer,
  productCreateSchema,
  productFieldsSchema,
} from '@shop/domain/back-office/schemas';
import { type ProductValues, productDefaults, productProblems } from '@shop/domain/catalog/product';
import { toStoredBreaks } from '@shop/domain/catalog/volume-prices';
import { Link, redirect } from 'react-router';
import { api } from '../../../../lib/api';
import { ADMIN_BASE, attempt, checked, done, failed, failureOf, invalid, readBody } from '../../api';
import { type AdminPage, type PageArgs, setFlash, usePageData } from '../../routing';
import { AuditTrail, PageTitle } from '../../ui';
import { ActiveSwitch } from './ActiveSwitch';
import { ProductForm } from './ProductForm';

/** The product's answer (GET /api/admin/products/{id}); no product yet on the new-product page. */
type ProductData = Omit<AdminProductAnswer, 'scode' | 'smessage' | 'product'> & {
  product: AdminProductAnswer['product'] | null;
  /** The values each filter field has in the catalog. */
  filterValues: AdminFilterValuesAnswer['values'];
};

async function loader({ request, params }: PageArgs): Promise<ProductData> {
  const values = api('GET /api/admin/products/filter-values', { signal: request.signal });
  if (!params.itemId) return { product: null, audit: [], filterValues: (await values).values };
  const [found, known] = await Promise.all([
    api('GET /api/admin/products/:itemId', { params: { itemId: params.itemId }, signal: request.signal }),
    values,
  ]);
  return { ...found, filterValues: known.values };
}
/** The whole product as the shared rules see it, from the form's parsed fields (cents). */
function valuesOf(data: ReturnType<typeof productCreateSchema.parse>): ProductValues {
  const { price, sale_price, scratch_dent_price, price_breaks, ...rest } = data;
  return {
    ...productDefaults(),
    ...(rest as Partial<ProductValues>),
    price_breaks: toStoredBreaks(price_breaks ?? []),
    price_cents: price,
    sale_price_cents: sale_price ?? 0,
    scratch_dent_price_cents: scratch_dent_price ?? 0,
  } as ProductValues;
}

async function action({ request, params }: PageArgs) {
  if ((request.headers.get('content-type') ?? '').includes('multipart/form-data')) {
    const form = await request.formData();
    const file = form.get('file');
    if (!(file instanceof File) || file.size === 0)
      return failed('Choose a JPEG, PNG or WebP picture first.');
    const upload = new FormData();
    upload.append('file', file, file.name);
    try {
      // A saved product takes the picture at once; a new one keeps it when it is created.
      if (params.itemId) {
        const saved = await api('POST /api/admin/products/:itemId/pictures', {
          params: { itemId: params.itemId },
          form: upload,
        });
        return done(saved.smessage);
      }
      const { image } = await api('POST /api/admin/media', { form: upload });
      return done(`${file.name} has been uploaded; it is kept when you create the product.`, image);
    } catch (error) {
      return failureOf(error, request);
    }
  }
  const body = await readBody(request);
  const product = { itemId: params.itemId ?? '' };
  // Only a saved product is switched on or off (the new-product page has no switch).
  if (body.intent === 'active' && params.itemId) {
    const on = body.is_active === 'true';
    return attempt(
      request,
      () => api('PATCH /api/admin/products/:itemId', { params: product, body: { is_active: on } }),
      on ? 'The product is active again.' : 'The product is deactivated.',
    );
  }
  if (body.intent !== 'save') return failed('Unknown action.');
  const full = body.full as Record<string, unknown>;
  const confirm = body.confirm === true ? { confirm_new_values: true } : {};
  const parsed = productCreateSchema.safeParse(full);
  if (!parsed.success) return invalid(parsed.error.issues);
  const problems = productProblems(valuesOf(parsed.data));
  if (problems.length > 0) {
    const errors: Record<string, string> = {};
    for (const p of problems) errors[p.field.replace('_cents', '')] ??= p.message;
    return failed([...new Set(Object.values(errors))].join('\n'), errors);
  }
  if (!params.itemId) {
    const create = checked(productCreateSchema, { ...full, ...confirm });
    if (create.refused) return create.refused;
    try {
      const made = await api('POST /api/admin/products', { body: create.input });
      setFlash(made.smessage);
      return redirect(`${ADMIN_BASE}/products/${made.product.item_id}`);
    } catch (error) {
      return failureOf(error, request);
    }
  }
  const changes = (body.changes ?? {}) as Record<string, unknown>;
  if (Object.keys(changes).length === 0) return done('Nothing changed.');
  const change = checked(productFieldsSchema, { ...changes, ...confirm });
  if (change.refused) return change.refused;
  return attempt(
    request,
    () => api('PATCH /api/admin/products/:itemId', { params: product, body: change.input }),
    'Saved.',
  );
}
function ProductEdit() {
  const { product, audit, filterValues } = usePageData<ProductData>();
  const title = product ? `${product.sku} ${product.item_name}` : 'New product';
  return (
    <>
      <p className="admin-crumbs">
        <Link to={`${ADMIN_BASE}/products`}>Products</Link>
      </p>
      <PageTitle title={product ? `Product ${product.sku}` : title}>{title}</PageTitle>
      {product && (
        <>
          <p>
            <a href={`/acer/product/${product.item_id}`} target="_blank" rel="noreferrer">
              See it in the shop (opens a new tab)
            </a>
          </p>
          <ActiveSwitch product={product} />
        </>
      )}
      <ProductForm key={product ? product.item_id : 'new'} product={product} filterValues={filterValues} />
      {product && <AuditTrail entries={audit} />}
    </>
  );
}

export const productNewPage: AdminPage = { path: '/products/new', loader, action, Component: ProductEdit };
export const productEditPage: AdminPage = {
  path: '/products/:itemId',
  loader,
  action,
  Component: ProductEdit,
};
