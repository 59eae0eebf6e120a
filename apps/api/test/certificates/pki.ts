import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Test certificates made by the `openssl` CLI, independently of the code under test (which only
 * reads certificates with node:crypto). `openssl ca` is used because it takes explicit start and
 * end dates, so expired and soon-expiring certificates are real ones.
 */

export const DAY = 86_400_000;

export interface Issued {
  certPem: string;
  keyPem: string;
}

export interface SignOptions {
  commonName: string;
  /** subjectAltName DNS names (IPv4 addresses as IP names); none = no SAN extension at all. */
  names?: string[];
  ca?: boolean;
  start?: Date;
  end?: Date;
  /** Signed by this authority; absent = self-signed. */
  issuer?: Issued;
  /** Use this key instead of a new one (a CSR's key is not needed: see signCsr). */
  keyPem?: string;
  keyType?: 'ec' | 'rsa';
}

const openssl = (args: string[], cwd: string) =>
  execFileSync('openssl', args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });

const stamp = (d: Date) => `${d.toISOString().replace(/[-:T]/g, '').slice(0, 14)}Z`;

function workdir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'nuage-pki-'));
  writeFileSync(path.join(dir, 'index.txt'), '');
  writeFileSync(path.join(dir, 'serial'), `${randomBytes(8).toString('hex')}\n`);
  writeFileSync(
    path.join(dir, 'ca.cnf'),
    [
      '[ ca ]',
      'default_ca = test_ca',
      '[ test_ca ]',
      `database = ${dir}/index.txt`,
      `new_certs_dir = ${dir}`,
      `serial = ${dir}/serial`,
      'default_md = sha256',
      'policy = policy_any',
      'unique_subject = no',
      'preserve = yes',
      '[ policy_any ]',
      'commonName = supplied',
      'organizationName = optional',
    ].join('\n'),
  );
  return dir;
}

function extensions(opts: { ca?: boolean | undefined; names?: string[] | undefined }): string {
  const lines = ['[ ext ]'];
  if (opts.ca)
    lines.push('basicConstraints = critical,CA:TRUE', 'keyUsage = critical,keyCertSign,cRLSign');
  else
    lines.push(
      'basicConstraints = critical,CA:FALSE',
      'keyUsage = critical,digitalSignature,keyEncipherment',
      'extendedKeyUsage = serverAuth',
    );
  lines.push('subjectKeyIdentifier = hash');
  if (opts.names?.length)
    lines.push(
      `subjectAltName = ${opts.names.map((n) => (/^[\d.]+$/.test(n) ? `IP:${n}` : `DNS:${n}`)).join(',')}`,
    );
  return lines.join('\n');
}

