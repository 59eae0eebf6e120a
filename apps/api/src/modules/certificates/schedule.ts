import { CERTIFICATE_EXPIRY_WARNING_DAYS } from '@nuage/shared/certificate-types';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * When the worker renews on its own: 30 days before expiry (SPEC §9's mark), or with a third
 * of the lifetime left for short-lived certificates, so a 6-day certificate is not renewed
 * forever in a loop.
 */
export function renewalAt(notBefore: Date, expiresAt: Date): Date {
  const lifetime = expiresAt.getTime() - notBefore.getTime();
  const margin = Math.min(CERTIFICATE_EXPIRY_WARNING_DAYS * DAY, lifetime / 3);
  return new Date(expiresAt.getTime() - margin);
}

/**
 * Between failed attempts: soon at first (a DNS record just fixed), then spaced out, because
 * authorities rate-limit failed validations (Let's Encrypt: 5 per hour per name and account).
 */
const RETRY_DELAYS_MS = [MINUTE, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 6 * HOUR, 12 * HOUR];

export function retryDelayMs(attempts: number): number {
  return RETRY_DELAYS_MS[Math.min(Math.max(attempts, 1), RETRY_DELAYS_MS.length) - 1]!;
}

/** A first order failing transiently this many times in a row is given up (statut Échec). */
export const MAX_FIRST_ORDER_ATTEMPTS = 5;

/** How long cert-manager may take before the platform calls the order failed. */
export const FOLLOW_TIMEOUT_MS = HOUR;
