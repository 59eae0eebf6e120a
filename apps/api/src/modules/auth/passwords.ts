import { hash, verify, type Options } from '@node-rs/argon2';

// Argon2id with OWASP's minimum profile (19 MiB, 2 passes). `Algorithm` is a const enum
// that isolated modules cannot import, hence the literal.
const ARGON2ID = 2;
const PASSWORD_HASHING: Readonly<Options> = {
  algorithm: ARGON2ID,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
};
let options: Options = { ...PASSWORD_HASHING };

/**
 * Test runs only (the API's vitest setup file, never the server): thousands of sign-ups at
 * 19 MiB each cost minutes of CPU. Still Argon2id; a hash records its own cost, so verifying
 * is unaffected.
 */
export function lowerPasswordHashingCostForTests(cost: Pick<Options, 'memoryCost' | 'timeCost'>) {
  options = { ...PASSWORD_HASHING, ...cost };
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
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
 * the account exists.
 */
let dummyHash: Promise<string> | undefined;
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('compte-inexistant-pour-egaliser-le-temps');
  await verifyPassword(await dummyHash, password);
  return false;
}
