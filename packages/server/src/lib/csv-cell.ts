/** A spreadsheet would run a cell starting with = + - @ as a formula; a leading quote keeps it text. */
export function safeText(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}
