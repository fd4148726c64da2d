/**
 * Catches the shop's mail during the browser tests: an SMTP server on 127.0.0.1:2525 (see ports.ts) keeps every message
 * in memory and an HTTP server on 127.0.0.1:2526 shows them (GET /mails, GET /health).
 * Run with `node --import tsx mail-sink.ts`.
 */
import { createServer } from 'node:http';
import { SMTPServer } from 'smtp-server';
import { MAIL_HTTP_PORT, SMTP_PORT as SINK_SMTP_PORT } from './ports';

export const SMTP_PORT = SINK_SMTP_PORT;
export const HTTP_PORT = MAIL_HTTP_PORT;
const HOST = '127.0.0.1';
/** Enough for any test run; the oldest go first beyond it. */
const KEEP = 500;

export interface CaughtMail {
  id: number;
  receivedAt: string;
  from: string;
  /** The envelope recipients. */
  to: string[];
  subject: string;
  /** The first text/plain part, decoded. */
  text: string;
  raw: string;
}

type Headers = Record<string, string>;

function splitMessage(raw: string): { headers: Headers; body: string } {
  const at = raw.search(/\r?\n\r?\n/);
  const head = at === -1 ? raw : raw.slice(0, at);
  const body = at === -1 ? '' : raw.slice(at).replace(/^\r?\n\r?\n/, '');
  const headers: Headers = {};
  // Folded header lines continue with whitespace.
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** RFC 2047 encoded words, as in `Subject: =?UTF-8?Q?...?=`. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([BQ])\?([^?]*)\?=/gi, (_, _charset: string, kind: string, data: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}

function decodeBody(body: string, encoding: string | undefined): string {
  switch ((encoding ?? '').toLowerCase()) {
    case 'quoted-printable':
      return decodeQuotedPrintable(body);
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    default:
      return body;
  }
}

/** The first text/plain part of a message (or of its multipart parts), decoded. */
function plainText(raw: string): string {
  const { headers, body } = splitMessage(raw);
  const type = headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    const parts = body.split(`--${boundary}`).slice(1, -1);
    for (const part of parts) {
      const text = plainText(part.replace(/^\r?\n/, ''));
      if (text) return text;
    }
    return '';
  }
  if (!/^text\/plain/i.test(type)) return '';
  return decodeBody(body, headers['content-transfer-encoding']).replace(/\r\n/g, '\n').trimEnd();
}

const mails: CaughtMail[] = [];
let nextId = 1;

const smtp = new SMTPServer({
  disabledCommands: ['STARTTLS', 'AUTH'],
  authOptional: true,
  logger: false,
  banner: 'e2e mail sink',
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('error', callback);
    stream.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const { headers } = splitMessage(raw);
      mails.push({
        id: nextId++,
        receivedAt: new Date().toISOString(),
        from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
        to: session.envelope.rcptTo.map((r) => r.address),
        subject: decodeWords(headers.subject ?? ''),
        text: plainText(raw),
        raw,
      });
      if (mails.length > KEEP) mails.splice(0, mails.length - KEEP);
      callback();
    });
  },
});
smtp.on('error', (error) => console.error(`mail sink: ${error.message}`));

const http = createServer((request, response) => {
  const path = new URL(request.url ?? '/', `http://${HOST}`).pathname;
  if (request.method === 'GET' && path === '/health') {
    response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
  } else if (request.method === 'GET' && path === '/mails') {
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(mails));
  } else {
    response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  }
});

smtp.listen(SMTP_PORT, HOST, () => {
  http.listen(HTTP_PORT, HOST, () =>
    console.log(`mail sink: SMTP on ${HOST}:${SMTP_PORT}, mails at http://${HOST}:${HTTP_PORT}/mails`),
  );
});

const stop = () => {
  http.close();
  smtp.close(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
