/**
 * Per-account limits on guessing a secret, kept in the database so they hold however many processes
 * serve and whichever address a guess comes from. Every attempt is counted before the secret is checked,
 * in one statement, so concurrent guesses cannot slip past the count; a success clears it.
 *
 * An account is named by its id when it exists and by the typed name otherwise, so an unknown Customer ID
 * or e-mail is limited exactly like a known one and the answers do not tell them apart.
 */
import { LOGIN_FAILURES_BEFORE_WAIT, LOGIN_WAIT_MS } from '@shop/domain/back-office/schemas';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { authAttempts } from '../../db/schema';

export interface AttemptPolicy {
  /** Names the kind of secret in the subject (`sign-in`, `reset`, `staff-sign-in`). */
  kind: string;
  /** Attempts allowed before the first lock. */
  free: number;
  /** The first lock; each attempt after it doubles the lock, up to `maxLockMs`. */
  lockMs: number;
  maxLockMs: number;
  /** A run of attempts is forgotten after this long without one (a day unless said). */
  forgetAfterMs?: number;
}

const DAY_MS = 86_400_000;

/** 5 tries, then a lock of 1, 2, 4, 8 and at most 15 minutes per further try: about 100 guesses a day. */
export const SIGN_IN_POLICY: AttemptPolicy = {
  kind: 'sign-in',
  free: 5,
  lockMs: 60_000,
  maxLockMs: 15 * 60_000,
};

/** 10 reset codes tried a day, whatever number of codes were sent. */
export const RESET_POLICY: AttemptPolicy = {
  kind: 'reset',
  free: 10,
  lockMs: DAY_MS,
  maxLockMs: DAY_MS,
};

/**
 * The back office: 10 tries, then 15 minutes of waiting before each further try. As for a customer, a run
 * is remembered for a day (it is forgotten after a day without a try, or by a success), so the wait being
 * over gives one try, not 10 more: about 100 guesses a day (10, then 96 at one each 15 minutes).
 */
export const STAFF_SIGN_IN_POLICY: AttemptPolicy = {
  kind: 'staff-sign-in',
  free: LOGIN_FAILURES_BEFORE_WAIT,
  lockMs: LOGIN_WAIT_MS,
  maxLockMs: LOGIN_WAIT_MS,
};

/** A staff member's tries at their password: sign-ins and the check of a change of their own password. */
export const staffAttemptSubject = (staffId: number) =>
  attemptSubject(STAFF_SIGN_IN_POLICY, String(staffId), '');

export type AttemptVerdict = { allowed: true } | { allowed: false; retryAfterMs: number };

/** The subject of an account: its id when it exists, else the name as typed (case-insensitive). */
export function attemptSubject(policy: AttemptPolicy, accountId: string | undefined, typed: string) {
  return accountId ? `${policy.kind}:${accountId}` : `${policy.kind}:?${typed.toLowerCase()}`;
}

/**
 * Counts an attempt, or refuses it while the account is locked (a refused attempt is not counted, so the
 * lock does not grow while nobody can try). The attempt that reaches `free` sets the lock for the next
 * ones; it is still checked itself.
 */
export async function beginAttempt(
  db: Db,
  log: Pick<FastifyBaseLogger, 'warn'>,
  policy: AttemptPolicy,
  subject: string,
): Promise<AttemptVerdict> {
  sweep(db, log);
  const forgetAfter = sql`now() - ${policy.forgetAfterMs ?? DAY_MS}::float8 * interval '1 millisecond'`;
  const next = sql`(case when a.last_attempt_at < ${forgetAfter} then 1 else a.attempts + 1 end)`;
  const lockAfter = (attempts: SQL) =>
    sql`case when ${attempts} >= ${policy.free}
      then now() + least(${policy.maxLockMs}::float8,
        ${policy.lockMs}::float8 * power(2, least(${attempts} - ${policy.free}, 30)))
        * interval '1 millisecond'
      end`;
  // The conflicting row is locked and read as it stands once any concurrent attempt has committed, so the
  // attempts on one account are counted one after the other. While the account is locked the WHERE keeps
  // the row as it is and nothing is returned: a row comes back exactly when this attempt was counted.
  const counted = (await db.execute(sql`
    insert into ${authAttempts} as a (subject, attempts, last_attempt_at, locked_until)
    values (${subject}, 1, now(), ${lockAfter(sql`1`)})
    on conflict (subject) do update set
      attempts = ${next},
      last_attempt_at = now(),
      locked_until = ${lockAfter(next)}
      where a.locked_until is null or a.locked_until <= now()
    returning 1 as counted`)) as unknown as { rows: unknown[] };
  if (counted.rows.length > 0) return { allowed: true };
  const waiting = (await db.execute(sql`
    select (extract(epoch from locked_until - now()) * 1000)::float8 as wait_ms
    from ${authAttempts} where subject = ${subject}`)) as unknown as { rows: { wait_ms: number | null }[] };
  // An attempt that started before the lock was set reads an earlier clock; the wait never exceeds the lock.
  const waitMs = Math.min(policy.maxLockMs, Math.ceil(waiting.rows[0]?.wait_ms ?? 0));
  return { allowed: false, retryAfterMs: Math.max(1000, waitMs) };
}

/** A success: the run of attempts is over. */
export async function clearAttempts(db: Db, subject: string): Promise<void> {
  await db.execute(sql`delete from ${authAttempts} where subject = ${subject}`);
}

const SWEEP_EVERY_MS = 60_000;
let lastSweep = 0;

/**
 * Runs a day old (no policy keeps one longer) go now and then (at most once a minute per process), without
 * holding up the request.
 */
function sweep(db: Db, log: Pick<FastifyBaseLogger, 'warn'>): void {
  const now = Date.now();
  if (now - lastSweep < SWEEP_EVERY_MS) return;
  lastSweep = now;
  db.execute(
    sql`delete from ${authAttempts}
      where last_attempt_at < now() - interval '1 day' and (locked_until is null or locked_until < now())`,
  ).catch((error: unknown) => log.warn({ err: error }, 'clearing old sign-in attempts failed'));
}
