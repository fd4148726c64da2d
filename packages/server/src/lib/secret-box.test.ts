import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SecretBox } from './secret-box';

const KEY = 'a-secrets-key-of-thirty-two-characters-or-more';

describe('SecretBox', () => {
  it('seals a secret so that it is not in the text kept, and opens it with the same key only', () => {
    const box = SecretBox.of({ SECRETS_KEY: KEY, DATA_DIR: '/unused' });
    const sealed = box.seal('whsec_abc123');
    expect(sealed).not.toContain('abc123');
    expect(box.seal('whsec_abc123')).not.toBe(sealed);
    expect(box.open(sealed)).toBe('whsec_abc123');
    const other = SecretBox.of({ SECRETS_KEY: `${KEY}-another`, DATA_DIR: '/unused' });
    expect(() => other.open(sealed)).toThrow();
  });

  it('keeps a key of its own beside the embedded database, the same at the next start', () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'shop-secrets-')), 'pglite');
    const first = SecretBox.of({ DATA_DIR: dir });
    const sealed = first.seal('whsec_kept');
    expect(SecretBox.of({ DATA_DIR: dir }).open(sealed)).toBe('whsec_kept');
    expect(statSync(`${dir}.secrets-key`).mode & 0o777).toBe(0o600);
  });

  it('has no key on PostgreSQL without SECRETS_KEY, and refuses to seal', () => {
    const box = SecretBox.of({ DATA_DIR: '.data/pglite', DATABASE_URL: 'postgres://db/shop' });
    expect(box.ready).toBe(false);
    expect(() => box.seal('whsec_x')).toThrow(/SECRETS_KEY/);
    // A secret stored before sealing is read as it is.
    expect(box.open('whsec_plain')).toBe('whsec_plain');
  });
});
