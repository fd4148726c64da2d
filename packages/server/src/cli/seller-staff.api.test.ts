import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { auditLog } from '../db/schema';
import { call, staffSignIn, tokenIn, waitForMail } from '../test/admin';
import { useTestApp } from '../test/harness';
import { startMailSink } from '../test/mail-sink';
import { cliDeps } from './deps';
import { orderCommands } from './seller-orders';
import { staffCommands } from './seller-staff';

const sink = await startMailSink();
const ctx = useTestApp({ SMTP_URL: sink.url });
afterAll(() => sink.close());
let log: MockInstance<typeof console.log>;
beforeEach(() => {
  log = vi.spyOn(console, 'log').mockImplementation(() => {});
});
afterEach(() => log.mockRestore());
const printed = () => log.mock.calls.map((c) => c.join(' ')).join('\n');
const context = () => ({
  db: ctx.database.db,
  config: ctx.config,
  deps: cliDeps(ctx.database.db, ctx.config),
});

describe('npm run seller -- staff', () => {
  it('adds an owner with a printed and mailed one-time link that leads to a back-office sign-in', async () => {
    await staffCommands.staff!.run(context(), [
      'add',
      'first.owner@example.com',
      '--role',
      'owner',
      '--name',
      'First Owner',
    ]);
    expect(printed()).toContain('Staff member first.owner@example.com (owner) added.');
    const token = tokenIn(printed());
    // The mail (its text leaves the outbox once delivered) carries the link the command printed.
    expect(tokenIn(await waitForMail(sink, 'first.owner@example.com', 'set-password?token='))).toBe(token);
    const set = await call(ctx.app, 'POST', '/api/password-link/set', '', { token, password: 'Owner@2024a' });
    expect(set.status).toBe(200);
    const cookie = await staffSignIn(ctx.app, 'first.owner@example.com', 'Owner@2024a');
    expect((await call(ctx.app, 'GET', '/api/admin/staff', cookie)).status).toBe(200);
    const [entry] = await ctx.database.db.select().from(auditLog).where(eq(auditLog.action, 'staff.add'));
    expect(entry).toMatchObject({ actor: 'cli', after: { email: 'first.owner@example.com', role: 'owner' } });
    await staffCommands.staff!.run(context(), ['list']);
    expect(printed()).toMatch(/first\.owner@example\.com {2}\| {2}owner {2}\| {2}active/);
  });

  it('refuses a bad role, a taken e-mail and a missing one', async () => {
    await expect(
      staffCommands.staff!.run(context(), ['add', 'x@example.com', '--role', 'king']),
    ).rejects.toThrow('The role must be owner or clerk.');
    await expect(
      staffCommands.staff!.run(context(), ['add', 'seller@example.com', '--role', 'clerk']),
    ).rejects.toThrow('already has a staff account');
    await expect(staffCommands.staff!.run(context(), ['add', '--role', 'clerk'])).rejects.toThrow('Usage');
  });

  it('order: refuses an unknown option', async () => {
    await expect(orderCommands.order!.run(context(), ['1', 'cancel', '--colour', 'red'])).rejects.toThrow(
      'Unknown option --colour.',
    );
  });
});
