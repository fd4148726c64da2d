/**
 * Requests to the company API without a valid key are counted per client address (in the database, so in
 * every process): past LOGIN_RATE_LIMIT a minute they are answered 429 instead of 401, so keys cannot be
 * tried by the thousand. A valid key from the same address, and wrong keys from another, go on.
 */
import { API_MSG } from '@shop/domain/company-api/schemas';
import { describe, expect, it } from 'vitest';
import { translators } from '../../i18n/lang';
import { call } from '../../test/admin';
import { en } from '../../test/english';
import { DEMO, signIn, useTestApp } from '../../test/harness';

const LIMIT = 5;
const ctx = useTestApp({ LOGIN_RATE_LIMIT: LIMIT });

const wrongKey = `ak_live_abcd1234_${'x'.repeat(43)}`;

function priceList(secret: string, remoteAddress: string, lang?: string) {
  return ctx.app.inject({
    method: 'GET',
    url: '/api/v1/price-list?page_size=1',
    remoteAddress,
    headers: { authorization: `Bearer ${secret}`, ...(lang ? { 'accept-language': lang } : {}) },
  });
}

describe('wrong API keys from one address', () => {
  it(`are refused 401 up to ${LIMIT} a minute, then 429 with a message; a valid key and other addresses go on`, async () => {
    const cookie = await signIn(ctx.app, DEMO.C10001.username, DEMO.C10001.password);
    const made = await call(ctx.app, 'POST', '/api/user/api-keys', cookie, {
      name: 'Wrong keys test',
      scopes: ['prices:read'],
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const secret = made.body.secret as string;

    const guesser = '10.77.0.1';
    for (let i = 0; i < LIMIT; i++) {
      const refused = await priceList(wrongKey, guesser);
      expect(refused.statusCode).toBe(401);
      expect(refused.json().smessage).toBe(en(API_MSG.unknownKey));
    }
    const limited = await priceList(wrongKey, guesser);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().smessage).toMatch(
      /^Too many requests without a valid API key from this address: at most 5 a minute\. Check the key, then try again in \d+ seconds\.$/,
    );
    const enFrancais = await priceList(wrongKey, guesser, 'fr');
    expect(enFrancais.statusCode).toBe(429);
    expect(enFrancais.json().smessage).toMatch(
      /^Trop de demandes sans clé d'API valide depuis cette adresse/,
    );
    expect(translators.fr.say(API_MSG.wrongKeysLimited(5, 30))).toContain('réessayez dans 30 secondes');

    // The valid key from the same address is not held back by the wrong ones.
    const valid = await priceList(secret, guesser);
    expect(valid.statusCode, valid.body).toBe(200);
    // Another address still gets the plain refusal.
    expect((await priceList(wrongKey, '10.77.0.2')).statusCode).toBe(401);
  });
});
