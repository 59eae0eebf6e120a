import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import type { TLSSocket } from 'node:tls';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EngineApi } from '../engine-api';
import {
  getVia,
  runId,
  skipReason,
  sweep,
  testClient,
  testEdge,
} from '../../../../../test/engine/docker/test-support';
import { LABELS, MANAGED_BY } from '../../../spec';
import { DOCKER_LABELS } from '../labels';
import { EdgeProxy } from './edge-proxy';

/** A self-signed certificate for `host` (a custom PEM as a user would upload it). */
function selfSigned(host: string): { certificatePem: string; privateKeyPem: string } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ndtest-pem-'));
  try {
    execFileSync(
      'openssl',
      [
        ...['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2'],
        ...['-subj', `/CN=${host}`, '-addext', `subjectAltName=DNS:${host}`],
        ...['-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem')],
      ],
      { stdio: 'ignore' },
    );
    return {
      certificatePem: readFileSync(path.join(dir, 'cert.pem'), 'utf8'),
      privateKeyPem: readFileSync(path.join(dir, 'key.pem'), 'utf8'),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** GET https://host/ on the proxy's loopback port, SNI = host, trusting only `ca`. */
function getTls(port: number, host: string, ca: string) {
  return new Promise<{ status: number; body: string; subject: string }>((resolve, reject) => {
    const req = https.get(
      {
        host: '127.0.0.1',
        port,
        servername: host,
        headers: { host },
        ca,
        agent: false,
        timeout: 10_000,
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (body += d));
        res.on('end', () => {
          const cert = (res.socket as TLSSocket).getPeerCertificate();
          resolve({ status: res.statusCode ?? 0, body, subject: String(cert.subject?.CN) });
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error('no answer')));
    req.on('error', reject);
  });
}

describe.skipIf(skipReason !== null)('edge proxy on a real engine (Debian caddy)', () => {
  const prefix = `ndtest-${runId()}`;
  const api = new EngineApi(testClient());
  let proxy: EdgeProxy;

  beforeAll(async () => {
    proxy = new EdgeProxy(api, await testEdge(prefix));
    await proxy.ensure();
  }, 120_000);
  afterAll(() => sweep(api, { deploymentIds: [], prefix }), 60_000);

  /** The setting as the proxy's network namespace has it (edge-proxy.ts; no `cat` in Caddy's image). */
  const migrationSetting = async () => {
    const c = await api.client.json<{ State: { Pid: number } }>(
      'GET',
      `/containers/${proxy.opts.containerName}/json`,
    );
    return execFileSync('nsenter', [
      ...['-t', String(c.State.Pid), '-n'],
      ...['cat', '/proc/sys/net/ipv4/tcp_migrate_req'],
    ])
      .toString()
      .trim();
  };

  it('serves a custom PEM certificate for its domain, redirects HTTP there, 404 elsewhere', async () => {
    const host = 'boutique.example.test';
    const pem = selfSigned(host);
    await proxy.load([
      { deploymentId: 'd1', httpHosts: [], tlsHosts: [host], upstreams: [], certificate: pem },
    ]);
    // No replica ready: the French 503 page, over TLS with the uploaded certificate.
    const res = await getTls(proxy.opts.httpsPort, host, pem.certificatePem);
    expect(res.subject).toBe(host);
    expect(res.status).toBe(503);
    expect(res.body).toContain('Application indisponible');

    const plain = await getVia(`http://${host}:${proxy.opts.httpPort}`, '/wp-login.php?x=1');
    expect(plain.status).toBe(308);
    expect(plain.headers.location).toBe(`https://${host}:${proxy.opts.httpsPort}/wp-login.php?x=1`);

    const unknown = await getVia(`http://autre.example.test:${proxy.opts.httpPort}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toContain('Aucune application');
  });

  it('keeps the last table across a restart of the proxy container (autosave, --resume)', async () => {
    const before = JSON.stringify(await proxy.current());
    const c = (await api.inspectContainer(proxy.opts.containerName))!;
    await api.restartContainer(c.Id, 5);
    await new Promise((r) => setTimeout(r, 1_000));
    expect(JSON.stringify(await proxy.current())).toBe(before);
  });

  it('cuts no new connection when it loads a new table (the queued ones are handed over)', async () => {
    expect(await migrationSetting()).toBe('1');
    const table = (n: number) =>
      [`a${n % 2}.example.test`, `b${n % 3}.example.test`].map((host, i) => ({
        deploymentId: `r${i}`,
        httpHosts: [host],
        tlsHosts: [],
        upstreams: [],
        certificate: null,
      }));
    // Serving before the loops start (the file's other tests may not have run before it).
    await proxy.load(table(0));
    expect((await getVia(`http://autre.example.test:${proxy.opts.httpPort}`)).status).toBe(404);
    let loading = true;
    const failures: string[] = [];
    let answered = 0;
    const loop = async () => {
      while (loading) {
        await getVia(`http://autre.example.test:${proxy.opts.httpPort}`).then(
          () => answered++,
          (err: Error) => failures.push(err.message),
        );
      }
    };
    const loops = Promise.all(Array.from({ length: 6 }, loop));
    try {
      for (let n = 1; n <= 40; n++) await proxy.load(table(n));
    } finally {
      loading = false;
      await loops;
    }
    expect(answered).toBeGreaterThan(40);
    // Without the setting, the same 40 loads reset about a hundred connections here; with it,
    // a reset remains possible in the instant a socket is closed (1 in 36,000 measured).
    expect(failures.length, failures.join(', ')).toBeLessThanOrEqual(2);
  }, 60_000);

  it('replaces once a proxy an earlier version created without the setting, its table loaded again', async () => {
    const old = (await api.inspectContainer(proxy.opts.containerName))!;
    await api.removeContainer(old.Id);
    const earlier = new EdgeProxy(api, { ...proxy.opts, migrateQueuedConnections: false });
    const host = 'ancien.example.test';
    const table = [
      { deploymentId: 'd3', httpHosts: [host], tlsHosts: [], upstreams: [], certificate: null },
    ];
    await earlier.load(table);
    const before = (await api.inspectContainer(proxy.opts.containerName))!;
    expect(await migrationSetting()).toBe('0');

    await proxy.load(table);
    const replaced = (await api.inspectContainer(proxy.opts.containerName))!;
    expect(replaced.Id).not.toBe(before.Id);
    expect(await migrationSetting()).toBe('1');
    expect((await getVia(`http://${host}:${proxy.opts.httpPort}`)).status).toBe(503);
    // Replaced once: the next load keeps it.
    await proxy.load(table);
    expect((await api.inspectContainer(proxy.opts.containerName))!.Id).toBe(replaced.Id);
  }, 120_000);

  it('loads the same table again into a proxy removed by hand and recreated, back on the networks', async () => {
    const network = `${prefix}-env`;
    await api.createNetwork(network, {
      [LABELS.managedBy]: MANAGED_BY,
      [DOCKER_LABELS.namespace]: network,
    });
    const host = 'recree.example.test';
    const table = [
      { deploymentId: 'd2', httpHosts: [host], tlsHosts: [], upstreams: [], certificate: null },
    ];
    await proxy.load(table, [], [network]);
    expect((await getVia(`http://${host}:${proxy.opts.httpPort}`)).status).toBe(503);

    const old = (await api.inspectContainer(proxy.opts.containerName))!;
    await api.removeContainer(old.Id);
    // Its configuration volume still holds the last table: lose it too, as a wiped proxy would.
    await api.removeVolume(`${proxy.opts.containerName}-config`);
    // The same table: loaded again, into the new container, back on the replicas' network.
    await proxy.load(table, [], [network]);
    const recreated = (await api.inspectContainer(proxy.opts.containerName))!;
    expect(recreated.Id).not.toBe(old.Id);
    expect(Object.keys(recreated.NetworkSettings.Networks ?? {})).toContain(network);
    expect((await getVia(`http://${host}:${proxy.opts.httpPort}`)).status).toBe(503);
    expect((await getVia(`http://autre.example.test:${proxy.opts.httpPort}`)).status).toBe(404);
  }, 120_000);
});
