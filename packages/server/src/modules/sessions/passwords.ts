import { hash, verify } from '@node-rs/argon2';
import type { FastifyBaseLogger } from 'fastify';

/** What an argon2id hash costs to make and to check: memory in KiB and passes over it. */
export interface PasswordCost {
  memoryKib: number;
  passes: number;
}

/** The OWASP baseline for argon2id (19 MiB, 2 passes), the library's defaults. */
export const DEFAULT_PASSWORD_COST: PasswordCost = { memoryKib: 19_456, passes: 2 };

let cost = DEFAULT_PASSWORD_COST;

/**
 * The cost of the hashes this process makes from now on (PASSWORD_HASH_MEMORY_KIB, PASSWORD_HASH_PASSES;
 * the test runs lower it). A stored hash is checked at the cost written in it, whatever this says.
 */
export function setPasswordCost(config: { PASSWORD_HASH_MEMORY_KIB: number; PASSWORD_HASH_PASSES: number }) {
  cost = { memoryKib: config.PASSWORD_HASH_MEMORY_KIB, passes: config.PASSWORD_HASH_PASSES };
}

export function hashPassword(password: string): Promise<string> {
  // argon2id, the library's algorithm unless told (the tests check the hashes say so).
  return hash(password, { memoryCost: cost.memoryKib, timeCost: cost.passes });
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

/** A hash to verify against when the account does not exist, so timing does not tell; made at the current cost. */
const dummies = new Map<string, Promise<string>>();
export function dummyHash(): Promise<string> {
  const key = `${cost.memoryKib}/${cost.passes}`;
  let dummy = dummies.get(key);
  if (!dummy) {
    dummy = hashPassword('not-a-real-password-0');
    dummies.set(key, dummy);
  }
  return dummy;
}
