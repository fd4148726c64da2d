/** The mail catalogue's texts and the shop's way of dating things in mails, for every module's mails. */
import { type Lang, LOCALE } from '@shop/domain/core/i18n';
import { translators } from '../i18n/lang';

const orderDates = new Map<string, { time: Intl.DateTimeFormat; zone: Intl.DateTimeFormat }>();

/**
 * An order's date as mails show it, in the shop's time zone (SHOP_TIME_ZONE) with the zone named, e.g.
 * "November 22, 2026 at 10:04 a.m. EST" / "22 novembre 2026 à 10 h 04 HNE".
 */
export function formatOrderDate(date: Date, lang: Lang, timeZone: string): string {
  const key = `${lang} ${timeZone}`;
  let format = orderDates.get(key);
  if (!format) {
    format = {
      time: new Intl.DateTimeFormat(LOCALE[lang], { timeZone, dateStyle: 'long', timeStyle: 'short' }),
      zone: new Intl.DateTimeFormat(LOCALE[lang], { timeZone, timeZoneName: 'short' }),
    };
    orderDates.set(key, format);
  }
  const zone = format.zone.formatToParts(date).find((p) => p.type === 'timeZoneName')?.value;
  return `${format.time.format(date)}${zone ? ` ${zone}` : ''}`;
}

/** The mail catalogue's message `key` in a language. */
export function mailText(lang: Lang, key: string, values?: Record<string, string | number>): string {
  return translators[lang].t(key, values);
}
