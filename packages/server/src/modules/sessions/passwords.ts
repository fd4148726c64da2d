import { hash, verify } from '@node-rs/argon2';
import type { FastifyBaseLogger } from 'fastify';

// argon2id with the library's defaults (19 MiB, 2 passes), the OWASP baseline.
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

/**
 * False for a wrong password. A stored hash that cannot be read (damaged, or set by hand) also refuses the
 * sign-in, and is logged: the person cannot sign in until someone sets a new password.
 */
export async function verifyPassword(
  passwordHash: string,
  password: string,
  log: Pick<FastifyBaseLogger, 'error'>,
  who: string,
): Promise<boolean> {
  // A stored value that is no argon2 hash at all (an account closed by hand) never matches.
  if (!passwordHash.startsWith('$argon2')) return false;
  try {
    return await verify(passwordHash, password);
  } catch (error) {
    log.error({ err: error, contactPersonId: who }, 'stored password hash could not be checked');
    return false;
  }
}

/** A hash to verify against when the account does not exist, so timing does not tell. */
let dummy: Promise<string> | null = null;
export function dummyHash(): Promise<string> {
  dummy ??= hash('not-a-real-password-0');
  return dummy;
}
