/** The mail catalogue's texts and the shop's way of dating things in mails, for every module's mails. */
import { type Lang, LOCALE } from '@shop/domain/i18n';
import { translators } from '../i18n/lang';

/** Orders are dated in the shop's own time zone (Richmond Hill, Ontario), with the zone named. */
const SHOP_TIME = {
  en: new Intl.DateTimeFormat(LOCALE.en, {
    timeZone: 'America/Toronto',
    dateStyle: 'long',
    timeStyle: 'short',
  }),
  fr: new Intl.DateTimeFormat(LOCALE.fr, {
    timeZone: 'America/Toronto',
    dateStyle: 'long',
    timeStyle: 'short',
  }),
};
const SHOP_ZONE = {
  en: new Intl.DateTimeFormat(LOCALE.en, { timeZone: 'America/Toronto', timeZoneName: 'short' }),
  fr: new Intl.DateTimeFormat(LOCALE.fr, { timeZone: 'America/Toronto', timeZoneName: 'short' }),
};

/** An order's date as mails show it, e.g. "November 22, 2026 at 10:04 a.m. EST" / "22 novembre 2026 à 10 h 04 HNE". */
export function formatOrderDate(date: Date, lang: Lang = 'en'): string {
  const zone = SHOP_ZONE[lang].formatToParts(date).find((p) => p.type === 'timeZoneName')?.value;
  return `${SHOP_TIME[lang].format(date)}${zone ? ` ${zone}` : ''}`;
}

/** The mail catalogue's message `key` in a language. */
export function mailText(lang: Lang, key: string, values?: Record<string, string | number>): string {
  return translators[lang].t(key, values);
}
