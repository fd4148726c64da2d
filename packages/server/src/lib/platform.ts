/**
 * What every module may lean on, built once by the composition root (app.ts): configuration, the
 * database, cross-process signals, the mail outbox and the log. Modules add what they need of each other
 * to this in their own `needs.ts`.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { Notifier } from '../db/notify';
import type { Mailer } from '../mail/mailer';

export interface Platform {
  config: Config;
  database: Database;
  mailer: Mailer;
  /** Cross-process signals (LISTEN/NOTIFY); handlers are registered before it starts. */
  notifier: Notifier;
  /** For work that outlives a request (its own log is request.log). */
  log: FastifyBaseLogger;
}
