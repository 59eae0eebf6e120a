import {
  domainOwnershipTexts as t,
  verificationRecordName,
  verificationRecordValue,
  type DnsHelp,
  type DomainOwnership,
} from '@nuage/shared/dns-help';
import type { deployments } from '../../db/schema/deployments';
import { claimExpiresAt } from './claim-schedule';

type DeploymentRow = typeof deployments.$inferSelect;

/**
 * The proof of control of a custom domain as stored, read only: verified (and how), or pending
 * with the TXT record to publish, until when the claim waits, and what the last check found
 * (the explicit « Vérifier le DNS » or the platform's background check: verify-claim.ts).
 * `message` replaces the stored finding with what a check just found (its answer).
 */
export function presentOwnership(
  row: DeploymentRow & { domain: string },
  verification: DnsHelp['verification'] | null,
  message?: string,
): DomainOwnership {
  const enregistrement = {
    type: 'TXT' as const,
    nom: verificationRecordName(row.domain),
    valeur: verificationRecordValue(row.domainToken),
  };
  if (row.domainVerifiedAt) {
    const proof = row.domainProof ?? 'existing';
    return {
      statut: 'verifie',
      preuve: proof,
      verifie_le: row.domainVerifiedAt.toISOString(),
      expire_le: null,
      derniere_verification: null,
      enregistrement,
      message: message ?? t.verifiedBy[proof](row.domain),
    };
  }
  const found =
    row.domainCheckResult === 'txt_wrong'
      ? t.txtWrong(enregistrement.nom)
      : row.domainCheckResult === 'txt_missing'
        ? t.txtMissing(enregistrement.nom)
        : t.notCheckedYet;
  // An A record to the platform's address reaches it, and proves nothing: said beside it.
  const shared = verification?.statut === 'correct' ? ` ${t.sharedAddress}` : '';
  return {
    statut: 'en_attente',
    preuve: null,
    verifie_le: null,
    expire_le: claimExpiresAt(row.domainClaimedAt ?? row.createdAt).toISOString(),
    derniere_verification: row.domainCheckedAt?.toISOString() ?? null,
    enregistrement,
    message: `${message ?? found}${shared}`,
  };
}
