import { hash, verify, type Options } from '@node-rs/argon2';
import type { PasswordHashProfile } from '../../config';

// Argon2id (`Algorithm` is a const enum that isolated modules cannot import, hence the literal).
const ARGON2ID = 2;

/**
 * The cost of new hashes, by PASSWORD_HASH_PROFILE: a server hashes at OWASP's minimum profile
 * (19 MiB, 2 passes); `test` (test runs only) at a low cost, still Argon2id. A hash records its
 * own cost, so verifying is the same whatever the profile.
 */
const hashing: Record<PasswordHashProfile, Readonly<Options>> = {
  server: { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 },
  test: { algorithm: ARGON2ID, memoryCost: 256, timeCost: 1, parallelism: 1 },
};

export function hashPassword(password: string, profile: PasswordHashProfile): Promise<string> {
  return hash(password, hashing[profile]);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/**
 * Checked when the e-mail has no account, so a login takes the same time whether or not
 * the account exists (a hash at the cost real accounts' hashes have).
 */
const dummyHashes = new Map<PasswordHashProfile, Promise<string>>();
export async function verifyAgainstDummy(
  password: string,
  profile: PasswordHashProfile,
): Promise<false> {
  let dummy = dummyHashes.get(profile);
  if (!dummy) {
    dummy = hashPassword('compte-inexistant-pour-egaliser-le-temps', profile);
    dummyHashes.set(profile, dummy);
  }
  await verifyPassword(await dummy, password);
  return false;
}
