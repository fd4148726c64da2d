/**
 * /acer/admin/products/new and /acer/admin/products/{id}: one product with every field, prices in dollars,
 * its pictures (uploaded or share links, the first is the main one) and its audit. An edit sends only the
 * fields that changed, so nothing else of the product moves. Filter fields suggest the catalog's values; a
 * value no product has yet is saved only once confirmed. A picture uploaded to a saved product is added to
 * it at once.
 */
import {
  type AdminFilterValuesAnswer,
  type AdminImage,
  type AdminMediaAnswer,
  type AdminProduct,
  type AdminProductAnswer,
  type AdminProductSavedAnswer,
  productCreateSchema,
} from '@shop/domain/admin';
import {
  type Condition,
  DISPLAY_NAMES,
  FILTER_FIELDS,
  FILTER_LABELS,
  type FilterField,
  PRODUCT_CATEGORIES,
} from '@shop/domain/catalog';
import {
  isImageLink,
  MAX_IMAGES,
  type ProductValues,
  productDefaults,
  productProblems,
  subCategoriesOf,
} from '@shop/domain/product';
import { basisPointsToPercent, parseBreaksCell, toStoredBreaks } from '@shop/domain/volume-prices';
import { useRef, useState } from 'react';
import { Link, redirect } from 'react-router';
import { ADMIN_BASE, adminApi, attempt, done, failed, failureOf, invalid, readBody } from '../api';
import { type AdminPage, type PageArgs, setFlash, usePageData } from '../routing';
import {
  AuditTrail,
  Checkbox,
  Field,
  PageTitle,
  Result,
  Select,
  TextArea,
  useAction,
  useFocusFirstError,
} from '../ui';
import { conditionWord, PRIMARY_CONDITION_OPTIONS } from '../words';

/** The product's answer (GET /api/admin/products/{id}); no product yet on the new-product page. */
type ProductData = Omit<AdminProductAnswer, 'scode' | 'smessage' | 'product'> & {
  product: AdminProductAnswer['product'] | null;
  /** The values each filter field has in the catalog. */
  filterValues: AdminFilterValuesAnswer['values'];
};

async function loader({ request, params }: PageArgs): Promise<ProductData> {
  const values = adminApi<AdminFilterValuesAnswer>('/admin/products/filter-values', {
    signal: request.signal,
  });
  if (!params.itemId) return { product: null, audit: [], filterValues: (await values).values };
  const [found, known] = await Promise.all([
    adminApi<AdminProductAnswer>(`/admin/products/${encodeURIComponent(params.itemId)}`, {
      signal: request.signal,
    }),
    values,
  ]);
  return { ...found, filterValues: known.values };
}

/** A filter value the server refused as new (its 400's new_values). */
interface NewValue {
  field: FilterField;
  value: string;
  closest: string[];
}

const TEXT_KEYS = [
  'sku',
  'item_name',
  'model',
  'category',
  'sub_category',
  'item_condition',
  'description',
  'details',
  'description_fr',
  'details_fr',
] as const;
const NUMBER_KEYS = ['stock', 'scratch_dent_stock', 'popularity'] as const;
const PRICE_KEYS = ['price', 'sale_price', 'scratch_dent_price'] as const;
const FLAG_KEYS = ['is_active', 'is_sale', 'is_featured', 'is_scratch_dent'] as const;

type TextKey =
  | (typeof TEXT_KEYS)[number]
  | FilterField
  | (typeof NUMBER_KEYS)[number]
  | (typeof PRICE_KEYS)[number]
  | 'listed_at'
  | BreaksKey;
/** The volume prices, one text per condition as the import writes them: `10:3|50:6` (quantity:percent). */
type BreaksKey = 'volume_breaks' | 'scratch_dent_volume_breaks';
type FlagKey = (typeof FLAG_KEYS)[number];
type FormValues = Record<TextKey, string> & Record<FlagKey, boolean> & { images: AdminImage[] };

