import * as x509 from '@peculiar/x509';
import { createHash, webcrypto } from 'node:crypto';
import type { DatabaseTls } from '../../engine/specs/database-settings';

/**
 * A database's TLS material for its public endpoint (issue 25 item 2): a CA of its own and a
 * server certificate it signs, both ECDSA P-256 (every engine's OpenSSL takes them), ten years.
 * The CA's key is thrown away once it signed: nothing else is ever issued under it, so a leaked
 * platform key could not mint certificates for other databases. Clients verify the server with
 * the CA (`sslmode=verify-ca`, `--ssl-ca`, `--cacert`); the server certificate names the internal
 * host and the public host, so `verify-full` works against the public name too.
 */
export type { DatabaseTls };

// Node's WebCrypto (the library's types name the DOM's, which this project does not load).
x509.cryptoProvider.set(webcrypto as never);

const alg = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' } as const;
const YEARS = 10;

const serial = () => createHash('sha256').update(webcrypto.randomUUID()).digest('hex').slice(0, 16);

function pemKey(der: ArrayBuffer): string {
  const b64 = Buffer.from(der)
    .toString('base64')
    .replace(/(.{64})/g, '$1\n')
    .trim();
  return `-----BEGIN PRIVATE KEY-----\n${b64}\n-----END PRIVATE KEY-----\n`;
}

const isAddress = (name: string) => /^[\d.]+$/.test(name) || name.includes(':');

export async function generateDatabaseTls(input: {
  /** Shown in the certificates' names. */
  databaseName: string;
  /** Host names and addresses the server certificate is valid for. */
  names: string[];
}): Promise<DatabaseTls> {
  const notBefore = new Date(Date.now() - 60_000);
  const notAfter = new Date(notBefore.getTime() + YEARS * 365 * 86_400_000);
  const caKeys = await webcrypto.subtle.generateKey(alg, true, ['sign', 'verify']);
  const ca = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: serial(),
    name: `CN=NuageDeploy CA ${input.databaseName}`,
    notBefore,
    notAfter,
    signingAlgorithm: alg,
    keys: caKeys as never,
    extensions: [
      new x509.BasicConstraintsExtension(true, 0, true),
      new x509.KeyUsagesExtension(
        x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign,
        true,
      ),
      await x509.SubjectKeyIdentifierExtension.create(caKeys.publicKey as never),
    ],
  });
  const serverKeys = await webcrypto.subtle.generateKey(alg, true, ['sign', 'verify']);
  const names = [...new Set(input.names.filter(Boolean))];
  const cert = await x509.X509CertificateGenerator.create({
    serialNumber: serial(),
    subject: `CN=${names[0] ?? input.databaseName}`,
    issuer: ca.subject,
    notBefore,
    notAfter,
    signingAlgorithm: alg,
    publicKey: serverKeys.publicKey as never,
    signingKey: caKeys.privateKey as never,
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
      new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.serverAuth]),
      new x509.SubjectAlternativeNameExtension(
        names.map((n) => ({ type: isAddress(n) ? ('ip' as const) : ('dns' as const), value: n })),
      ),
      await x509.AuthorityKeyIdentifierExtension.create(ca),
    ],
  });
  const key = await webcrypto.subtle.exportKey('pkcs8', serverKeys.privateKey as never);
  return { key: pemKey(key), cert: cert.toString('pem') + '\n', ca: ca.toString('pem') + '\n' };
}

/** The SHA-256 fingerprint of a PEM certificate, as `openssl x509 -fingerprint -sha256` shows it. */
export function fingerprintOf(pem: string): string {
  const der = Buffer.from(
    pem.replace(/-----(BEGIN|END) CERTIFICATE-----/g, '').replace(/\s+/g, ''),
    'base64',
  );
  const hex = createHash('sha256').update(der).digest('hex').toUpperCase();
  return hex.match(/.{2}/g)!.join(':');
}
