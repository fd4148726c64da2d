import { hash, verify } from '@node-rs/argon2';

// argon2id with the library's defaults (19 MiB, 2 passes), the OWASP baseline.
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  // A stored value that is no argon2 hash at all (an account closed by hand) never matches; a damaged
  // argon2 hash throws, and the error handler logs it rather than calling it a wrong password.
  if (!passwordHash.startsWith('$argon2')) return false;
  return verify(passwordHash, password);
}

/** A hash to verify against when the account does not exist, so timing does not tell. */
let dummy: Promise<string> | null = null;
export function dummyHash(): Promise<string> {
  dummy ??= hash('not-a-real-password-0');
  return dummy;
}