function formOf(p: AdminProduct | null): FormValues {
  const filters = Object.fromEntries(FILTER_FIELDS.map((f) => [f, p?.[f] ?? ''])) as Record<
    FilterField,
    string
  >;
  if (!p) {
    const d = productDefaults();
    return {
      ...filters,
      sku: '',
      item_name: '',
      model: '',
      category: '',
      sub_category: '',
      item_condition: 'BrandNew',
      description: '',
      details: '',
      description_fr: '',
      details_fr: '',
      stock: '0',
      scratch_dent_stock: '0',
      popularity: '0',
      price: '',
      sale_price: '0.00',
      scratch_dent_price: '0.00',
      listed_at: d.listed_at.slice(0, 10),
      volume_breaks: '',
      scratch_dent_volume_breaks: '',
      is_active: true,
      is_sale: false,
      is_featured: false,
      is_scratch_dent: false,
      images: [],
    };
  }
  return {
    ...filters,
    sku: p.sku,
    item_name: p.item_name,
    model: p.model,
    category: p.category,
    sub_category: p.sub_category,
    item_condition: p.item_condition,
    description: p.description,
    details: p.details,
    description_fr: p.description_fr,
    details_fr: p.details_fr,
    stock: String(p.stock),
    scratch_dent_stock: String(p.scratch_dent_stock),
    popularity: String(p.popularity),
    price: p.price.toFixed(2),
    sale_price: p.sale_price.toFixed(2),
    scratch_dent_price: p.scratch_dent_price.toFixed(2),
    listed_at: p.listed_at.slice(0, 10),
    volume_breaks: cellOf(p, p.item_condition),
    scratch_dent_volume_breaks: cellOf(p, 'ScratchDent'),
    is_active: p.is_active,
    is_sale: p.is_sale,
    is_featured: p.is_featured,
    is_scratch_dent: p.is_scratch_dent,
    images: p.images,
  };
}

/** One condition's volume prices as the form writes them. */
function cellOf(p: AdminProduct, condition: string): string {
  return p.price_breaks
    .filter((b) => b.condition === condition)
    .map((b) => `${b.min_quantity}:${b.percent}`)
    .join('|');
}

/**
 * The volume prices of the conditions the product sells in (its own, and ScratchDent while that offer is
 * on), as the API takes them, and a message per text that cannot be read.
 */
function breaksOf(v: FormValues) {
  const cells: [BreaksKey, Condition][] = [['volume_breaks', v.item_condition as Condition]];
  if (v.is_scratch_dent) cells.push(['scratch_dent_volume_breaks', 'ScratchDent']);
  const breaks: { condition: Condition; min_quantity: number; percent: number }[] = [];
  const errors: Partial<Record<BreaksKey, string>> = {};
  for (const [key, condition] of cells) {
    const read = parseBreaksCell(v[key], condition);
    if ('error' in read) errors[key] = read.error;
    else
      for (const b of read.breaks)
        breaks.push({
          condition,
          min_quantity: b.min_quantity,
          percent: basisPointsToPercent(b.basis_points),
        });
  }
  return { breaks, errors };
}

/** The fields as the API takes them (picture links, not their addresses; volume prices as a list). */
function payloadOf(v: FormValues): Record<string, unknown> {
  const { images, volume_breaks: _own, scratch_dent_volume_breaks: _sd, ...rest } = v;
  return { ...rest, images: images.map((i) => i.link), price_breaks: breaksOf(v).breaks };
}

/** The fields that differ from the product as loaded. */
function changesOf(before: FormValues, after: FormValues): Record<string, unknown> {
  const a = payloadOf(before);
  const b = payloadOf(after);
  return Object.fromEntries(Object.entries(b).filter(([k, v]) => JSON.stringify(a[k]) !== JSON.stringify(v)));
}

/**
 * The form once the product changed on the server (saved, a picture uploaded, deactivated): fields not
 * edited here take the new values, edits not yet saved stay.
 */
