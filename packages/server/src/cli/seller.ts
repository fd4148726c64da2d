/**
 * The seller's commands for scripts, on the back office's own services: npm run seller -- <command>
 * [arguments]. Each command module lists its commands with their usage.
 */
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { setPasswordCost } from '../modules/sessions';
import { cliDeps } from './deps';
import { printableLines } from './printable';
import { accountCommands } from './seller-account';
import { backupCommands, runBackupCommand } from './seller-backup';
import { mediaCommands } from './seller-media';
import { orderCommands } from './seller-orders';
import { staffCommands } from './seller-staff';
import type { SellerCommand } from './seller-types';

const commands: Record<string, SellerCommand> = {
  ...accountCommands,
  ...orderCommands,
  ...staffCommands,
  ...mediaCommands,
};

const [name, ...args] = process.argv.slice(2);
// Backup and restore open the embedded database their own way (a running shop's is the shop's to copy).
const backup = name ? backupCommands[name] : undefined;
if (backup) process.exit(await runBackupCommand(backup, args));
const command = name ? commands[name] : undefined;
if (!command) {
  console.error('Usage: npm run seller -- <command>\n');
  for (const [key, c] of Object.entries({ ...commands, ...backupCommands }))
    console.error(`  ${key} ${c.usage}\n      ${c.summary}`);
  process.exit(name ? 2 : 0);
}
let code = 0;
try {
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'warn' });
  setPasswordCost(config);
  // With the embedded database this refuses while the server (or another command) has it open.
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    poolSize: 2,
    owner: `a seller command (npm run seller -- ${name})`,
  });
  try {
    await database.migrate();
    await command.run({ db: database.db, config, deps: cliDeps(database.db, config) }, args);
  } finally {
    await database.close();
  }
} catch (error) {
  // A message may quote what a visitor typed.
  console.error(printableLines((error as Error).message, ''));
  code = 1;
}
process.exit(code);
