/**
 * Backups of the embedded database while the shop serves. PGlite belongs to one process: a second one may
 * not open its data directory (data-dir-lock.ts), and a copy of its files made while the shop writes them is
 * not a database. So the process that holds it makes the backup: it listens on a socket beside the data
 * directory (`DATA_DIR.backup.sock`, which only its own user may open), and answers each connection with a
 * gzip'd tarball of the data directory (`npm run seller -- backup` is the client, cli/seller-backup.ts).
 *
 * The tarball is taken while no transaction is open (it waits for the ones in flight) right after a
 * CHECKPOINT, so it holds every committed change and nothing half done; the shop's queries wait for the
 * copy of the files (about half a second for 40 MB), not for its compression, which runs on libuv's threads.
 * PostgreSQL is backed up with pg_dump instead (README, Backups).
 */
import { rmSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { PGlite } from '@electric-sql/pglite';
import type { Database, DatabaseLogger } from './client';

/** The log of a backup taken (pino's in the shop). */
interface BackupLogger extends DatabaseLogger {
  info(context: object, message: string): void;
}

const gzipAsync = promisify(gzip);

/** Where the shop holding `dataDir` answers backup requests. */
export function backupSocketPath(dataDir: string): string {
  return `${resolve(dataDir)}.backup.sock`;
}

/** A gzip'd tarball of the embedded database as it stands between two transactions. */
export async function dumpEmbedded(pglite: PGlite): Promise<Buffer> {
  const tar = await pglite.transaction(async (tx) => {
    // Pages written out now, so the restored copy opens without replaying the write-ahead log.
    await tx.exec('CHECKPOINT');
    return pglite.dumpDataDir('none');
  });
  return gzipAsync(Buffer.from(await tar.arrayBuffer()));
}

/**
 * The answer on the socket: `OK <bytes>` and a line break, then the tarball; or `ERROR <message>` and a line
 * break. The client checks the length, so a backup cut short is never taken for a whole one.
 */
export const BACKUP_OK = 'OK';

/**
 * Starts answering backup requests for the embedded database on disk that this process opened (main.ts,
 * once the shop listens); resolves to the function that stops. Nothing on PostgreSQL or a database in memory. A socket that cannot be made
 * (a path too long for one) is logged: backups then need the shop stopped.
 */
export async function answerBackups(
  database: Database,
  dataDir: string,
  log: BackupLogger,
): Promise<() => Promise<void>> {
  const pglite = database.pglite;
  if (!pglite || dataDir.includes('://')) return async () => {};
  const path = backupSocketPath(dataDir);
  // This process holds the data directory's lock: a socket file there is a previous run's.
  rmSync(path, { force: true });
  const server = createServer((socket) => void answer(socket, pglite, log));
  try {
    await new Promise<void>((done, fail) => {
      server.once('error', fail);
      // Only this user may connect (the socket is made with these permissions, not changed after).
      const umask = process.umask(0o177);
      try {
        // Exclusive: made here and now, under this umask, even in a process of node:cluster.
        server.listen({ path, exclusive: true }, () => {
          server.off('error', fail);
          done();
        });
      } finally {
        process.umask(umask);
      }
    });
  } catch (error) {
    log.warn(
      { err: error, path },
      'cannot answer backup requests while serving; stop the shop to take a backup of the embedded database',
    );
    return async () => {};
  }
  // It never keeps the process alive, and leaves no socket behind when the process exits.
  server.unref();
  const remove = () => rmSync(path, { force: true });
  process.once('exit', remove);
  return () => {
    process.off('exit', remove);
    return close(server, path);
  };
}

async function answer(socket: Socket, pglite: PGlite, log: BackupLogger): Promise<void> {
  socket.on('error', () => {});
  const started = Date.now();
  try {
    const backup = await dumpEmbedded(pglite);
    socket.write(`${BACKUP_OK} ${backup.length}\n`);
    socket.end(backup);
    log.info({ bytes: backup.length, ms: Date.now() - started }, 'backup of the embedded database taken');
  } catch (error) {
    socket.end(`ERROR ${(error as Error).message.replace(/\s+/g, ' ')}\n`);
    log.warn({ err: error }, 'backup of the embedded database failed');
  }
}

function close(server: Server, path: string): Promise<void> {
  return new Promise((done) => {
    server.close(() => {
      rmSync(path, { force: true });
      done();
    });
  });
}
