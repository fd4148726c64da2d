import type { ItemBrief } from '@shop/domain/core/api';
import { toCents } from '@shop/domain/core/money';
import { money, pageLang, t } from '../lib/i18n';

const percents = new Map<string, Intl.NumberFormat>();

/** A percentage off as the page's language writes it: 3% or 3 %. */
export function percentText(percent: number): string {
  const lang = pageLang();
  let format = percents.get(lang);
  if (!format) {
    format = new Intl.NumberFormat(lang === 'fr' ? 'fr-CA' : 'en-CA', {
      style: 'percent',
      maximumFractionDigits: 2,
    });
    percents.set(lang, format);
  }
  return format.format(percent / 100);
}

/**
 * An offer's volume prices: "10+: $111.55 each" to a customer, "10+: 3% off" to a visitor (whose answers
 * carry no price). `first` shows only the smallest break (a card).
 */
export function VolumePrices({ item, first = false }: { item: ItemBrief; first?: boolean }) {
  const breaks = item.price_breaks ?? [];
  if (breaks.length === 0) return null;
  const shown = first ? breaks.slice(0, 1) : breaks;
  return (
    <div className={`volume-prices${first ? ' volume-prices--card' : ''}`}>
      {!first && <p className="volume-prices__title">{t('common:volume.title')}</p>}
      <ul aria-label={t('common:volume.title')}>
        {shown.map((b) => (
          <li key={b.min_quantity}>
            {b.price === undefined
              ? t('common:volume.percent', { quantity: b.min_quantity, percent: percentText(b.percent_off) })
              : t('common:volume.priced', {
                  quantity: b.min_quantity,
                  price: money(toCents(b.price)),
                  percent: percentText(b.percent_off),
                })}
          </li>
        ))}
      </ul>
    </div>
  );
}
