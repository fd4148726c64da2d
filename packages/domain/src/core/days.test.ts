import { describe, expect, it } from 'vitest';
import { dayField } from './day-field';
import { addDays, dayIn, daysBetween, isDay, todayIn } from './days';

describe('days', () => {
  it('knows real days from look-alikes', () => {
    expect(isDay('2026-02-28')).toBe(true);
    expect(isDay('2028-02-29')).toBe(true);
    expect(isDay('2000-02-29')).toBe(true);
    expect(isDay('0001-01-01')).toBe(true);
    expect(isDay('2026-02-29')).toBe(false);
    expect(isDay('2100-02-29')).toBe(false);
    expect(isDay('2026-02-30')).toBe(false);
    expect(isDay('2026-04-31')).toBe(false);
    expect(isDay('2026-13-01')).toBe(false);
    expect(isDay('2026-00-10')).toBe(false);
    expect(isDay('2026-01-00')).toBe(false);
    // Year 0 parses in JavaScript but is no day in the database.
    expect(isDay('0000-01-01')).toBe(false);
    expect(isDay('26-01-01')).toBe(false);
    expect(isDay('2026-1-01')).toBe(false);
  });

  it('counts days across months, years and the change of clocks', () => {
    expect(daysBetween('2026-03-31', '2026-04-01')).toBe(1);
    expect(daysBetween('2026-03-07', '2026-03-09')).toBe(2);
    expect(daysBetween('2025-12-31', '2026-01-01')).toBe(1);
    expect(daysBetween('2026-04-01', '2026-03-31')).toBe(-1);
    expect(addDays('2026-01-31', 30)).toBe('2026-03-02');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });

  it('refuses to count from something that is not a day', () => {
    expect(() => daysBetween('2026-02-30', '2026-03-01')).toThrow(RangeError);
    expect(() => addDays('2026-02-30', 1)).toThrow(RangeError);
  });

  it('gives the day an instant falls on in a time zone', () => {
    // 04:30 UTC on March 10, 2026: 00:30 in Toronto (EDT), still 21:30 on the 9th in Vancouver (PDT).
    const at = new Date('2026-03-10T04:30:00Z');
    expect(dayIn(at, 'America/Toronto')).toBe('2026-03-10');
    expect(dayIn(at, 'America/Vancouver')).toBe('2026-03-09');
    expect(todayIn('UTC')).toBe(new Date().toISOString().slice(0, 10));
  });
});

describe('a day field', () => {
  const field = dayField({ written: 'written so', noSuchDay: 'no such day' });
  const refused = (value: unknown) => {
    const parsed = field.safeParse(value);
    return parsed.success ? [] : parsed.error.issues.map((i) => i.message);
  };

  it('takes a day of the calendar, spaces around it trimmed', () => {
    expect(field.parse(' 2026-02-28 ')).toBe('2026-02-28');
  });

  it('says in one message what is wrong', () => {
    expect(refused('02/03/2026')).toEqual(['written so']);
    expect(refused(20260228)).toEqual(['written so']);
    expect(refused('2026-02-30')).toEqual(['no such day']);
    expect(refused('0000-01-01')).toEqual(['no such day']);
  });

  it('has messages of its own when none are given (the API catalogue words them)', () => {
    expect(dayField().safeParse('2026-02-30').error?.issues[0]?.message).toBe('api.noSuchDay');
    expect(dayField().safeParse('30/02/2026').error?.issues[0]?.message).toBe('api.dayWritten');
  });
});
