import { PRODUCT_NAME } from '@nuage/shared/product';
import { Secret, TOTP } from 'otpauth';
import { randomInt } from 'node:crypto';
import { decryptSecret, encryptSecret } from '../../lib/crypto';

const PERIOD_S = 30;

function totpFor(base32: string, label = '') {
  return new TOTP({
    issuer: PRODUCT_NAME,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_S,
    secret: Secret.fromBase32(base32),
  });
}

/** A fresh 160-bit secret, sealed for storage, with what the enrolment screen shows. */
export function newTotpSecret(key: Buffer, email: string) {
  const secret = new Secret({ size: 20 });
  return {
    sealed: encryptSecret(key, secret.base32),
    base32: secret.base32,
    url: totpFor(secret.base32, email).toString(),
  };
}

/**
 * The 30-second step a code belongs to (the current one, or one either side for clock drift),
 * or null when the code is wrong. Callers refuse a step already used, so a code works once.
 */
export function totpStep(
  key: Buffer,
  sealed: string,
  code: string,
  now = Date.now(),
): number | null {
  const token = code.replace(/\s/g, '');
  if (!/^\d{6}$/.test(token)) return null;
  const delta = totpFor(decryptSecret(key, sealed)).validate({ token, timestamp: now, window: 1 });
  return delta === null ? null : Math.floor(now / 1000 / PERIOD_S) + delta;
}

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Recovery codes as shown (xxxx-xxxx); `normalizeRecoveryCode` is what gets hashed. */
export function newRecoveryCodes(count: number): string[] {
  return Array.from({ length: count }, () => {
    let raw = '';
    for (let i = 0; i < 8; i++) raw += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
    return `${raw.slice(0, 4)}-${raw.slice(4)}`;
  });
}

export function normalizeRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, '');
}

export function looksLikeRecoveryCode(code: string): boolean {
  return (
    /^[a-z0-9]{8}$/.test(normalizeRecoveryCode(code)) && !/^\d+$/.test(code.replace(/[\s-]/g, ''))
  );
}
