import { describe, expect, it } from 'vitest';
import { formatPostalCode } from './rules';
import { ACCOUNT_MSG, addressSchema, normalizePhone, normalizePostalCode } from './schemas';

const address = {
  first_name: 'Olivia',
  last_name: 'Martin',
  address_line_1: '100 King Street West',
  city: 'Toronto',
  province: 'Ontario',
  zip: 'M5X1A9',
  phone_number: '4165550101',
};

describe('pasted postal codes and phone numbers', () => {
  it('keep a postal code upper case without its space or hyphen', () => {
    expect(normalizePostalCode('M5V 3G5')).toBe('M5V3G5');
    expect(normalizePostalCode('m5v-3g5')).toBe('M5V3G5');
    expect(normalizePostalCode(' m5v3g5 ')).toBe('M5V3G5');
    expect(normalizePostalCode('M5V 3G')).toBe('M5V 3G');
  });
  it('show a postal code as Canada Post writes it, with the space after its third character', () => {
    expect(formatPostalCode('H3A3G4')).toBe('H3A 3G4');
    expect(formatPostalCode('V6Z3B7')).toBe('V6Z 3B7');
    expect(formatPostalCode('h3a-3g4')).toBe('H3A 3G4');
    expect(formatPostalCode('H3A 3G4')).toBe('H3A 3G4');
    // What is no postal code (an address kept before the rule) shows as it is.
    expect(formatPostalCode('12345')).toBe('12345');
    expect(formatPostalCode(' D3A3G4 ')).toBe('D3A3G4');
    expect(formatPostalCode('')).toBe('');
  });
  it('keep a phone number as its 10 digits, a leading country code 1 dropped', () => {
    expect(normalizePhone('(416) 555-0142')).toBe('4165550142');
    expect(normalizePhone('416.555.0142')).toBe('4165550142');
    expect(normalizePhone('+1 416 555 0142')).toBe('4165550142');
    expect(normalizePhone('416-555-014')).toBe('416-555-014');
    expect(normalizePhone('416 555 0142 ext 5')).toBe('416 555 0142 ext 5');
  });
  it('an address takes them pasted, and still refuses what is not one', () => {
    const parsed = addressSchema.parse({ ...address, zip: 'm5v 3g5', phone_number: '(416) 555-0142' });
    expect(parsed.zip).toBe('M5V3G5');
    expect(parsed.phone_number).toBe('4165550142');
    const bad = addressSchema.safeParse({ ...address, zip: 'M5V 3G', phone_number: '555-0142' });
    expect(bad.success).toBe(false);
    const messages = bad.error?.issues.map((i) => i.message);
    expect(messages).toEqual(expect.arrayContaining([ACCOUNT_MSG.zip, ACCOUNT_MSG.addressPhone]));
  });
});
