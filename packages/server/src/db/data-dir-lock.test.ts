import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataDirBusyError, lockDataDir } from './data-dir-lock';

let dir: string;
let dataDir: string;
let lockFile: string;
const children: ChildProcess[] = [];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'shop-lock-'));
  dataDir = join(dir, 'pglite');
  lockFile = `${dataDir}.lock`;
});
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

function holderFile(pid: number, owner: string): void {
  writeFileSync(lockFile, JSON.stringify({ pid, owner, since: '2030-01-01T00:00:00.000Z', token: 'theirs' }));
}

describe('the embedded database lock', () => {
  it('names its holder in a file beside the data directory, and removes it on release', () => {
    const lock = lockDataDir(dataDir, 'the shop server');
    expect(JSON.parse(readFileSync(lockFile, 'utf8'))).toMatchObject({
      pid: process.pid,
      owner: 'the shop server',
    });
    lock.release();
    expect(existsSync(lockFile)).toBe(false);
  });

  it('refuses a second opener in the same process until the first lets go', () => {
    const lock = lockDataDir(dataDir, 'the shop server');
    expect(() => lockDataDir(dataDir, 'a seller command')).toThrow(DataDirBusyError);
    lock.release();
    lockDataDir(dataDir, 'a seller command').release();
  });

  it('refuses while another living process holds it, naming that process', () => {
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
    children.push(other);
    holderFile(other.pid!, 'the shop server');
    expect(() => lockDataDir(dataDir, 'a seller command')).toThrow(
      `The embedded database in ${dataDir} is in use by the shop server (process ${other.pid}`,
    );
    expect(JSON.parse(readFileSync(lockFile, 'utf8')).pid).toBe(other.pid);
  });

  it('takes over the lock of a process that is gone', () => {
    const gone = spawnSync(process.execPath, ['-e', 'process.pid'], { stdio: 'ignore' }).pid;
    holderFile(gone, 'the shop server');
    const lock = lockDataDir(dataDir, 'a seller command');
    expect(JSON.parse(readFileSync(lockFile, 'utf8'))).toMatchObject({ pid: process.pid });
    lock.release();
  });

  it("takes over a lock with this process's own pid that it does not hold (a container restarted)", () => {
    holderFile(process.pid, 'the shop server');
    lockDataDir(dataDir, 'the shop server').release();
  });

  it('takes over a lock file cut short by a crash', () => {
    writeFileSync(lockFile, '{"pid":');
    lockDataDir(dataDir, 'the shop server').release();
  });
});
