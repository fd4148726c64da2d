/** The configuration of the API tests' apps (no vitest here: the global setup uses it too). */
import { type Config, loadConfig } from '../config';

export function testConfig(overrides: Partial<Config> = {}): Config {
  return loadConfig({ LOG_LEVEL: 'silent' } as NodeJS.ProcessEnv, {
    SEED_DEMO: false,
    LOGIN_RATE_LIMIT: 1000,
    CATALOG_POLL_MS: 60_000,
    WEB_DIST: '/nonexistent',
    CHECK_ANSWERS: true,
    // Password hashes at a test's cost (about 1 ms instead of 20): the sign-ins stay real argon2id checks.
    PASSWORD_HASH_MEMORY_KIB: 64,
    PASSWORD_HASH_PASSES: 1,
    // Webhooks' signing secrets are sealed with it (lib/secret-box.ts).
    SECRETS_KEY: 'test-secrets-key-of-the-api-tests-0123456789',
    ...overrides,
  });
}