function rebase(current: FormValues, before: FormValues, after: FormValues): FormValues {
  const out: Record<string, unknown> = { ...after };
  for (const key of Object.keys(after) as (keyof FormValues)[]) {
    if (key !== 'images' && JSON.stringify(current[key]) !== JSON.stringify(before[key]))
      out[key] = current[key];
  }
  const links = (list: AdminImage[]) => list.map((i) => i.link).join('\n');
  if (links(current.images) !== links(before.images)) {
    // Pictures moved or removed here stay so until saved; a picture added meanwhile joins them.
    const had = new Set([...before.images, ...current.images].map((i) => i.link));
    out.images = [...current.images, ...after.images.filter((i) => !had.has(i.link))];
  }
  return out as FormValues;
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
        const saved = await adminApi<AdminProductSavedAnswer>(
          `/admin/products/${encodeURIComponent(params.itemId)}/pictures`,
          { form: upload },
        );
        return done(saved.smessage);
      }
      const { image } = await adminApi<AdminMediaAnswer>('/admin/media', { form: upload });
      return done(`${file.name} has been uploaded; it is kept when you create the product.`, image);
    } catch (error) {
      return failureOf(error, request);
    }
  }
  const body = await readBody(request);
  const path = params.itemId ? `/admin/products/${encodeURIComponent(params.itemId)}` : '/admin/products';
  if (body.intent === 'active') {
    const on = body.is_active === 'true';
    return attempt(
      request,
      () => adminApi<AdminProductSavedAnswer>(path, { method: 'PATCH', body: { is_active: on } }),
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
    try {
      const made = await adminApi<AdminProductSavedAnswer>(path, { body: { ...full, ...confirm } });
      setFlash(made.smessage);
      return redirect(`${ADMIN_BASE}/products/${made.product.item_id}`);
    } catch (error) {
      return failureOf(error, request);
    }
  }
  const changes = (body.changes ?? {}) as Record<string, unknown>;
  if (Object.keys(changes).length === 0) return done('Nothing changed.');
  return attempt(
    request,
    () => adminApi<AdminProductSavedAnswer>(path, { method: 'PATCH', body: { ...changes, ...confirm } }),
    'Saved.',
  );
}

function Pictures({
  images,
  setImages,
  sku,
  saved,
  error,
}: {
  images: AdminImage[];
  setImages: (change: (all: AdminImage[]) => AdminImage[]) => void;
  sku: string;
  /** A saved product takes an upload at once (the page's data brings it back); a new one keeps it here. */
  saved: boolean;
  error?: string;
}) {
  const file = useRef<HTMLInputElement>(null);
  const [link, setLink] = useState('');
  const [linkError, setLinkError] = useState('');
  const upload = useAction((result) => {
    const image = saved ? undefined : (result.data as AdminImage | undefined);
    if (image) setImages((all) => (all.some((i) => i.link === image.link) ? all : [...all, image]));
    if (file.current) file.current.value = '';
  });
  const move = (from: number, to: number) =>
    setImages((all) => {
      const next = [...all];
      const [item] = next.splice(from, 1);
      if (item) next.splice(to, 0, item);
      return next;
    });
  const send = () => {
    const chosen = file.current?.files?.[0];
    const form = new FormData();
    if (chosen) form.append('file', chosen);
    void upload.fetcher.submit(form, { method: 'post', encType: 'multipart/form-data' });
  };
  const addLink = () => {
    const value = link.trim();
    if (!isImageLink(value)) {
      setLinkError('A share link has a /d/{id}/ part, e.g. https://drive.google.com/file/d/abc123/view.');
      return;
    }
    setLinkError('');
    setImages((all) =>
      all.some((i) => i.link === value) ? all : [...all, { link: value, thumb_url: '', url: '' }],
    );
    setLink('');
  };
  return (
    <fieldset className="admin-fieldset">
      <legend>Pictures</legend>
      <p className="admin-note">
        The first picture is the main one. At most {MAX_IMAGES}.{' '}
        {saved
          ? 'An uploaded picture is added to the product at once; moving or removing pictures, or adding a share link, takes effect when you save.'
          : 'Pictures are kept when you create the product.'}
      </p>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      {images.length === 0 ? (
        <p>No pictures.</p>
      ) : (
        <ol className="admin-pictures">
          {images.map((image, i) => {
            const name = `picture ${i + 1}`;
            return (
              <li key={image.link}>
                {image.thumb_url ? (
                  <img
                    src={image.thumb_url}
                    alt={`${sku} ${name}`}
                    width={96}
                    height={96}
                    className="admin-pictures__thumb"
                  />
                ) : (
                  <span className="admin-pictures__none">
                    Preview after saving
                    <span className="admin-pictures__link">{image.link}</span>
                  </span>
                )}
                <span className="admin-pictures__name">{i === 0 ? 'Main picture' : `Picture ${i + 1}`}</span>
                <span className="admin-actions">
                  <button
                    type="button"
                    className="admin-btn admin-btn--small"
                    disabled={i === 0}
                    onClick={() => move(i, i - 1)}
                    aria-label={`Move ${name} up`}
                  >
                    Up
                  </button>
                  <button
                    type="button"
                    className="admin-btn admin-btn--small"
                    disabled={i === images.length - 1}
                    onClick={() => move(i, i + 1)}
                    aria-label={`Move ${name} down`}
                  >
                    Down
                  </button>
                  <button
                    type="button"
                    className="admin-btn admin-btn--small"
                    onClick={() => setImages((all) => all.filter((x) => x.link !== image.link))}
                    aria-label={`Remove ${name}`}
                  >
                    Remove
                  </button>
                </span>
              </li>
            );
          })}
        </ol>
      )}
      <div className="admin-row">
        <div className="admin-field">
          <label htmlFor="picture-file">Upload a picture (JPEG, PNG or WebP, at most 10 MB)</label>
          <input id="picture-file" ref={file} type="file" accept="image/jpeg,image/png,image/webp" />
        </div>
        <button type="button" className="admin-btn" onClick={send} disabled={upload.busy}>
          {upload.busy ? 'Uploading…' : 'Upload picture'}
        </button>
      </div>
      <Result result={upload.result} />
      <div className="admin-row">
        <Field
          id="picture-link"
          label="Or add a share link"
          value={link}
          maxLength={500}
          onChange={(e) => setLink(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              addLink();
            }
          }}
          error={linkError}
        />
        <button type="button" className="admin-btn" onClick={addLink}>
          Add link
        </button>
      </div>
    </fieldset>
  );
}

