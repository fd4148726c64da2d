/**
 * A catalog value (a filter's value, as products store it) as a buyer reads it. The catalog keeps its values
 * in English ("Black", "16 GB", '14.5"', "4.5 GHz") and the filters keep them in the address; French shows
 * the words of locales/fr/values.json (keyed by field and value) and French Canada's units and decimal
 * comma: "Noir", "16 Go", "14,5 po", "4,5 GHz". A value without a French word keeps its name (a brand, a
 * model, a resolution) with only its measure rewritten.
 */
import type { Lang } from '../core/i18n';
import FR_VALUES from '../locales/fr/values.json';

const WORDS: Record<Exclude<Lang, 'en'>, Record<string, string>> = { fr: FR_VALUES };

/** Storage and memory units in French: octets, not bytes. */
const FR_BYTES: Record<string, string> = { KB: 'Ko', MB: 'Mo', GB: 'Go', TB: 'To' };

/** A number and its unit, the whole value: 16 GB, 14.5", 14.5 in, 4.5 GHz, 60 Hz, 1.78 kg. */
const MEASURE = /^(\d+(?:\.\d+)?)\s*("|''|in\.?|inch(?:es)?|[A-Za-z]{1,4})$/;

const decimalComma = (number: string) => number.replace('.', ',');

/** A measure in French: "16 Go", "14,5 po", "4,5 GHz"; null when the value is no measure. */
function frenchMeasure(value: string): string | null {
  const match = MEASURE.exec(value.trim());
  if (!match) return null;
  const [, number = '', unit = ''] = match;
  if (/^("|''|in\.?|inch(?:es)?)$/i.test(unit)) return `${decimalComma(number)} po`;
  return `${decimalComma(number)} ${FR_BYTES[unit.toUpperCase()] ?? unit}`;
}

/** `value` of the filter `field` in `lang`; English (and an empty value) as stored. */
export function catalogValue(field: string, value: string, lang: Lang): string {
  if (lang === 'en' || value === '') return value;
  return WORDS[lang][`${field}.${value}`] ?? frenchMeasure(value) ?? value;
}
