import {
  CERTIFICATE_EXPIRY_WARNING_DAYS,
  daysUntil,
  type CertificateValidation,
} from '@nuage/shared/certificate-types';
import { certificateMessages as m } from '@nuage/shared/schemas/certificates';
import type { KeyObject, X509Certificate } from 'node:crypto';
import { namesCover } from './domains';
import {
  commonNameOf,
  dnsNamesOf,
  isSelfSigned,
  issuedBy,
  keyMatches,
  notAfterOf,
  notBeforeOf,
  parseCertificateChain,
  PemError,
} from './pem';
import type { TrustStore } from './trust';

const frenchDate = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeZone: 'UTC' });
export const formatFrenchDate = (d: Date) => frenchDate.format(d);

export interface InspectInput {
  /** Leaf then chain, PEM (as stored); null when no certificate was issued yet. */
  certificatePem: string | null;
  /** The stored key, or null when none is stored (a first order still running). */
  key: KeyObject | null;
  /** The names the certificate must cover (the certificate's own domain, or one asked for). */
  names: string[];
  trust: TrustStore;
  /** Signed by the local simulation authority: said so instead of "unknown root". */
  simulation: boolean;
  now?: Date;
}

/**
 * SPEC §3 "Validation result". `valid` means the platform can serve it for these names now:
 * readable, key matching, within its validity period, covering the names, chain consistent.
 * Trust (self-signed, incomplete chain, unknown root) and an expiry within 30 days are reported
 * in `issues` without making it invalid: an internal authority is the owner's choice.
 */
export function inspectCertificate(input: InspectInput): CertificateValidation {
  const now = input.now ?? new Date();
  let chain: X509Certificate[];
  try {
    if (!input.certificatePem) throw new PemError('contenu_certificat', m.certificateUnreadable);
    chain = parseCertificateChain(input.certificatePem);
  } catch (error) {
    if (!(error instanceof PemError)) throw error;
    return {
      valid: false,
      domain_matches: false,
      not_expired: false,
      expires_in_days: null,
      issues: [error.message],
    };
  }
  const leaf = chain[0]!;
  const blocking: string[] = [];
  const warnings: string[] = [];

  const notAfter = notAfterOf(leaf);
  const notBefore = notBeforeOf(leaf);
  const notExpired = now.getTime() <= notAfter.getTime();
  const days = daysUntil(notAfter, now);
  if (!notExpired) blocking.push(m.expired(formatFrenchDate(notAfter)));
  else if (now.getTime() < notBefore.getTime())
    blocking.push(m.notYetValid(formatFrenchDate(notBefore)));
  else if (days <= CERTIFICATE_EXPIRY_WARNING_DAYS) warnings.push(m.expiresSoon(days));

  if (!input.key) blocking.push(m.keyMissing);
  else if (!keyMatches(leaf, input.key)) blocking.push(m.keyMismatch);

  const dnsNames = dnsNamesOf(leaf);
  let domainMatches = dnsNames !== null;
  if (dnsNames === null) blocking.push(m.noSubjectAltName);
  for (const name of dnsNames === null ? [] : input.names) {
    if (!namesCover(dnsNames!, name)) {
      domainMatches = false;
      blocking.push(m.domainNotCovered(name, dnsNames!.join(', ')));
    }
  }

  const broken = chain.slice(0, -1).some((c, i) => !issuedBy(c, chain[i + 1]!));
  if (broken) blocking.push(m.chainBroken);
  else warnings.push(...trustIssues(chain, input));

  return {
    valid: blocking.length === 0,
    domain_matches: domainMatches,
    not_expired: notExpired,
    expires_in_days: days,
    issues: [...blocking, ...warnings],
  };
}

/** Where the chain ends: a root browsers know, one they do not, or a missing intermediate. */
function trustIssues(chain: X509Certificate[], input: InspectInput): string[] {
  if (input.simulation) return [m.simulation];
  const last = chain.at(-1)!;
  if (isSelfSigned(last)) {
    if (input.trust.isTrustedRoot(last)) return [];
    return [chain.length === 1 ? m.selfSigned : m.untrustedRoot(commonNameOf(last.subject))];
  }
  return input.trust.issuerOf(last) ? [] : [m.chainIncomplete(commonNameOf(last.issuer))];
}
