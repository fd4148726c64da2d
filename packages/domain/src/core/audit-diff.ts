/** What an audit entry changed, field by field, as a person reads it: "field: old → new". */

/** One field that differs between the values before and after a change. */
export interface AuditChange {
  field: string;
  /** The value before, shown compactly and shortened; empty when the field was not there. */
  before: string;
  /** The value after, shown compactly and shortened; empty when the field is gone. */
  after: string;
  /** The whole line, nothing shortened (for a tooltip). */
  full: string;
  /** The line to show: "field: old → new", "field: → new" or "field: old →". */
  text: string;
}

/** Longest value shown before it is cut short with "…". */
const AUDIT_VALUE_MAX = 60;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A value as short text: strings as they are, numbers and booleans as written, objects and arrays as JSON. */
export function auditValueText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
    return String(value);
  try {
    return JSON.stringify(value) ?? '';
  } catch {
    return String(value);
  }
}

/** Cuts text longer than `max` characters, ending it with "…". */
export function shorten(text: string, max = AUDIT_VALUE_MAX): string {
  const chars = Array.from(text);
  return chars.length <= max ? text : `${chars.slice(0, Math.max(1, max - 1)).join('')}…`;
}

/** JSON with the keys of every object sorted, so that equal values compare equal whatever their key order. */
function canonical(value: unknown): string {
  if (value === undefined) return 'undefined';
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (isRecord(value))
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical(value[k])}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? String(value);
}

function line(field: string, before: string, after: string): string {
  return `${field}: ${[before, '→', after].filter((part) => part !== '').join(' ')}`;
}

function change(field: string, before: unknown, after: unknown, max: number): AuditChange {
  const beforeText = auditValueText(before);
  const afterText = auditValueText(after);
  const shortBefore = shorten(beforeText, max);
  const shortAfter = shorten(afterText, max);
  return {
    field,
    before: shortBefore,
    after: shortAfter,
    full: line(field, beforeText, afterText),
    text: line(field, shortBefore, shortAfter),
  };
}

/**
 * The fields that differ (leaving out those whose difference would not show, such as 1 and "1", or null and
 * missing) between `before` and `after` (an audit entry's values), in the order they first appear
 * (the fields of `before`, then those only in `after`). A field only in `after` has an empty `before` and the
 * other way round. When either value is not an object (a list, a number, a text), the whole value is one field
 * named "value".
 */
export function auditChanges(before: unknown, after: unknown, max = AUDIT_VALUE_MAX): AuditChange[] {
  if ((isRecord(before) || before == null) && (isRecord(after) || after == null)) {
    const b = isRecord(before) ? before : {};
    const a = isRecord(after) ? after : {};
    const fields = [...Object.keys(b), ...Object.keys(a).filter((k) => !Object.hasOwn(b, k))];
    return fields
      .filter((k) => canonical(b[k]) !== canonical(a[k]))
      .filter((k) => auditValueText(b[k]) !== auditValueText(a[k]))
      .map((k) => change(k, b[k], a[k], max));
  }
  if (canonical(before) === canonical(after) || auditValueText(before) === auditValueText(after)) return [];
  return [change('value', before, after, max)];
}
