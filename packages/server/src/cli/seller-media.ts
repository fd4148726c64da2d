/**
 * Pictures kept as files in MEDIA_DIR (before the media store) moved into the store: each file once, so the
 * command may run again (after a partial run, or on a folder copied from another machine) and moves only
 * what the store does not hold yet.
 */
import { readdir, readFile, unlink } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { MEDIA_FILE, mediaLibrary } from '../modules/catalog';
import { printable } from './printable';
import type { SellerCommand, SellerContext } from './seller-types';

/** A WebP file starts RIFF....WEBP. */
const isWebp = (bytes: Buffer) =>
  bytes.length > 12 &&
  bytes.toString('latin1', 0, 4) === 'RIFF' &&
  bytes.toString('latin1', 8, 12) === 'WEBP';

export interface MoveReport {
  moved: number;
  already: number;
  removed: number;
  skipped: string[];
}

/** Moves MEDIA_DIR (or `dir`) into the store; with `remove`, a file the store holds is then deleted. */
export async function moveMedia(
  { db, config }: Pick<SellerContext, 'db' | 'config'>,
  { dir = config.MEDIA_DIR, remove = false }: { dir?: string; remove?: boolean } = {},
): Promise<MoveReport | null> {
  const folder = resolve(dir);
  let names: string[];
  try {
    names = (await readdir(folder)).sort();
  } catch (error) {
    if ((error as { code?: string }).code === 'ENOENT') return null;
    throw error;
  }
  const library = mediaLibrary(db, config);
  const report: MoveReport = { moved: 0, already: 0, removed: 0, skipped: [] };
  for (const name of names) {
    if (!MEDIA_FILE.test(name)) {
      report.skipped.push(name);
      continue;
    }
    const path = join(folder, name);
    const bytes = await readFile(path);
    if (!isWebp(bytes)) {
      report.skipped.push(name);
      continue;
    }
    if (await library.store.put(name, bytes, 'image/webp')) report.moved++;
    else report.already++;
    if (remove) {
      await unlink(path);
      report.removed++;
    }
  }
  return report;
}

export const mediaCommands: Record<string, SellerCommand> = {
  media: {
    usage: 'move [--dir <folder>] [--remove]',
    summary:
      'Moves the pictures kept as files in MEDIA_DIR into the media store (the database, or S3); run it again and it moves only what is not there yet. --remove deletes each file once the store holds it.',
    async run(context, [sub, ...args]) {
      if (sub !== 'move') throw new Error(`Usage: media ${mediaCommands.media!.usage}`);
      let dir: string | undefined;
      let remove = false;
      for (let i = 0; i < args.length; i++) {
        if (args[i] === '--dir') {
          dir = args[++i];
          if (!dir) throw new Error('Give the folder after --dir.');
        } else if (args[i] === '--remove') remove = true;
        else throw new Error(`Unknown option ${args[i]}.`);
      }
      const folder = resolve(dir ?? context.config.MEDIA_DIR);
      const report = await moveMedia(context, { dir: folder, remove });
      if (!report) {
        console.log(`There is no folder ${printable(folder)}: nothing to move.`);
        return;
      }
      const store = context.config.MEDIA_STORE === 's3' ? 'S3' : 'the database';
      console.log(
        `${report.moved} file(s) moved from ${printable(folder)} into ${store}; ${report.already} already there.` +
          (remove ? ` ${report.removed} file(s) removed from the folder.` : ''),
      );
      if (report.skipped.length > 0)
        console.log(
          `Left alone (not a picture's file): ${report.skipped.slice(0, 10).map(printable).join(', ')}${report.skipped.length > 10 ? ', ...' : ''}`,
        );
    },
  },
};
