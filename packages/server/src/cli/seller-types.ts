import type { Config } from '../config';
import type { Db } from '../db/client';
import type { AdminDeps } from '../lib/back-office';

export interface SellerContext {
  db: Db;
  config: Config;
  /** The back office's services as the commands use them (actions are audited as `cli`). */
  deps: AdminDeps;
}

/** A seller command; it throws an Error with a message for the seller when the input is wrong. */
export interface SellerCommand {
  usage: string;
  summary: string;
  run(context: SellerContext, args: string[]): Promise<void>;
}
