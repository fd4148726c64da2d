/** The buyer's mails about a warranty claim, in their language: received, and the seller's answer. */
import type { ClaimAnswer } from '@shop/domain/after-sale/rules';
import type { Lang } from '@shop/domain/core/i18n';
import type { Config } from '../../config';
import type { MailMessage } from '../../mail/outbox';
import { mailText } from '../../mail/templates';
import { oneLine, quoteLines } from '../../mail/text';

const claimsUrl = (config: Pick<Config, 'PUBLIC_URL'>) =>
  `${config.PUBLIC_URL.replace(/\/+$/, '')}/acer/account/warrantyClaims`;

interface To {
  to: string;
  name: string;
  lang: Lang;
}

export function receivedMail(
  config: Pick<Config, 'PUBLIC_URL'>,
  c: To & { claimNumber: string; serial: string; itemName: string; orderNumber: string; problem: string },
): MailMessage {
  const t = (key: string, values?: Record<string, string | number>) => mailText(c.lang, key, values);
  return {
    to: c.to,
    subject: t('afterSale.claimMail.received.subject', { claimNumber: c.claimNumber }),
    body: [
      t('mail.hello', { name: oneLine(c.name) }),
      '',
      t('afterSale.claimMail.received.intro', {
        claimNumber: c.claimNumber,
        serial: c.serial,
        itemName: oneLine(c.itemName),
        orderNumber: c.orderNumber,
      }),
      '',
      t('afterSale.claimMail.problem'),
      ...quoteLines(c.problem),
      '',
      t('afterSale.claimMail.received.next'),
      '',
      t('afterSale.claimMail.see'),
      claimsUrl(config),
      '',
      t('afterSale.claimMail.closing'),
    ].join('\n'),
  };
}

export function answeredMail(
  config: Pick<Config, 'PUBLIC_URL'>,
  c: To & {
    claimNumber: string;
    serial: string;
    answer: ClaimAnswer;
    note: string;
    rmaNumber: string | null;
  },
): MailMessage {
  const t = (key: string, values?: Record<string, string | number>) => mailText(c.lang, key, values);
  return {
    to: c.to,
    subject: t('afterSale.claimMail.answered.subject', { claimNumber: c.claimNumber }),
    body: [
      t('mail.hello', { name: oneLine(c.name) }),
      '',
      t(`afterSale.claimMail.answered.${c.answer}`, { serial: c.serial }),
      c.rmaNumber
        ? t('afterSale.claimMail.answered.sendBack', { rmaNumber: c.rmaNumber })
        : t('afterSale.claimMail.answered.keep'),
      ...(c.note ? ['', t('afterSale.claimMail.note'), ...quoteLines(c.note)] : []),
      '',
      t('afterSale.claimMail.see'),
      claimsUrl(config),
      '',
      t('afterSale.claimMail.closing'),
    ].join('\n'),
  };
}
