import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LABELS, type EnvironmentSpec } from '../../../spec';
import { DockerDriver } from '../docker-driver';
import { EngineApi } from '../engine-api';
import {
  TEST_HASH_KEY,
  runId,
  skipReason,
  sweep,
  testClient,
  testEdge,
} from '../../../../../test/engine/docker/test-support';

const DOWN =
  /^Garde réseau inactif : l'isolation entre environnements n'est pas garantie sur cet hôte \(/;

/**
 * A network guard that cannot run must not stop the platform: environments are still made,
 * and operators are told (GET /platform lists driver.problems(); the server log has it once).
 */
describe.skipIf(skipReason !== null)('a network guard that cannot run', () => {
  const prefix = `ndtest-isodown-${runId()}`;
  const api = new EngineApi(testClient());
  const stateDir = path.join(os.tmpdir(), `${prefix}-guard`);
  const env: EnvironmentSpec = {
    environmentId: randomUUID(),
    projectId: randomUUID(),
    namespace: `${prefix}-env`,
    labels: {},
    quota: { cpuMilli: 1000, ramMb: 512, storageMb: 1000 },
  };

  afterAll(async () => {
    await sweep(api, { deploymentIds: [], prefix });
    rmSync(stateDir, { recursive: true, force: true });
  }, 60_000);

  const errors: string[] = [];
  const driverWith = async (image: string) =>
    new DockerDriver({
      hashKey: TEST_HASH_KEY,
      edge: await testEdge(prefix),
      guard: {
        image,
        containerName: `${prefix}-guard`,
        stateDir,
        chainPrefix: 'NDGdown',
        networkFilter: [`${LABELS.environmentId}=${env.environmentId}`],
        applyWaitMs: 3_000,
      },
      log: { error: (_obj, msg) => errors.push(msg), info: () => undefined },
    });

  it('is reported in French and logged when its image is missing; environments are still made', async () => {
    const driver = await driverWith(`localhost/${prefix}-missing:1`);
    await driver.ensureEnvironment(env);
    expect(await api.networkExists(env.namespace)).toBe(true);
    expect(driver.problems()).toEqual([expect.stringMatching(DOWN)]);
    expect(driver.problems()[0]).toContain('is not on this host');
    expect(errors).toEqual(driver.problems());
  }, 60_000);

  it('is reported when it runs but cannot load its rules (no iptables in its image)', async () => {
    errors.length = 0;
    const driver = await driverWith('localhost/nuage-test-busybox:bookworm');
    await driver.ensureEnvironment(env);
    expect(driver.problems()).toEqual([expect.stringMatching(DOWN)]);
    expect(driver.problems()[0]).toContain('rules not loaded by the guard');
    // Logged once (the proxy joining the network syncs too; the message then differs by the
    // guard's last log lines).
    expect(errors).toEqual([expect.stringContaining('rules not loaded by the guard')]);
  }, 60_000);
});
