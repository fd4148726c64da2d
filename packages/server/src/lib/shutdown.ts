/**
 * Stopping with grace: the server stops accepting connections, answers what is in flight, then its
 * onClose hooks stop the timers and close the database. A stop that takes longer than the deadline, or
 * a second signal, ends the process at once.
 *
 * Connections that carry no request in flight are closed when the stop begins: a keep-alive connection
 * between requests, one a browser opened ahead of need and never used, one whose request has not fully
 * arrived. The server only closes once every connection is gone, so any of them would otherwise hold the
 * stop until the deadline and skip the closing of the database and the mail loop. A connection whose
 * request is being answered is closed once its answer is sent (`Connection: close`).
 */
import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
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

  if (app.server.listening) {
    // It would not know the connections opened before it.
    throw new Error('set up the graceful shutdown before the server listens');
  }
  // Tracked per connection, not per request: the hot path pays nothing.
  const connections = new Set<Socket>();
  app.server.on('connection', (socket: Socket) => {
    // One accepted while the stop was under way (before the listener closed) carries nothing in flight.
    if (started) {
      socket.destroy();
      return;
    }
    connections.add(socket);
    socket.once('close', () => connections.delete(socket));
  });

  const begin = (reason: string, exitCode: number) => {
    started = true;
    app.log.info({ reason, timeoutMs }, 'stopping: no new connections; finishing the requests in flight');
    closeUnlessAnswering(connections);
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

/** The answer a connection is sending, if any (Node keeps it on the socket while it is written). */
function answerOn(socket: Socket): ServerResponse | undefined {
  const response = (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage;
  return response && !response.writableFinished ? response : undefined;
}

function closeUnlessAnswering(connections: ReadonlySet<Socket>): void {
  for (const socket of connections) {
    const answer = answerOn(socket);
    if (!answer) {
      socket.destroy();
      continue;
    }
    // Its answer says the connection closes after it, and it does.
    if (!answer.headersSent) answer.shouldKeepAlive = false;
    answer.once('finish', () => socket.destroySoon());
  }
}
