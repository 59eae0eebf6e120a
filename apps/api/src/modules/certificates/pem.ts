import { certificateMessages as m } from '@nuage/shared/schemas/certificates';
import { createPrivateKey, X509Certificate, type KeyObject } from 'node:crypto';

/** Reading PEM with node:crypto: certificates with X509Certificate, keys with createPrivateKey. */

export class PemError extends Error {
  constructor(
    readonly field: 'contenu_certificat' | 'contenu_cle_privee',
    message: string,
  ) {
    super(message);
    this.name = 'PemError';
  }
}

const CERTIFICATE_BLOCK = /-----BEGIN CERTIFICATE-----[\s\S]*?-----END CERTIFICATE-----/g;
const KEY_BLOCK = /-----BEGIN ((?:RSA |EC )?)PRIVATE KEY-----[\s\S]*?-----END \1PRIVATE KEY-----/;
const ENCRYPTED_KEY = /-----BEGIN ENCRYPTED PRIVATE KEY-----|Proc-Type:\s*4,ENCRYPTED/;

/**
 * The leaf first, then its chain, in the order given. Only CERTIFICATE blocks are read, so a key
 * pasted into the certificate field by mistake is never kept with the certificate.
 */
export function parseCertificateChain(pem: string): X509Certificate[] {
  const blocks = pem.match(CERTIFICATE_BLOCK) ?? [];
  if (blocks.length === 0) throw new PemError('contenu_certificat', m.certificateUnreadable);
  try {
    return blocks.map((block) => new X509Certificate(block));
  } catch {
    throw new PemError('contenu_certificat', m.certificateUnreadable);
  }
}

/** The private key, refused when encrypted (the platform could not use it unattended). */
export function parsePrivateKey(pem: string): KeyObject {
  if (ENCRYPTED_KEY.test(pem)) throw new PemError('contenu_cle_privee', m.keyEncrypted);
  const block = KEY_BLOCK.exec(pem)?.[0];
  if (!block) throw new PemError('contenu_cle_privee', m.keyUnreadable);
  try {
    return createPrivateKey({ key: block, format: 'pem' });
  } catch {
    throw new PemError('contenu_cle_privee', m.keyUnreadable);
  }
}

export function keyMatches(certificate: X509Certificate, key: KeyObject): boolean {
  try {
    return certificate.checkPrivateKey(key);
  } catch {
    // A key of another type (EC key, RSA certificate) is simply not the certificate's key.
    return false;
  }
}

/** The stored form: every certificate re-encoded by OpenSSL, leaf first. */
export function chainToPem(chain: readonly X509Certificate[]): string {
  return chain.map((c) => c.toString().trim()).join('\n') + '\n';
}

/** PKCS#8, whatever the uploaded format was (RSA, SEC1 EC or PKCS#8). */
export function keyToPem(key: KeyObject): string {
  return key.export({ type: 'pkcs8', format: 'pem' }).toString();
}

/** The DNS names of the subjectAltName extension; null when the certificate has none. */
export function dnsNamesOf(certificate: X509Certificate): string[] | null {
  const san = certificate.subjectAltName;
  if (!san) return null;
  return san
    .split(/,\s*/)
    .filter((entry) => entry.startsWith('DNS:'))
    .map((entry) => entry.slice(4).replace(/^"|"$/g, '').toLowerCase());
}

/** The CN of a distinguished name as node prints it (`C=SN\nO=…\nCN=…`), else the whole name. */
export function commonNameOf(distinguishedName: string): string {
  const cn = distinguishedName
    .split('\n')
    .find((line) => line.startsWith('CN='))
    ?.slice(3);
  return cn ?? distinguishedName.replace(/\n/g, ', ');
}

export const notAfterOf = (c: X509Certificate) => new Date(c.validTo);
export const notBeforeOf = (c: X509Certificate) => new Date(c.validFrom);

/**
 * Issued by itself: its issuer is its subject and its own key verifies its signature. Not
 * checkIssued(c): OpenSSL also requires keyCertSign there, which a self-signed server
 * certificate usually lacks.
 */
export function isSelfSigned(c: X509Certificate): boolean {
  return c.subject === c.issuer && c.verify(c.publicKey);
}

/** `issuer` signed `subject` (names chain and the signature verifies). */
export function issuedBy(subject: X509Certificate, issuer: X509Certificate): boolean {
  return subject.checkIssued(issuer) && subject.verify(issuer.publicKey);
}
