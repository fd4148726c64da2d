/** The quotes' mails name each line's condition by its name, never its code: the shop inbox's and the buyer's. */
import { describe, expect, it } from 'vitest';
import { answerMail, requestMail } from './mails';

const config = { PUBLIC_URL: 'https://shop.example', SHOP_INBOX: 'sales@shop.example' };
const buyer = { name: 'Ada Buyer', email: 'ada@buyer.example' };

describe('the quotes’ mails', () => {
  it('name the condition in the shop inbox’s request (English)', () => {
    const mail = requestMail(config, {
      quoteId: 12,
      quoteNumber: 'Q-000012',
      company: 'Ada Ltd',
      customerId: 'C20001',
      buyer,
      note: '',
      lines: [
        {
          quantity: 60,
          itemName: 'Aspire 5',
          sku: 'NX.A5.001',
          itemCondition: 'BrandNew',
          targetCents: 45_000,
        },
        {
          quantity: 2,
          itemName: 'Nitro 27',
          sku: 'UM.N27.001',
          itemCondition: 'ScratchDent',
          targetCents: null,
        },
      ],
    });
    expect(mail.body).toContain('60 x Aspire 5 (NX.A5.001, Brand new), target $450.00 each');
    expect(mail.body).toContain('2 x Nitro 27 (UM.N27.001, Scratch & dent)');
    expect(mail.body).not.toMatch(/BrandNew|ScratchDent/);
  });

  it('name the condition in the buyer’s answer, in the buyer’s language', () => {
    const data = {
      quoteId: 12,
      quoteNumber: 'Q-000012',
      buyerName: 'Ada Buyer',
      to: buyer.email,
      validUntil: '2026-12-31',
      message: '',
      previousValidUntil: null,
      lines: [
        {
          quantity: 60,
          name: 'Aspire 5',
          sku: 'NX.A5.001',
          condition: 'BrandNew',
          priceCents: 44_000,
          previousCents: null,
        },
      ],
    };
    const en = answerMail(config, { ...data, lang: 'en' }, false);
    expect(en.body).toContain('(NX.A5.001, Brand new)');
    expect(en.body).not.toContain('BrandNew');
    const fr = answerMail(config, { ...data, lang: 'fr' }, false);
    expect(fr.body).toContain('NX.A5.001, Neuf');
  });
});
