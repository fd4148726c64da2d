/**
 * The one-time links a customer's people are mailed, in their language: the welcome (or a buyer's first
 * link) and a password reset. Nobody gets a password from someone else.
 */
import { RESET_LINK_HOURS, WELCOME_LINK_DAYS } from '@shop/domain/back-office/schemas';
import { isLang, type Lang } from '@shop/domain/core/i18n';
import type { Queryable } from '../../db/client';
import { mailLanguageOf } from '../../i18n/buyer-lang';
import type { AdminDeps } from '../../lib/back-office';
import { mailText } from '../../mail/templates';
import { oneLineValues } from '../../mail/text';
import { issueLink, linkUrl } from '../staff';
import type { ContactRow } from './contact-rows';

/**
 * The welcome (or a buyer's first link), in the contact's language; `addedIn`, the language of the page a
 * company's administrator added them from, when they have not chosen one yet.
 */
export async function queueWelcome(
  deps: AdminDeps,
  tx: Queryable,
  customer: { customerId: string; company: string },
  contact: ContactRow,
  addedIn?: Lang,
) {
  const primary = contact.isPrimary;
  const token = await issueLink(
    tx,
    { contactPersonId: contact.contactPersonId },
    primary ? 'welcome' : 'buyer',
    WELCOME_LINK_DAYS * 86_400_000,
  );
  const link = linkUrl(deps.config.PUBLIC_URL, token, 'customer');
  const lang =
    !isLang(contact.language) && addedIn ? addedIn : await mailLanguageOf(tx, contact.contactPersonId);
  // Names and the company (as typed by the people they belong to) stay on one line.
  const t = (key: string, values?: Record<string, string | number>) =>
    mailText(lang, key, oneLineValues(values));
  const mailId = await deps.mailer.enqueue(
    {
      to: contact.email,
      // The link sets the password: readable in the outbox only until it is delivered.
      sensitive: true,
      subject: primary
        ? t('mail.welcome.subject', { customerId: customer.customerId })
        : t('mail.buyer.subject', { company: customer.company }),
      body: [
        t('mail.hello', { name: contact.firstName }),
        '',
        primary
          ? t('mail.welcome.open', { company: customer.company, customerId: customer.customerId })
          : contact.username.toLowerCase() === contact.email.toLowerCase()
            ? t('mail.buyer.open', {
                company: customer.company,
                customerId: customer.customerId,
                email: contact.email,
              })
            : t('mail.buyer.openOwnUsername', {
                company: customer.company,
                customerId: customer.customerId,
                email: contact.email,
                username: contact.username,
              }),
        '',
        t('mail.welcome.choose', { days: WELCOME_LINK_DAYS }),
        link,
        '',
        t('mail.welcome.signIn', {
          url: `${deps.config.PUBLIC_URL}/acer/signin`,
          username: contact.username,
        }),
      ].join('\n'),
    },
    tx,
  );
  return { link, mailId };
}

export async function queueReset(deps: AdminDeps, tx: Queryable, contact: ContactRow) {
  const token = await issueLink(
    tx,
    { contactPersonId: contact.contactPersonId },
    'reset',
    RESET_LINK_HOURS * 3_600_000,
  );
  const link = linkUrl(deps.config.PUBLIC_URL, token, 'customer');
  const lang = await mailLanguageOf(tx, contact.contactPersonId);
  // The name (as typed by the person it belongs to) stays on one line.
  const t = (key: string, values?: Record<string, string | number>) =>
    mailText(lang, key, oneLineValues(values));
  const mailId = await deps.mailer.enqueue(
    {
      to: contact.email,
      // The link sets the password: readable in the outbox only until it is delivered.
      sensitive: true,
      subject: t('mail.reset.subject'),
      body: [
        t('mail.hello', { name: contact.firstName }),
        '',
        t('mail.reset.link', { hours: RESET_LINK_HOURS }),
        link,
        '',
        t('mail.reset.username', { username: contact.username }),
        t('mail.reset.ignore'),
      ].join('\n'),
    },
    tx,
  );
  return { link, mailId };
}
