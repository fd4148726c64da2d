/**
 * The one schema of a day a request (or an answer) may carry, apart from core/days.ts so that the pages'
 * first download, which needs the calendar, does not carry Zod.
 */
import { z } from 'zod';
import { DAY_PATTERN, isDay } from './days';

/** What a day field says when refused: not written YYYY-MM-DD, or written so but no day (2026-02-30). */
export interface DayMessages {
  written: string;
  noSuchDay: string;
}

const DAY_MESSAGES: DayMessages = { written: 'api.dayWritten', noSuchDay: 'api.noSuchDay' };

/**
 * A day a request (or an answer) carries: written YYYY-MM-DD and a day of the calendar, spaces around it
 * trimmed. Each form says it in its own words (`messages`); one message at most is given for a value.
 */
export function dayField(messages: DayMessages = DAY_MESSAGES) {
  return z
    .string({ error: messages.written })
    .trim()
    .regex(DAY_PATTERN, { message: messages.written })
    .refine((v) => !DAY_PATTERN.test(v) || isDay(v), { message: messages.noSuchDay });
}
