import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  getVia,
  runId,
  skipReason,
  sweep,
  testClient,
  testEdge,
} from '../../../../../test/engine/docker/test-support';
import { quantileMs } from '../../../../lib/traffic-histogram';
import type { TrafficMinute } from '../../../driver';
import { LABELS, MANAGED_BY } from '../../../spec';
import { EngineApi } from '../engine-api';
import { DOCKER_LABELS } from '../labels';
import { EdgeProxy } from './edge-proxy';

/**
 * Requests sent through the real edge proxy (Debian's caddy) to a real upstream (caddy's file
 * server in another container) show up in the traffic it logs, per application and status class.
 */
describe.skipIf(skipReason !== null)('traffic through the real edge proxy', () => {
  const prefix = `ndtest-${runId()}`;
  const api = new EngineApi(testClient());
  const network = `${prefix}-env`;
  let proxy: EdgeProxy;

  beforeAll(async () => {
    const edge = await testEdge(prefix);
    proxy = new EdgeProxy(api, edge);
    await api.createNetwork(network, {
      [LABELS.managedBy]: MANAGED_BY,
      [DOCKER_LABELS.namespace]: network,
    });
    const upstream = await api.createContainer(`${prefix}-up`, {
      Image: edge.image,
      // 200 for a file that exists, 404 for one that does not.
      Cmd: ['caddy', 'file-server', '--listen', ':8080', '--root', '/etc'],
      HostConfig: { NetworkMode: network },
    });
    await api.startContainer(upstream);
  }, 120_000);
  afterAll(() => sweep(api, { deploymentIds: [], prefix }), 60_000);

  it('counts 2xx, 4xx and 5xx per application by host, with a plausible median', async () => {
    const shop = 'boutique.traffic.test';
    const down = 'panne.traffic.test';
    const table = [
      {
        deploymentId: 'd-shop',
        httpHosts: [shop],
        tlsHosts: [],
        upstreams: [`${prefix}-up:8080`],
        certificate: null,
      },
      { deploymentId: 'd-down', httpHosts: [down], tlsHosts: [], upstreams: [], certificate: null },
    ];
    await proxy.load(table, [], [network]);
    const hosts = new Map([
      [shop, 'd-shop'],
      [down, 'd-down'],
    ]);
    const port = proxy.opts.httpPort;
    // The upstream answers once it listens (a 502 meanwhile): wait for it before counting.
    const deadline = Date.now() + 30_000;
    while ((await getVia(`http://${shop}:${port}`, '/hostname')).status !== 200) {
      if (Date.now() > deadline) throw new Error('the upstream never answered through the proxy');
      await new Promise((r) => setTimeout(r, 200));
    }
    let cursor = proxy.readTraffic(null, hosts).cursor;

    const sent = [
      ...Array.from({ length: 20 }, () => getVia(`http://${shop}:${port}`, '/hostname')),
      ...Array.from({ length: 5 }, () => getVia(`http://${shop}:${port}`, '/absent')),
      ...Array.from({ length: 3 }, () => getVia(`http://${down}:${port}`)),
      getVia(`http://inconnu.traffic.test:${port}`),
    ];
    const statuses = (await Promise.all(sent)).map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(20);

    // Caddy writes each line as the response ends: read until every request is there.
    const minutes: TrafficMinute[] = [];
    const total = (id: string) =>
      minutes.filter((m) => m.deploymentId === id).reduce((s, m) => s + m.requests, 0);
    const until = Date.now() + 15_000;
    while (total('d-shop') < 25 || total('d-down') < 3) {
      if (Date.now() > until) break;
      const read = proxy.readTraffic(cursor, hosts);
      cursor = read.cursor;
      minutes.push(...read.minutes);
      if (total('d-shop') < 25) await new Promise((r) => setTimeout(r, 100));
    }
    const sum = (id: string, pick: (m: TrafficMinute) => number) =>
      minutes.filter((m) => m.deploymentId === id).reduce((s, m) => s + pick(m), 0);
    expect(sum('d-shop', (m) => m.status2xx)).toBe(20);
    expect(sum('d-shop', (m) => m.status4xx)).toBe(5);
    expect(sum('d-shop', (m) => m.status5xx)).toBe(0);
    expect(sum('d-down', (m) => m.status5xx)).toBe(3);
    // The unknown host's 404 belongs to no application.
    expect(new Set(minutes.map((m) => m.deploymentId))).toEqual(new Set(['d-shop', 'd-down']));
    const buckets = minutes
      .filter((m) => m.deploymentId === 'd-shop')
      .reduce((acc, m) => acc.map((n, i) => n + m.buckets[i]!), new Array(14).fill(0) as number[]);
    const p50 = quantileMs(buckets, 0.5)!;
    // A file server on the same host: well under a second, never zero.
    expect(p50).toBeGreaterThan(0);
    expect(p50).toBeLessThan(500);
    // Nothing personal or secret on disk: no address, no path, no header.
    const log = readFileSync(path.join(proxy.opts.adminDir, 'access.log'), 'utf8');
    expect(log).toContain(shop);
    expect(log).not.toMatch(/remote_ip|client_ip|\/absent|User-Agent|headers/);
  }, 60_000);
});
