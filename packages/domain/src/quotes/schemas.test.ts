import { describe, expect, it } from 'vitest';
import { addDays } from '../core/days';
import { english } from '../core/english';
import {
  adminQuoteListQuerySchema,
  QUOTE_MSG,
  QUOTE_SELLER_MSG,
  quoteAnswerSchema,
  quoteNumberOf,
  quoteRequestSchema,
  quoteState,
  validUntilAllowed,
} from './schemas';

describe('quotes', () => {
  it('numbers a quote from its id', () => {
    expect(quoteNumberOf(12)).toBe('Q-000012');
    expect(quoteNumberOf(1234567)).toBe('Q-1234567');
  });

  it('shows an answered quote past its day as expired, and only an answered one', () => {
    expect(quoteState('answered', '2026-11-24', '2026-11-25')).toBe('expired');
    expect(quoteState('answered', '2026-11-25', '2026-11-25')).toBe('answered');
    expect(quoteState('accepted', '2026-11-01', '2026-11-25')).toBe('accepted');
    expect(quoteState('requested', null, '2026-11-25')).toBe('requested');
  });

  it('takes a validity date from today to 90 days ahead', () => {
    expect(validUntilAllowed('2026-11-25', '2026-11-25')).toBe(true);
    expect(validUntilAllowed('2026-11-24', '2026-11-25')).toBe(false);
    expect(validUntilAllowed(addDays('2026-11-25', 90), '2026-11-25')).toBe(true);
    expect(validUntilAllowed(addDays('2026-11-25', 91), '2026-11-25')).toBe(false);
  });

  it('reads target and quoted prices as cents and refuses what is not a price above 0', () => {
    const line = { item_id: 'A1', item_condition: 'BrandNew', quantity: '60' };
    const ok = quoteRequestSchema.parse({ lines: [{ ...line, target_price: '$1,234.50' }] });
    expect(ok.lines[0]).toMatchObject({ quantity: 60, target_price: 123450 });
    expect(
      quoteRequestSchema.parse({ lines: [{ ...line, target_price: '' }] }).lines[0]!.target_price,
    ).toBeNull();
    const bad = quoteRequestSchema.safeParse({ lines: [{ ...line, target_price: '0.001' }] });
    expect(bad.success ? '' : bad.error.issues[0]!.message).toBe(QUOTE_MSG.target);
    const answer = quoteAnswerSchema.safeParse({
      lines: [{ line_id: 1, price: -1 }],
      valid_until: '2026-02-30',
    });
    expect(answer.success ? [] : answer.error.issues.map((i) => i.message).sort()).toEqual(
      [QUOTE_SELLER_MSG.price, QUOTE_SELLER_MSG.validUntil].sort(),
    );
  });

  it('answers a malformed line or page with the shop’s own messages, not the library’s', () => {
    const message = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
      r.success ? '' : r.error!.issues[0]!.message;
    expect(english(message(quoteRequestSchema.safeParse({ lines: [null] })))).toBe(
      'Each line needs an item.',
    );
    expect(message(quoteRequestSchema.safeParse({ lines: ['A1'] }))).toBe(QUOTE_MSG.item);
    expect(message(quoteAnswerSchema.safeParse({ lines: [null], valid_until: '2026-11-25' }))).toBe(
      QUOTE_SELLER_MSG.everyLine,
    );
    for (const page of ['0', '-1', '1.5', 'two', '10001'])
      expect(message(adminQuoteListQuerySchema.safeParse({ page })), page).toBe(
        'The page is a whole number from 1 to 10000.',
      );
    expect(adminQuoteListQuerySchema.parse({}).page).toBe(1);
  });

  it('says the short line plainly', () => {
    expect(english(QUOTE_MSG.shortStock('Aspire 5', 40, 60))).toBe(
      'Aspire 5 only has 40 left in stock; this quote needs 60.',
    );
    expect(english(QUOTE_MSG.shortStock('Aspire 5', 0, 60))).toBe(
      'Aspire 5 is out of stock; this quote needs 60.',
    );
    expect(english(QUOTE_MSG.noLongerSold('Aspire 5', 'Recertified'))).toBe(
      'Aspire 5 is no longer sold as Recertified; ask us for a new quote.',
    );
  });
});
