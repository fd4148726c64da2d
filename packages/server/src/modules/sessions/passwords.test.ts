/** The cost of password hashes: the OWASP baseline unless configured, the tests' lower cost only when set. */
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { testConfig } from '../../test/config';
import { DEFAULT_PASSWORD_COST, hashPassword, setPasswordCost, verifyPassword } from './passwords';

const log = { error: () => {} };

afterEach(() => setPasswordCost(loadConfig({} as NodeJS.ProcessEnv)));

describe('password hashes', () => {
  it('cost 19 MiB and 2 passes of argon2id unless configured', async () => {
    const config = loadConfig({} as NodeJS.ProcessEnv);
    expect(config.PASSWORD_HASH_MEMORY_KIB).toBe(19_456);
    expect(config.PASSWORD_HASH_PASSES).toBe(2);
    expect(DEFAULT_PASSWORD_COST).toEqual({ memoryKib: 19_456, passes: 2 });
    setPasswordCost(config);
    const hash = await hashPassword('Secret@2024');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(hash, 'Secret@2024', log, 'P1')).toBe(true);
    expect(await verifyPassword(hash, 'Secret@2025', log, 'P1')).toBe(false);
  });

  it('cost what the configuration says, and a hash made at another cost is still checked at its own', async () => {
    const config = loadConfig({
      PASSWORD_HASH_MEMORY_KIB: '1024',
      PASSWORD_HASH_PASSES: '3',
    } as NodeJS.ProcessEnv);
    setPasswordCost(loadConfig({} as NodeJS.ProcessEnv));
    const before = await hashPassword('Secret@2024');
    setPasswordCost(config);
    const after = await hashPassword('Secret@2024');
    expect(after).toMatch(/^\$argon2id\$v=19\$m=1024,t=3,p=1\$/);
    expect(await verifyPassword(before, 'Secret@2024', log, 'P1')).toBe(true);
    expect(await verifyPassword(after, 'Secret@2024', log, 'P1')).toBe(true);
  });

  it("the tests' apps hash at a lower cost", async () => {
    setPasswordCost(testConfig());
    expect(await hashPassword('Secret@2024')).toMatch(/^\$argon2id\$v=19\$m=64,t=1,p=1\$/);
  });

  it('a cost below what argon2 takes is refused at start-up, naming the variable', () => {
    expect(() => loadConfig({ PASSWORD_HASH_MEMORY_KIB: '4' } as NodeJS.ProcessEnv)).toThrow(
      /^Invalid configuration:\n {2}PASSWORD_HASH_MEMORY_KIB: /,
    );
    expect(() => loadConfig({ PASSWORD_HASH_PASSES: '0' } as NodeJS.ProcessEnv)).toThrow(
      /^Invalid configuration:\n {2}PASSWORD_HASH_PASSES: /,
    );
  });
});
