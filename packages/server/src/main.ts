import cluster from 'node:cluster';
import type { FastifyInstance } from 'fastify';
import { runPrimary, STOP_MESSAGE } from './cluster';
import { type Config, LOCAL_ARGUMENT, loadConfig, startLine } from './config';
import { answerBackups } from './db/backup';
import { gracefulShutdown, type Shutdown } from './lib/shutdown';

let config: Config;
try {
  config = loadConfig(process.env, {}, { local: process.argv.includes(LOCAL_ARGUMENT) });
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

if (config.WEB_CONCURRENCY > 1 && cluster.isPrimary) {
  runPrimary(config);
} else {
  await serve(config);
}

async function serve(config: Config): Promise<void> {
  let shutdown: Shutdown | null = null;
  // Asked to stop while still starting: nothing is in flight yet, so leave at once.
  const early = (reason: string) => () => {
    console.error(`stopped while starting (${reason})`);
    process.exit(0);
  };
  const onSigterm = early('SIGTERM');
  const onSigint = early('SIGINT');
  process.on('SIGTERM', onSigterm);
  process.on('SIGINT', onSigint);
  process.on('message', (message) => {
    if (message !== STOP_MESSAGE) return;
    if (shutdown) shutdown.request('asked by the primary process');
    else early('asked by the primary process')();
  });

  let app: FastifyInstance;
  let stopper: Shutdown;
  try {
    // The server's modules load only in a process that serves: a bad configuration stops the start before
    // them, and the primary process of WEB_CONCURRENCY never loads them.
    const { buildApp } = await import('./app');
    app = await buildApp(config);
    // Before listening: it keeps track of every connection, so a stop can close the ones not in use.
    stopper = gracefulShutdown(app, config.SHUTDOWN_TIMEOUT_MS);
    await app.listen({ port: config.PORT, host: config.HOST });
    // The embedded database's backups are taken by this process, which holds it (db/backup.ts).
    await answerBackups(app.services.database, config.DATA_DIR, app.log);
  } catch (error) {
    console.error(`The shop could not start: ${(error as Error).message}`);
    process.exit(1);
  }
  shutdown = stopper;
  process.off('SIGTERM', onSigterm);
  process.off('SIGINT', onSigint);
  process.on('SIGTERM', () => stopper.signal('SIGTERM'));
  process.on('SIGINT', () => stopper.signal('SIGINT'));
  process.on('uncaughtException', (error) => {
    app.log.fatal({ err: error }, 'uncaught exception; stopping');
    stopper.request('uncaught exception', 1);
  });
  process.on('unhandledRejection', (error) => {
    app.log.fatal({ err: error }, 'unhandled promise rejection; stopping');
    stopper.request('unhandled promise rejection', 1);
  });
  if (cluster.isPrimary) app.log.info(startLine(config));
}
