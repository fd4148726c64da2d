/** The filter values the server refused as new: use the catalog's closest value, or confirm they are new. */
import { FILTER_LABELS, type FilterField } from '@shop/domain/catalog/rules';

/** A filter value the server refused as new (its 400's new_values). */
export interface NewValue {
  field: FilterField;
  value: string;
  closest: string[];
}

export function NewValues({
  fresh,
  saved,
  busy,
  use,
  confirm,
}: {
  /** The refused values still in the form. */
  fresh: NewValue[];
  saved: boolean;
  busy: boolean;
  use: (field: FilterField, value: string) => void;
  confirm: () => void;
}) {
  if (fresh.length === 0) return null;
  return (
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
                onClick={() => use(n.field, c)}
              >
                Use {c}
              </button>
            ))}
          </li>
        ))}
      </ul>
      <button type="button" className="admin-btn" disabled={busy} onClick={confirm}>
        {saved ? 'Save with the new values' : 'Create with the new values'}
      </button>
    </section>
  );
}
