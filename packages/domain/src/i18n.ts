/**
 * Languages: English and French. Messages live in catalogue files per language (ICU MessageFormat, read by
 * FormatJS's intl-messageformat); a Translator holds one language's messages and formats them. The page
 * holds one (its language's catalogues only); the server one per language.
 */
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { IntlMessageFormat } from 'intl-messageformat';

export const LANGS = ['en', 'fr'] as const;
export type Lang = (typeof LANGS)[number];
export type Catalogue = Record<string, string>;
/**
 * A catalogue as a Translator takes it: a message is its ICU text, or (in the page's build, which leaves
 * the ICU parser out) the text parsed ahead of time when it is more than text with `{name}` values.
 */
export type CompiledCatalogue = Record<string, string | MessageFormatElement[]>;

/**
 * Text with at most plain `{name}` values and no ICU quoting: it formats by putting the values in, without
 * the ICU parser. (An apostrophe quotes only before another apostrophe, a brace, `#` or `|`.)
 */
function isSimpleMessage(text: string): boolean {
  return !/''|'[{}#|]/.test(text) && !/[{}]/.test(text.replace(/\{\w+\}/g, ''));
}

function fillSimple(text: string, values: MessageValues | undefined): string | null {
  let missing = false;
  const out = text.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = values?.[name];
    if (value === undefined) missing = true;
    return String(value);
  });
  return missing ? null : out;
}

/** The Intl locale of each language: Canadian English and Canadian French. */
export const LOCALE: Record<Lang, string> = { en: 'en-CA', fr: 'fr-CA' };

/** The cookie that keeps a person's choice of language. */
export const LANG_COOKIE = 'lang';

export function isLang(value: unknown): value is Lang {
  return value === 'en' || value === 'fr';
}

/**
 * The language an `Accept-Language` header prefers among ours, by its q-values: `fr-CA,fr;q=0.9,en;q=0.8`
 * is French; no header, or none of ours, is English.
 */
export function langFromAcceptLanguage(header: string | undefined | null): Lang {
  if (!header) return 'en';
  let best: Lang = 'en';
  let bestQ = -1;
  for (const part of header.slice(0, 500).split(',')) {
    const [range = '', ...params] = part.trim().split(';');
    const primary = range.trim().toLowerCase().split('-')[0];
    if (!isLang(primary)) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (Number.isFinite(q) && q > bestQ) {
      best = primary;
      bestQ = q;
    }
  }
  return best;
}

/** Money in a language's format: formatMoney(cents, lang) in money.ts. */

/** A value a message takes: text or a number (numbers are formatted for the language, plurals chosen). */
export type MessageValues = Record<string, string | number | Date>;

interface Template {
  pattern: RegExp;
  key: string;
  names: string[];
}

export class Translator {
  private readonly messages: CompiledCatalogue = {};
  private readonly formats = new Map<string, IntlMessageFormat>();
  private templates: Template[] | null = null;
  private exact: Map<string, string> | null = null;

  constructor(
    readonly lang: Lang,
    catalogues: CompiledCatalogue[] = [],
    /** English texts by key, for `fromEnglish` (see there). */
    private readonly english: Catalogue = {},
  ) {
    for (const c of catalogues) this.add(c);
  }

  get locale(): string {
    return LOCALE[this.lang];
  }

  add(catalogue: CompiledCatalogue): void {
    Object.assign(this.messages, catalogue);
  }

  /** More English texts by key for `fromEnglish` (a page loads them only when it is not in English). */
  addEnglish(catalogue: Catalogue): void {
    Object.assign(this.english, catalogue);
    this.exact = null;
    this.templates = null;
  }

  has(key: string): boolean {
    return key in this.messages;
  }

  /** The message `key` with its values; a missing key shows as the key itself (the catalogue tests catch it). */
  t(key: string, values?: MessageValues): string {
    const text = this.messages[key];
    if (text === undefined) return key;
    // Plain text and `{name}` values need no ICU parsing (the page's build leaves the parser out).
    if (typeof text === 'string' && isSimpleMessage(text)) return fillSimple(text, values) ?? text;
    const shown = typeof text === 'string' ? text : key;
    let format = this.formats.get(key);
    if (!format) {
      try {
        format = new IntlMessageFormat(text, this.locale);
      } catch {
        return shown;
      }
      this.formats.set(key, format);
    }
    try {
      return String(format.format(values));
    } catch {
      return shown;
    }
  }

  /**
   * A message written in English (the specification's own words, which the domain and the server use) in
   * this language: found by its English text, or by its English template (`This item currently only have
   * {n} left.`) with the values read back out of it. Text that is no known message is returned as it is;
   * several lines are translated one by one.
   */
  fromEnglish(text: string): string {
    if (this.lang === 'en' || !text) return text;
    if (text.includes('\n'))
      return text
        .split('\n')
        .map((line) => this.fromEnglish(line))
        .join('\n');
    this.prepare();
    const key = this.exact?.get(text);
    if (key && this.has(key)) return this.t(key);
    for (const template of this.templates ?? []) {
      const match = template.pattern.exec(text);
      if (!match || !this.has(template.key)) continue;
      const values: MessageValues = {};
      template.names.forEach((name, i) => {
        const raw = match[i + 1] ?? '';
        values[name] = /^-?\d+(\.\d+)?$/.test(raw) ? Number(raw) : this.fromEnglish(raw);
      });
      return this.t(template.key, values);
    }
    return text;
  }

  private prepare(): void {
    if (this.exact) return;
    this.exact = new Map();
    this.templates = [];
    for (const [key, text] of Object.entries(this.english)) {
      const names: string[] = [];
      const source = text.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{(\w+)\}/g, (_, name: string) => {
        names.push(name);
        return '([\\s\\S]+?)';
      });
      if (names.length === 0) this.exact.set(text, key);
      else this.templates.push({ key, names, pattern: new RegExp(`^${source.replace(/[{}]/g, '\\$&')}$`) });
    }
    // Longer templates first: the most specific wins when two could match.
    this.templates.sort((a, b) => b.pattern.source.length - a.pattern.source.length);
  }
}

/** A date as `Mar 4, 2025` / `4 mars 2025`; with `time`, the hour and minutes too. */
export function formatDateIn(
  lang: Lang,
  value: string | Date | null | undefined,
  options: { time?: boolean; timeZone?: string } = {},
): string {
  if (!value) return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  return date.toLocaleString(LOCALE[lang], {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    ...(options.time ? { hour: 'numeric', minute: '2-digit' } : {}),
    ...(options.timeZone ? { timeZone: options.timeZone } : {}),
  });
}
