import { describe, expect, it } from 'vitest';
import { loadConfig, startLine, trustProxyOption } from './config';

const PG = 'postgres://shop@db.internal:5432/shop';

function load(env: Record<string, string>) {
  return loadConfig(env as NodeJS.ProcessEnv);
}

/** The start-up message for a bad environment. */
function problem(env: Record<string, string>): string {
  try {
    load(env);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error(`no problem found with ${JSON.stringify(env)}`);
}

describe('SEED_DEMO', () => {
  it('seeds the embedded database by default, never PostgreSQL unless asked', () => {
    expect(load({}).SEED_DEMO).toBe(true);
    expect(load({ DATABASE_URL: PG }).SEED_DEMO).toBe(false);
    expect(load({ DATABASE_URL: PG, SEED_DEMO: 'true' }).SEED_DEMO).toBe(true);
    expect(load({ DATABASE_URL: PG, SEED_DEMO: '1' }).SEED_DEMO).toBe(true);
    expect(load({ SEED_DEMO: 'false' }).SEED_DEMO).toBe(false);
  });

  it('refuses another value, naming the variable', () => {
    expect(problem({ SEED_DEMO: 'yes' })).toMatch(/^Invalid configuration:\n {2}SEED_DEMO: /);
  });
});

describe('TRUST_PROXY', () => {
  it('believes no proxy by default', () => {
    expect(load({}).TRUST_PROXY).toBe(false);
    expect(load({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(load({ TRUST_PROXY: '0' }).TRUST_PROXY).toBe(false);
  });

  it('takes a hop count: the last N addresses of X-Forwarded-For are believed', () => {
    const config = load({ TRUST_PROXY: '2' });
    expect(config.TRUST_PROXY).toBe(2);
    const trust = trustProxyOption(config.TRUST_PROXY) as (address: string, hop: number) => boolean;
    expect([0, 1, 2].map((hop) => trust('203.0.113.9', hop))).toEqual([true, true, false]);
  });

  it('takes addresses, CIDR blocks and the named ranges', () => {
    expect(load({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1,fd00::/8,loopback' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
    expect(load({ TRUST_PROXY: '10.0.0.0/255.0.0.0' }).TRUST_PROXY).toEqual(['10.0.0.0/255.0.0.0']);
  });

  it('refuses true, which would believe any client', () => {
    const message = problem({ TRUST_PROXY: 'true' });
    expect(message).toContain('TRUST_PROXY: true would believe an X-Forwarded-For header written by anyone');
    expect(message).toContain('give the number of proxies in front of the server (e.g. 1)');
  });

  it('refuses what is no address, naming the entry', () => {
    expect(problem({ TRUST_PROXY: '10.0.0.1,proxy.internal' })).toContain(
      'TRUST_PROXY: "proxy.internal" is not an address or CIDR block',
    );
    expect(problem({ TRUST_PROXY: '10.0.0.0/33' })).toContain('TRUST_PROXY: "10.0.0.0/33" is not an address');
  });
});

describe('SMTP_URL', () => {
  it('takes smtp:// and smtps:// URLs; unset keeps mail in the outbox', () => {
    expect(load({ SMTP_URL: 'smtp://user:pa%40ss@mail.example.com:587' }).SMTP_URL).toBe(
      'smtp://user:pa%40ss@mail.example.com:587',
    );
    expect(load({ SMTP_URL: 'smtps://mail.example.com' }).SMTP_URL).toBe('smtps://mail.example.com');
    expect(load({}).SMTP_URL).toBeUndefined();
    expect(load({ SMTP_URL: '' }).SMTP_URL).toBeUndefined();
  });

  it('refuses anything else without repeating the value (it may hold a password)', () => {
    for (const bad of ['mail.example.com:587', 'http://user:secret@mail.example.com', 'smtp://']) {
      const message = problem({ SMTP_URL: bad });
      expect(message).toContain('SMTP_URL: must be an smtp:// or smtps:// URL');
      expect(message).not.toContain('secret');
    }
  });
});

describe('COOKIE_SECURE', () => {
  it('is off unless set, and refuses another value', () => {
    expect(load({}).COOKIE_SECURE).toBe(false);
    expect(load({ COOKIE_SECURE: 'true' }).COOKIE_SECURE).toBe(true);
    expect(problem({ COOKIE_SECURE: 'on' })).toMatch(/\n {2}COOKIE_SECURE: /);
  });
});

describe('WEB_CONCURRENCY', () => {
  it('starts one process by default and several on PostgreSQL', () => {
    expect(load({}).WEB_CONCURRENCY).toBe(1);
    expect(load({ DATABASE_URL: PG, WEB_CONCURRENCY: '4' }).WEB_CONCURRENCY).toBe(4);
  });

  it('refuses several processes on the embedded database', () => {
    expect(problem({ WEB_CONCURRENCY: '2' })).toContain(
      'WEB_CONCURRENCY: more than one process needs DATABASE_URL: the embedded database belongs to a single process',
    );
  });

  it('refuses what is no count', () => {
    expect(problem({ DATABASE_URL: PG, WEB_CONCURRENCY: 'auto' })).toMatch(/\n {2}WEB_CONCURRENCY: /);
    expect(problem({ DATABASE_URL: PG, WEB_CONCURRENCY: '0' })).toMatch(/\n {2}WEB_CONCURRENCY: /);
  });
});

describe('other operations settings', () => {
  it('looks for catalog changes every second and for due reminders every 5 minutes unless told otherwise', () => {
    // The API tests set these through testConfig(); production keeps the defaults.
    const config = load({});
    expect(config.CATALOG_POLL_MS).toBe(1000);
    expect(config.REMINDER_POLL_MS).toBe(300_000);
  });

  it('has defaults and names a bad value', () => {
    const config = load({});
    expect(config.DATABASE_POOL_SIZE).toBe(10);
    expect(config.SHUTDOWN_TIMEOUT_MS).toBe(10_000);
    expect(problem({ DATABASE_POOL_SIZE: '0' })).toMatch(/\n {2}DATABASE_POOL_SIZE: /);
    expect(problem({ SHUTDOWN_TIMEOUT_MS: 'soon' })).toMatch(/\n {2}SHUTDOWN_TIMEOUT_MS: /);
    expect(config.MAIL_CONNECTIONS).toBe(3);
    expect(load({ MAIL_CONNECTIONS: '8' }).MAIL_CONNECTIONS).toBe(8);
    expect(problem({ MAIL_CONNECTIONS: '0' })).toMatch(/\n {2}MAIL_CONNECTIONS: /);
    expect(problem({ MAIL_CONNECTIONS: 'many' })).toMatch(/\n {2}MAIL_CONNECTIONS: /);
  });

  it('lists every bad value at once', () => {
    const message = problem({ TRUST_PROXY: 'true', SMTP_URL: 'nope', CATALOG_POLL_MS: '5' });
    expect(
      message
        .split('\n')
        .slice(1)
        .map((line) => line.trim().split(':')[0]),
    ).toEqual(expect.arrayContaining(['TRUST_PROXY', 'SMTP_URL', 'CATALOG_POLL_MS']));
  });
});

describe('PUBLIC_URL', () => {
  it('follows PORT when unset, so mail links lead to the shop', () => {
    expect(load({}).PUBLIC_URL).toBe('http://localhost:3000');
    expect(load({ PORT: '8080' }).PUBLIC_URL).toBe('http://localhost:8080');
  });

  it('is taken as set, without a trailing slash, whatever PORT is', () => {
    expect(load({ PORT: '8080', PUBLIC_URL: 'https://shop.example.com/' }).PUBLIC_URL).toBe(
      'https://shop.example.com',
    );
    expect(problem({ PUBLIC_URL: 'shop.example.com' })).toMatch(/\n {2}PUBLIC_URL: /);
  });
});

describe('HOST', () => {
  it('listens on every interface for `npm run serve`, on this machine only for the demo of `npm start`', () => {
    expect(load({}).HOST).toBe('0.0.0.0');
    expect(loadConfig({} as NodeJS.ProcessEnv, {}, { local: true }).HOST).toBe('127.0.0.1');
  });

  it('follows HOST when set, however the shop was started', () => {
    expect(loadConfig({ HOST: '0.0.0.0' } as NodeJS.ProcessEnv, {}, { local: true }).HOST).toBe('0.0.0.0');
    expect(load({ HOST: '10.1.2.3' }).HOST).toBe('10.1.2.3');
  });

  it('says in the start line where to open the shop and who can reach it', () => {
    const demo = loadConfig({ PORT: '3100' } as NodeJS.ProcessEnv, {}, { local: true });
    expect(startLine(demo)).toBe(
      'the shop is at http://localhost:3100/acer (listening on 127.0.0.1:3100: this machine only; set HOST=0.0.0.0 to open it to others)',
    );
    const served = load({ PUBLIC_URL: 'https://shop.example.com' });
    expect(startLine(served, 4)).toBe(
      'the shop is at https://shop.example.com/acer (4 processes, listening on 0.0.0.0:3000)',
    );
  });
});

describe('SHOP_TIME_ZONE', () => {
  it("is the seller's, America/Toronto, unless set; a set zone is kept as the runtime names it", () => {
    expect(load({}).SHOP_TIME_ZONE).toBe('America/Toronto');
    expect(load({ SHOP_TIME_ZONE: '' }).SHOP_TIME_ZONE).toBe('America/Toronto');
    expect(load({ SHOP_TIME_ZONE: 'America/Vancouver' }).SHOP_TIME_ZONE).toBe('America/Vancouver');
    expect(load({ SHOP_TIME_ZONE: ' america/halifax ' }).SHOP_TIME_ZONE).toBe('America/Halifax');
  });

  it('refuses what is no time zone, naming the variable and the value', () => {
    expect(problem({ SHOP_TIME_ZONE: 'America/Torono' })).toMatch(
      /\n {2}SHOP_TIME_ZONE: "America\/Torono" is not a time zone; give an IANA name such as America\/Toronto/,
    );
    // An offset is read the other way round by PostgreSQL (+05:00 is five hours west of UTC there).
    expect(problem({ SHOP_TIME_ZONE: '+05:00' })).toMatch(
      /\n {2}SHOP_TIME_ZONE: "\+05:00" is not a time zone/,
    );
  });
});
