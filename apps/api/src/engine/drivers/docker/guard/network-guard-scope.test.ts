import { randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LABELS, MANAGED_BY } from '../../../spec';
import { EngineApi } from '../engine-api';
import { DOCKER_LABELS } from '../labels';
import { runId, skipReason, testClient } from '../../../../../test/engine/docker/test-support';
import { NetworkGuard } from './network-guard';
import { inspectNetwork } from '../network-reads';

/**
 * Two platforms on one host (or two test servers side by side) each run a guard with chains of
 * their own: each guard covers the environment networks labelled with its chains, and those
 * made before networks carried the label; never another platform's.
 */
describe.skipIf(skipReason !== null)('the networks a guard covers', () => {
  const prefix = `ndtest-gscope-${runId()}`;
  const api = new EngineApi(testClient());
  const projectId = randomUUID();
  const network = (name: string, chains?: string) =>
    api.createNetwork(`${prefix}-${name}`, {
      [LABELS.managedBy]: MANAGED_BY,
      [LABELS.projectId]: projectId,
      ...(chains ? { [DOCKER_LABELS.guardChains]: chains } : {}),
    });
  const subnetOf = async (name: string) =>
    (await inspectNetwork(api.client, `${prefix}-${name}`))?.subnets[0]?.subnet;

  afterAll(async () => {
    for (const name of ['mine', 'theirs', 'older']) await api.removeNetwork(`${prefix}-${name}`);
  }, 60_000);

  it('its own and the unlabelled ones, not those of another guard', async () => {
    await network('mine', 'E2E-A');
    await network('theirs', 'E2E-B');
    await network('older');
    const guard = new NetworkGuard(api, {
      image: 'unused',
      containerName: `${prefix}-guard`,
      stateDir: path.join(os.tmpdir(), `${prefix}-state`),
      chainPrefix: 'E2E-A',
      networkFilter: [`${LABELS.projectId}=${projectId}`],
    });
    const covered = (await guard.networks()).map((n) => n.subnet).sort();
    expect(covered).toEqual([await subnetOf('mine'), await subnetOf('older')].sort());
    expect(covered).not.toContain(await subnetOf('theirs'));
  });
});
