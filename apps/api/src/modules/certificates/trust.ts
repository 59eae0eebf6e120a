import { readFileSync } from 'node:fs';
import { rootCertificates } from 'node:tls';
import type { X509Certificate } from 'node:crypto';
import { issuedBy, parseCertificateChain } from './pem';

/**
 * The authorities browsers trust, as Node ships them (Mozilla's list), plus TLS_EXTRA_CA_FILE
 * for a company's internal authority. Parsed once per file: ~150 certificates.
 */
let mozilla: X509Certificate[] | undefined;
const extras = new Map<string, X509Certificate[]>();

function mozillaRoots(): X509Certificate[] {
  mozilla ??= parseCertificateChain(rootCertificates.join('\n'));
  return mozilla;
}

function extraRoots(file: string | undefined): X509Certificate[] {
  if (!file) return [];
  let roots = extras.get(file);
  if (!roots) {
    roots = parseCertificateChain(readFileSync(file, 'utf8'));
    extras.set(file, roots);
  }
  return roots;
}

export interface TrustStore {
  /** The trusted root that signed `certificate`, if any. */
  issuerOf(certificate: X509Certificate): X509Certificate | undefined;
  isTrustedRoot(certificate: X509Certificate): boolean;
}

export function trustStore(extraFile: string | undefined): TrustStore {
  const roots = [...extraRoots(extraFile), ...mozillaRoots()];
  return {
    issuerOf: (c) => roots.find((root) => issuedBy(c, root)),
    isTrustedRoot: (c) => roots.some((root) => root.fingerprint256 === c.fingerprint256),
  };
}
