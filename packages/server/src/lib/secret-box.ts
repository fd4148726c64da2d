/**
 * Secrets the shop must use again, not just check (a webhook endpoint's signing secret: every delivery is
 * signed with it), kept encrypted at rest: AES-256-GCM under a key that is not in the database, so a copy of
 * the database (a backup, a dump) holds none of them in clear.
 *
 * The key is SECRETS_KEY (any text of 32 characters or more, the same on every server); without it, the
 * embedded database's shop keeps a random key in a file of its own beside DATA_DIR (`<DATA_DIR>.secrets-key`,
 * readable by its user alone), and a shop on PostgreSQL has none: it then refuses to store such a secret.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

const PREFIX = 'v1:';

export class SecretBox {
  private constructor(private readonly key: Buffer | null) {}

  /** The box of a configuration: SECRETS_KEY, else the embedded database's key file, else none. */
  static of(config: {
    SECRETS_KEY?: string | undefined;
    DATA_DIR: string;
    DATABASE_URL?: string | undefined;
  }) {
    if (config.SECRETS_KEY) return new SecretBox(createHash('sha256').update(config.SECRETS_KEY).digest());
    if (config.DATABASE_URL || config.DATA_DIR.includes('://')) return new SecretBox(null);
    const file = `${resolve(config.DATA_DIR)}.secrets-key`;
    if (!existsSync(file)) {
      mkdirSync(dirname(file), { recursive: true });
      // 'wx': made once; a second process starting at the same moment reads the first one's.
      try {
        writeFileSync(file, randomBytes(32).toString('base64'), { mode: 0o600, flag: 'wx' });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
    }
    return new SecretBox(createHash('sha256').update(readFileSync(file, 'utf8').trim()).digest());
  }

  /** Whether secrets can be stored: a key is there. */
  get ready(): boolean {
    return this.key !== null;
  }

  seal(secret: string): string {
    if (!this.key) throw new Error('no SECRETS_KEY: a secret cannot be stored');
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return `${PREFIX}${iv.toString('base64')}:${cipher.getAuthTag().toString('base64')}:${sealed.toString('base64')}`;
  }

  /** The secret in clear; one stored before secrets were sealed is given as it is. */
  open(stored: string): string {
    if (!stored.startsWith(PREFIX)) return stored;
    if (!this.key) throw new Error('no SECRETS_KEY: a stored secret cannot be read');
    const [iv, tag, sealed] = stored.slice(PREFIX.length).split(':');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv ?? '', 'base64'));
    decipher.setAuthTag(Buffer.from(tag ?? '', 'base64'));
    return Buffer.concat([decipher.update(Buffer.from(sealed ?? '', 'base64')), decipher.final()]).toString(
      'utf8',
    );
  }
}
