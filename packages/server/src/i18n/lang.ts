/**
 * The language of a request and the server's translators. A request's language is the `lang` cookie (the
 * person's choice on the page), else the signed-in buyer's (their account's choice, or French for a
 * company billed in Quebec), else the browser's Accept-Language, else English. What a buyer is told is a
 * message by key (domain/core/i18n.ts `Message`), said in that language by `request.say` where the answer is
 * made; the back office is English only.
 */
// request.cookies is declared by the cookie plugin app.ts registers.
import type {} from '@fastify/cookie';
import {
  isLang,
  isMessageKey,
  LANG_COOKIE,
  type Lang,
  langFromAcceptLanguage,
  type Message,
  Translator,
} from '@shop/domain/core/i18n';
import afterSaleEn from '@shop/domain/locales/en/after-sale.json';
import quoteMessagesEn from '@shop/domain/locales/en/quotes.json';
import specEn from '@shop/domain/locales/en/spec.json';
import afterSaleFr from '@shop/domain/locales/fr/after-sale.json';
import quoteMessagesFr from '@shop/domain/locales/fr/quotes.json';
import specFr from '@shop/domain/locales/fr/spec.json';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import accountingEn from '../locales/en/accounting.json';
import alertsEn from '../locales/en/alerts.json';
import apiEn from '../locales/en/api.json';
import approvalsEn from '../locales/en/approvals.json';
import companyApiEn from '../locales/en/company-api.json';
import creditNoteEn from '../locales/en/credit-note.json';
import invoiceEn from '../locales/en/invoice.json';
import mailEn from '../locales/en/mail.json';
import punchoutEn from '../locales/en/punchout.json';
import quotesEn from '../locales/en/quotes.json';
import returnsEn from '../locales/en/returns.json';
import staffTokensEn from '../locales/en/staff-tokens.json';
import statementEn from '../locales/en/statement.json';
import warrantyEn from '../locales/en/warranty.json';
import webhooksEn from '../locales/en/webhooks.json';
import accountingFr from '../locales/fr/accounting.json';
import alertsFr from '../locales/fr/alerts.json';
import apiFr from '../locales/fr/api.json';
import approvalsFr from '../locales/fr/approvals.json';
import companyApiFr from '../locales/fr/company-api.json';
import creditNoteFr from '../locales/fr/credit-note.json';
import invoiceFr from '../locales/fr/invoice.json';
import mailFr from '../locales/fr/mail.json';
import punchoutFr from '../locales/fr/punchout.json';
import quotesFr from '../locales/fr/quotes.json';
import returnsFr from '../locales/fr/returns.json';
import staffTokensFr from '../locales/fr/staff-tokens.json';
import statementFr from '../locales/fr/statement.json';
import warrantyFr from '../locales/fr/warranty.json';
import webhooksFr from '../locales/fr/webhooks.json';

/**
 * What a person is told: a message by key (said in the reader's language when the answer is sent), or
 * English text, which only the back office (English only, PRODUCT.md) may send: a buyer's answer that
 * carries text fails in the test runs (`registerLanguage`).
 */
export type Said = Message | string;

export const translators: Record<Lang, Translator> = {
  en: new Translator('en', [
    specEn,
    quoteMessagesEn,
    afterSaleEn,
    apiEn,
    companyApiEn,
    mailEn,
    invoiceEn,
    statementEn,
    quotesEn,
    approvalsEn,
    alertsEn,
    creditNoteEn,
    returnsEn,
    warrantyEn,
    staffTokensEn,
    accountingEn,
    webhooksEn,
    punchoutEn,
  ]),
  fr: new Translator('fr', [
    specFr,
    quoteMessagesFr,
    afterSaleFr,
    apiFr,
    companyApiFr,
    mailFr,
    invoiceFr,
    statementFr,
    quotesFr,
    approvalsFr,
    alertsFr,
    creditNoteFr,
    returnsFr,
    warrantyFr,
    staffTokensFr,
    accountingFr,
    webhooksFr,
    punchoutFr,
  ]),
};

declare module 'fastify' {
  interface FastifyRequest {
    lang: Lang | undefined;
    /** A message in the request's language (the back office's: English). */
    say(said: Said): string;
  }
}

/** The request's language (worked out once per request). */
export function requestLang(request: FastifyRequest): Lang {
  if (request.lang) return request.lang;
  const cookie = request.cookies?.[LANG_COOKIE];
  const lang = isLang(cookie)
    ? cookie
    : (request.user?.language ?? langFromAcceptLanguage(request.headers['accept-language']));
  request.lang = lang;
  return lang;
}

/**
 * The language a request names itself (the `lang` cookie, else an Accept-Language header that prefers one
 * of ours); undefined when it names none.
 */
export function namedLang(request: FastifyRequest): Lang | undefined {
  const cookie = request.cookies?.[LANG_COOKIE];
  if (isLang(cookie)) return cookie;
  const header = request.headers['accept-language'];
  if (!header || !/\b(en|fr)\b/i.test(header)) return undefined;
  return langFromAcceptLanguage(header);
}

/** Whether a request is the back office's (English only: its messages may be English text). */
function isBackOffice(request: FastifyRequest): boolean {
  return request.url.startsWith('/api/admin/') || request.url === '/api/admin';
}

/**
 * Says what people are told in the request's language. English text passes as it is, but only the back
 * office may send it: with `strict` (the test runs) text on a buyer's answer is refused, so a message
 * written outside the catalogues is found.
 */
export function registerLanguage(app: FastifyInstance, options: { strict: boolean }): void {
  app.decorateRequest('lang', undefined);
  app.decorateRequest('say', function say(this: FastifyRequest, said: Said): string {
    if (typeof said === 'string' && !isMessageKey(said)) {
      if (options.strict && !isBackOffice(this))
        throw new Error(`A buyer's answer says English text, not a message key: ${said}`);
      return said;
    }
    return translators[isBackOffice(this) ? 'en' : requestLang(this)].say(said);
  });
}
