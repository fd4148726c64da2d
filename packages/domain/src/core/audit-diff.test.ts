import { describe, expect, it } from 'vitest';
import { auditChanges, auditValueText, shorten } from './audit-diff';

const texts = (before: unknown, after: unknown) => auditChanges(before, after).map((c) => c.text);

describe('auditChanges', () => {
  it('shows each changed field as "field: old → new" and leaves out the ones that did not change', () => {
    expect(texts({ price: 40, name: 'Aspire 5' }, { price: 44.5, name: 'Aspire 5' })).toEqual([
      'price: 40 → 44.5',
    ]);
  });

  it('shows a field only after as "field: → new" and one only before as "field: old →"', () => {
    expect(texts({ note: 'old' }, { status: 'Confirmed' })).toEqual(['note: old →', 'status: → Confirmed']);
  });

  it('treats a created or deleted thing as every field added or removed', () => {
    expect(texts(null, { sku: 'NX.1', active: true })).toEqual(['sku: → NX.1', 'active: → true']);
    expect(texts({ email: 'a@example.com' }, null)).toEqual(['email: a@example.com →']);
    expect(texts(null, null)).toEqual([]);
  });

  it('shows a null value as nothing and a field that stays empty not at all', () => {
    expect(texts({ credit_limit: null, x: null }, { credit_limit: 5000 })).toEqual(['credit_limit: → 5000']);
    expect(texts({ credit_limit: 5000 }, { credit_limit: null })).toEqual(['credit_limit: 5000 →']);
  });

  it('shows nested objects and lists as short JSON and compares them whatever their key order', () => {
    expect(
      texts({ address: { city: 'Laval', zip: 'H7A' } }, { address: { zip: 'H7A', city: 'Laval' } }),
    ).toEqual([]);
    expect(
      texts({ tags: ['a'], address: { city: 'Laval' } }, { tags: ['a', 'b'], address: { city: 'Lévis' } }),
    ).toEqual(['tags: ["a"] → ["a","b"]', 'address: {"city":"Laval"} → {"city":"Lévis"}']);
  });

  it('leaves out a difference that would not show (1 and "1") but tells false from missing', () => {
    expect(texts({ qty: 1 }, { qty: '1' })).toEqual([]);
    expect(texts({ active: true }, { active: false })).toEqual(['active: true → false']);
    expect(texts({}, { active: false })).toEqual(['active: → false']);
  });

  it('shortens long text and keeps the whole line for a tooltip', () => {
    const long = 'x'.repeat(100);
    const [c] = auditChanges({ description: 'short' }, { description: long }, 10);
    expect(c?.text).toBe(`description: short → ${'x'.repeat(9)}…`);
    expect(c?.full).toBe(`description: short → ${long}`);
    expect(c?.before).toBe('short');
  });

  it('shows a value that is not an object as one field named value', () => {
    expect(texts(3, 4)).toEqual(['value: 3 → 4']);
    expect(texts(['a'], ['a'])).toEqual([]);
  });
});

describe('auditValueText and shorten', () => {
  it('writes strings as they are and other values compactly', () => {
    expect(auditValueText('a b')).toBe('a b');
    expect(auditValueText(0)).toBe('0');
    expect(auditValueText(undefined)).toBe('');
    expect(auditValueText({ a: [1, 2] })).toBe('{"a":[1,2]}');
  });

  it('cuts at the given length, counting characters, not code units', () => {
    expect(shorten('abc', 3)).toBe('abc');
    expect(shorten('abcd', 3)).toBe('ab…');
    expect(shorten('ééééé', 4)).toBe('ééé…');
  });
});
