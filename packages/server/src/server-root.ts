/**
 * The server package's folder, for what is read from disk at run time (migrations, the built page).
 * Sources sit in src/ and the compiled entry points directly in dist/, both one level below it, so the
 * same path works whether this module runs from its source or bundled into dist/<entry>.js.
 */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const SERVER_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
