import { describe, expect, it } from 'vitest';
import { printable, printableLines } from './printable';

describe('printable', () => {
  it('writes out the escape sequences that would clear the screen or forge text', () => {
    const hostile = 'Acme\u001b[2J\u001b[HApproved as C10001\rOK\u0007';
    expect(printable(hostile)).toBe('Acme\\x1b[2J\\x1b[HApproved as C10001\\x0dOK\\x07');
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the test looks for raw control characters
    expect(printable(hostile)).not.toMatch(/[\u0000-\u001f]/);
  });

  it('writes out C1 controls and the bidirectional overrides that reorder a line', () => {
    expect(printable('a\u009b31mb')).toBe('a\\x9b31mb');
    expect(printable('invoice\u202Efdp.exe')).toBe('invoice\\u202efdp.exe');
    expect(printable('x\u2066y\u2069z')).toBe('x\\u2066y\\u2069z');
  });

  it('leaves ordinary text alone, accents, emoji and tabs included', () => {
    const text = 'Société Générale\tÉté 🇨🇦 — 50% off';
    expect(printable(text)).toBe(text);
  });

  it('keeps a one-line field on one line', () => {
    expect(printable('Acme\nApproved')).toBe('Acme\\nApproved');
  });

  it('keeps the lines of a message as lines, indented, each one escaped', () => {
    expect(printableLines('Hello\r\nsecond \u001b[31mred\nthird', '    ')).toBe(
      'Hello\n    second \\x1b[31mred\n    third',
    );
  });
});
