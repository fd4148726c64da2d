import { ACCOUNT_MSG } from '@shop/domain/account/schemas';
import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { outbox, passwordResetCodes } from '../../db/schema';
import { en } from '../../test/english';
import { DEMO, signIn, useTestApp } from '../../test/harness';
import { eventually, startMailSink } from '../../test/mail-sink';
import { USERNAME_MESSAGE } from './password-reset';

const sink = await startMailSink();
const received = sink.received;

const ctx = useTestApp({ SMTP_URL: sink.url });

afterAll(async () => {
  await sink.close();
});

const EMAIL = {
  C10001: 'olivia.martin@northwind.example',
  C10002: 'liam.tremblay@mapleleaf.example',
} as const;
const CONTACT = { C10001: 'CP10001', C10002: 'CP10002' } as const;

// Each call comes from its own address, so the per-address rate limit only bites where a test wants it.
let addressNumber = 0;
const nextAddress = () => `10.0.${Math.floor(++addressNumber / 250)}.${addressNumber % 250}`;

function sendCode(username: unknown, remoteAddress = nextAddress()) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/user/forget/sendcode',
    payload: { username },
    remoteAddress,
  });
}

function reset(payload: Record<string, unknown>, remoteAddress = nextAddress()) {
  return ctx.app.inject({ method: 'POST', url: '/api/user/forget/resetpassword', payload, remoteAddress });
}

/** Waits for the next mail to `to` and reads the 6-digit code out of it. */
async function codeMailedTo(to: string, after: number): Promise<string> {
  const mail = await eventually(`a mail to ${to}`, () =>
    received.slice(after).find((m) => m.to.includes(to)),
  );
  const match = /verification code is (\d{6})/.exec(mail.raw);
  if (!match) throw new Error(`no code in the mail:\n${mail.raw}`);
  return match[1]!;
}

/** A fresh code for the account: earlier codes are moved to the day before, then a code is sent. */
async function freshCode(username: 'C10001' | 'C10002'): Promise<string> {
  await ctx.database.db
    .update(passwordResetCodes)
    .set({ createdAt: sql`${passwordResetCodes.createdAt} - interval '1 day 2 minutes'` })
    .where(eq(passwordResetCodes.contactPersonId, CONTACT[username]));
  const before = received.length;
  const response = await sendCode(username);
  expect(response.statusCode).toBe(200);
  return codeMailedTo(EMAIL[username], before);
}

async function codeRows(username: 'C10001' | 'C10002') {
  return ctx.database.db
    .select()
    .from(passwordResetCodes)
    .where(eq(passwordResetCodes.contactPersonId, CONTACT[username]))
    .orderBy(desc(passwordResetCodes.id));
}

