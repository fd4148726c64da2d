import { describe, expect, it } from 'vitest';
import {
  creditUpdateSchema,
  Day,
  exemptionCreateSchema,
  feeCreateSchema,
  TAX_MSG,
  taxRateCreateSchema,
} from './admin';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : result.error!.issues[0]!.message;

describe('a tax rate', () => {
  const rate = (value: unknown) =>
    taxRateCreateSchema.safeParse({
      province: 'Quebec',
      component: 'QST',
      rate: value,
      effective_from: '2027-01-01',
    });

  it('is a percent with at most 3 decimals, kept in thousandths of a percent', () => {
    expect(rate(9.975).data?.rate).toBe(9975);
    expect(rate('14').data?.rate).toBe(14_000);
    expect(rate('7.5 %').data?.rate).toBe(7500);
    expect(rate(0).data?.rate).toBe(0);
    expect(rate(100).data?.rate).toBe(100_000);
  });

  it('refuses anything else with the rule', () => {
    for (const bad of [9.9751, -1, 100.001, 'abc', '', null, Number.NaN])
      expect(firstMessage(rate(bad)), String(bad)).toBe(TAX_MSG.rate);
  });
});

describe('a day', () => {
  it('is YYYY-MM-DD and exists', () => {
    expect(Day.safeParse('2028-02-29').success).toBe(true);
    expect(firstMessage(Day.safeParse('2027-02-29'))).toBe(TAX_MSG.noSuchDay);
    expect(firstMessage(Day.safeParse('2027-13-01'))).toBe(TAX_MSG.noSuchDay);
    expect(firstMessage(Day.safeParse('1/4/2027'))).toBe(TAX_MSG.day);
  });
});

describe('an exemption', () => {
  const base = { reference: 'QST 1234567890', reason: 'Reseller' };

  it('from a provincial tax names its province and expiry date', () => {
    const ok = exemptionCreateSchema.safeParse({
      ...base,
      scope: 'provincial',
      province: 'Quebec',
      expires_on: '2030-01-01',
    });
    expect(ok.data).toMatchObject({ scope: 'provincial', province: 'Quebec', expires_on: '2030-01-01' });
    const missing = exemptionCreateSchema.safeParse({
      ...base,
      scope: 'provincial',
      province: '',
      expires_on: '',
    });
    expect(missing.error?.issues.map((i) => [i.path[0], i.message])).toEqual([
      ['province', TAX_MSG.exemptionProvince],
      ['expires_on', TAX_MSG.expiresNeeded],
    ]);
  });

  it('from all tax names no province and may have no expiry', () => {
    expect(
      exemptionCreateSchema.safeParse({ ...base, scope: 'all', province: '', expires_on: '' }).data,
    ).toEqual({
      ...base,
      scope: 'all',
      province: undefined,
      expires_on: undefined,
    });
    expect(firstMessage(exemptionCreateSchema.safeParse({ ...base, scope: 'all', province: 'Quebec' }))).toBe(
      TAX_MSG.allHasNoProvince,
    );
  });

  it('keeps its reference and reason on one line', () => {
    const parsed = exemptionCreateSchema.safeParse({
      scope: 'all',
      reference: ' Card\n42 ',
      reason: 'Status\r\nexempt',
    });
    expect(parsed.data).toMatchObject({ reference: 'Card 42', reason: 'Status exempt' });
  });
});

describe('credit and fees', () => {
  it('a credit limit is dollars, or empty or null for none', () => {
    expect(creditUpdateSchema.parse({ payment_terms: 'net15', credit_limit: '1,500.25' }).credit_limit).toBe(
      150_025,
    );
    expect(creditUpdateSchema.parse({ payment_terms: 'net15', credit_limit: '' }).credit_limit).toBeNull();
    expect(creditUpdateSchema.parse({ payment_terms: 'net15', credit_limit: null }).credit_limit).toBeNull();
    expect(firstMessage(creditUpdateSchema.safeParse({ payment_terms: 'net15', credit_limit: -1 }))).toBe(
      TAX_MSG.creditLimit,
    );
    expect(firstMessage(creditUpdateSchema.safeParse({ payment_terms: 'net90', credit_limit: null }))).toBe(
      TAX_MSG.paymentTerms,
    );
  });

  it('a fee is dollars per unit, provincial tax by default', () => {
    const fee = feeCreateSchema.parse({
      province: 'Ontario',
      category: 'display',
      amount: '$4.00',
      effective_from: '2027-01-01',
    });
    expect(fee).toMatchObject({ amount: 400, provincial_tax: true });
    expect(feeCreateSchema.parse({ ...fee, amount: 4, provincial_tax: 'false' }).provincial_tax).toBe(false);
  });
});
