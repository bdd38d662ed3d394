import { Algorithm, hash, verify } from '@node-rs/argon2';
import { invalid } from './errors.js';

/**
 * Passwords (docs/access.md#passwords): argon2id with OWASP's recommended cost (19 MiB, 2 passes),
 * as a PHC string that carries its own parameters, so a later change of cost still verifies old hashes.
 */
const OPTIONS = { algorithm: Algorithm.Argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const PASSWORD_MIN_CHARS = 10;
/** Longer passwords are refused before hashing: a megabyte to hash is work for nobody's benefit. */
export const PASSWORD_MAX_CHARS = 256;

/** 400 for a password too short or too long (in characters, as people count them). */
export function checkPassword(password: string, param = 'password'): void {
  const length = [...password].length;
  if (length < PASSWORD_MIN_CHARS) throw invalid(param, `must have at least ${PASSWORD_MIN_CHARS} characters`);
  if (length > PASSWORD_MAX_CHARS) throw invalid(param, `must have at most ${PASSWORD_MAX_CHARS} characters`);
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/** A hash of no password: verified against when there is no user, so that an unknown e-mail takes as long as a wrong password. */
let decoy: Promise<string> | undefined;

/** Whether the password is the one of the hash; with no hash, spends the same time and answers false. */
export async function verifyPassword(hashed: string | null, password: string): Promise<boolean> {
  if (hashed === null) {
    decoy ??= hashPassword('decoy password, never a real one');
    await verify(await decoy, password).catch(() => false);
    return false;
  }
  try {
    return await verify(hashed, password);
  } catch {
    return false;
  }
}
