import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EngineApi } from './engine-api';
import { EngineClient } from './engine-client';
import { inspectNetwork, listNetworks } from './network-reads';

const LABELS = { 'nuagedeploy.io/environment-id': 'env-1' };

/** A fake engine: Podman or Docker by its /version, each answering networks in its own shape. */
async function fakeEngine(dir: string, kind: 'podman' | 'docker') {
  const socketPath = path.join(dir, `${kind}.sock`);
  const seen: string[] = [];
  const server = http.createServer((req, res) => {
    const url = req.url ?? '';
    seen.push(`${req.method} ${url}`);
    const reply = (status: number, payload: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(payload));
    };
    if (url.endsWith('/version'))
      return reply(200, {
        Components: [{ Name: kind === 'podman' ? 'Podman Engine' : 'Engine' }],
      });
    if (url.includes('/networks/absent')) return reply(404, { message: 'network not found' });
    if (kind === 'podman' && url.startsWith('/v4.0.0/libpod/networks/json'))
      return reply(200, [
        {
          name: 'env-a',
          labels: LABELS,
          subnets: [{ subnet: '10.89.0.0/24', gateway: '10.89.0.1' }],
        },
      ]);
    if (kind === 'podman' && url.startsWith('/v4.0.0/libpod/networks/env-a/json'))
      return reply(200, { name: 'env-a', internal: true, labels: LABELS, subnets: [] });
    if (kind === 'docker' && url.startsWith('/v1.41/networks?'))
      return reply(200, [
        { Name: 'env-a', Labels: LABELS, IPAM: { Config: [{ Subnet: '172.20.0.0/16' }] } },
      ]);
    if (kind === 'docker' && url.startsWith('/v1.41/networks/env-a'))
      return reply(200, { Name: 'env-a', Internal: false, Labels: LABELS, IPAM: null });
    reply(500, { message: `unexpected ${url}` });
  });
  await new Promise<void>((r) => server.listen(socketPath, r));
  return { client: new EngineClient(socketPath), seen, server };
}

describe('network reads', () => {
  let dir: string;
  let podman: Awaited<ReturnType<typeof fakeEngine>>;
  let docker: Awaited<ReturnType<typeof fakeEngine>>;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'ndtest-networks-'));
    podman = await fakeEngine(dir, 'podman');
    docker = await fakeEngine(dir, 'docker');
  });
  afterAll(async () => {
    for (const { server } of [podman, docker]) {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
    await rm(dir, { recursive: true, force: true });
  });

  it('on Podman, never asks its compatible network endpoints (they can crash Podman 4)', async () => {
    const api = new EngineApi(podman.client);
    expect(await inspectNetwork(podman.client, 'env-a')).toEqual({
      name: 'env-a',
      internal: true,
      labels: LABELS,
      subnets: [],
    });
    expect(await api.networkExists('env-a')).toBe(true);
    expect(await api.networkExists('absent')).toBe(false);
    expect(await listNetworks(podman.client, ['nuagedeploy.io/environment-id=env-1'])).toEqual([
      {
        name: 'env-a',
        internal: false,
        labels: LABELS,
        subnets: [{ subnet: '10.89.0.0/24', gateway: '10.89.0.1' }],
      },
    ]);
    const networkReads = podman.seen.filter((s) => s.includes('/networks'));
    expect(networkReads).toHaveLength(4);
    expect(networkReads.every((s) => s.startsWith('GET /v4.0.0/libpod/networks/'))).toBe(true);
    // The engine's kind is asked once.
    expect(podman.seen.filter((s) => s.endsWith('/version'))).toHaveLength(1);
  });

  it('on Docker, reads its own endpoints, in the same shape', async () => {
    expect(await inspectNetwork(docker.client, 'env-a')).toEqual({
      name: 'env-a',
      internal: false,
      labels: LABELS,
      subnets: [],
    });
    expect(await inspectNetwork(docker.client, 'absent')).toBeNull();
    expect(await listNetworks(docker.client, ['nuagedeploy.io/environment-id=env-1'])).toEqual([
      { name: 'env-a', internal: false, labels: LABELS, subnets: [{ subnet: '172.20.0.0/16' }] },
    ]);
    expect(docker.seen.filter((s) => s.includes('libpod'))).toEqual([]);
    const list = docker.seen.find((s) => s.startsWith('GET /v1.41/networks?'))!;
    expect(decodeURIComponent(list)).toContain('{"label":["nuagedeploy.io/environment-id=env-1"]}');
  });
});
