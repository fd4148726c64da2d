import { describe, expect, it } from 'vitest';
import { CONDITIONS, conditionName, DISPLAY_NAMES, STORED_CATEGORY_NAMES } from './rules';
import { catalogValue } from './values';

describe('a catalog value in French', () => {
  it('writes memory and storage in octets: GB is Go, TB is To', () => {
    expect(catalogValue('standard_memory', '16 GB', 'fr')).toBe('16 Go');
    expect(catalogValue('solid_state_drive', '512 GB', 'fr')).toBe('512 Go');
    expect(catalogValue('solid_state_drive', '1 TB', 'fr')).toBe('1 To');
    expect(catalogValue('standard_memory', '8GB', 'fr')).toBe('8 Go');
  });

  it('writes inches as po with a decimal comma', () => {
    expect(catalogValue('screen_size', '14.5"', 'fr')).toBe('14,5 po');
    expect(catalogValue('screen_size', '14"', 'fr')).toBe('14 po');
    expect(catalogValue('screen_size', '14.5 in', 'fr')).toBe('14,5 po');
    expect(catalogValue('screen_size', '15.6 inches', 'fr')).toBe('15,6 po');
  });

  it('puts a decimal comma in other measures and keeps their unit', () => {
    expect(catalogValue('processor_speed', '4.5 GHz', 'fr')).toBe('4,5 GHz');
    expect(catalogValue('refresh_rate', '144 Hz', 'fr')).toBe('144 Hz');
  });

  it('names colours, categories and a touchscreen in French', () => {
    expect(catalogValue('color', 'Black', 'fr')).toBe('Noir');
    expect(catalogValue('color', 'Silver', 'fr')).toBe('Argent');
    expect(catalogValue('color', 'Gray', 'fr')).toBe('Gris');
    expect(catalogValue('product_category', 'Gaming Laptop', 'fr')).toBe('Portable de jeu');
    expect(catalogValue('touchscreen', 'Yes', 'fr')).toBe('Oui');
    expect(catalogValue('operating_system', 'Windows 11 Home', 'fr')).toBe('Windows 11 Famille');
  });

  it('keeps names: brands, models, versions and resolutions', () => {
    for (const [field, value] of [
      ['processor_type', 'Intel Core i7'],
      ['graphics_card', 'NVIDIA GeForce RTX 4060 Ti'],
      ['operating_system', 'Android 14'],
      ['screen_resolution', '1920 x 1080'],
      ['product_series', 'Aspire'],
    ] as const)
      expect(catalogValue(field, value, 'fr')).toBe(value);
  });

  it('keeps the stored value in English, and an unknown colour as it is', () => {
    expect(catalogValue('standard_memory', '16 GB', 'en')).toBe('16 GB');
    expect(catalogValue('screen_size', '14.5"', 'en')).toBe('14.5"');
    expect(catalogValue('color', 'Black', 'en')).toBe('Black');
    expect(catalogValue('color', 'Ocean Teal', 'fr')).toBe('Ocean Teal');
    expect(catalogValue('color', '', 'fr')).toBe('');
  });
});

describe("a condition's name", () => {
  it('is the one name people read in each language; a word that is no condition stays as it is', () => {
    expect(CONDITIONS.map((c) => conditionName(c, 'en'))).toEqual([
      'Brand new',
      'Recertified',
      'Scratch & dent',
      'Warranty',
    ]);
    expect(CONDITIONS.map((c) => conditionName(c, 'fr'))).toEqual([
      'Neuf',
      'Remis à neuf',
      'Égratigné et bosselé',
      'Garantie',
    ]);
    expect(conditionName('', 'en')).toBe('');
    expect(conditionName('Refurbished', 'fr')).toBe('Refurbished');
  });
});

describe('the categories a filter offers', () => {
  it('names each category once, monitors as the Display products are stored under', () => {
    expect(STORED_CATEGORY_NAMES).toContain('Display');
    expect(STORED_CATEGORY_NAMES).not.toContain('Monitor');
    expect(new Set(STORED_CATEGORY_NAMES).size).toBe(STORED_CATEGORY_NAMES.length);
    const labels = STORED_CATEGORY_NAMES.map((c) => DISPLAY_NAMES[c] ?? c);
    expect(labels.filter((l) => l === 'Monitors')).toHaveLength(1);
    expect(new Set(labels).size).toBe(labels.length);
  });
});
