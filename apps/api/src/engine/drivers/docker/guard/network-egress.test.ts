import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LABELS, type EnvironmentSpec } from '../../../spec';
import { DockerDriver } from '../docker-driver';
import { EngineApi } from '../engine-api';
import { DOCKER_LABELS } from '../labels';
import {
  SOCKET,
  TEST_HASH_KEY,
  buildImage,
  execIn,
  runId,
  skipReason,
  sweep,
  testClient,
  testEdge,
  waitFor,
} from '../../../../../test/engine/docker/test-support';
import {
  chainRules,
  createPlainNetwork,
  iptables,
  jumpPlace,
  removeGuardChains,
} from '../../../../../test/engine/docker/guard-test-support';
import { NetworkGuard, type GuardOptions } from './network-guard';
import { inspectNetwork } from '../network-reads';

const GUARD_IMAGE = 'localhost/nuage-test-guard:bookworm';

/** The host's own primary IPv4 address (not loopback, not a container bridge). */
function primaryAddress(): string | undefined {
  for (const [name, addresses] of Object.entries(os.networkInterfaces())) {
    if (/^(lo|podman|cni|veth|docker|br-)/.test(name)) continue;
    const v4 = addresses?.find((a) => a.family === 'IPv4' && !a.internal);
    if (v4) return v4.address;
  }
  return undefined;
}

/**
 * What a customer's container (arbitrary code) may reach outside its environment, on a real
 * engine through the driver's own path: not the host (a server the test starts on 0.0.0.0,
 * through the bridge's gateway or the host's primary address), not a private network that is
 * no environment (a second, unlabelled bridge plays the operator's LAN) until the operator
 * allows its CIDR; still the other containers of its environment by name (aardvark-dns on the
 * gateway), and the host still reaches it (a port published on 127.0.0.1, as the readiness
 * probes do). Two guards with other chain prefixes keep their jumps without moving them in
 * turn. Every object is named `egr-<run>`; this run's chains are removed afterwards.
 */
