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
export type CertificateIssuance = 'import' | 'acme' | 'cert-manager' | 'simulation' | 'proxy';

export interface Certificate {
  id: string;
  nom: string;
  nom_domaine: string;
  description: string | null;
  /** Leaf followed by its chain, PEM; null while a first order runs. */
  contenu_certificat: string | null;
  date_expiration: string | null;
  date_creation: string;
  date_mise_a_jour: string;
  type_certificat: CertificateTypeLabel;
  statut: CertificateStatus;
  projet_id: string;
  /** DNS names the certificate covers (or will cover, while ordered). */
  domaines: string[];
  emetteur: string | null;
  wildcard: boolean;
  /** Let's Encrypt test mode (staging authority). */
  staging: boolean;
  email: string | null;
  mode_emission: CertificateIssuance;
  /** True when signed by the local simulation authority (nothing real was ordered). */
  simulation: boolean;
  /** Whole days left (negative once expired); null without a certificate yet. */
  expire_dans_jours: number | null;
  /** SPEC §9 red flag: 30 days or fewer left. */
  expiration_proche: boolean;
  /** Let's Encrypt: when the platform next renews it on its own. */
  prochain_renouvellement: string | null;
  /** The last ordering or renewal failure, in French. */
  derniere_erreur: string | null;
  cle_privee_presente: boolean;
  /** Create and edit only: what was accepted but deserves attention (e.g. a typed date that disagreed). */
  avertissements?: string[];
}

/** SPEC §3 "Validation result". */
export interface CertificateValidation {
  valid: boolean;
  domain_matches: boolean;
  not_expired: boolean;
  expires_in_days: number | null;
  issues: string[];
}

/** Days left before `expiresAt`, rounded down (so "10 days" means at least ten whole days). */
export function daysUntil(expiresAt: Date | string, now: Date = new Date()): number {
  const ms = new Date(expiresAt).getTime() - now.getTime();
  return Math.floor(ms / 86_400_000);
}
