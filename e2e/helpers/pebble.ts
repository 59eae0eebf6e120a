import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './server';

/**
 * Pebble, the Let's Encrypt test ACME server (Debian package `pebble`), run for real:
 *   - its ACME API listens on `address` (the host's non-loopback address, which a container
 *     on a Podman network reaches; 127.0.0.1 would be the container itself) with a TLS
 *     certificate from an authority made here (`caFile`, to trust for the directory);
 *   - its validation authority resolves names through `dnsServer` (a tiny DNS server of the
 *     test) and connects for HTTP-01 to port `httpPort` of the address it finds: the edge
 *     proxy's published HTTP port. Nothing is "always valid": an unresolvable name fails.
 */
export const PEBBLE = '/usr/bin/pebble';

export interface RunningPebble {
  directoryUrl: string;
  /** PEM of the authority of Pebble's own HTTPS listener (TLS_EXTRA_CA_FILE). */
  caFile: string;
  /** Pebble's issuing root, PEM, from its management API (what a client trusts). */
  root(): Promise<string>;
  output(): string;
  stop(): Promise<void>;
}

/** The host's first non-internal IPv4 address, or null. */
export function hostAddress(): string | null {
  for (const list of Object.values(os.networkInterfaces()))
    for (const a of list ?? []) if (a.family === 'IPv4' && !a.internal) return a.address;
  return null;
}

const openssl = (args: string[], cwd: string) =>
  execFileSync('openssl', args, { cwd, stdio: ['ignore', 'ignore', 'pipe'] });

function listenerPki(dir: string, address: string) {
  openssl(
    [
      ...['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2'],
      ...['-subj', '/CN=nuage e2e pebble listener CA', '-keyout', 'ca.key', '-out', 'ca.pem'],
    ],
    dir,
  );
  openssl(
    [
      ...['req', '-newkey', 'rsa:2048', '-nodes', '-subj', '/CN=pebble'],
      ...['-keyout', 'listener.key', '-out', 'listener.csr'],
    ],
    dir,
  );
  writeFileSync(
    path.join(dir, 'ext.cnf'),
    `subjectAltName=IP:${address},IP:127.0.0.1,DNS:localhost\n`,
  );
  openssl(
    [
      ...['x509', '-req', '-in', 'listener.csr', '-CA', 'ca.pem', '-CAkey', 'ca.key'],
      ...['-CAcreateserial', '-days', '2', '-extfile', 'ext.cnf', '-out', 'listener.pem'],
    ],
    dir,
  );
}

function getText(url: string, ca: string): Promise<string> {
  return new Promise((resolve, reject) => {
    https
      .get(url, { ca, agent: false }, (res) => {
        let body = '';
        res.on('data', (d: Buffer) => (body += d.toString()));
        res.on('end', () =>
          res.statusCode === 200 ? resolve(body) : reject(new Error(`${url}: ${res.statusCode}`)),
        );
      })
      .on('error', reject);
  });
}

export async function startPebble(opts: {
  address: string;
  dnsServer: string;
  httpPort: number;
}): Promise<RunningPebble> {
  if (!existsSync(PEBBLE)) throw new Error(`${PEBBLE} is missing (Debian package pebble)`);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'nuage-e2e-pebble-'));
  listenerPki(dir, opts.address);
  const port = await freePort();
  const managementPort = await freePort();
  writeFileSync(
    path.join(dir, 'pebble.json'),
    JSON.stringify({
      pebble: {
        listenAddress: `${opts.address}:${port}`,
        managementListenAddress: `127.0.0.1:${managementPort}`,
        certificate: path.join(dir, 'listener.pem'),
        privateKey: path.join(dir, 'listener.key'),
        httpPort: opts.httpPort,
        tlsPort: 5001,
        ocspResponderURL: '',
        externalAccountBindingRequired: false,
      },
    }),
  );
  const child: ChildProcess = spawn(
    PEBBLE,
    ['-config', path.join(dir, 'pebble.json'), '-dnsserver', opts.dnsServer],
    {
      // No random validation delays, no rejected nonces: a fast, deterministic run.
      env: { ...process.env, PEBBLE_VA_NOSLEEP: '1', PEBBLE_WFE_NONCEREJECT: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const caFile = path.join(dir, 'ca.pem');
  const ca = readFileSync(caFile, 'utf8');
  const directoryUrl = `https://${opts.address}:${port}/dir`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`pebble exited:\n${output}`);
    try {
      await getText(directoryUrl, ca);
      break;
    } catch {
      if (Date.now() > deadline) throw new Error(`pebble not answering:\n${output}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  return {
    directoryUrl,
    caFile,
    root: () => getText(`https://127.0.0.1:${managementPort}/roots/0`, ca),
    output: () => output,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5_000))]);
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
