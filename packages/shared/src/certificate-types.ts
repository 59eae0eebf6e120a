import type { Certificate } from './schemas/responses/certificates';

/**
 * Certificates as the API answers them (SPEC §3 "Certificate"), shared by the server's
 * presenter and the Certificates screen. The private key is accepted, never answered.
 */

/** SPEC §9 type labels, by the type the server stores. */
export const certificateTypeLabels = {
  letsencrypt: "Let's Encrypt",
  custom: 'Personnalisé',
} as const;
export type CertificateKind = keyof typeof certificateTypeLabels;
export type CertificateTypeLabel = (typeof certificateTypeLabels)[CertificateKind];

/**
 * SPEC §4: Actif (green), Expiré (red), En cours de renouvellement (yellow, spinning) while an
 * order runs; Échec (grey, "other") when a first order failed and waits for a new attempt.
 */
export const certificateStatuses = [
  'Actif',
  'Expiré',
  'En cours de renouvellement',
  'Échec',
] as const;
export type CertificateStatus = (typeof certificateStatuses)[number];

/** SPEC §9: expiry is flagged at 30 days or fewer; automatic renewal starts at the same mark. */
export const CERTIFICATE_EXPIRY_WARNING_DAYS = 30;

/**
 * How the certificate was obtained: uploaded, ordered by the platform from an ACME authority,
 * by cert-manager in the cluster, signed by the local simulation authority, or ordered by ACME
 * by the docker runtime's edge proxy (the row then records what the proxy really serves).
 */
export type CertificateIssuance = Certificate['mode_emission'];

export type { Certificate, CertificateValidation } from './schemas/responses/certificates';

/** Days left before `expiresAt`, rounded down (so "10 days" means at least ten whole days). */
export function daysUntil(expiresAt: Date | string, now: Date = new Date()): number {
  const ms = new Date(expiresAt).getTime() - now.getTime();
  return Math.floor(ms / 86_400_000);
}
