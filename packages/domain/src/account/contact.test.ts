import { describe, expect, it } from 'vitest';
import { english } from '../core/english';
import { MSG } from '../core/messages';
import { contactFormSchema, fieldErrors, oneLine } from './contact';

const valid = {
  fullName: 'Olivia Martin',
  phoneNumber: '4165550101',
  email: 'olivia@example.com',
  orderNumber: 'SO-1001',
  company: 'Northwind',
  rma: '',
  questions: 'Where is my order?',
};

function errorsFor(over: Record<string, unknown>) {
  const result = contactFormSchema.safeParse({ ...valid, ...over });
  return result.success ? {} : fieldErrors(result.error);
}

describe('contact form rules (SPEC §5)', () => {
  it('accepts a complete form', () => {
    expect(contactFormSchema.safeParse(valid).success).toBe(true);
  });
  it('requires a full name of at most 50', () => {
    expect(english(errorsFor({ fullName: '  ' }).fullName)).toBe(
      'Full name cannot be empty, max length is 50.',
    );
    expect(errorsFor({ fullName: 'x'.repeat(51) }).fullName).toBe(MSG.contactFullName);
    expect(errorsFor({ fullName: 'x'.repeat(50) }).fullName).toBeUndefined();
  });
  it('requires exactly 10 digits of phone, even though labelled optional', () => {
    expect(english(errorsFor({ phoneNumber: '' }).phoneNumber)).toBe(
      'Please enter 10 digits number without any other characters.',
    );
    expect(errorsFor({ phoneNumber: '416-555-0101' }).phoneNumber).toBe(MSG.contactPhone);
    expect(errorsFor({ phoneNumber: '41655501011' }).phoneNumber).toBe(MSG.contactPhone);
  });
  it('requires an e-mail in a standard format, at most 50', () => {
    expect(english(errorsFor({ email: 'not-an-email' }).email)).toBe(
      'Email address format is wrong, max length is 50.',
    );
    expect(errorsFor({ email: '' }).email).toBe(MSG.contactEmail);
    expect(errorsFor({ email: `${'a'.repeat(40)}@example.com` }).email).toBe(MSG.contactEmail);
  });
  it('requires an order number of at most 50', () => {
    expect(english(errorsFor({ orderNumber: '' }).orderNumber)).toBe(
      'Order number cannot be empty, max length 50 characters.',
    );
    expect(errorsFor({ orderNumber: 'x'.repeat(51) }).orderNumber).toBe(MSG.contactOrderNumber);
  });
  it('allows company and RMA to be empty but not above 50', () => {
    expect(errorsFor({ company: '', rma: '' })).toEqual({});
    expect(errorsFor({ company: 'x'.repeat(51) }).company).toBe(MSG.contactCompany);
    expect(errorsFor({ rma: 'x'.repeat(51) }).rma).toBe(MSG.contactRma);
  });
  it('requires comments of at most 5000', () => {
    expect(english(errorsFor({ questions: '' }).questions)).toBe(
      'Quesitons cannot be empty, max length is 5000.',
    );
    expect(errorsFor({ questions: 'x'.repeat(5001) }).questions).toBe(MSG.contactQuestions);
    expect(errorsFor({ questions: 'x'.repeat(5000) }).questions).toBeUndefined();
  });
  it('keeps one-line fields on one line and the comments as typed', () => {
    const parsed = contactFormSchema.parse({
      ...valid,
      fullName: ' Olivia\r\nBcc: x@example.com\u2028Cc:\ty@example.com ',
      company: 'North\u0000wind\u0085',
      questions: 'Line one\nBcc: x\r\nLine three',
    });
    expect(parsed.fullName).toBe('Olivia Bcc: x@example.com Cc: y@example.com');
    expect(parsed.company).toBe('North wind');
    expect(parsed.questions).toBe('Line one\nBcc: x\r\nLine three');
    expect(oneLine('a\n\n\rb')).toBe('a b');
  });
  it('reports a missing field with its own message, not a type error', () => {
    const result = contactFormSchema.safeParse({});
    expect(result.success).toBe(false);
    if (!result.success) expect(fieldErrors(result.error).fullName).toBe(MSG.contactFullName);
  });
});
