/** A real SMTP server on loopback that keeps what it receives, for tests that read the shop's mail. */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  raw: string;
  /** The Message-ID header. */
  messageId: string;
  subject: string;
  /** The body as text (quoted-printable decoded). */
  text: string;
}

export interface MailSink {
  port: number;
  url: string;
  received: ReceivedMail[];
  /** While true, every message is refused with a temporary failure (451), as by a server in trouble. */
  failing: boolean;
  /** Messages refused while failing. */
  refused: number;
  /** Connection errors, such as a reset by a client that was killed. */
  errors: Error[];
  /** SMTP connections open now, and the most that were open at once. */
  sessions: number;
  mostSessions: number;
  close(): Promise<void>;
}

function header(raw: string, name: string): string {
  const head = raw.split(/\r?\n\r?\n/, 1)[0] ?? '';
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const match = new RegExp(`^${name}:[ \\t]*(.*)$`, 'im').exec(unfolded);
  return match?.[1]?.trim() ?? '';
}

function bodyText(raw: string): string {
  const at = raw.search(/\r?\n\r?\n/);
  const body = at === -1 ? '' : raw.slice(at).replace(/^\r?\n\r?\n/, '');
  if (!/^quoted-printable$/i.test(header(raw, 'Content-Transfer-Encoding')))
    return body.replace(/\r\n/g, '\n');
  const bytes = body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8').replace(/\r\n/g, '\n');
}

export async function startMailSink(): Promise<MailSink> {
  const received: ReceivedMail[] = [];
  const sink = { failing: false, refused: 0, errors: [] as Error[], sessions: 0, mostSessions: 0 };
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onConnect(_session, callback) {
      sink.sessions++;
      sink.mostSessions = Math.max(sink.mostSessions, sink.sessions);
      callback();
    },
    onClose() {
      sink.sessions--;
    },
    onMailFrom(_address, _session, callback) {
      if (!sink.failing) return callback();
      sink.refused++;
      const error = new Error('Mailbox temporarily unavailable, try again later') as Error & {
        responseCode: number;
      };
      error.responseCode = 451;
      return callback(error);
    },
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => {
        raw += chunk.toString('utf8');
      });
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          messageId: header(raw, 'Message-ID'),
          subject: header(raw, 'Subject'),
          text: bodyText(raw),
        });
        callback();
      });
    },
  });
  // A client that dies mid-session (a killed server) resets its connection: kept, not thrown.
  smtp.on('error', (error) => sink.errors.push(error));
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = (smtp.server.address() as AddressInfo).port;
  return Object.assign(sink, {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  });
}

/** Outside a test (in a hook) a wait ends with the hooks' timeout of vitest.config.ts. */
const HOOK_TIMEOUT_MS = 120_000;

/**
 * Waits until `read` gives a value (anything but undefined, null or false), looking every 25 ms, and returns
 * it. It sets no deadline of its own: on a busy machine a condition takes what it takes, and one that never
 * holds ends with the test's timeout, the failure then naming what was awaited. (Outside a test, with the
 * hooks' timeout.)
 */
export async function eventually<T>(
  what: string,
  read: () => T | null | undefined | false | Promise<T | null | undefined | false>,
): Promise<T> {
  // Imported here, not above: the bench's mail sink process imports this file without vitest.
  const { TestRunner } = await import('vitest');
  const signal = TestRunner.getCurrentTest()?.context.signal;
  const until = signal ? Number.POSITIVE_INFINITY : Date.now() + HOOK_TIMEOUT_MS;
  for (;;) {
    const value = await read();
    if (value !== undefined && value !== null && value !== false) return value;
    if (signal?.aborted || Date.now() > until) {
      const error = new Error(`timed out waiting for ${what}`);
      // The test's own timeout is what vitest reports; this line says what it was waiting for.
      console.error(error.message);
      throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Waits until `check` holds; see eventually. */
export async function waitFor(what: string, check: () => boolean | Promise<boolean>): Promise<void> {
  await eventually(what, check);
}