describe('password reset', () => {
  it('mails a code over SMTP; the code resets the password and every session ends', async () => {
    const oldSession = await signIn(ctx.app, 'C10002', DEMO.C10002.password);
    const before = received.length;
    const sent = await sendCode('c10002');
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ scode: 200, smessage: en(ACCOUNT_MSG.resetCodeSent) });
    const code = await codeMailedTo(EMAIL.C10002, before);
    const [stored] = await codeRows('C10002');
    expect(stored!.codeHash).not.toContain(code);
    expect(stored!.expiresAt.getTime() - stored!.createdAt.getTime()).toBe(15 * 60_000);

    const newPassword = 'Fresh@2024x';
    const response = await reset({
      username: 'C10002',
      password: newPassword,
      confirmPassword: newPassword,
      verificationCode: code,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ code: 200, scode: 200, smessage: en(ACCOUNT_MSG.resetDone) });

    const oldLogin = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { username: 'C10002', password: DEMO.C10002.password },
    });
    expect(oldLogin.statusCode).toBe(401);
    await signIn(ctx.app, 'C10002', newPassword);
    const header = await ctx.app.inject({
      method: 'GET',
      url: '/api/header',
      headers: { cookie: oldSession },
    });
    expect(header.statusCode).toBe(401);

    // A used code does not work a second time.
    const reused = await reset({ username: 'C10002', password: 'Other@2024x', verificationCode: code });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().smessage).toBe(en(ACCOUNT_MSG.resetCodeWrong));
    await signIn(ctx.app, 'C10002', newPassword);
  });

  it('answers a missing account exactly as an existing one, and mails nothing', async () => {
    await ctx.database.db
      .update(passwordResetCodes)
      .set({ createdAt: sql`${passwordResetCodes.createdAt} - interval '2 minutes'` })
      .where(eq(passwordResetCodes.contactPersonId, CONTACT.C10001));
    const [lastMail] = await ctx.database.db
      .select({ id: outbox.id })
      .from(outbox)
      .orderBy(desc(outbox.id))
      .limit(1);
    const missing = await sendCode('C99999');
    const afterMissing = await ctx.database.db
      .select({ id: outbox.id })
      .from(outbox)
      .orderBy(desc(outbox.id))
      .limit(1);
    expect(afterMissing[0]?.id).toBe(lastMail?.id);
    const existing = await sendCode('C10001');
    expect(missing.statusCode).toBe(existing.statusCode);
    expect(missing.body).toBe(existing.body);
    expect(missing.headers['content-type']).toBe(existing.headers['content-type']);
  });

  it('sends at most one code a minute per account', async () => {
    await freshCode('C10001');
    const count = (await codeRows('C10001')).length;
    const again = await sendCode('C10001');
    expect(again.statusCode).toBe(200);
    expect(again.json().smessage).toBe(en(ACCOUNT_MSG.resetCodeSent));
    expect(await codeRows('C10001')).toHaveLength(count);
  });

  it('refuses an expired code', async () => {
    const code = await freshCode('C10001');
    const [row] = await codeRows('C10001');
    await ctx.database.db
      .update(passwordResetCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetCodes.id, row!.id));
    const response = await reset({ username: 'C10001', password: 'Expired@2024', verificationCode: code });
    expect(response.statusCode).toBe(400);
    expect(response.json().smessage).toBe(en(ACCOUNT_MSG.resetCodeWrong));
    await signIn(ctx.app, 'C10001', DEMO.C10001.password);
  });

  it('allows 5 tries, then refuses even the right code', async () => {
    const code = await freshCode('C10001');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const response = await reset({ username: 'C10001', password: 'Tries@2024', verificationCode: wrong });
      expect(response.statusCode).toBe(400);
      expect(response.json().smessage).toBe(en(ACCOUNT_MSG.resetCodeWrong));
    }
    const right = await reset({ username: 'C10001', password: 'Tries@2024', verificationCode: code });
    expect(right.statusCode).toBe(400);
    expect(right.json().smessage).toBe(en(ACCOUNT_MSG.resetCodeWrong));
    const [row] = await codeRows('C10001');
    expect(row!.attempts).toBe(5);
    expect(row!.usedAt).toBeNull();
    await signIn(ctx.app, 'C10001', DEMO.C10001.password);
  });

  it('accepts the right code after a wrong one; only the newest code counts', async () => {
    const older = await freshCode('C10001');
    const newer = await freshCode('C10001');
    const stale = older === newer ? (Number(newer) + 1).toString().padStart(6, '0').slice(-6) : older;
    const wrong = await reset({ username: 'C10001', password: 'Newest@2024', verificationCode: stale });
    expect(wrong.statusCode).toBe(400);
    const ok = await reset({ username: 'C10001', password: 'Newest@2024', verificationCode: newer });
    expect(ok.statusCode).toBe(200);
    await signIn(ctx.app, 'C10001', 'Newest@2024');
  });

  it.each([
    [{ password: 'Fine@2024x', confirmPassword: 'Other@2024x' }, en(ACCOUNT_MSG.resetMismatch)],
    [{ password: 'short1A', confirmPassword: 'short1A' }, en(ACCOUNT_MSG.resetWeak)],
    [{ password: 'alllowercase1', confirmPassword: 'alllowercase1' }, en(ACCOUNT_MSG.resetWeak)],
    [{ password: 'Has space 2024A' }, en(ACCOUNT_MSG.resetWeak)],
    [{ password: 'Fine@2024x', verificationCode: '12ab56' }, en(ACCOUNT_MSG.resetCodeWrong)],
    [{ password: 'Fine@2024x', verificationCode: '1234567' }, en(ACCOUNT_MSG.resetCodeWrong)],
    [{ username: '', password: 'Fine@2024x' }, en(USERNAME_MESSAGE)],
    [{ username: 'x'.repeat(51), password: 'Fine@2024x' }, en(USERNAME_MESSAGE)],
    [{ username: 'C99999', password: 'Fine@2024x' }, en(ACCOUNT_MSG.resetCodeWrong)],
  ])('refuses %o with 400: %s', async (fields, message) => {
    const response = await reset({ username: 'C10001', verificationCode: '123456', ...fields });
    expect(response.statusCode).toBe(400);
    expect(response.json().smessage).toBe(message);
  });

  it.each([[''], ['x'.repeat(51)], [undefined], [42]])(
    'refuses the send-code username %j with 400',
    async (username) => {
      const response = await sendCode(username);
      expect(response.statusCode).toBe(400);
      expect(response.json().smessage).toBe(en(USERNAME_MESSAGE));
    },
  );

  it('limits send-code and reset to 10 a minute per address', async () => {
    const address = '10.9.9.9';
    for (let i = 0; i < 10; i++) expect((await sendCode('C99999', address)).statusCode).toBe(200);
    const limited = await sendCode('C99999', address);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().scode).toBe(429);
    for (let i = 0; i < 10; i++) {
      await reset({ username: 'C99999', password: 'Fine@2024x', verificationCode: '123456' }, address);
    }
    expect(
      (await reset({ username: 'C99999', password: 'Fine@2024x', verificationCode: '123456' }, address))
        .statusCode,
    ).toBe(429);
  });
});
