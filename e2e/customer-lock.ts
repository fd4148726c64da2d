/**
 * A readers-writer lock per demo customer, shared by the test workers of one run.
 *
 * Changing or resetting a password ends the customer's other sessions, so a test doing it holds the
 * customer exclusively; every other test signed in as that customer holds it shared (the signedInPage
 * fixture does so by itself). A waiting exclusive holder keeps new shared holders out.
 *
 * The lock files live in a folder of this run (a worker's parent process is the runner); each names its
 * holder's process id, and the file of a holder that died is ignored.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export type HoldMode = 'shared' | 'exclusive';

const LOCK_PREFIX = 'acer-e2e-locks-';
const LOCK_ROOT = join(tmpdir(), `${LOCK_PREFIX}${process.ppid}`);
const POLL_MS = 100;
/** Customers this process holds exclusively: its own shared holds are then already covered. */
const heldExclusively = new Set<string>();

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether a lock file exists and its holder still runs; the file of a dead holder is removed. */
function held(path: string): boolean {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return false;
  }
  // Empty while its holder is still writing it.
  if (!/^\d+$/.test(text) || alive(Number(text))) return true;
  rmSync(path, { force: true });
  return false;
}

const exclusiveFile = (dir: string) => join(dir, 'exclusive');
let swept = false;

/** Removes the lock folders of earlier runs whose runner has ended. */
function sweepEndedRuns(): void {
  if (swept) return;
  swept = true;
  for (const name of readdirSync(tmpdir())) {
    const runner = name.startsWith(LOCK_PREFIX) ? Number(name.slice(LOCK_PREFIX.length)) : Number.NaN;
    if (Number.isInteger(runner) && runner > 0 && !alive(runner)) {
      rmSync(join(tmpdir(), name), { recursive: true, force: true });
    }
  }
}

const sharedHolders = (dir: string) =>
  readdirSync(dir).filter((name) => name.startsWith('shared-') && held(join(dir, name))).length;

/** Waits until the customer can be held in this mode; returns the release. */
export async function holdCustomer(customerId: string, mode: HoldMode): Promise<() => void> {
  if (heldExclusively.has(customerId)) {
    if (mode === 'exclusive') throw new Error(`${customerId} is already held exclusively by this test`);
    return () => {};
  }
  sweepEndedRuns();
  const dir = join(LOCK_ROOT, customerId);
  mkdirSync(dir, { recursive: true });

  if (mode === 'exclusive') {
    for (;;) {
      try {
        writeFileSync(exclusiveFile(dir), String(process.pid), { flag: 'wx' });
        break;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        if (held(exclusiveFile(dir))) await sleep(POLL_MS);
      }
    }
    heldExclusively.add(customerId);
    while (sharedHolders(dir) > 0) await sleep(POLL_MS);
    return () => {
      heldExclusively.delete(customerId);
      rmSync(exclusiveFile(dir), { force: true });
    };
  }

  const mine = join(dir, `shared-${process.pid}-${randomUUID()}`);
  for (;;) {
    while (held(exclusiveFile(dir))) await sleep(POLL_MS);
    writeFileSync(mine, String(process.pid));
    // An exclusive holder that came in meanwhile goes first.
    if (!held(exclusiveFile(dir))) return () => rmSync(mine, { force: true });
    rmSync(mine, { force: true });
  }
}
