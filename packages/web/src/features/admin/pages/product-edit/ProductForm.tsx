/**
 * The product's form: every field, sent whole for a new product and as the fields that changed for a saved
 * one; the volume prices are read before sending, and new filter values are sent only once confirmed.
 */
import type { AdminFilterValuesAnswer, AdminProduct } from '@shop/domain/back-office/schemas';
import { serializedByDefault, subCategoriesOf } from '@shop/domain/catalog/product';
import { DISPLAY_NAMES, PRODUCT_CATEGORIES } from '@shop/domain/catalog/rules';
import { useRef, useState } from 'react';
import { Checkbox, Field, Result, Select, TextArea, useAction, useFocusFirstError } from '../../ui';
import { PRIMARY_CONDITION_OPTIONS } from '../../words';
import { Filters } from './Filters';
import {
  type BreaksKey,
  breaksOf,
  changesOf,
  type FormValues,
  formOf,
  payloadOf,
  rebase,
  type TextKey,
  type TextProps,
} from './form-values';
import { type NewValue, NewValues } from './NewValues';
import { Pictures } from './Pictures';
import { VolumePrices } from './VolumePrices';

export function ProductForm({
  product,
  filterValues,
}: {
  product: AdminProduct | null;
  filterValues: AdminFilterValuesAnswer['values'];
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
  const text = (key: TextKey): TextProps => ({
    value: v[key],
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
      set(key, e.target.value),
    error: errors[key],
  });
  const subs = subCategoriesOf(v.category);
  const [breakErrors, setBreakErrors] = useState<Partial<Record<BreaksKey, string>>>({});
  const breaksField = (key: BreaksKey): TextProps => ({
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
      <NewValues
        fresh={fresh}
        saved={product !== null}
        busy={busy}
        use={(field, value) => set(field, value)}
        confirm={() => save(true)}
      />
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
              // A new computer, monitor, tablet or phone carries serials unless the seller says otherwise.
              ...(product ? {} : { serialized: serializedByDefault(category) }),
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
            id="serialized"
            label="Units carry serial numbers (one is taken per unit when shipping)"
            checked={v.serialized}
            onChange={(e) => set('serialized', e.target.checked)}
          />
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

      <VolumePrices condition={v.item_condition} scratchDent={v.is_scratch_dent} field={breaksField} />

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

      <Filters values={v} filterValues={filterValues} text={text} />

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
