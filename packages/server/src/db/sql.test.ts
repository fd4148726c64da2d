import { describe, expect, it } from 'vitest';
import { firstRow, isUniqueViolation, sqlState } from './sql';

describe('PostgreSQL errors', () => {
  it('reads the SQLSTATE as node-postgres and PGlite give it, or as Drizzle wraps it', () => {
    expect(sqlState({ code: '23505' })).toBe('23505');
    expect(sqlState({ message: 'Failed query', cause: { code: '40P01' } })).toBe('40P01');
    // A wrapper's own code is no SQLSTATE: the cause's is read.
    expect(sqlState({ code: 'ERR_DRIZZLE', cause: { code: '23505' } })).toBe('23505');
    expect(sqlState(new Error('no code'))).toBeUndefined();
    expect(sqlState(null)).toBeUndefined();
  });

  it('knows a unique-key clash from other errors', () => {
    expect(isUniqueViolation({ cause: { code: '23505' } })).toBe(true);
    expect(isUniqueViolation({ code: '23503' })).toBe(false);
  });
});

describe('a statement of one row', () => {
  it('gives its row, and says so when there is none', () => {
    expect(firstRow<{ id: number }>({ rows: [{ id: 7 }] })).toEqual({ id: 7 });
    expect(() => firstRow({ rows: [] })).toThrow('the statement returned no row');
  });
});
