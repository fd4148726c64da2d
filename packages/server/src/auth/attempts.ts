/**
 * Per-account limits on guessing a secret, kept in the database so they hold however many processes
 * serve and whichever address a guess comes from. Every attempt is counted before the secret is checked,
 * in one statement, so concurrent guesses cannot slip past the count; a success clears it.
 *
 * An account is named by its contact id when it exists and by the typed name otherwise, so an unknown
 * Customer ID is limited exactly like a known one and the answers do not tell them apart.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { authAttempts } from '../db/schema';

export interface AttemptPolicy {
  /** Names the kind of secret in the subject (`sign-in`, `reset`). */
  kind: string;
  /** Attempts allowed before the first lock. */
  free: number;
  /** The first lock; each attempt after it doubles the lock, up to `maxLockMs`. */
  lockMs: number;
  maxLockMs: number;
}

/** A run of attempts is forgotten after a day without one. */
const FORGET_AFTER = sql`now() - interval '1 day'`;

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
  lockMs: 86_400_000,
  maxLockMs: 86_400_000,
};

export type AttemptVerdict = { allowed: true } | { allowed: false; retryAfterMs: number };

/** The subject of an account: its contact id when it exists, else the name as typed (case-insensitive). */
export function attemptSubject(policy: AttemptPolicy, contactPersonId: string | undefined, typed: string) {
  return contactPersonId ? `${policy.kind}:${contactPersonId}` : `${policy.kind}:?${typed.toLowerCase()}`;
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
  const locked = sql`a.locked_until > now()`;
  const next = sql`(case when a.last_attempt_at < ${FORGET_AFTER} then 1 else a.attempts + 1 end)`;
  const lockAfter = (attempts: SQL) =>
    sql`case when ${attempts} >= ${policy.free}
      then now() + least(${policy.maxLockMs}::float8,
        ${policy.lockMs}::float8 * power(2, least(${attempts} - ${policy.free}, 30)))
        * interval '1 millisecond'
      end`;
  // SET expressions see the row as it was, so `locked` and `next` describe the state before this attempt.
  // A counted attempt stamps last_attempt_at with now() (the statement's time) and a refused one leaves
  // it, which tells the two apart in RETURNING.
  const { rows } = (await db.execute(sql`
    insert into ${authAttempts} as a (subject, attempts, last_attempt_at, locked_until)
    values (${subject}, 1, now(), ${lockAfter(sql`1`)})
    on conflict (subject) do update set
      attempts = case when ${locked} then a.attempts else ${next} end,
      last_attempt_at = case when ${locked} then a.last_attempt_at else now() end,
      locked_until = case when ${locked} then a.locked_until else ${lockAfter(next)} end
    returning last_attempt_at = now() as counted,
      (extract(epoch from locked_until - now()) * 1000)::float8 as wait_ms`)) as unknown as {
    rows: [{ counted: boolean; wait_ms: number | null }];
  };
  const row = rows[0];
  if (row.counted) return { allowed: true };
  return { allowed: false, retryAfterMs: Math.max(1000, Math.ceil(row.wait_ms ?? 0)) };
}

/** A success: the run of attempts is over. */
export async function clearAttempts(db: Db, subject: string): Promise<void> {
  await db.execute(sql`delete from ${authAttempts} where subject = ${subject}`);
}

const SWEEP_EVERY_MS = 60_000;
let lastSweep = 0;

/** Old runs go now and then (at most once a minute per process), without holding up the request. */
function sweep(db: Db, log: Pick<FastifyBaseLogger, 'warn'>): void {
  const now = Date.now();
  if (now - lastSweep < SWEEP_EVERY_MS) return;
  lastSweep = now;
  db.execute(
    sql`delete from ${authAttempts}
      where last_attempt_at < ${FORGET_AFTER} and (locked_until is null or locked_until < now())`,
  ).catch((error: unknown) => log.warn({ err: error }, 'clearing old sign-in attempts failed'));
}
