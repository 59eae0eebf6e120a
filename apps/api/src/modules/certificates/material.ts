import { certificateMessages as m } from '@nuage/shared/schemas/certificates';
import type { KeyObject, X509Certificate } from 'node:crypto';
import { FieldValidationError, type FieldIssue } from '../../lib/errors';
import { formatFrenchDate } from './inspect';
import {
  chainToPem,
  commonNameOf,
  dnsNamesOf,
  keyMatches,
  keyToPem,
  notAfterOf,
  notBeforeOf,
  parseCertificateChain,
  parsePrivateKey,
  PemError,
} from './pem';

/** A certificate and its key, read and checked, in the form the row stores. */
export interface CertificateMaterial {
  chain: X509Certificate[];
  key: KeyObject;
  certificatePem: string;
  privateKeyPem: string;
  expiresAt: Date;
  notBefore: Date;
  issuer: string;
  dnsNames: string[];
}

const issue = (field: string, msg: string, type: string): FieldIssue => ({
  loc: ['body', field],
  msg,
  type,
});

/**
 * Reads an uploaded certificate and key. Refuses, with one French detail per field, what the
 * platform could not serve: a PEM that does not parse, a key that does not parse or does not
 * belong to the certificate, a certificate already expired.
 */
export function readMaterial(
  certificatePem: string,
  keyPem: string,
  now = new Date(),
): CertificateMaterial {
  const issues: FieldIssue[] = [];
  const attempt = <T>(read: () => T): T | null => {
    try {
      return read();
    } catch (error) {
      if (!(error instanceof PemError)) throw error;
      issues.push(issue(error.field, error.message, 'pem'));
      return null;
    }
  };
  const chain = attempt(() => parseCertificateChain(certificatePem));
  const key = attempt(() => parsePrivateKey(keyPem));
  if (!chain || !key) throw new FieldValidationError(issues);
  return checkedMaterial(chain, key, now);
}

/** Key match and expiry of certificates already parsed (uploads and issued certificates alike). */
export function checkedMaterial(
  chain: X509Certificate[],
  key: KeyObject,
  now = new Date(),
): CertificateMaterial {
  const leaf = chain[0]!;
  const issues: FieldIssue[] = [];
  if (!keyMatches(leaf, key))
    issues.push(issue('contenu_cle_privee', m.keyMismatch, 'key_mismatch'));
  const expiresAt = notAfterOf(leaf);
  if (expiresAt.getTime() < now.getTime()) {
    issues.push(issue('contenu_certificat', m.expired(formatFrenchDate(expiresAt)), 'expired'));
  }
  if (issues.length > 0) throw new FieldValidationError(issues);
  return {
    chain,
    key,
    certificatePem: chainToPem(chain),
    privateKeyPem: keyToPem(key),
    expiresAt,
    notBefore: notBeforeOf(leaf),
    issuer: commonNameOf(leaf.issuer),
    dnsNames: dnsNamesOf(leaf) ?? [],
  };
}

/**
 * A typed date_expiration that disagrees with the certificate (by more than a day, so a date
 * typed without the time still agrees): reported, the certificate's date is kept.
 */
export function expiryWarnings(typed: string | undefined, actual: Date): string[] {
  if (!typed) return [];
  const typedDate = new Date(typed);
  const sameDay = typedDate.toISOString().slice(0, 10) === actual.toISOString().slice(0, 10);
  if (sameDay || Math.abs(typedDate.getTime() - actual.getTime()) < 86_400_000) return [];
  return [m.expiryDisagrees(formatFrenchDate(typedDate), formatFrenchDate(actual))];
}
