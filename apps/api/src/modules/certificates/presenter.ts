import {
  CERTIFICATE_EXPIRY_WARNING_DAYS,
  certificateTypeLabels,
  daysUntil,
  type Certificate,
  type CertificateIssuance,
  type CertificateStatus,
} from '@nuage/shared/certificate-types';
import { orderedNames, primaryName } from './domains';
import type { CertificateRow } from './policy';

/** Actif past its expiry reads Expiré at once, before the worker records it. */
export function effectiveStatus(row: CertificateRow, now = new Date()): CertificateStatus {
  if (row.status === 'Actif' && row.expiresAt && row.expiresAt.getTime() < now.getTime())
    return 'Expiré';
  return row.status;
}

/**
 * SPEC §3 "Certificate" fields, listed one by one so the sealed key (or any column added later)
 * can never leak: contenu_cle_privee is accepted, never answered.
 */
export function presentCertificate(
  row: CertificateRow,
  extra: { warnings?: string[]; now?: Date } = {},
): Certificate {
  const now = extra.now ?? new Date();
  const days = row.expiresAt ? daysUntil(row.expiresAt, now) : null;
  const issuance = (row.issuance ?? 'import') as CertificateIssuance;
  return {
    id: row.id,
    nom: row.nom,
    nom_domaine: primaryName(row.domain, row.wildcard),
    description: row.description,
    contenu_certificat: row.certificatePem,
    date_expiration: row.expiresAt?.toISOString() ?? null,
    date_creation: row.createdAt.toISOString(),
    date_mise_a_jour: row.updatedAt.toISOString(),
    type_certificat: certificateTypeLabels[row.type],
    statut: effectiveStatus(row, now),
    projet_id: row.projectId,
    domaines:
      row.subjectAltNames.length > 0 ? row.subjectAltNames : orderedNames(row.domain, row.wildcard),
    emetteur: row.issuer,
    wildcard: row.wildcard,
    staging: row.staging,
    email: row.acmeEmail,
    mode_emission: issuance,
    simulation: issuance === 'simulation',
    expire_dans_jours: days,
    expiration_proche: days !== null && days <= CERTIFICATE_EXPIRY_WARNING_DAYS,
    prochain_renouvellement:
      row.type === 'letsencrypt' ? (row.nextAttemptAt?.toISOString() ?? null) : null,
    derniere_erreur: row.lastError,
    cle_privee_presente: row.privateKeySealed !== null,
    ...(extra.warnings ? { avertissements: extra.warnings } : {}),
  };
}