describe.skipIf(skipReason !== null)('environments kept off the host and private networks', () => {
  const id = runId();
  const prefix = `egr-${id}`;
  const chains = `EGR${id}`;
  const otherChains = `EGS${id}`;
  const projectId = randomUUID();
  const api = new EngineApi(testClient());
  const serverImage = `localhost/${prefix}-server:1`;
  const clientImage = `localhost/${prefix}-client:1`;
  const lanImage = `localhost/${prefix}-lan:1`;
  const stateDir = path.join(os.tmpdir(), `${prefix}-guard`);
  const otherStateDir = path.join(os.tmpdir(), `${prefix}-guard2`);
  const lanNetwork = `${prefix}-lan`;
  const environmentId = randomUUID();
  const env: EnvironmentSpec = {
    environmentId,
    projectId,
    namespace: `${prefix}-env`,
    labels: { [LABELS.environmentId]: environmentId, [LABELS.projectId]: projectId },
    quota: { cpuMilli: 1000, ramMb: 512, storageMb: 1000 },
  };
  let guardOptions: GuardOptions;
  let driver: DockerDriver;
  let hostServer: http.Server;
  let hostPort = 0;
  let client = '';
  let lanClient = '';
  let lanSubnet = '';
  let lanServer = '';
  let gateway = '';
  /** The LAN bridge's address on the host (a gateway that is no environment's). */
  let lanGateway = '';
  let publishedPort = '';

  const run = async (name: string, image: string, network: string, publish = false) => {
    const cid = await api.createContainer(`${prefix}-${name}`, {
      Image: image,
      Labels: { [DOCKER_LABELS.namespace]: network },
      ...(publish ? { ExposedPorts: { '8080/tcp': {} } } : {}),
      HostConfig: {
        NetworkMode: network,
        ...(publish
          ? { PortBindings: { '8080/tcp': [{ HostIp: '127.0.0.1', HostPort: '' }] } }
          : {}),
      },
    });
    await api.startContainer(cid);
    return cid;
  };
  const gatewayOf = async (network: string) =>
    (await inspectNetwork(api.client, network))?.subnets[0]?.gateway ?? '';
  const addressOf = async (cid: string, network: string) =>
    (await api.inspectContainer(cid))?.NetworkSettings.Networks?.[network]?.IPAddress ?? '';
  /** What `from` gets back from `host:port` (empty when no connection opens within 3 s). */
  const fetchFrom = (from: string, host: string, port: number | string) =>
    execIn(api, from, [
      '/bin/busybox',
      'sh',
      '-c',
      `printf 'GET / HTTP/1.0\\r\\n\\r\\n' | /bin/busybox timeout 3 /bin/busybox nc ${host} ${port}`,
    ]);

  beforeAll(async () => {
    await buildImage(api, serverImage, {
      cmd: 'httpd -f -p 8080 -h /www',
      files: { 'www/index.html': 'env-page\n' },
    });
    await buildImage(api, clientImage, { cmd: 'sleep 600' });
    await buildImage(api, lanImage, {
      cmd: 'httpd -f -p 8080 -h /www',
      files: { 'www/index.html': 'lan-page\n' },
    });
    // The operator's LAN: a private bridge that is no environment, a server in it.
    lanSubnet = await createPlainNetwork(SOCKET!, lanNetwork);
    lanServer = await addressOf(await run('lan-server', lanImage, lanNetwork), lanNetwork);
    lanClient = await run('lan-client', clientImage, lanNetwork);
    lanGateway = await gatewayOf(lanNetwork);

    guardOptions = {
      image: GUARD_IMAGE,
      containerName: `${prefix}-guard`,
      stateDir,
      chainPrefix: chains,
      networkFilter: [`${LABELS.projectId}=${projectId}`],
    };
    driver = new DockerDriver({
      hashKey: TEST_HASH_KEY,
      edge: await testEdge(prefix),
      guard: guardOptions,
    });
    await driver.ensureEnvironment(env);
    const server = await run('server', serverImage, env.namespace, true);
    client = await run('client', clientImage, env.namespace);
    gateway = await gatewayOf(env.namespace);
    const inspect = await api.inspectContainer(server);
    publishedPort = inspect?.NetworkSettings.Ports?.['8080/tcp']?.[0]?.HostPort ?? '';

    hostServer = http.createServer((_req, res) => res.end('host-page\n'));
    await new Promise<void>((r) => hostServer.listen(0, '0.0.0.0', r));
    hostPort = (hostServer.address() as AddressInfo).port;
  }, 180_000);

  afterAll(async () => {
    hostServer?.close();
    // Containers (the guards and the edge too, by name), volumes, images, the environment's network.
    await sweep(api, { deploymentIds: [], prefix });
    await api.removeNetwork(lanNetwork);
    removeGuardChains(chains);
    removeGuardChains(otherChains);
    rmSync(stateDir, { recursive: true, force: true });
    rmSync(otherStateDir, { recursive: true, force: true });
  }, 120_000);

  it('keeps a container off the host: not through its gateway, not at the host’s own address', async () => {
    expect(driver.problems()).toEqual([]);
    expect(gateway).not.toBe('');
    expect(lanGateway).not.toBe('');
    // The same listener answers a container that is in no environment (the guard is what stops it).
    expect(await fetchFrom(lanClient, lanGateway, hostPort)).toContain('host-page');
    // Refused at once (what the application's HTTP client reports), not left hanging.
    const viaGateway = await fetchFrom(client, gateway, hostPort);
    expect(viaGateway).not.toContain('host-page');
    expect(viaGateway).toContain('Connection refused');
    const primary = primaryAddress();
    expect(primary).toBeDefined();
    expect(await fetchFrom(lanClient, primary!, hostPort)).toContain('host-page');
    const viaPrimary = await fetchFrom(client, primary!, hostPort);
    expect(viaPrimary).not.toContain('host-page');
    expect(viaPrimary).toContain('Connection refused');
  }, 60_000);

  it('still resolves and reaches its own environment’s containers; the host still reaches it', async () => {
    // aardvark-dns answers on the gateway: the server's name → its address on this network.
    const answer = await execIn(api, client, ['/bin/busybox', 'nslookup', `${prefix}-server`]);
    const address = /Name:[^\n]*\nAddress:\s*([\d.]+)/.exec(answer)?.[1];
    expect(address, answer).toBeDefined();
    expect(await fetchFrom(client, address!, 8080)).toContain('env-page');
    // As the readiness probes: host → 127.0.0.1:<published port> → the container.
    const res = await fetch(`http://127.0.0.1:${publishedPort}/`);
    expect(await res.text()).toContain('env-page');
  }, 60_000);

  it('keeps a container off a private network until the operator allows its CIDR', async () => {
    const blocked = await fetchFrom(client, lanServer, 8080);
    expect(blocked).not.toContain('lan-page');
    expect(blocked).toContain('Connection refused');
    const allowed = new NetworkGuard(api, {
      ...guardOptions,
      egress: { allowCidrs: [lanSubnet] },
    });
    expect(await allowed.sync()).toBeNull();
    expect(await fetchFrom(client, lanServer, 8080)).toContain('lan-page');
    // The host stays closed meanwhile: allowing a LAN opens nothing else.
    expect(await fetchFrom(client, gateway, hostPort)).not.toContain('host-page');
    const closed = new NetworkGuard(api, guardOptions);
    expect(await closed.sync()).toBeNull();
    expect(await fetchFrom(client, lanServer, 8080)).not.toContain('lan-page');
  }, 60_000);

  it('runs beside another guard (other chains) without either moving its jumps in turn', async () => {
    const other = new NetworkGuard(api, {
      ...guardOptions,
      containerName: `${prefix}-guard2`,
      stateDir: otherStateDir,
      chainPrefix: otherChains,
    });
    expect(await other.sync()).toBeNull();
    const places = () =>
      [chains, otherChains].flatMap((c) => [
        jumpPlace('FORWARD', `${c}-1`),
        jumpPlace('INPUT', `${c}-HOST`),
      ]);
    await waitFor(
      'both guards first',
      async () => places(),
      (p) => p.every((x) => x === 'first'),
    );
    // Over 5 s (5 rounds of each loop) their order in INPUT stays: each guard taking position 1
    // in turn would swap them at every round. (INPUT, which only guards touch: in FORWARD,
    // netavark puts its jump on top whenever another test's network is set up, and both
    // guards then rightly move above it, in either order.)
    const order = () =>
      chainRules('INPUT')
        .filter((r) => r.endsWith(`${chains}-HOST`) || r.endsWith(`${otherChains}-HOST`))
        .join('\n');
    let swaps = 0;
    let last = order();
    for (let i = 0; i < 20; i++) {
      await new Promise((r) => setTimeout(r, 250));
      const now = order();
      if (now !== last) swaps++;
      last = now;
    }
    expect(swaps).toBe(0);
    // A rule that is no guard's on top: each guard puts its jump back above it.
    const foreign = ['-s', '192.0.2.77/32', '-j', 'RETURN'];
    iptables('-I', 'FORWARD', '1', ...foreign);
    try {
      await waitFor(
        'both guards above the foreign rule',
        async () => places(),
        (p) => p.every((x) => x === 'first'),
        10_000,
      );
    } finally {
      iptables('-D', 'FORWARD', ...foreign);
    }
    const removed = await api.inspectContainer(`${prefix}-guard2`);
    if (removed) await api.removeContainer(removed.Id);
    removeGuardChains(otherChains);
  }, 60_000);
});
