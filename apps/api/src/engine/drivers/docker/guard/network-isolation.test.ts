import { randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { rmSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { connect } from 'node:net';
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
import { GUARD_JUMP_MARK } from './guard-script';

/** Debian's iptables (e2e/support/debian-images/build.sh guard), as NETWORK_GUARD_IMAGE. */
const GUARD_IMAGE = 'localhost/nuage-test-guard:bookworm';

const forwardRules = () => chainRules('FORWARD');

/**
 * Tenant isolation on one host, on a real engine, through the driver's own path: the
 * environments' networks made by ensureEnvironment, the network guard it runs. A container of
 * one environment must not open a connection to another environment's container, even while
 * other isolated networks are torn down (Podman 4.3 / netavark 1.4 then removes its isolation
 * jump from FORWARD: measured, a neighbour reached another tenant's server 3 rounds in 12);
 * its own environment's containers and a destination outside the environments (a LAN the
 * operator allowed, EGRESS_ALLOW_CIDRS) stay reachable. The guard's chains carry this run's
 * own prefix (parallel runs never touch each other's) and isolate only this run's networks
 * (label filter). What environments may not reach outside themselves: network-egress.test.ts.
 */
describe.skipIf(skipReason !== null)('environment isolation on a real engine', () => {
  const id = runId();
  const prefix = `ndtest-iso-${id}`;
  const chains = `NDG${id}`;
  const projectId = randomUUID();
  const api = new EngineApi(testClient());
  const serverImage = `localhost/${prefix}-server:1`;
  const clientImage = `localhost/${prefix}-client:1`;
  const outsideImage = `localhost/${prefix}-outside:1`;
  const stateDir = path.join(os.tmpdir(), `${prefix}-guard`);
  const otherNetworks: string[] = [];
  let driver: DockerDriver;
  let server = '';
  let neighbour = '';
  let otherTenant = '';
  let serverAddress = '';
  /** A server on a network that is no environment (the operator's allowed LAN): address:port. */
  let outside = '';
  let outsideServer = '';

  const environment = (suffix: string): EnvironmentSpec => {
    const environmentId = randomUUID();
    return {
      environmentId,
      projectId,
      namespace: `${prefix}-${suffix}`,
      labels: { [LABELS.environmentId]: environmentId, [LABELS.projectId]: projectId },
      quota: { cpuMilli: 1000, ramMb: 512, storageMb: 1000 },
    };
  };
  const envA = environment('env-a');
  const envB = environment('env-b');

  const run = async (name: string, image: string, network: string) => {
    const cid = await api.createContainer(`${prefix}-${name}`, {
      Image: image,
      Labels: { [DOCKER_LABELS.namespace]: network },
      HostConfig: { NetworkMode: network },
    });
    await api.startContainer(cid);
    return cid;
  };
  const addressOf = async (cid: string, network: string) =>
    (await api.inspectContainer(cid))?.NetworkSettings.Networks?.[network]?.IPAddress ?? '';
  /** What `from` gets back from `host:port` (empty when nothing answers within `seconds`). */
  const fetchFrom = (from: string, target: string, seconds = 3) =>
    execIn(api, from, [
      '/bin/busybox',
      'sh',
      '-c',
      `printf 'GET / HTTP/1.0\\r\\n\\r\\n' | /bin/busybox timeout ${seconds} /bin/busybox nc ${target.replace(':', ' ')}`,
    ]);
  /**
   * The same, for an attempt the guard must block: its DROP answers nothing, so the attempt
   * lasts its whole timeout. A page served over the same host's bridge answers in milliseconds,
   * so 1 s is ample to see a leak; 3 s made each blocked attempt the file's longest wait
   * (bench/RESULTS.md, issue 31 item 6).
   */
  const fetchBlocked = (from: string, target: string) => fetchFrom(from, target, 1);

  /** When the outside stops answering: the server's state, the host's view and the firewall. */
  const outsideDiagnosis = async () => {
    const state = (await api.inspectContainer(outsideServer))?.State;
    const [address] = outside.split(':');
    const rules = (() => {
      try {
        return execFileSync('iptables-save', ['-t', 'filter'], { encoding: 'utf8' });
      } catch (err) {
        return `iptables-save: ${(err as Error).message}`;
      }
    })();
    const fromHost = await new Promise<string>((resolve) => {
      const socket = connect({ host: address!, port: 8080, timeout: 5_000 });
      let text = '';
      socket.on('connect', () => socket.end('GET / HTTP/1.0\r\n\r\n'));
      socket.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      socket.on('end', () => resolve(text.includes('outside-page') ? 'answers' : `said ${text}`));
      socket.on('timeout', () => (socket.destroy(), resolve('no answer within 5 s')));
      socket.on('error', (e) => resolve(e.message));
    });
    return [
      `outside server: ${state ? `${state.Status}, exit code ${state.ExitCode}, OOM killed ${state.OOMKilled}` : 'gone'}; from the host: ${fromHost}`,
      'filter table:',
      rules,
    ].join('\n');
  };

  /** One isolated network set up and completely torn down (its last container gone). */
  const churnOnce = async (n: number) => {
    const name = `${prefix}-churn${n}`;
    otherNetworks.push(name);
    await api.createNetwork(name, {});
    const cid = await run(`churn${n}`, clientImage, name);
    await api.removeContainer(cid);
    await api.removeNetwork(name);
  };

  beforeAll(async () => {
    await buildImage(api, serverImage, {
      cmd: 'httpd -f -p 8080 -h /www',
      files: { 'www/index.html': 'tenant-a-page\n' },
    });
    await buildImage(api, clientImage, { cmd: 'sleep 600' });
    await buildImage(api, outsideImage, {
      cmd: 'httpd -f -p 8080 -h /www',
      files: { 'www/index.html': 'outside-page\n' },
    });
    // Outside every environment: a server on a LAN the operator lets environments reach.
    const plain = `${prefix}-plain`;
    otherNetworks.push(plain);
    const lanSubnet = await createPlainNetwork(SOCKET!, plain);
    outsideServer = await run('outside', outsideImage, plain);
    outside = `${await addressOf(outsideServer, plain)}:8080`;
    driver = new DockerDriver({
      hashKey: TEST_HASH_KEY,
      edge: await testEdge(prefix),
      guard: {
        image: GUARD_IMAGE,
        containerName: `${prefix}-guard`,
        stateDir,
        chainPrefix: chains,
        networkFilter: [`${LABELS.projectId}=${projectId}`],
        egress: { allowCidrs: [lanSubnet] },
      },
    });
    await driver.ensureEnvironment(envA);
    await driver.ensureEnvironment(envB);
    server = await run('server', serverImage, envA.namespace);
    neighbour = await run('neighbour', clientImage, envA.namespace);
    otherTenant = await run('other-tenant', clientImage, envB.namespace);
    serverAddress = await addressOf(server, envA.namespace);

    // The guard has loaded this run's two subnets.
    await waitFor(
      'the guard rules',
      async () => (iptables('-S', `${chains}-2`).match(/-j DROP/g) ?? []).length,
      (n) => n === 2,
    );
  }, 180_000);

  afterAll(async () => {
    await sweep(api, { deploymentIds: [], prefix });
    for (const env of [envA, envB]) await driver?.removeEnvironment(env).catch(() => undefined);
    for (const n of otherNetworks) await api.removeNetwork(n);
    const guard = await api.inspectContainer(`${prefix}-guard`);
    if (guard) await api.removeContainer(guard.Id);
    // This run's chains and jumps only.
    removeGuardChains(chains);
    rmSync(stateDir, { recursive: true, force: true });
  }, 120_000);

  it("keeps one environment's containers out of another's; its own and the outside stay reachable", async () => {
    expect(serverAddress).not.toBe('');
    expect(driver.problems()).toEqual([]);
    // First in FORWARD (netavark inserts its own jump on top at each setup: put back below;
    // other guards' jumps, of parallel runs, may stand above it).
    await waitFor(
      'the jump first',
      async () => jumpPlace('FORWARD', `${chains}-1`),
      (p) => p === 'first',
      10_000,
    );

    expect(await fetchFrom(neighbour, `${serverAddress}:8080`)).toContain('tenant-a-page');
    expect(await fetchBlocked(otherTenant, `${serverAddress}:8080`)).not.toContain('tenant-a-page');
    expect(await fetchFrom(otherTenant, outside)).toContain('outside-page');
    expect(await fetchFrom(neighbour, outside)).toContain('outside-page');

    // As the edge proxy: joined to both environments, it reaches A's replica over A's bridge.
    const proxyLike = await run('proxy-like', clientImage, envB.namespace);
    await api.client.request('POST', `/networks/${envA.namespace}/connect`, {
      body: { Container: proxyLike },
    });
    expect(await fetchFrom(proxyLike, `${serverAddress}:8080`)).toContain('tenant-a-page');
  }, 60_000);

  it('stays isolated while other isolated networks are set up and torn down', async () => {
    // Podman's own isolation jump, when this engine has one (netavark): seen gone meanwhile.
    const netavarkJump = '-A FORWARD -j NETAVARK_ISOLATION_1';
    const netavark = forwardRules().includes(netavarkJump);
    let netavarkJumpMissing = 0;
    let churning = true;
    const churn = (async () => {
      for (let n = 0; churning; n++) await churnOnce(n);
    })();
    const sampler = (async () => {
      while (churning) {
        if (!forwardRules().includes(netavarkJump)) netavarkJumpMissing++;
        await new Promise((r) => setTimeout(r, 50));
      }
    })();
    try {
      // Twelve blocked attempts of 1 s: as many SYNs sent during the churn as the six of 3 s
      // had (one at the start, one retransmitted at 1 s). The neighbour's allowed request
      // runs meanwhile: a round lasts the blocked attempt alone.
      for (let round = 0; round < 12; round++) {
        const [blocked, allowed] = await Promise.all([
          fetchBlocked(otherTenant, `${serverAddress}:8080`),
          fetchFrom(neighbour, `${serverAddress}:8080`),
        ]);
        expect(blocked).not.toContain('tenant-a-page');
        expect(allowed).toContain('tenant-a-page');
      }
    } finally {
      churning = false;
      await Promise.all([churn, sampler]);
    }
    // The situation this guards against did happen during the test (on Podman).
    if (netavark) expect(netavarkJumpMissing).toBeGreaterThan(0);
    // The outside is not blocked once the churn is over. Asked for up to 60 s, 10 s an attempt:
    // once, on a freshly booted host, the first connection right after the last teardown got
    // no answer within 3 s and the next one did, and once, in a full CI run at a load of ~18,
    // five 3-s attempts in a row got none. A guard that blocked the outside fails every attempt;
    // when it fails, what the host's firewall and the server looked like is printed.
    try {
      await waitFor(
        'the outside reachable after the churn',
        () => fetchFrom(otherTenant, outside, 10),
        (page) => page.includes('outside-page'),
        60_000,
      );
    } catch (err) {
      throw new Error(`${(err as Error).message}\n${await outsideDiagnosis()}`, { cause: err });
    }
  }, 180_000);

  it('puts its FORWARD and INPUT jumps back first when something removed them', async () => {
    // (Not checked gone here: the guard may be moving it back first at this very moment, when
    // netavark just pushed it down.)
    const mark = ['-m', 'comment', '--comment', GUARD_JUMP_MARK];
    iptables('-D', 'FORWARD', ...mark, '-j', `${chains}-1`);
    iptables('-D', 'INPUT', ...mark, '-j', `${chains}-HOST`);
    await waitFor(
      'the jumps back',
      async () => [jumpPlace('FORWARD', `${chains}-1`), jumpPlace('INPUT', `${chains}-HOST`)],
      (p) => p.every((place) => place === 'first'),
      10_000,
    );
    expect(await fetchBlocked(otherTenant, `${serverAddress}:8080`)).not.toContain('tenant-a-page');
  }, 30_000);

  it('follows the environments: in force once ensureEnvironment returns, gone with removeEnvironment', async () => {
    const envC = environment('env-c');
    const dropRules = () => (iptables('-S', `${chains}-2`).match(/-j DROP/g) ?? []).length;
    await driver.ensureEnvironment(envC);
    expect(dropRules()).toBe(3);
    await driver.removeEnvironment(envC);
    expect(dropRules()).toBe(2);
  }, 60_000);
});