export function newKey(type: 'ec' | 'rsa' = 'ec'): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'nuage-key-'));
  try {
    const args =
      type === 'ec'
        ? ['genpkey', '-algorithm', 'EC', '-pkeyopt', 'ec_paramgen_curve:P-256']
        : ['genpkey', '-algorithm', 'RSA', '-pkeyopt', 'rsa_keygen_bits:2048'];
    return openssl(args, dir).toString();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Signs a PEM CSR (its names are taken from `names`, as a CA takes them from the order). */
export function signCsr(
  csrPem: string,
  opts: Omit<SignOptions, 'keyPem' | 'keyType' | 'commonName'> & {
    issuer: Issued;
    keyPem?: string;
  },
): string {
  const dir = workdir();
  try {
    writeFileSync(path.join(dir, 'req.csr'), csrPem);
    writeFileSync(path.join(dir, 'ext.cnf'), extensions(opts));
    writeFileSync(path.join(dir, 'issuer.crt'), opts.issuer.certPem);
    writeFileSync(path.join(dir, 'issuer.key'), opts.issuer.keyPem);
    const start = opts.start ?? new Date(Date.now() - 60_000);
    const end = opts.end ?? new Date(start.getTime() + 90 * DAY);
    openssl(
      [
        'ca',
        '-batch',
        '-config',
        'ca.cnf',
        '-in',
        'req.csr',
        '-out',
        'out.crt',
        '-notext',
        '-startdate',
        stamp(start),
        '-enddate',
        stamp(end),
        '-extfile',
        'ext.cnf',
        '-extensions',
        'ext',
        '-cert',
        'issuer.crt',
        '-keyfile',
        'issuer.key',
      ],
      dir,
    );
    return readFileSync(path.join(dir, 'out.crt'), 'utf8');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A certificate (and its key) with exactly these names, dates and issuer. */
export function makeCertificate(opts: SignOptions): Issued {
  const dir = workdir();
  try {
    const keyPem = opts.keyPem ?? newKey(opts.keyType);
    writeFileSync(path.join(dir, 'key.pem'), keyPem);
    openssl(
      ['req', '-new', '-key', 'key.pem', '-subj', `/CN=${opts.commonName}`, '-out', 'req.csr'],
      dir,
    );
    const csrPem = readFileSync(path.join(dir, 'req.csr'), 'utf8');
    if (opts.issuer) return { certPem: signCsr(csrPem, { ...opts, issuer: opts.issuer }), keyPem };
    writeFileSync(path.join(dir, 'ext.cnf'), extensions(opts));
    const start = opts.start ?? new Date(Date.now() - 60_000);
    const end = opts.end ?? new Date(start.getTime() + 90 * DAY);
    openssl(
      [
        'ca',
        '-batch',
        '-config',
        'ca.cnf',
        '-selfsign',
        '-keyfile',
        'key.pem',
        '-in',
        'req.csr',
        '-out',
        'out.crt',
        '-notext',
        '-startdate',
        stamp(start),
        '-enddate',
        stamp(end),
        '-extfile',
        'ext.cnf',
        '-extensions',
        'ext',
      ],
      dir,
    );
    return { certPem: readFileSync(path.join(dir, 'out.crt'), 'utf8'), keyPem };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A root and an intermediate authority, as public CAs are organised. */
export function makeAuthorities(prefix = 'Test') {
  const root = makeCertificate({
    commonName: `${prefix} Racine`,
    ca: true,
    start: new Date(Date.now() - 365 * DAY),
    end: new Date(Date.now() + 3650 * DAY),
  });
  const intermediate = makeCertificate({
    commonName: `${prefix} Intermediaire`,
    ca: true,
    issuer: root,
    start: new Date(Date.now() - 365 * DAY),
    end: new Date(Date.now() + 1825 * DAY),
  });
  return { root, intermediate };
}

/** `openssl verify` of a leaf against a root (and untrusted intermediates): the independent check. */
export function opensslVerifies(leafPem: string, rootPem: string, intermediatesPem = ''): boolean {
  const dir = workdir();
  try {
    writeFileSync(path.join(dir, 'leaf.pem'), leafPem);
    writeFileSync(path.join(dir, 'root.pem'), rootPem);
    const args = ['verify', '-CAfile', 'root.pem', '-purpose', 'sslserver'];
    if (intermediatesPem) {
      writeFileSync(path.join(dir, 'chain.pem'), intermediatesPem);
      args.push('-untrusted', 'chain.pem');
    }
    openssl([...args, 'leaf.pem'], dir);
    return true;
  } catch {
    return false;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A leaf followed by the given chain certificates, with the leaf's key. */
export const withChain = (leaf: Issued, ...chain: { certPem: string }[]): Issued => ({
  certPem: leaf.certPem + chain.map((c) => c.certPem).join(''),
  keyPem: leaf.keyPem,
});

/** A server certificate for `names` (the first is the CN), signed by `issuer`. */
export const leafFor = (
  issuer: Issued,
  names: string[],
  opts: { start?: Date; end?: Date } = {},
): Issued => makeCertificate({ commonName: names[0]!, names, issuer, ...opts });

/** A PEM file of roots to trust (TLS_EXTRA_CA_FILE): the test root plays a public authority. */
export function trustedRootFile(rootPem: string): string {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'nuage-racine-')), 'racine.pem');
  writeFileSync(file, rootPem);
  return file;
}
