/**
 * Backup and restore of the embedded database (PGlite in DATA_DIR). A backup is taken while the shop serves:
 * the running shop makes it and hands it over its backup socket (db/backup.ts), since no second process may
 * open the data directory; with the shop stopped, the command opens the database itself. A restore needs the
 * shop stopped, loads the backup beside the data directory, checks it is the shop's, and only then puts it in
 * place, keeping the database it replaces. PostgreSQL is backed up with pg_dump and pg_restore (README).
 *
 * These commands run before the other seller commands open the database (seller.ts): a running shop's
 * database is the shop's to copy.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { type Config, loadConfig } from '../config';
import { BACKUP_OK, backupSocketPath, dumpEmbedded } from '../db/backup';
import { openDatabase } from '../db/client';
import { DataDirBusyError, lockDataDir } from '../db/data-dir-lock';
import { printableLines } from './printable';

/** A command that opens the database its own way: it prints what it did and throws for the seller. */
interface BackupCommand {
  usage: string;
  summary: string;
  run(config: Config, args: string[]): Promise<void>;
}

const ON_POSTGRES =
  'The shop runs on PostgreSQL (DATABASE_URL): back it up with pg_dump and restore with pg_restore, ' +
  'as README.md says under Backups.';

export const backupCommands: Record<string, BackupCommand> = {
  backup: {
    usage: '<file.tar.gz>',
    summary:
      'Writes a backup of the embedded database to the file, while the shop runs (the shop takes it) or not.',
    async run(config, [file, ...rest]) {
      if (!file || rest.length > 0) throw new Error(`Usage: backup ${backupCommands.backup!.usage}`);
      const dataDir = embeddedDataDir(config);
      const target = resolve(file);
      let backup = await askTheShop(backupSocketPath(dataDir));
      const from = backup ? 'taken by the running shop' : 'the shop is not running';
      backup ??= await dumpItself(dataDir);
      // Under its own name until whole: a backup cut short never stands under the name asked for.
      const part = `${target}.${randomBytes(4).toString('hex')}.part`;
      try {
        writeFileSync(part, backup);
        renameSync(part, target);
      } finally {
        rmSync(part, { force: true });
      }
      console.log(
        `Backup of ${dataDir} written to ${target} (${megabytes(backup.length)}, ${from}).\n` +
          `To restore it, stop the shop and run: npm run seller -- restore ${file}`,
      );
    },
  },
  restore: {
    usage: '<file.tar.gz>',
    summary:
      'Replaces the embedded database with a backup (the shop stopped); the database it replaces is kept beside it.',
    async run(config, [file, ...rest]) {
      if (!file || rest.length > 0) throw new Error(`Usage: restore ${restoreUsage()}`);
      const dataDir = resolve(embeddedDataDir(config, false));
      const source = resolve(file);
      if (!existsSync(source)) throw new Error(`There is no file ${source}.`);
      const backup = readFileSync(source);
      // Refused while the shop (or another command) has the database; kept until the new one is in place.
      const lock = takeForRestore(dataDir);
      try {
        const staging = `${dataDir}.restoring`;
        rmSync(staging, { recursive: true, force: true });
        const counts = await loadAndCheck(staging, backup, source);
        let kept = '';
        if (existsSync(dataDir)) {
          kept = `${dataDir}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
          renameSync(dataDir, kept);
        }
        renameSync(staging, dataDir);
        console.log(
          `Restored ${source} into ${dataDir}: ${counts}.\n` +
            (kept
              ? `The database it replaced is kept in ${kept} (delete it once the shop runs well).\n`
              : '') +
            'Start the shop: it applies the migrations of this version, if the backup is older.',
        );
      } finally {
        lock.release();
      }
    },
  },
};

const restoreUsage = () => backupCommands.restore!.usage;

/** Runs a backup command; prints its error for the seller and returns the exit code. */
export async function runBackupCommand(command: BackupCommand, args: string[]): Promise<number> {
  try {
    await command.run(loadConfig({ ...process.env, LOG_LEVEL: 'warn' }), args);
    return 0;
  } catch (error) {
    console.error(printableLines((error as Error).message, ''));
    return 1;
  }
}

function embeddedDataDir(config: Config, mustExist = true): string {
  if (config.DATABASE_URL) throw new Error(ON_POSTGRES);
  if (config.DATA_DIR.includes('://')) throw new Error(`DATA_DIR ${config.DATA_DIR} is not on disk.`);
  const dataDir = resolve(config.DATA_DIR);
  if (mustExist && !existsSync(join(dataDir, 'PG_VERSION'))) {
    throw new Error(`There is no embedded database in ${dataDir} (DATA_DIR).`);
  }
  return dataDir;
}

/**
 * The running shop's backup over its socket, or null when no shop answers there (none runs). The shop
 * says how long its backup is; a connection that ends short of it is an error, not a backup.
 */
function askTheShop(path: string): Promise<Buffer | null> {
  return new Promise((done, fail) => {
    const chunks: Buffer[] = [];
    let connected = false;
    const socket = connect(path, () => {
      connected = true;
    });
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (!connected && (error.code === 'ENOENT' || error.code === 'ECONNREFUSED')) done(null);
      else fail(new Error(`The running shop's backup failed: ${error.message}`));
    });
    socket.on('end', () => {
      const all = Buffer.concat(chunks);
      const lineEnd = all.indexOf(10);
      const head = all.subarray(0, lineEnd < 0 ? all.length : lineEnd).toString('utf8');
      const body = all.subarray(lineEnd + 1);
      const [word, size] = head.split(' ', 2);
      if (word === BACKUP_OK && Number(size) === body.length) done(body);
      else if (word === BACKUP_OK)
        fail(new Error(`The running shop's backup was cut short; nothing was written.`));
      else fail(new Error(`The running shop could not take the backup: ${head.replace(/^ERROR /, '')}`));
    });
  });
}

