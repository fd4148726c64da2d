/**
 * The seller's commands for scripts, on the back office's own services: npm run seller -- <command>
 * [arguments]. Each command module lists its commands with their usage.
 */
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { cliDeps } from './deps';
import { accountCommands } from './seller-account';
import { orderCommands } from './seller-orders';
import { staffCommands } from './seller-staff';
import type { SellerCommand } from './seller-types';

const commands: Record<string, SellerCommand> = { ...accountCommands, ...orderCommands, ...staffCommands };

const [name, ...args] = process.argv.slice(2);
const command = name ? commands[name] : undefined;
if (!command) {
  console.error('Usage: npm run seller -- <command>\n');
  for (const [key, c] of Object.entries(commands)) console.error(`  ${key} ${c.usage}\n      ${c.summary}`);
  process.exit(name ? 2 : 0);
}
const config = loadConfig({ ...process.env, LOG_LEVEL: 'warn' });
const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
let code = 0;
try {
  await database.migrate();
  await command.run({ db: database.db, config, deps: cliDeps(database.db, config) }, args);
} catch (error) {
  console.error((error as Error).message);
  code = 1;
} finally {
  await database.close();
}
process.exit(code);
