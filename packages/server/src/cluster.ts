/**
 * WEB_CONCURRENCY > 1: this process forks that many server processes sharing the port (node:cluster
 * hands connections round-robin to them). Each builds its own app with its own pool on the one
 * PostgreSQL database, as separate machines would. This process only watches: it replaces a worker that
 * dies, and on SIGTERM or SIGINT asks every worker to stop with grace.
 */
import cluster, { type Worker } from 'node:cluster';
import { pino } from 'pino';
import { type Config, startLine } from './config';
import { answerWorkersMetrics } from './metrics/cluster';

/** Told to a worker over IPC; main.ts stops it with grace (a repeat, or the signal it got too, is ignored). */
export const STOP_MESSAGE = 'shop:stop';

const RESTART_DELAY_MS = 1000;

export function runPrimary(config: Config): void {
  const log = pino({ level: config.LOG_LEVEL, base: { pid: process.pid, role: 'primary' } });
  const listening = new Set<number>();
  let stopping = false;
  let exitCode = 0;

  const start = () => {
    const worker = cluster.fork();
    worker.once('listening', () => {
      listening.add(worker.id);
      if (listening.size === config.WEB_CONCURRENCY) {
        log.info({ workers: config.WEB_CONCURRENCY }, startLine(config, config.WEB_CONCURRENCY));
      }
    });
  };

  cluster.on('exit', (worker: Worker, code: number | null, signal: string | null) => {
    const served = listening.delete(worker.id);
    if (stopping) {
      if (code !== 0) exitCode = 1;
      // A worker leaves cluster.workers only once it has both exited and disconnected, in either order: a
      // worker that has exited but not yet disconnected is as gone as one no longer listed.
      if (Object.values(cluster.workers ?? {}).every((w) => !w || w.isDead())) {
        log.info({ exitCode }, 'every server process has stopped');
        process.exit(exitCode);
      }
      return;
    }
    if (!served) {
      // It never listened: the configuration or the database is wrong, and a new one would fail the same way.
      log.fatal({ worker: worker.process.pid, code, signal }, 'a server process could not start; stopping');
      stop('a server process could not start', 1);
      return;
    }
    log.error({ worker: worker.process.pid, code, signal }, 'a server process died; starting another');
    setTimeout(() => {
      if (!stopping) start();
    }, RESTART_DELAY_MS);
  });

  function stop(reason: string, code: number): void {
    if (stopping) {
      log.warn({ reason }, 'second stop while stopping; ending every server process now');
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGKILL');
      process.exit(1);
    }
    stopping = true;
    exitCode = code;
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => Boolean(w));
    log.info({ reason, workers: workers.length }, 'stopping every server process');
    if (workers.length === 0) process.exit(exitCode);
    for (const worker of workers) {
      if (worker.isConnected()) worker.send(STOP_MESSAGE);
    }
    // Each worker keeps its own deadline; this one covers a worker that cannot even do that.
    setTimeout(() => {
      log.error('server processes did not stop in time; ending them now');
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGKILL');
      process.exit(1);
    }, config.SHUTDOWN_TIMEOUT_MS + 5000).unref();
  }

  process.on('SIGTERM', () => stop('SIGTERM', 0));
  process.on('SIGINT', () => stop('SIGINT', 0));

  // A worker's /metrics asks here for every worker's figures.
  answerWorkersMetrics();
  log.info({ workers: config.WEB_CONCURRENCY }, 'starting the server processes');
  for (let i = 0; i < config.WEB_CONCURRENCY; i++) start();
}