/** The backup with the shop stopped: this command opens the database (taking its lock) and dumps it. */
async function dumpItself(dataDir: string): Promise<Buffer> {
  let database: Awaited<ReturnType<typeof openDatabase>>;
  try {
    database = await openDatabase({ dataDir, owner: 'a seller command (npm run seller -- backup)' });
  } catch (error) {
    if (!(error instanceof DataDirBusyError)) throw error;
    throw new Error(
      `The embedded database in ${dataDir} is in use by ${error.holder.owner} (process ${error.holder.pid}), ` +
        `which does not answer backup requests on ${backupSocketPath(dataDir)}: it runs an older version ` +
        '(restart it) or could not make that socket (its log says why). Or stop it and run this again.',
    );
  }
  try {
    return await dumpEmbedded(database.pglite!);
  } finally {
    await database.close();
  }
}

function takeForRestore(dataDir: string) {
  mkdirSync(dirname(dataDir), { recursive: true });
  try {
    return lockDataDir(dataDir, 'a seller command (npm run seller -- restore)');
  } catch (error) {
    if (!(error instanceof DataDirBusyError)) throw error;
    throw new Error(
      `Stop the shop first: the embedded database in ${dataDir} is in use by ${error.holder.owner} ` +
        `(process ${error.holder.pid}). Nothing was changed.`,
    );
  }
}

/** Loads the backup into `dir` and checks it is a shop's database; returns what it holds, for the seller. */
async function loadAndCheck(dir: string, backup: Buffer, source: string): Promise<string> {
  let database: Awaited<ReturnType<typeof openDatabase>>;
  try {
    database = await openDatabase({
      dataDir: dir,
      loadDataDir: new Blob([new Uint8Array(backup)]),
      owner: 'a seller command (npm run seller -- restore)',
    });
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`${source} is not a backup of the embedded database: ${(error as Error).message}`);
  }
  let failure: Error | null = null;
  let counts = '';
  try {
    const { rows } = await database.pglite!.query<Record<string, number>>(
      `select (select count(*)::int from drizzle.__drizzle_migrations) as migrations,
              (select count(*)::int from customers) as customers,
              (select count(*)::int from orders) as orders,
              (select count(*)::int from invoices) as invoices`,
    );
    const c = rows[0]!;
    counts = `${c.migrations} migrations, ${c.customers} customers, ${c.orders} orders, ${c.invoices} invoices`;
  } catch (error) {
    failure = error as Error;
  } finally {
    await database.close();
  }
  if (failure) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`${source} holds a database, but not the shop's: ${failure.message}`);
  }
  return counts;
}

function megabytes(bytes: number): string {
  return `${(bytes / 1_048_576).toFixed(1)} MB`;
}
