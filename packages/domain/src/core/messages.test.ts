import { describe, expect, it } from 'vitest';
import { english } from './english';
import { MSG, tooManyCodeAttempts, tooManySignInAttempts, waitText } from './messages';

describe('waitText', () => {
  it.each([
    [1, 'a minute'],
    [60_000, 'a minute'],
    [60_001, '2 minutes'],
    [15 * 60_000, '15 minutes'],
    [119 * 60_000, '119 minutes'],
    [120 * 60_000, '2 hours'],
    [86_400_000, '24 hours'],
  ])('%d ms reads "%s"', (ms, text) => {
    expect(english(waitText(ms))).toBe(text);
  });
});

describe('lock messages', () => {
  it("read as the spec's sign-in message for a one-minute wait, with the real wait otherwise", () => {
    expect(english(tooManySignInAttempts(45_000))).toBe(english(MSG.tooManyAttempts));
    expect(english(tooManySignInAttempts(4 * 60_000))).toBe(
      'Too many sign-in attempts, please wait 4 minutes and try again.',
    );
    expect(english(tooManyCodeAttempts(86_400_000))).toBe(
      'Too many verification code attempts, please wait 24 hours and try again.',
    );
  });
});
