/**
 * Certificates as the API answers them (SPEC §3 "Certificate"). The private key is accepted,
 * never answered.
 */
import { z } from 'zod/mini';
import { certificateStatuses, certificateTypeLabels } from '../../certificate-types';

export const certificateIssuanceValues = [
  'import',
  'acme',
  'cert-manager',
  'simulation',
  'proxy',
] as const;

export const certificateResponseSchema = z.object({
  id: z.string(),
  nom: z.string(),
  nom_domaine: z.string(),
  description: z.nullable(z.string()),
  /** Leaf followed by its chain, PEM; null while a first order runs. */
  contenu_certificat: z.nullable(z.string()),
  date_expiration: z.nullable(z.string()),
  date_creation: z.string(),
  date_mise_a_jour: z.string(),
  type_certificat: z.enum(Object.values(certificateTypeLabels)),
  statut: z.enum(certificateStatuses),
  projet_id: z.string(),
  /** DNS names the certificate covers (or will cover, while ordered). */
  domaines: z.array(z.string()),
  emetteur: z.nullable(z.string()),
  wildcard: z.boolean(),
  /** Let's Encrypt test mode (staging authority). */
  staging: z.boolean(),
  email: z.nullable(z.string()),
  mode_emission: z.enum(certificateIssuanceValues),
  /** True when signed by the local simulation authority (nothing real was ordered). */
  simulation: z.boolean(),
  /** Whole days left (negative once expired); null without a certificate yet. */
  expire_dans_jours: z.nullable(z.number()),
  /** SPEC §9 red flag: 30 days or fewer left. */
  expiration_proche: z.boolean(),
  /** Let's Encrypt: when the platform next renews it on its own. */
  prochain_renouvellement: z.nullable(z.string()),
  /** The last ordering or renewal failure, in French. */
  derniere_erreur: z.nullable(z.string()),
  cle_privee_presente: z.boolean(),
  /** Create and edit only: what was accepted but deserves attention (e.g. a typed date that disagreed). */
  avertissements: z.optional(z.array(z.string())),
});
export type Certificate = z.infer<typeof certificateResponseSchema>;
export const certificateListSchema = z.array(certificateResponseSchema);

/** SPEC §3 "Validation result". */
export const certificateValidationSchema = z.object({
  valid: z.boolean(),
  domain_matches: z.boolean(),
  not_expired: z.boolean(),
  expires_in_days: z.nullable(z.number()),
  issues: z.array(z.string()),
});
export type CertificateValidation = z.infer<typeof certificateValidationSchema>;
