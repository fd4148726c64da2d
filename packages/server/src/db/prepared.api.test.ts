/** Statements kept prepared on each PostgreSQL connection: reused, bounded, and off when asked. */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/harness';
import { type Database, openDatabase } from './client';
import { MAX_PER_CONNECTION } from './prepared';

const ON_POSTGRES = Boolean(process.env.TEST_DATABASE_URL);

describe.runIf(ON_POSTGRES)('prepared statements (PostgreSQL only)', () => {
  let url = '';
  let drop: () => Promise<void>;
  const opened: Database[] = [];

  beforeAll(async () => {
    const test = await openTestDatabase();
    url = test.url!;
    drop = test.drop;
  });
  afterAll(async () => {
    for (const d of opened) await d.close();
    await drop();
  });

  /** One connection, so every query and the look at pg_prepared_statements share a session. */
  async function single(prepare?: boolean): Promise<Database> {
    const database = await openDatabase({ url, poolSize: 1, ...(prepare === undefined ? {} : { prepare }) });
    opened.push(database);
    return database;
  }

  async function preparedCount(database: Database): Promise<number> {
    const { rows } = (await database.db.execute(
      sql`select count(*)::int as n from pg_prepared_statements where not from_sql`,
    )) as unknown as { rows: { n: number }[] };
    // The look itself has no parameter, so it is not among them.
    return rows[0]!.n;
  }

  it('prepares a statement with parameters once and reuses it, with the right answer each time', async () => {
    const database = await single();
    for (const n of [1, 2, 3, 40]) {
      const { rows } = (await database.db.execute(sql`select ${n}::int * 2 as twice`)) as unknown as {
        rows: { twice: number }[];
      };
      expect(rows[0]!.twice).toBe(n * 2);
    }
    expect(await preparedCount(database)).toBe(1);
  });

  it(`keeps at most ${MAX_PER_CONNECTION} per connection and still answers the statements past that`, async () => {
    const database = await single();
    for (let i = 0; i < MAX_PER_CONNECTION + 20; i++) {
      const { rows } = (await database.db.execute(
        sql`select ${i}::int + ${sql.raw(String(i))} as total`,
      )) as unknown as { rows: { total: number }[] };
      expect(rows[0]!.total).toBe(2 * i);
    }
    expect(await preparedCount(database)).toBe(MAX_PER_CONNECTION);
  });

  it('prepares nothing with DATABASE_PREPARE=false (a pooler that cannot carry them)', async () => {
    const database = await single(false);
    await database.db.execute(sql`select ${5}::int as five`);
    expect(await preparedCount(database)).toBe(0);
  });
});
