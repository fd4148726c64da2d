/**
 * PostgreSQL connections that keep their statements prepared. Every query with parameters is sent as a named
 * statement (its name a hash of its text), so each connection parses and analyses a statement once and
 * PostgreSQL may reuse its plan, instead of parsing, analysing and planning it on every call: that was over
 * 40 % of the database's CPU per order. Statements whose text varies (a list of n values) get one name per
 * shape. A connection keeps at most MAX_PER_CONNECTION of them; past that, new texts run unnamed, as before,
 * so the server's memory per connection stays bounded.
 *
 * A connection pooler in transaction mode that cannot carry prepared statements (PgBouncer before 1.21, or
 * without max_prepared_statements) needs DATABASE_PREPARE=false.
 */
import { createHash } from 'node:crypto';
import pg from 'pg';

export const MAX_PER_CONNECTION = 250;
/** Longer texts or more values: one-off statements (imports, large lists) are not worth keeping. */
const MAX_TEXT = 32_000;
const MAX_VALUES = 400;

interface QueryConfigLike {
  text?: unknown;
  name?: unknown;
  values?: unknown;
  submit?: unknown;
}

const known = new Map<string, string>();
/** Texts whose names are remembered (hashing every call's text again cost more than the lookup). */
const KNOWN_LIMIT = 2_000;

/** The statement's name: the same text always gets the same name, on every connection and process. */
function statementName(text: string): string {
  let name = known.get(text);
  if (name === undefined) {
    name = `s_${createHash('sha1').update(text).digest('base64url')}`;
    if (known.size >= KNOWN_LIMIT) known.clear();
    known.set(text, name);
  }
  return name;
}

export class PreparingClient extends pg.Client {
  private readonly prepared = new Set<string>();

  // biome-ignore lint/suspicious/noExplicitAny: pg's query has many overloads; this passes them all through
  override query(config: any, values?: any, callback?: any): any {
    return super.query(this.withName(config, values), values, callback);
  }

  // biome-ignore lint/suspicious/noExplicitAny: as above
  private withName(config: any, values: unknown): any {
    if (typeof config !== 'object' || config === null) return config;
    const c = config as QueryConfigLike;
    if (typeof c.submit === 'function' || c.name !== undefined || typeof c.text !== 'string') return config;
    const params = Array.isArray(values) ? values : Array.isArray(c.values) ? c.values : [];
    if (params.length === 0 || params.length > MAX_VALUES || c.text.length > MAX_TEXT) return config;
    const name = statementName(c.text);
    if (!this.prepared.has(name)) {
      if (this.prepared.size >= MAX_PER_CONNECTION) return config;
      this.prepared.add(name);
    }
    return { ...c, name };
  }
}