function ProductForm({
  product,
  filterValues,
}: {
  product: AdminProduct | null;
  filterValues: ProductData['filterValues'];
}) {
  const [initial, setInitial] = useState(() => formOf(product));
  const [v, setV] = useState(initial);
  // The product as last loaded: when it changes on the server, the form follows without losing edits.
  const [version, setVersion] = useState(product?.updated_at);
  if (product && product.updated_at !== version) {
    const next = formOf(product);
    setVersion(product.updated_at);
    setInitial(next);
    setV((current) => rebase(current, initial, next));
  }
  const ref = useRef<HTMLFormElement>(null);
  const { fetcher, busy, result, errors } = useAction();
  const refused = result?.ok === false ? (result.data as { new_values?: NewValue[] } | undefined) : undefined;
  // The refused new values still in the form (one replaced by an existing value is settled).
  const fresh = (refused?.new_values ?? []).filter((n) => v[n.field] === n.value);
  useFocusFirstError(ref, result);
  const set = <K extends keyof FormValues>(key: K, value: FormValues[K]) =>
    setV((all) => ({ ...all, [key]: value }));
  const text = (key: TextKey) => ({
    value: v[key],
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
      set(key, e.target.value),
    error: errors[key],
  });
  const subs = subCategoriesOf(v.category);
  const [breakErrors, setBreakErrors] = useState<Partial<Record<BreaksKey, string>>>({});
  const breaksField = (key: BreaksKey) => ({
    ...text(key),
    // The server's refusal names the volume prices as a whole: shown at the product's own condition.
    error: breakErrors[key] ?? (key === 'volume_breaks' ? errors.price_breaks : undefined),
  });
  const save = (confirm: boolean) => {
    const unread = breaksOf(v).errors;
    setBreakErrors(unread);
    if (Object.keys(unread).length > 0) {
      requestAnimationFrame(() => ref.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    void fetcher.submit(
      {
        intent: 'save',
        full: payloadOf(v),
        changes: product ? changesOf(initial, v) : null,
        confirm,
      } as Parameters<typeof fetcher.submit>[0],
      { method: 'post', encType: 'application/json' },
    );
  };
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    save(false);
  };

  return (
    <form ref={ref} className="admin-form" onSubmit={submit} noValidate aria-label="Product">
      <Result result={result} />
      {fresh.length > 0 && (
        <section className="admin-card admin-new-values" aria-labelledby="new-values-heading">
          <h2 id="new-values-heading">New filter values</h2>
          <p>No product has these values yet. Use an existing value, or confirm that they are new.</p>
          <ul>
            {fresh.map((n) => (
              <li key={n.field}>
                {FILTER_LABELS[n.field]}: <strong>{n.value}</strong>
                {n.closest.length > 0 ? ' — closest in the catalog: ' : ' — no product has one yet.'}
                {n.closest.map((c) => (
                  <button
                    key={c}
                    type="button"
                    className="admin-btn admin-btn--small"
                    onClick={() => set(n.field, c)}
                  >
                    Use {c}
                  </button>
                ))}
              </li>
            ))}
          </ul>
          <button type="button" className="admin-btn" disabled={busy} onClick={() => save(true)}>
            {product ? 'Save with the new values' : 'Create with the new values'}
          </button>
        </section>
      )}
      <fieldset className="admin-fieldset admin-grid">
        <legend>Product</legend>
        <Field id="sku" label="SKU" required maxLength={50} {...text('sku')} />
        <Field
          id="item_name"
          label="Name"
          required
          maxLength={300}
          className="admin-grid__wide"
          {...text('item_name')}
        />
        <Field
          id="model"
          label="Model"
          maxLength={300}
          hint="Items of one model in several conditions share it; the product page compares them."
          {...text('model')}
        />
        <Select
          id="category"
          label="Category"
          required
          options={[
            { value: '', label: 'Choose a category' },
            ...PRODUCT_CATEGORIES.map((c) => ({ value: c, label: DISPLAY_NAMES[c] ?? c })),
          ]}
          {...text('category')}
          onChange={(e) => {
            const category = e.target.value;
            // A sub-category the new category does not have is cleared; a stored one is left as it is.
            setV((all) => ({
              ...all,
              category,
              sub_category: subCategoriesOf(category).includes(all.sub_category) ? all.sub_category : '',
            }));
          }}
        />
        <Select
          id="sub_category"
          label="Sub-category"
          disabled={subs.length === 0}
          options={[{ value: '', label: subs.length === 0 ? 'None for this category' : 'None' }, ...subs]}
          {...text('sub_category')}
        />
        <Select
          id="item_condition"
          label="Condition"
          required
          options={PRIMARY_CONDITION_OPTIONS}
          {...text('item_condition')}
        />
      </fieldset>

      <fieldset className="admin-fieldset">
        <legend>Prices and stock (dollars)</legend>
        <div className="admin-grid">
          <Field id="price" label="Price" required inputMode="decimal" {...text('price')} />
          <Field id="stock" label="Stock" required inputMode="numeric" {...text('stock')} />
        </div>
        <div className="admin-grid">
          <Checkbox
            id="is_sale"
            label="On sale"
            checked={v.is_sale}
            onChange={(e) => set('is_sale', e.target.checked)}
          />
          <Field
            id="sale_price"
            label="Sale price"
            inputMode="decimal"
            hint="Below the price; 0 for none."
            {...text('sale_price')}
          />
        </div>
        <div className="admin-grid">
          <Checkbox
            id="is_scratch_dent"
            label="Also offered as scratch and dent"
            checked={v.is_scratch_dent}
            onChange={(e) => set('is_scratch_dent', e.target.checked)}
          />
          <Field
            id="scratch_dent_price"
            label="Scratch-and-dent price"
            inputMode="decimal"
            hint="Below the price; above 0 while the scratch-and-dent offer is on."
            {...text('scratch_dent_price')}
          />
          <Field
            id="scratch_dent_stock"
            label="Scratch-and-dent stock"
            inputMode="numeric"
            {...text('scratch_dent_stock')}
          />
        </div>
        <div className="admin-grid">
          <Checkbox
            id="is_featured"
            label="Featured on the home page"
            checked={v.is_featured}
            onChange={(e) => set('is_featured', e.target.checked)}
          />
          <Field
            id="popularity"
            label="Popularity"
            inputMode="numeric"
            hint="Higher comes first in Popular products."
            {...text('popularity')}
          />
          <Field id="listed_at" label="Listed on" type="date" {...text('listed_at')} />
          {!product && (
            <Checkbox
              id="is_active"
              label="Active (for sale)"
              checked={v.is_active}
              onChange={(e) => set('is_active', e.target.checked)}
            />
          )}
        </div>
      </fieldset>

      <fieldset className="admin-fieldset">
        <legend>Volume prices</legend>
        <p className="admin-note">
          A percentage off the buyer's own price for a line of at least that many units, written
          quantity:percent and separated by | — for example 10:3|50:6 is 3 % off from 10 units and 6 % off
          from 50. Up to 5 per condition, each larger quantity with a larger percentage. Empty for none.
        </p>
        <div className="admin-grid">
          <Field
            id="volume_breaks"
            label={`Volume prices (${conditionWord(v.item_condition)})`}
            maxLength={200}
            autoComplete="off"
            {...breaksField('volume_breaks')}
          />
          {v.is_scratch_dent && (
            <Field
              id="scratch_dent_volume_breaks"
              label={`Volume prices (${conditionWord('ScratchDent')})`}
              maxLength={200}
              autoComplete="off"
              {...breaksField('scratch_dent_volume_breaks')}
            />
          )}
        </div>
      </fieldset>

      <fieldset className="admin-fieldset">
        <legend>Description and details</legend>
        <TextArea id="description" label="Description" rows={5} maxLength={20000} {...text('description')} />
        <TextArea
          id="details"
          label="Details"
          rows={8}
          maxLength={20000}
          hint="One line per spec: 'name: value'."
          {...text('details')}
        />
        <TextArea
          id="description_fr"
          label="Description (French)"
          rows={5}
          maxLength={20000}
          hint="Shown to buyers reading the shop in French; left empty, they see the English."
          {...text('description_fr')}
        />
        <TextArea
          id="details_fr"
          label="Details (French)"
          rows={8}
          maxLength={20000}
          hint="One line per spec: 'name: value'. Left empty, French readers see the English details."
          {...text('details_fr')}
        />
      </fieldset>

      <fieldset className="admin-fieldset admin-grid">
        <legend>Filters</legend>
        {FILTER_FIELDS.map((f) =>
          f === 'touchscreen' ? (
            <Select
              key={f}
              id={f}
              label={FILTER_LABELS[f]}
              options={[
                { value: '', label: 'Not said' },
                { value: 'Yes', label: 'Yes' },
                { value: 'No', label: 'No' },
              ]}
              {...text(f)}
            />
          ) : (
            <div key={f}>
              <Field
                id={f}
                label={FILTER_LABELS[f]}
                maxLength={100}
                list={`${f}-values`}
                autoComplete="off"
                hint={
                  v[f].trim() !== '' && !filterValues[f].includes(v[f].trim())
                    ? 'New: no product has this value yet.'
                    : undefined
                }
                {...text(f)}
              />
              <datalist id={`${f}-values`}>
                {filterValues[f].map((value) => (
                  <option key={value} value={value} />
                ))}
              </datalist>
            </div>
          ),
        )}
      </fieldset>

      <Pictures
        images={v.images}
        setImages={(change) => setV((all) => ({ ...all, images: change(all.images) }))}
        sku={v.sku}
        saved={product !== null}
        error={errors.images}
      />

      <div className="admin-actions admin-sticky">
        <button type="submit" className="admin-btn admin-btn--primary" disabled={busy}>
          {busy ? 'Saving…' : product ? 'Save product' : 'Create product'}
        </button>
      </div>
    </form>
  );
}

function ActiveSwitch({ product }: { product: AdminProduct }) {
  const { fetcher, busy, result } = useAction();
  return (
    <section className="admin-card" aria-labelledby="active-heading">
      <h2 id="active-heading">For sale</h2>
      <p>
        {product.is_active
          ? 'Active: buyers can order it.'
          : 'Deactivated: carts, orders and wish lists show it as removed.'}
      </p>
      <Result result={result} />
      <fetcher.Form method="post">
        <input type="hidden" name="intent" value="active" />
        <input type="hidden" name="is_active" value={product.is_active ? 'false' : 'true'} />
        <button
          type="submit"
          className={product.is_active ? 'admin-btn admin-btn--danger' : 'admin-btn'}
          disabled={busy}
        >
          {product.is_active ? 'Deactivate product' : 'Reactivate product'}
        </button>
      </fetcher.Form>
    </section>
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
