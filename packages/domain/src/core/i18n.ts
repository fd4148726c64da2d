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

/** Money in a language's format: formatMoney(cents, lang) in core/money.ts. */

/** A value a message takes: text or a number (numbers are formatted for the language, plurals chosen). */
export type MessageValues = Record<string, string | number | Date>;

/**
 * The namespaces of the messages people are told (the catalogues' key prefixes): a key names its namespace
 * first, so English text can never be taken for a key, in the code (it does not typecheck) or at run time.
 */
export const MESSAGE_NAMESPACES = [
  'msg',
  'account',
  'application',
  'cart',
  'quick',
  'quote',
  'condition',
  'wait',
  'api',
  'companyApi',
  'approvals',
  'alerts',
  'afterSale',
  'webhooks',
  'punchout',
] as const;
type MessageNamespace = (typeof MESSAGE_NAMESPACES)[number];

/** A message by its catalogue key: `msg.itemMissing`. The catalogues hold its words in each language. */
export type MessageKey = `${MessageNamespace}.${string}`;
/**
 * A value of a message: text (shown as it is, whatever it reads), a number (formatted for the language,
 * plurals chosen), a date, or a message of its own as `{ key }` (said in the same language).
 */
export type MessageValue = string | number | Date | KeyedMessage;
/** A message with values: `{ key: 'cart.clamped', values: { n: 3 } }`. */
export interface KeyedMessage {
  readonly key: MessageKey;
  readonly values?: Readonly<Record<string, MessageValue>>;
}
/** What a person is told, in no language yet: a Translator says it in its own (`say`). */
export type Message = MessageKey | KeyedMessage;

/** A message with values. */
export function message(key: MessageKey, values?: Record<string, MessageValue>): KeyedMessage {
  return values ? { key, values } : { key };
}

const KEY_PATTERN = new RegExp(`^(${MESSAGE_NAMESPACES.join('|')})\\.[A-Za-z0-9_.]+$`);

/** Whether a text is a message key (a schema's message is one; English text never is). */
export function isMessageKey(text: string): text is MessageKey {
  return KEY_PATTERN.test(text);
}

export function isMessage(value: unknown): value is Message {
  return typeof value === 'string'
    ? isMessageKey(value)
    : typeof value === 'object' && value !== null && typeof (value as KeyedMessage).key === 'string';
}

export class Translator {
  private readonly messages: CompiledCatalogue = {};
  private readonly formats = new Map<string, IntlMessageFormat>();

  constructor(
    readonly lang: Lang,
    catalogues: CompiledCatalogue[] = [],
  ) {
    for (const c of catalogues) this.add(c);
  }

  get locale(): string {
    return LOCALE[this.lang];
  }

  add(catalogue: CompiledCatalogue): void {
    Object.assign(this.messages, catalogue);
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

  /** A message in this language, its values said too (a value that is a message is said in this language). */
  say(said: Message): string {
    if (typeof said === 'string') return this.t(said);
    const values: MessageValues = {};
    for (const [name, value] of Object.entries(said.values ?? {}))
      values[name] = typeof value === 'object' && !(value instanceof Date) ? this.say(value) : value;
    return this.t(said.key, values);
  }
}

/**
 * The formats of dates by language, with or without the time, and zone: made once each, since making one
 * costs far more than using it (a list of orders formats dozens of dates per page drawn).
 */
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function dateFormat(lang: Lang, time: boolean, timeZone: string | undefined): Intl.DateTimeFormat {
  const key = `${lang}|${time}|${timeZone ?? ''}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(LOCALE[lang], {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      ...(time ? { hour: 'numeric', minute: '2-digit' } : {}),
      ...(timeZone ? { timeZone } : {}),
    });
    // Bounded: zones come from the browser's cookie (checked, but many are valid).
    if (dateFormats.size >= 256) dateFormats.clear();
    dateFormats.set(key, format);
  }
  return format;
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
  return dateFormat(lang, options.time === true, options.timeZone).format(date);
}
