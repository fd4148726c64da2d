/**
 * The language of a request and the server's translators. A request's language is the `lang` cookie (the
 * person's choice on the page), else the signed-in buyer's (their account's choice, or French for a
 * company billed in Quebec), else the browser's Accept-Language, else English. Answers under /api carry
 * their people's messages (`smessage`, field errors, per-line results) in that language: the code writes
 * them in English (the specification's words) and they are translated on the way out, by key.
 */
// request.cookies is declared by the cookie plugin app.ts registers.
import type {} from '@fastify/cookie';
import { isLang, LANG_COOKIE, type Lang, langFromAcceptLanguage, Translator } from '@shop/domain/i18n';
import specFr from '@shop/domain/locales/fr/spec.json';
import { SPEC_EN } from '@shop/domain/spec-messages';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import alertsEn from '../locales/en/alerts.json';
import apiEn from '../locales/en/api.json';
import approvalsEn from '../locales/en/approvals.json';
import companyApiEn from '../locales/en/company-api.json';
import invoiceEn from '../locales/en/invoice.json';
import mailEn from '../locales/en/mail.json';
import quotesEn from '../locales/en/quotes.json';
import statementEn from '../locales/en/statement.json';
import alertsFr from '../locales/fr/alerts.json';
import apiFr from '../locales/fr/api.json';
import approvalsFr from '../locales/fr/approvals.json';
import companyApiFr from '../locales/fr/company-api.json';
import invoiceFr from '../locales/fr/invoice.json';
import mailFr from '../locales/fr/mail.json';
import quotesFr from '../locales/fr/quotes.json';
import statementFr from '../locales/fr/statement.json';

/** The English texts of the server's messages (the spec's and the API's own), for finding them by text. */
const ENGLISH = {
  ...SPEC_EN,
  ...apiEn,
  ...companyApiEn,
  ...approvalsEn,
  // The stock alerts' messages (not their mail's or page's texts).
  ...Object.fromEntries(Object.entries(alertsEn).filter(([key]) => key.startsWith('alerts.msg.'))),
};

export const translators: Record<Lang, Translator> = {
  en: new Translator(
    'en',
    [SPEC_EN, apiEn, companyApiEn, mailEn, invoiceEn, statementEn, quotesEn, approvalsEn, alertsEn],
    ENGLISH,
  ),
  fr: new Translator(
    'fr',
    [specFr, apiFr, companyApiFr, mailFr, invoiceFr, statementFr, quotesFr, approvalsFr, alertsFr],
    ENGLISH,
  ),
};

declare module 'fastify' {
  interface FastifyRequest {
    lang: Lang | undefined;
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

/** The translator of the request's language. */
function translatorFor(request: FastifyRequest): Translator {
  return translators[requestLang(request)];
}

/** Translates the people's messages of an answer into the request's language (a no-op in English). */
function translateAnswer(tr: Translator, payload: Record<string, unknown>): void {
  if (typeof payload.smessage === 'string') payload.smessage = tr.fromEnglish(payload.smessage);
  const errors = payload.errors;
  if (errors && typeof errors === 'object' && !Array.isArray(errors)) {
    for (const [field, text] of Object.entries(errors as Record<string, unknown>)) {
      if (typeof text === 'string') (errors as Record<string, unknown>)[field] = tr.fromEnglish(text);
    }
  }
  const results = payload.results;
  if (Array.isArray(results)) {
    for (const result of results) {
      if (result && typeof result === 'object' && typeof result.message === 'string')
        result.message = tr.fromEnglish(result.message);
    }
  }
}

/**
 * Translates the people's messages of API answers. Every answer passes here, so the hook calls back
 * instead of returning a promise. (`Vary: Accept-Language` is set with the other API headers.)
 */
export function registerLanguage(app: FastifyInstance): void {
  app.decorateRequest('lang', undefined);
  app.addHook('preSerialization', (request, _reply, payload, done) => {
    if (
      payload &&
      typeof payload === 'object' &&
      !Array.isArray(payload) &&
      request.url.startsWith('/api/') &&
      !request.url.startsWith('/api/admin/')
    ) {
      const tr = translatorFor(request);
      if (tr.lang !== 'en') translateAnswer(tr, payload as Record<string, unknown>);
    }
    done(null, payload);
  });
}
