/** The product's filter fields, each suggesting the values the catalog has and saying when a value is new. */
import type { AdminFilterValuesAnswer } from '@shop/domain/back-office/schemas';
import { FILTER_FIELDS, FILTER_LABELS } from '@shop/domain/catalog/rules';
import { Field, Select } from '../../ui';
import type { FormValues, TextKey, TextProps } from './form-values';

export function Filters({
  values: v,
  filterValues,
  text,
}: {
  values: FormValues;
  filterValues: AdminFilterValuesAnswer['values'];
  text: (key: TextKey) => TextProps;
}) {
  return (
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
  );
}
