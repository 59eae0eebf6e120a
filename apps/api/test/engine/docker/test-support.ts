import { randomBytes, randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import net from 'node:net';
import { ensureEdgeImage } from '../../../../../bench/lib/edge-image.mjs';
import type { EdgeOptions } from '../../../src/engine/drivers/docker/edge/edge-proxy';
import type { ApplicationSpec, EnvironmentSpec } from '../../../src/engine/spec';
import { LABELS } from '../../../src/engine/spec';
import { buildApplicationSpec, type SpecInput } from '../../../src/engine/templates/build-spec';
import type { EngineApi } from '../../../src/engine/drivers/docker/engine-api';
import { EngineClient } from '../../../src/engine/drivers/docker/engine-client';
import { demultiplex } from '../../../src/engine/drivers/docker/log-frames';
import {
  dockerEngineAnswers,
  dockerSocketPath,
} from '../../../src/engine/drivers/docker/socket-path';
import type { TestImages } from './test-images';
export { buildImage, buildTestImages, type TestImages } from './test-images';

/**
 * Shared by the real-engine tests: engine detection (skip with a printed reason only when
 * no engine answers), images built from the host's static busybox (nothing can be pulled),
 * specs from the real templates, and cleanup that does not depend on the driver working.
 */

/** Debian's busybox-static (what .ci/run installs); static, so it runs alone in an image. */
export const SOCKET = dockerSocketPath();

async function detect(): Promise<string | null> {
  if (!SOCKET) {
    return 'no Docker/Podman socket (DOCKER_HOST, /var/run/docker.sock, /run/podman/podman.sock)';
  }
  if (!(await dockerEngineAnswers(SOCKET))) return `no engine answers on ${SOCKET}`;
  return null;
}

/** Only a missing engine skips these tests; in CI that is a failure, never a silent skip. */
export const skipReason = await detect();
if (skipReason && process.env.CI) {
  throw new Error(`CI must run the real-container tests, but ${skipReason}`);
}
if (skipReason) console.warn(`[docker driver] real-container tests skipped: ${skipReason}`);

/** The spec-hash key of the drivers under test (the crash child shares it). */
export const TEST_HASH_KEY = Buffer.alloc(32, 7);

export const testClient = () => new EngineClient(SOCKET ?? '/nonexistent.sock', 60_000);

/** A short random tag for this run: every name a test creates starts with `ndtest-`. */
export const runId = () => randomBytes(3).toString('hex');

export function testEnvironment(prefix: string): EnvironmentSpec {
  const environmentId = randomUUID();
  const projectId = randomUUID();
  return {
    environmentId,
    projectId,
    namespace: `${prefix}-env`,
    labels: { [LABELS.environmentId]: environmentId, [LABELS.projectId]: projectId },
    quota: { cpuMilli: 4000, ramMb: 4096, storageMb: 10_000 },
  };
}

export interface TestSpecOptions {
  env: EnvironmentSpec;
  images: TestImages;
  template?: 'wordpress' | 'odoo';
  nom?: string;
  replicas?: number;
  setupImage?: string;
  secrets?: Partial<SpecInput['secrets']>;
  domain?: string | null;
  adminEmail?: string;
}

/** A real spec from the catalogue's templates, pointed at the locally built images. */
export function testSpec(o: TestSpecOptions): ApplicationSpec {
  const template = o.template ?? 'wordpress';
  const spec = buildApplicationSpec({
    deployment: {
      id: randomUUID(),
      projectId: o.env.projectId,
      environmentId: o.env.environmentId,
      nom: o.nom ?? `ndtest ${runId()}`,
      template,
      imageRegistryUrl: (template === 'odoo' ? o.images.odoo : o.images.app).replace(/:1$/, ''),
      imageTag: '1',
      cpuMilli: 500,
      ramMb: 512,
      storageMb: 2000,
      replicas: o.replicas ?? 1,
      domain: o.domain ?? null,
      generation: 1,
      adminEmail: o.adminEmail ?? 'admin@example.com',
    },
    namespace: o.env.namespace,
    secrets: {
      adminPassword: 'admin-pass',
      dbPassword: 'db-pass',
      dbRootPassword: 'root-pass',
      ...o.secrets,
    },
    certificate: null,
  });
  if (spec.database) spec.database = { ...spec.database, image: o.images.db };
  if (spec.setup) spec.setup = { ...spec.setup, image: o.setupImage ?? o.images.cli };
  return spec;
}

/** Runs a command in a container and returns its output (stdout and stderr). */
export async function execIn(api: EngineApi, id: string, cmd: string[]): Promise<string> {
  const exec = await api.client.json<{ Id: string }>('POST', `/containers/${id}/exec`, {
    body: { Cmd: cmd, AttachStdout: true, AttachStderr: true },
  });
  const res = await api.client.request('POST', `/exec/${exec.Id}/start`, {
    body: { Detach: false, Tty: false },
  });
  return demultiplex(res.body);
}

export async function waitFor<T>(
  what: string,
  fn: () => Promise<T>,
  ok: (value: T) => boolean,
  timeoutMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: T = await fn();
  while (!ok(last)) {
    if (Date.now() > deadline)
      throw new Error(`timed out waiting for ${what}: ${JSON.stringify(last)}`);
    await new Promise((r) => setTimeout(r, 300));
    last = await fn();
  }
  return last;
}

/** Everything left with a label or a name of this run, whatever state the driver left. */
export async function sweep(api: EngineApi, opts: { deploymentIds: string[]; prefix: string }) {
  const containers = [
    ...(
      await Promise.all(
        opts.deploymentIds.map((id) =>
          api.listContainers({ label: [`${LABELS.deploymentId}=${id}`] }),
        ),
      )
    ).flat(),
    ...(await api.listContainers({ name: [opts.prefix] })),
  ];
  for (const c of containers) await api.removeContainer(c.Id);
  const volumes = [
    ...(
      await Promise.all(
        opts.deploymentIds.map((id) =>
          api.listVolumes({ label: [`${LABELS.deploymentId}=${id}`] }),
        ),
      )
    ).flat(),
    ...(await api.listVolumes({ name: [opts.prefix] })),
  ];
  for (const v of volumes) await api.removeVolume(v.Name);
  await api.removeNetwork(`${opts.prefix}-env`);
  rmSync(edgeAdminDir(opts.prefix), { recursive: true, force: true });
  const images = await api.client.json<{ RepoTags?: string[] | null }[]>('GET', '/images/json', {
    query: { filters: JSON.stringify({ reference: [`localhost/${opts.prefix}-*`] }) },
  });
  // This run's names only, never the image by id: two identical test images imported in the
  // same second share one id (the same busybox tree, the same creation time), and removing
  // that id by force took a parallel test's image away between its build and its container.
  const ours = images
    .flatMap((image) => image.RepoTags ?? [])
    .filter((tag) => tag.startsWith(`localhost/${opts.prefix}-`));
  for (const tag of ours) {
    await api.client.send('DELETE', `/images/${encodeURIComponent(tag)}`);
  }
}

/** Containers of one deployment, by label (what "one set of containers" is checked against). */
export async function labelledContainers(api: EngineApi, deploymentId: string) {
  const list = await api.listContainers({ label: [`${LABELS.deploymentId}=${deploymentId}`] });
  return list.map((c) => ({
    id: c.Id,
    name: (c.Names?.[0] ?? '').replace(/^\//, ''),
    state: c.State,
  }));
}

const edgeAdminDir = (prefix: string) => path.join(os.tmpdir(), `${prefix}-edge-admin`);

/** Two free TCP ports on the host (the test edge proxy's HTTP and HTTPS). */
export async function freePorts(n: number): Promise<number[]> {
  const servers = await Promise.all(
    Array.from(
      { length: n },
      () =>
        new Promise<net.Server>((resolve, reject) => {
          const s = net.createServer();
          s.once('error', reject);
          s.listen(0, '127.0.0.1', () => resolve(s));
        }),
    ),
  );
  const ports = servers.map((s) => (s.address() as net.AddressInfo).port);
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
  return ports;
}

/**
 * An edge proxy of the test's own (its container and volumes named after the prefix, swept
 * with it) on free loopback ports, from Debian's caddy (bench/lib/edge-image.mjs).
 */
export async function testEdge(prefix: string): Promise<EdgeOptions> {
  const adminDir = edgeAdminDir(prefix);
  const image = await ensureEdgeImage(SOCKET!);
  const [httpPort, httpsPort] = await freePorts(2);
  return {
    image,
    containerName: `${prefix}-edge`,
    httpPort: httpPort!,
    httpsPort: httpsPort!,
    listenHost: '127.0.0.1',
    adminDir,
  };
}

/** GET through the edge proxy: to its loopback port, with the application URL's host as Host. */
export function getVia(
  url: string,
  pathname = '/',
): Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }> {
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    const req = http.get(
      {
        host: '127.0.0.1',
        port: Number(u.port || 80),
        path: pathname,
        headers: { host: u.host, connection: 'close' },
        agent: false,
        timeout: 10_000,
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (body += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${url}${pathname}: no answer`)));
    req.on('error', reject);
  });
}
