/** The quotes' mails: the shop inbox's notice of a request (English), the buyer's answer, revision and refusal. */
import { conditionName } from '@shop/domain/catalog/rules';
import { type Lang, LOCALE } from '@shop/domain/core/i18n';
import { formatMoney } from '@shop/domain/core/money';
import type { Config } from '../../config';
import type { MailMessage } from '../../mail/outbox';
import { mailText } from '../../mail/templates';
import { oneLine } from '../../mail/text';

const base = (config: Pick<Config, 'PUBLIC_URL'>) => config.PUBLIC_URL.replace(/\/+$/, '');

/** A day (YYYY-MM-DD) as people read it: "December 31, 2026" / "31 décembre 2026". */
function formatDay(day: string, lang: Lang): string {
  return new Intl.DateTimeFormat(LOCALE[lang], { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );
}

/** The buyer as the shop inbox's mails name them: Name <e-mail>, each on one line. */
function buyerNamed(buyer: { name: string; email: string }): string {
  return `${oneLine(buyer.name)}${buyer.email ? ` <${oneLine(buyer.email)}>` : ''}`;
}

export function requestMail(
  config: Pick<Config, 'PUBLIC_URL' | 'SHOP_INBOX'>,
  q: {
    quoteId: number;
    quoteNumber: string;
    company: string;
    customerId: string;
    buyer: { name: string; email: string };
    note: string;
    lines: {
      quantity: number;
      itemName: string;
      sku: string;
      itemCondition: string;
      targetCents: number | null;
    }[];
  },
): MailMessage {
  const company = oneLine(q.company) || q.customerId;
  return {
    to: config.SHOP_INBOX,
    replyTo: q.buyer.email || undefined,
    subject: `New quote request ${q.quoteNumber} from ${company}`,
    body: [
      `Quote request ${q.quoteNumber} from ${oneLine(q.company)} (${q.customerId}),`,
      `asked by ${buyerNamed(q.buyer)}.`,
      '',
      ...q.lines.map(
        (l) =>
          `${l.quantity} x ${oneLine(l.itemName)} (${oneLine(l.sku)}, ${conditionName(l.itemCondition, 'en')})${
            l.targetCents !== null ? `, target ${formatMoney(l.targetCents)} each` : ''
          }`,
      ),
      '',
      ...(q.note ? ['Note:', q.note, ''] : []),
      'Answer or decline it in the back office:',
      `${base(config)}/acer/admin/quotes/${q.quoteId}`,
    ].join('\n'),
  };
}

/** The shop inbox is told a request it may be answering was withdrawn (English, like the back office). */
export function withdrawMail(
  config: Pick<Config, 'PUBLIC_URL' | 'SHOP_INBOX'>,
  q: {
    quoteId: number;
    quoteNumber: string;
    company: string;
    customerId: string;
    buyer: { name: string; email: string };
    was: string;
  },
): MailMessage {
  const company = oneLine(q.company) || q.customerId;
  return {
    to: config.SHOP_INBOX,
    replyTo: q.buyer.email || undefined,
    subject: `Quote ${q.quoteNumber} withdrawn by ${company}`,
    body: [
      `Quote ${q.quoteNumber} from ${oneLine(q.company)} (${q.customerId}) was withdrawn by ${buyerNamed(q.buyer)}.`,
      `It was ${q.was}; it can no longer be answered, revised or accepted.`,
      '',
      'The quote in the back office:',
      `${base(config)}/acer/admin/quotes/${q.quoteId}`,
    ].join('\n'),
  };
}

export interface AnswerMailData {
  quoteId: number;
  quoteNumber: string;
  lang: Lang;
  buyerName: string;
  to: string;
  validUntil: string;
  message: string;
  previousValidUntil: string | null;
  lines: {
    quantity: number;
    name: string;
    sku: string;
    condition: string;
    priceCents: number;
    previousCents: number | null;
  }[];
}

const quoteUrl = (config: Pick<Config, 'PUBLIC_URL'>, quoteId: number) =>
  `${base(config)}/acer/account/quotes/${quoteId}`;

export function answerMail(
  config: Pick<Config, 'PUBLIC_URL'>,
  q: AnswerMailData,
  revised: boolean,
): MailMessage {
  const lang = q.lang;
  const t = (key: string, values?: Record<string, string | number>) => mailText(lang, key, values);
  const money = (cents: number) => formatMoney(cents, lang);
  const kind = revised ? 'revised' : 'answered';
  const total = q.lines.reduce((sum, l) => sum + l.quantity * l.priceCents, 0);
  return {
    to: q.to,
    subject: t(`quote.mail.${kind}.subject`, { quoteNumber: q.quoteNumber }),
    body: [
      t('mail.hello', { name: oneLine(q.buyerName) }),
      '',
      t(`quote.mail.${kind}.intro`, {
        quoteNumber: q.quoteNumber,
        validUntil: formatDay(q.validUntil, lang),
      }),
      '',
      ...q.lines.map((l) => {
        const values = {
          quantity: String(l.quantity),
          name: oneLine(l.name),
          sku: oneLine(l.sku),
          condition: conditionName(l.condition, lang),
          price: money(l.priceCents),
        };
        return l.previousCents !== null
          ? t('quote.mail.linePriceChanged', { ...values, previous: money(l.previousCents) })
          : t('quote.mail.linePrice', values);
      }),
      t('quote.mail.total', { amount: money(total) }),
      ...(q.previousValidUntil
        ? ['', t('quote.mail.revised.validChanged', { previous: formatDay(q.previousValidUntil, lang) })]
        : []),
      ...(q.message ? ['', t('quote.mail.message', { message: q.message })] : []),
      '',
      t('quote.mail.accept'),
      quoteUrl(config, q.quoteId),
      '',
      t('quote.mail.closing'),
    ].join('\n'),
  };
}

export function declineMail(
  config: Pick<Config, 'PUBLIC_URL'>,
  q: { quoteId: number; quoteNumber: string; lang: Lang; buyerName: string; to: string; reason: string },
): MailMessage {
  const t = (key: string, values?: Record<string, string | number>) => mailText(q.lang, key, values);
  return {
    to: q.to,
    subject: t('quote.mail.declined.subject', { quoteNumber: q.quoteNumber }),
    body: [
      t('mail.hello', { name: oneLine(q.buyerName) }),
      '',
      t('quote.mail.declined.intro', { quoteNumber: q.quoteNumber }),
      t('quote.mail.declined.reason', { reason: q.reason }),
      '',
      t('quote.mail.see'),
      quoteUrl(config, q.quoteId),
      '',
      t('quote.mail.closing'),
    ].join('\n'),
  };
}
