/** Helpers for the back office's API tests: staff sign-in, one-time links from the mail, customers. */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { cookieHeader } from './harness';
import type { MailSink, ReceivedMail } from './mail-sink';

export const OWNER = { email: 'seller@example.com', password: 'Demo@Seller1' } as const;

let address = 0;
/** A fresh client address, so the per-address sign-in limit does not get in the way of a test. */
export const clientAddress = () => `10.9.${(++address >> 8) & 255}.${address & 255}`;

export async function staffSignIn(app: FastifyInstance, email: string, password: string): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/admin/login',
    remoteAddress: clientAddress(),
    payload: { email, password },
  });
  if (response.statusCode !== 200) throw new Error(`staff sign-in failed: ${response.body}`);
  return cookieHeader(response);
}

export interface Call {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: tests read answers loosely and assert on them
  body: Record<string, any>;
  response: LightMyRequestResponse;
}

export async function call(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  cookie = '',
  payload?: unknown,
): Promise<Call> {
  const response = await app.inject({
    method,
    url,
    remoteAddress: clientAddress(),
    headers: cookie ? { cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as never }),
  });
  // biome-ignore lint/suspicious/noExplicitAny: as above
  let body: Record<string, any> = {};
  try {
    body = response.json();
  } catch {
    body = {};
  }
  return { status: response.statusCode, body, response };
}

/** The text of a received mail, quoted-printable soft breaks undone. */
export function mailText(mail: ReceivedMail): string {
  return mail.raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** Waits for a mail to `to` whose text matches, and returns its text. */
export async function waitForMail(sink: MailSink, to: string, match: RegExp | string, timeoutMs = 5000) {
  const start = Date.now();
  for (;;) {
    const found = sink.received.find(
      (m) =>
        m.to.includes(to) &&
        (typeof match === 'string' ? mailText(m).includes(match) : match.test(mailText(m))),
    );
    if (found) return mailText(found);
    if (Date.now() - start > timeoutMs) {
      expect.fail(
        `no mail to ${to} matching ${match}; got ${sink.received.map((m) => m.to.join(',')).join(' | ')}`,
      );
    }
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** The one-time token of the last link in a mail's text. */
export function tokenIn(text: string): string {
  const matches = [...text.matchAll(/set-password\?token=([A-Za-z0-9_-]+)/g)];
  const token = matches.at(-1)?.[1];
  if (!token) throw new Error(`no set-password link in:\n${text}`);
  return token;
}

let counter = 0;
/** A unique e-mail address per call. */
export const uniqueEmail = (name = 'person') => `${name}.${Date.now().toString(36)}${++counter}@example.com`;
