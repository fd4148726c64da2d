/**
 * Text from visitors and customers, made safe to print on the seller's terminal: control characters
 * (ESC starts the sequences that clear the screen or move the cursor; CR overwrites the line) and the
 * bidirectional overrides that reorder what is shown are written out as escapes such as \x1b or \u202e.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const UNSAFE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

function escapeChar(char: string): string {
  const code = char.charCodeAt(0);
  return code <= 0xff
    ? `\\x${code.toString(16).padStart(2, '0')}`
    : `\\u${code.toString(16).padStart(4, '0')}`;
}

/** One line: every unsafe character escaped, line breaks included. */
export function printable(text: string): string {
  return text.replace(/[\n]/g, '\\n').replace(UNSAFE, escapeChar);
}

/** Several lines kept as lines (each indented by `indent` after the first), everything else escaped. */
export function printableLines(text: string, indent: string): string {
  return text
    .replace(/\r\n/g, '\n')
    .split('\n')
    .map((line) => line.replace(UNSAFE, escapeChar))
    .join(`\n${indent}`);
}
