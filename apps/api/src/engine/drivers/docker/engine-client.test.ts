import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RuntimeUnavailableError } from '../../driver';
import { DockerDriver } from './docker-driver';
import { EngineApi } from './engine-api';
import { EngineClient, EngineError } from './engine-client';
import { dockerSocketPath } from './socket-path';

/** A fake engine on a unix socket answering what each test needs. */
describe('EngineClient', () => {
  let dir: string;
  let socketPath: string;
  let server: http.Server;
  const seen: { method: string; url: string; body: string }[] = [];
  let racingListAnswers = 0;
  let racingDfAnswers = 0;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'ndtest-engine-'));
    socketPath = path.join(dir, 'engine.sock');
    server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (d: Buffer) => (body += d.toString()));
      req.on('end', () => {
        seen.push({ method: req.method ?? '', url: req.url ?? '', body });
        const reply = (status: number, payload: unknown) => {
          res.writeHead(status, { 'content-type': 'application/json' });
          res.end(JSON.stringify(payload));
        };
        if (req.url?.includes('/hang')) return; // never answers
        if (req.url?.includes('/podman-conflict')) {
          return reply(500, { message: 'the container name "x" is already in use by 123' });
        }
        if (req.url?.includes('/racing-list') && (racingListAnswers += 1) <= 2)
          return reply(500, { message: 'read /proc/30345/cgroup: no such process' });
        if (req.url?.includes('/racing-df') && (racingDfAnswers += 1) <= 1)
          return reply(500, {
            message:
              'failed to get state of container 37a8c90: container 37a8c90 does not exist in database: no such container',
          });
        if (req.url?.includes('/always-racing'))
          return reply(500, { message: 'read /proc/30345/cgroup: no such process' });
        if (req.url?.includes('/exited-at-start/kill'))
          return reply(500, { message: 'container not running' });
        if (req.url?.includes('/podman-missing'))
          return reply(500, { message: 'no such container' });
        if (req.url?.includes('/broken')) return reply(500, { message: 'database is locked' });
        if (req.url?.includes('/missing')) return reply(404, { message: 'no such image' });
        reply(200, { ok: true });
      });
    });
    await new Promise<void>((r) => server.listen(socketPath, r));
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
    await rm(dir, { recursive: true, force: true });
  });

  it('sends JSON to the versioned path with repeated query parameters', async () => {
    const client = new EngineClient(socketPath);
    expect(
      await client.json('POST', '/things', {
        query: { a: 1, c: ['x', 'y'], skip: undefined },
        body: { k: 'v"' },
      }),
    ).toEqual({ ok: true });
    expect(seen.at(-1)).toEqual({
      method: 'POST',
      url: '/v1.41/things?a=1&c=x&c=y',
      body: '{"k":"v\\""}',
    });
  });

  it('turns a 4xx into EngineError and resolves 404 to null for optional reads', async () => {
    const client = new EngineClient(socketPath);
    await expect(client.request('GET', '/missing')).rejects.toMatchObject({
      name: 'EngineError',
      status: 404,
      message: 'no such image',
    });
    expect(await client.optional('GET', '/missing')).toBeNull();
  });

  it('gives Podman’s 500 answers Docker’s meaning (409 name in use, 404 no such object)', async () => {
    const client = new EngineClient(socketPath);
    await expect(client.request('POST', '/podman-conflict')).rejects.toMatchObject({ status: 409 });
    await expect(client.request('GET', '/podman-missing')).rejects.toBeInstanceOf(EngineError);
  });

  it('removes a container that exits while it is being killed (runc: "container not running")', async () => {
    const api = new EngineApi(new EngineClient(socketPath));
    await expect(api.removeContainer('exited-at-start')).resolves.toBeUndefined();
    expect(seen.slice(-2).map((r) => `${r.method} ${r.url.split('?')[0]}`)).toEqual([
      'POST /v1.41/containers/exited-at-start/kill',
      'DELETE /v1.41/containers/exited-at-start',
    ]);
  });

  it('asks a listing again when it raced with a process exiting (Podman: /proc/<pid>: no such process)', async () => {
    const client = new EngineClient(socketPath);
    expect(await client.json('GET', '/racing-list')).toEqual({ ok: true });
    expect(racingListAnswers).toBe(3);
    // Still failing after the retries: the runtime is unavailable, as for any other 5xx.
    await expect(client.request('GET', '/always-racing')).rejects.toBeInstanceOf(
      RuntimeUnavailableError,
    );
    expect(seen.filter((r) => r.url.includes('/always-racing'))).toHaveLength(4);
  });

  it('asks /system/df again when a container it walked was removed meanwhile (Podman)', async () => {
    const client = new EngineClient(socketPath);
    expect(await client.json('GET', '/racing-df')).toEqual({ ok: true });
    expect(racingDfAnswers).toBe(2);
  });

  it('reports a real 5xx, a timeout and an absent socket as the runtime being unavailable', async () => {
    await expect(new EngineClient(socketPath).request('GET', '/broken')).rejects.toBeInstanceOf(
      RuntimeUnavailableError,
    );
    await expect(new EngineClient(socketPath, 200).request('GET', '/hang')).rejects.toThrow(
      /no answer within 200 ms/,
    );
    const absent = new EngineClient(path.join(dir, 'absent.sock'));
    await expect(absent.request('GET', '/_ping')).rejects.toBeInstanceOf(RuntimeUnavailableError);
  });

  it('makes every driver call fail as unavailable (retry later) when no engine answers', async () => {
    const driver = new DockerDriver({
      socketPath: path.join(dir, 'absent.sock'),
      hashKey: Buffer.alloc(32),
      edge: {
        image: 'unused',
        containerName: 'unused',
        httpPort: 80,
        httpsPort: 443,
        listenHost: '127.0.0.1',
        adminDir: dir,
      },
    });
    const ref = { deploymentId: 'x', name: 'wordpress-x-123456', namespace: 'env' };
    await expect(driver.status(ref)).rejects.toBeInstanceOf(RuntimeUnavailableError);
    await expect(driver.remove(ref)).rejects.toBeInstanceOf(RuntimeUnavailableError);
    await expect(driver.logs(ref, { tailLines: 10 })).rejects.toBeInstanceOf(
      RuntimeUnavailableError,
    );
  });
});

describe('dockerSocketPath', () => {
  const none = () => false;
  it('takes DOCKER_HOST first, unix sockets only', () => {
    expect(dockerSocketPath({ DOCKER_HOST: 'unix:///run/podman/podman.sock' }, none)).toBe(
      '/run/podman/podman.sock',
    );
    expect(dockerSocketPath({ DOCKER_HOST: 'tcp://10.0.0.1:2375' }, () => true)).toBeNull();
  });

  it('falls back to Docker’s socket, then Podman’s rootful and rootless ones', () => {
    expect(dockerSocketPath({}, () => true)).toBe('/var/run/docker.sock');
    expect(dockerSocketPath({}, (p) => p === '/run/podman/podman.sock')).toBe(
      '/run/podman/podman.sock',
    );
    const rootless = '/run/user/1000/podman/podman.sock';
    expect(dockerSocketPath({ XDG_RUNTIME_DIR: '/run/user/1000' }, (p) => p === rootless)).toBe(
      rootless,
    );
    expect(dockerSocketPath({}, none)).toBeNull();
  });
});
