/**
 * The page's language: the server names it in `<html lang>` (the `lang` cookie, the account's choice, a
 * Quebec billing address or the browser's Accept-Language, in that order) and the page loads only that
 * language's catalogues (locales/<lang>/<namespace>.json, one file each, fetched when a page needs it).
 * Changing the language sets the cookie (and the account's choice) and loads the page again.
 */
import {
  formatDateIn,
  isMessageKey,
  LANG_COOKIE,
  type Lang,
  type Message,
  type MessageValues,
  Translator,
} from '@shop/domain/core/i18n';
import { formatMoney } from '@shop/domain/core/money';
import { serverScope } from './scope';

/** The document's language, in the browser (read once). */
const documentLang: Lang =
  typeof document !== 'undefined' && document.documentElement.lang === 'fr' ? 'fr' : 'en';

/** The page's language: the document's, or the language of the request the server renders. */
export function pageLang(): Lang {
  return serverScope()?.lang ?? documentLang;
}

const browserTranslator = new Translator(documentLang);

function translator(): Translator {
  return serverScope()?.translator ?? browserTranslator;
}

/** The page's texts, by key: t('cart.title'), t('cart.items', { count: 2 }). */
export function t(key: string, values?: MessageValues): string {
  return translator().t(key, values);
}

/**
 * A message of the domain (MSG, CART_MSG ..., or a schema's message, which is a key) in the page's
 * language. Text that is no key (the server's answer, already in the page's language) shows as it is.
 */
export function tm(said: Message | string): string {
  return typeof said === 'string' && !isMessageKey(said) ? said : translator().say(said as Message);
}

/** Money in the page's language: $1,234.56 or 1 234,56 $. */
export function money(cents: number): string {
  return formatMoney(cents, pageLang());
}

/**
 * The time zone of the page's dates: the browser's own, or, when the server draws a buyer's page, the one
 * their browser named in its `tz` cookie (main.tsx). components/Moment.tsx shows them.
 */
function pageZone(): string | undefined {
  return serverScope()?.timeZone;
}

/** e.g. "Mar 4, 2025" / "4 mars 2025", in the page's time zone. */
export function formatDate(iso: string | null | undefined): string {
  return formatDateIn(pageLang(), iso, { timeZone: pageZone() });
}

/** e.g. "Mar 4, 2025, 3:07 p.m." / "4 mars 2025, 15 h 07". */
export function formatDateTime(iso: string | null | undefined): string {
  return formatDateIn(pageLang(), iso, { time: true, timeZone: pageZone() });
}

const pages = import.meta.glob<Record<string, string>>('../locales/*/*.json', { import: 'default' });
// The domain's messages (the specification's, the quotes' and after the sale's), by the namespace of the page's own.
const domains = import.meta.glob<Record<string, string>>(
  '../../../domain/src/locales/*/{spec,quotes,after-sale}.json',
  {
    import: 'default',
  },
);
const loaded = new Map<string, Promise<void>>();

/** Loads catalogues of the page's language (once each); a page's route waits for its own. */
export function loadNamespaces(...namespaces: string[]): Promise<void> {
  // The server's renderer has every catalogue of both languages already.
  if (serverScope()) return Promise.resolve();
  const lang = documentLang;
  return Promise.all(
    namespaces.map((ns) => {
      let done = loaded.get(ns);
      if (!done) {
        const loads = [
          pages[`../locales/${lang}/${ns}.json`],
          domains[`../../../domain/src/locales/${lang}/${ns}.json`],
        ];
        if (!loads.some(Boolean)) throw new Error(`No catalogue ${lang}/${ns}`);
        done = Promise.all(
          loads.map((load) => load?.().then((catalogue) => browserTranslator.add(catalogue))),
        ).then(() => undefined);
        loaded.set(ns, done);
      }
      return done;
    }),
  ).then(() => undefined);
}

/** Keeps the choice in the cookie for a year, then loads the page again in that language. */
export function chooseLanguage(next: Lang, save?: () => Promise<unknown>): void {
  document.cookie = `${LANG_COOKIE}=${next}; path=/; max-age=31536000; samesite=lax`;
  const reload = () => window.location.reload();
  if (save) save().then(reload, reload);
  else reload();
}
