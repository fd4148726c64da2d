/**
 * The one-click unsubscribe of an alert's mail, without signing in: GET /acer/unsubscribe?token=… shows the
 * alert and one Unsubscribe button; POST (the button, or a mail program's one-click request of RFC 8058
 * with the body `List-Unsubscribe=One-Click`, form-urlencoded or multipart/form-data) deletes the alert. The token is the mail's; only its hash is
 * stored, and the next mail of the alert carries a new one.
 */
import { ALERT_MSG, type AlertTarget, targetPath } from '@shop/domain/alerts/schemas';
import { conditionName } from '@shop/domain/catalog/rules';
import { isLang, type Lang, LOCALE, type Message } from '@shop/domain/core/i18n';
import { formatMoney } from '@shop/domain/core/money';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { requestLang, translators } from '../../i18n/lang';
import { mailText } from '../../mail/templates';
import { alertLabel } from './label';
import type { AlertsNeeds } from './needs';
import { alertOfToken, unsubscribe } from './service';

const TOKEN = /^[A-Za-z0-9_-]{20,100}$/;

function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

const STYLE = `body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1d1d1f;margin:0;background:#f5f6f7}
main{max-width:36rem;margin:3rem auto;padding:2rem;background:#fff;border:1px solid #dcdfe3;border-radius:8px}
h1{font-size:1.5rem;margin-top:0}dl{display:grid;grid-template-columns:max-content 1fr;gap:.4rem 1rem}
dt{font-weight:600}dd{margin:0}.error{color:#b00020}.done{color:#1b5e20}
button{font:inherit;padding:.6rem 1.4rem;border:0;border-radius:4px;background:#83b81a;color:#fff;cursor:pointer}
button:focus-visible,a:focus-visible{outline:3px solid #1d5bbf;outline-offset:2px}a{color:#1d5bbf}`;

function page(lang: Lang, body: string): string {
  const title = escapeHtml(mailText(lang, 'alerts.page.title'));
  return `<!doctype html>
<html lang="${LOCALE[lang]}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${title}</title><style>${STYLE}</style></head>
<body><main><h1>${title}</h1>${body}
<p><a href="/acer">${escapeHtml(mailText(lang, 'alerts.page.back'))}</a> · <a href="/acer/account/stockAlerts">${escapeHtml(mailText(lang, 'alerts.page.account'))}</a></p>
</main></body></html>`;
}

function send(reply: FastifyReply, status: number, html: string) {
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .type('text/html; charset=utf-8')
    .send(html);
}

function refusal(reply: FastifyReply, lang: Lang, status: number, said: Message) {
  const message = translators[lang].say(said);
  return send(reply, status, page(lang, `<p class="error" role="alert">${escapeHtml(message)}</p>`));
}

/** The largest form the page or a mail program posts (a token and the RFC's one field). */
const FORM_LIMIT = 4096;

/**
 * The text fields of a small multipart/form-data body (RFC 7578), by name; files and anything unreadable
 * are left out, so a strange body reads as no fields rather than failing the request.
 */
function multipartFields(contentType: string | undefined, body: string): Record<string, string> {
  const fields: Record<string, string> = {};
  const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType ?? '');
  const marker = boundary?.[1] ?? boundary?.[2];
  if (!marker) return fields;
  for (const part of body.split(`--${marker}`)) {
    const split = part.indexOf('\r\n\r\n');
    if (split < 0) continue;
    const head = part.slice(0, split);
    const name = /content-disposition:[^\r\n]*;\s*name="([^"]*)"/i.exec(head)?.[1];
    if (!name || /;\s*filename=/i.test(head) || name in fields) continue;
    fields[name] = part.slice(split + 4).replace(/\r\n$/, '');
  }
  return fields;
}

function tokenOf(value: unknown): string | null {
  const token = Array.isArray(value) ? value[0] : value;
  return typeof token === 'string' && token !== '' ? token : null;
}

export async function unsubscribeRoutes(app: FastifyInstance, needs: AlertsNeeds): Promise<void> {
  const db = needs.database.db;
  // Only here: the page's form and mail programs' one-click requests post a form.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_LIMIT },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  // RFC 8058: a mail program may post its one-click request as multipart/form-data.
  app.addContentTypeParser(
    'multipart/form-data',
    { parseAs: 'string', bodyLimit: FORM_LIMIT },
    (request, body, done) => done(null, multipartFields(request.headers['content-type'], String(body))),
  );

  app.get('/acer/unsubscribe', async (request, reply) => {
    const token = tokenOf((request.query as Record<string, unknown>).token);
    const asked = requestLang(request);
    if (!token) return refusal(reply, asked, 400, ALERT_MSG.tokenMissing);
    const found = TOKEN.test(token) ? await alertOfToken(db, token) : null;
    if (!found) return refusal(reply, asked, 404, ALERT_MSG.badToken);
    const lang = isLang(found.language) ? found.language : asked;
    const row = found.row;
    const target = row.target as AlertTarget;
    const t = (key: string, values?: Record<string, string | number>) =>
      escapeHtml(mailText(lang, `alerts.page.${key}`, values));
    const body = `<p>${t('intro', { email: found.email })}</p>
<dl>
<dt>${t('what')}</dt><dd><a href="${escapeHtml(targetPath(target))}">${escapeHtml(alertLabel(target, row.label, lang))}</a></dd>
<dt>${t('conditions')}</dt><dd>${escapeHtml(row.conditions.map((c) => conditionName(c, lang)).join(', '))}</dd>
<dt>${t('quantity')}</dt><dd>${t('quantityValue', { n: row.minQuantity })}</dd>
<dt>${t('price')}</dt><dd>${row.maxPriceCents === null ? t('anyPrice') : escapeHtml(formatMoney(row.maxPriceCents, lang))}</dd>
</dl>
<p>${t('explain')}</p>
<form method="post" action="/acer/unsubscribe">
<input type="hidden" name="token" value="${escapeHtml(token)}">
<button type="submit">${t('button')}</button>
</form>`;
    return send(reply, 200, page(lang, body));
  });

  app.post('/acer/unsubscribe', async (request, reply) => {
    const fields = (request.body ?? {}) as Record<string, unknown>;
    // The button sends the token in the form; a mail program's one-click request, in the link's query.
    const token = tokenOf(fields.token) ?? tokenOf((request.query as Record<string, unknown>).token);
    const asked = requestLang(request);
    if (!token) return refusal(reply, asked, 400, ALERT_MSG.tokenMissing);
    const found = TOKEN.test(token) ? await alertOfToken(db, token) : null;
    const label = found ? await unsubscribe(db, token) : null;
    if (!found || label === null) return refusal(reply, asked, 404, ALERT_MSG.badToken);
    const lang = isLang(found.language) ? found.language : asked;
    request.log.info({ alertId: found.row.alertId }, 'stock alert deleted by its unsubscribe link');
    const named = alertLabel(found.row.target as AlertTarget, label, lang);
    const done = escapeHtml(mailText(lang, 'alerts.page.done', { label: named }));
    return send(reply, 200, page(lang, `<p class="done" role="status">${done}</p>`));
  });
}
