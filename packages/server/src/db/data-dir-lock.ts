/**
 * The embedded database belongs to one process: PGlite takes no lock of its own, and a second process on
 * the same directory reads stale pages (a seller command answered "There is no order" for an order the
 * buyer saw). Whoever opens the directory writes a lock file beside it naming its process; the next
 * opener refuses while that process lives, and takes over a lock whose process is gone.
 */
import { randomBytes } from 'node:crypto';
import { linkSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';

interface Holder {
  pid: number;
  owner: string;
  since: string;
  token: string;
}

export class DataDirBusyError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: Holder,
    lockFile: string,
  ) {
    super(
      `The embedded database in ${dataDir} is in use by ${holder.owner} (process ${holder.pid}, since ${holder.since}). ` +
        'Stop it first; to run seller commands while the shop serves, run the shop on PostgreSQL (DATABASE_URL). ' +
        `If no such process is running, delete ${lockFile}.`,
    );
    this.name = 'DataDirBusyError';
  }
}

export interface DataDirLock {
  release(): void;
}

/** Lock files this process holds: its own pid in a file it does not hold is a previous life's (containers reuse pids). */
const held = new Set<string>();

/** Takes the directory for this process, or throws DataDirBusyError naming the process that has it. */
export function lockDataDir(dataDir: string, owner: string): DataDirLock {
  const lockFile = `${dataDir}.lock`;
  const me: Holder = {
    pid: process.pid,
    owner,
    since: new Date().toISOString(),
    token: randomBytes(8).toString('hex'),
  };
  for (let attempt = 0; ; attempt++) {
    // Written whole to a file of our own, then linked into place: link fails if the lock exists, and no
    // one ever reads a lock file half written.
    const draft = `${lockFile}.${process.pid}.${me.token}`;
    writeFileSync(draft, `${JSON.stringify(me)}\n`);
    try {
      linkSync(draft, lockFile);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      unlinkSync(draft);
    }
    const holder = readHolder(lockFile);
    if (holder && isAlive(holder.pid) && (holder.pid !== process.pid || held.has(lockFile))) {
      throw new DataDirBusyError(dataDir, holder, lockFile);
    }
    // The holder is gone (or the file is unreadable, e.g. cut short by a crash): take its place once.
    if (attempt > 0) {
      throw new DataDirBusyError(dataDir, holder ?? { ...me, owner: 'another process' }, lockFile);
    }
    removeIfSame(lockFile, holder);
  }
  held.add(lockFile);
  const onExit = () => removeIfSame(lockFile, me);
  process.once('exit', onExit);
  return {
    release() {
      if (!held.delete(lockFile)) return;
      process.off('exit', onExit);
      removeIfSame(lockFile, me);
    },
  };
}

function readHolder(lockFile: string): Holder | null {
  let text: string;
  try {
    text = readFileSync(lockFile, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  try {
    const parsed = JSON.parse(text) as Partial<Holder>;
    return typeof parsed.pid === 'number' ? (parsed as Holder) : null;
  } catch (error) {
    if (error instanceof SyntaxError) return null;
    throw error;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Deletes the lock file only while it holds what we expect (another process may have taken it since). */
function removeIfSame(lockFile: string, expected: Holder | null): void {
  const current = readHolder(lockFile);
  if (current && current.token !== expected?.token) return;
  try {
    unlinkSync(lockFile);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}
