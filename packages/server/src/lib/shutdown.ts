/**
 * Stopping with grace: the server stops accepting connections, answers what is in flight, then its
 * onClose hooks stop the timers and close the database. A stop that takes longer than the deadline, or
 * a second signal, ends the process at once.
 */
import type { FastifyInstance } from 'fastify';

export interface Shutdown {
  /** A signal from outside (SIGTERM, SIGINT); the second one forces the exit. */
  signal(name: string): void;
  /** A stop asked from inside (the primary process, a fatal error); repeated requests change nothing. */
  request(reason: string, exitCode?: number): void;
  /** Settles once the process has been told to exit. */
  readonly done: Promise<number>;
}

export function gracefulShutdown(
  app: FastifyInstance,
  timeoutMs: number,
  exit: (code: number) => void = (code) => process.exit(code),
): Shutdown {
  let started = false;
  let exited = false;
  let settle: (code: number) => void = () => {};
  const done = new Promise<number>((resolve) => {
    settle = resolve;
  });
  const finish = (code: number) => {
    if (exited) return;
    exited = true;
    settle(code);
    exit(code);
  };

  const begin = (reason: string, exitCode: number) => {
    started = true;
    app.log.info({ reason, timeoutMs }, 'stopping: no new connections; finishing the requests in flight');
    const deadline = setTimeout(() => {
      app.log.error({ reason, timeoutMs }, 'stopping took longer than the deadline; exiting now');
      finish(1);
    }, timeoutMs);
    app.close().then(
      () => {
        clearTimeout(deadline);
        app.log.info({ reason }, 'stopped');
        finish(exitCode);
      },
      (error: unknown) => {
        clearTimeout(deadline);
        app.log.error({ err: error, reason }, 'stopping failed');
        finish(1);
      },
    );
  };

  return {
    done,
    signal(name) {
      if (!started) return begin(name, 0);
      app.log.warn({ signal: name }, 'second signal while stopping; exiting now');
      finish(1);
    },
    request(reason, exitCode = 0) {
      if (!started) begin(reason, exitCode);
    },
  };
}
