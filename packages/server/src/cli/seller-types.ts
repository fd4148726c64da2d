import type { Config } from '../config';
import type { Db } from '../db/client';

export interface SellerContext {
  db: Db;
  config: Config;
}

/** A seller command; it throws an Error with a message for the seller when the input is wrong. */
export interface SellerCommand {
  usage: string;
  summary: string;
  run(context: SellerContext, args: string[]): Promise<void>;
}
