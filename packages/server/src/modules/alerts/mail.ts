/** The mail of an alert that starts to match, in the buyer's language, with its one-click unsubscribe. */
import { type AlertEvaluation, type AlertTarget, targetPath } from '@shop/domain/alerts/schemas';
import { conditionName } from '@shop/domain/catalog/rules';
import type { Lang } from '@shop/domain/core/i18n';
import { formatMoney } from '@shop/domain/core/money';
import type { MailMessage } from '../../mail/outbox';
import { mailText } from '../../mail/templates';
import { oneLine } from '../../mail/text';

/** The offers a mail lists (the cheapest first); the others are counted, with the link to see them. */
export const MAIL_OFFERS = 10;

export interface AlertMailInput {
  to: string;
  name: string;
  lang: Lang;
  label: string;
  target: AlertTarget;
  conditions: readonly string[];
  maxPriceCents: number | null;
  result: AlertEvaluation;
  /** The shop's public address, e.g. https://shop.example. */
  publicUrl: string;
  /** The unsubscribe token (only its hash is stored). */
  token: string;
}

/** The address of the unsubscribe page (and of the one-click POST) for a token. */
function unsubscribeUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/acer/unsubscribe?token=${encodeURIComponent(token)}`;
}

export function alertMail(input: AlertMailInput): MailMessage {
  const { lang, result } = input;
  const label = oneLine(input.label);
  const conditions = input.conditions.map((c) => conditionName(c, lang)).join(', ');
  const unsubscribe = unsubscribeUrl(input.publicUrl, input.token);
  const intro =
    input.maxPriceCents === null
      ? mailText(lang, 'alerts.mail.intro', { label, units: result.units, conditions })
      : mailText(lang, 'alerts.mail.introPrice', {
          label,
          units: result.units,
          conditions,
          price: formatMoney(input.maxPriceCents, lang),
        });
  const listed = result.offers.slice(0, MAIL_OFFERS);
  const lines = listed.map((o) =>
    mailText(lang, 'alerts.mail.line', {
      name: oneLine(o.item_name),
      sku: oneLine(o.sku),
      condition: conditionName(o.condition, lang),
      units: o.units,
      price: formatMoney(o.price_cents, lang),
    }),
  );
  const link = `${input.publicUrl}${targetPath(input.target)}`;
  const more = result.offers.length - listed.length;
  if (more > 0) lines.push(mailText(lang, 'alerts.mail.more', { n: more, url: link }));
  const body = [
    mailText(lang, 'alerts.mail.greeting', { name: oneLine(input.name) }),
    '',
    intro,
    '',
    ...lines,
    '',
    mailText(lang, 'alerts.mail.link', { url: link }),
    '',
    mailText(lang, 'alerts.mail.once', { url: `${input.publicUrl}/acer/account/stockAlerts` }),
    mailText(lang, 'alerts.mail.unsubscribe', { url: unsubscribe }),
    '',
    mailText(lang, 'alerts.mail.signature'),
  ].join('\n');
  return {
    to: input.to,
    subject: mailText(lang, 'alerts.mail.subject', { label }),
    body,
    // The body carries the unsubscribe token: removed from the outbox once delivered.
    sensitive: true,
    headers: {
      'List-Unsubscribe': `<${unsubscribe}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
