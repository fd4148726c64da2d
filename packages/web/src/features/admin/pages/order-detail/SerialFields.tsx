/**
 * One field per unit of each serialised line, for the serial numbers a shipment records. A barcode scanner
 * types the number and Enter: Enter moves to the next field instead of submitting, and the last one's Enter
 * submits the form. Each field is named serial-{line_id}-{unit}; serialsOf reads them back.
 */
import type { KeyboardEvent } from 'react';

export interface SerialLine {
  line_id: number;
  sku: string;
  item_name: string;
  quantity: number;
  serialized: boolean;
}

/** The fields' values as a shipment's serials: each serialised line's, in unit order. */
export function serialsOf(
  body: Record<string, unknown>,
  prefix = 'serial',
): { line_id: number; serials: string[] }[] {
  const byLine = new Map<number, string[]>();
  const pattern = new RegExp(`^${prefix}-(\\d+)-(\\d+)$`);
  for (const [key, value] of Object.entries(body)) {
    const match = pattern.exec(key);
    if (!match) continue;
    const list = byLine.get(Number(match[1])) ?? [];
    list[Number(match[2]) - 1] = String(value ?? '');
    byLine.set(Number(match[1]), list);
  }
  return [...byLine].map(([line_id, serials]) => ({
    line_id,
    serials: Array.from(serials, (s) => s ?? ''),
  }));
}

/** Enter in a serial field goes to the next serial field of the form; in the last, it submits. */
function nextOnEnter(event: KeyboardEvent<HTMLInputElement>) {
  if (event.key !== 'Enter') return;
  const form = event.currentTarget.form;
  if (!form) return;
  const fields = [...form.querySelectorAll<HTMLInputElement>('input[data-serial]')];
  const next = fields[fields.indexOf(event.currentTarget) + 1];
  if (next) {
    event.preventDefault();
    next.focus();
    next.select();
  }
}

export function SerialFields({
  lines,
  prefix = 'serial',
  idPrefix = 'ship-serial',
  label,
}: {
  lines: SerialLine[];
  /** The fields' names start with it (a bulk form gives each order its own). */
  prefix?: string;
  idPrefix?: string;
  /** Names a line in the fields' labels ("Line 1"); the bulk form adds the order's number. */
  label?: (position: number) => string;
}) {
  const serialised = lines
    .map((line, index) => ({ line, position: index + 1 }))
    .filter(({ line }) => line.serialized);
  if (serialised.length === 0) return null;
  return (
    <fieldset className="admin-serials">
      <legend>Serial numbers</legend>
      <p className="field-hint">
        One per unit: scan each unit's barcode (Enter moves to the next field) or type it.
      </p>
      {serialised.map(({ line, position }) => (
        <div key={line.line_id} className="admin-serials__line">
          <p className="admin-serials__item">
            {label ? label(position) : `Line ${position}`}: {line.sku} · {line.item_name} × {line.quantity}
          </p>
          {Array.from({ length: line.quantity }, (_, i) => {
            const id = `${idPrefix}-${line.line_id}-${i + 1}`;
            return (
              <div key={id} className="admin-field admin-serials__field">
                <label htmlFor={id}>
                  {label ? label(position) : `Line ${position}`}, unit {i + 1}
                </label>
                <input
                  id={id}
                  name={`${prefix}-${line.line_id}-${i + 1}`}
                  data-serial=""
                  autoComplete="off"
                  spellCheck={false}
                  maxLength={40}
                  required
                  aria-required
                  onKeyDown={nextOnEnter}
                />
              </div>
            );
          })}
        </div>
      ))}
    </fieldset>
  );
}
