/**
 * A newcomer's shop (no SMTP_URL): the reset code a customer asks for is printed to the terminal as a mail
 * reads, the code on a line of its own, with no JSON escapes; the structured log lines never hold it.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { useTestApp } from '../test/harness';
import { waitFor } from '../test/mail-sink';

// At level warn, where the development mail log prints; no SMTP_URL, so the log is the mail transport.
const ctx = useTestApp({ LOG_LEVEL: 'warn' });

/** What the server writes to standard error, and its structured log lines. */
const printed: string[] = [];
const logged: string[] = [];
const stderr = vi.spyOn(process.stderr, 'write');
beforeAll(() => {
  stderr.mockImplementation((chunk: string | Uint8Array) => {
    printed.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
    return true;
  });
  const log = ctx.app.log as unknown as Record<symbol, { write: (line: string) => boolean }>;
  const streamKey = Object.getOwnPropertySymbols(log).find((s) => s.description === 'pino.stream');
  if (!streamKey) throw new Error('the log stream was not found');
  log[streamKey]!.write = (line: string) => {
    logged.push(line);
    return true;
  };
});
afterAll(() => stderr.mockRestore());

describe('the development mail log', () => {
  it('prints the reset-code mail readable, the code on its own line, and keeps it out of the JSON log', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/forget/sendcode',
      payload: { username: 'C10002' },
    });
    expect(response.statusCode).toBe(200);
    let mail = '';
    await waitFor('the printed mail', () => {
      mail = printed.find((t) => t.includes('To: liam.tremblay@mapleleaf.example')) ?? '';
      return mail !== '';
    });
    const lines = mail.split('\n');
    expect(lines).toContain('Subject: Your Acer Store verification code');
    const code = lines.map((l) => /^Your verification code is (\d{6})$/.exec(l)?.[1]).find(Boolean);
    expect(code, mail).toMatch(/^\d{6}$/);
    // Readable as it is: no escaped line ends or quotes as a JSON line would have.
    expect(mail).not.toMatch(/\\[nrt"u]/);
    expect(mail).not.toMatch(/^\{/m);
    // The structured log says a mail was printed, by whom it is for, and holds no code.
    await waitFor('the log line', () => logged.some((l) => l.includes('SMTP_URL is unset')));
    const line = JSON.parse(logged.find((l) => l.includes('SMTP_URL is unset'))!);
    expect(line).toMatchObject({ level: 40, to: 'liam.tremblay@mapleleaf.example' });
    expect(logged.filter((l) => l.includes(code!))).toEqual([]);
  });
});
