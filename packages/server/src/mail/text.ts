/**
 * Putting what visitors and buyers typed into the text of a mail so that it cannot pass for the mail's own
 * lines: a one-line value (a name, a company, a purchase order) stays on one line, and free text (a
 * message) is quoted line by line under a label, as mail programs quote.
 */
import { oneLine } from '@shop/domain/account/contact';

export { oneLine };

/** Every way a line can end in the text or once a mail program shows it. */
const LINE_END = /\r\n|[\n\r\v\f\u0085\u2028\u2029]/;
/** Other control characters (a tab stays). */
const CONTROL = /[^\P{Cc}\t]/gu;

/** Each line of `text` as a quoted line: "> " before it (">" alone for an empty line). */
export function quoteLines(text: string): string[] {
  return text.split(LINE_END).map((line) => `> ${line.replace(CONTROL, ' ')}`.trimEnd());
}

/** A label and the free text under it, quoted; `(none)` after the label when the text is empty. */
export function quotedUnder(label: string, text: string): string[] {
  return text.trim() === '' ? [`${label} (none)`] : [label, ...quoteLines(text.replace(/\s+$/, ''))];
}

/** Values for a mail's one-line message: each text kept on one line. */
export function oneLineValues(
  values?: Record<string, string | number>,
): Record<string, string | number> | undefined {
  if (!values) return values;
  return Object.fromEntries(
    Object.entries(values).map(([key, value]) => [key, typeof value === 'string' ? oneLine(value) : value]),
  );
}
