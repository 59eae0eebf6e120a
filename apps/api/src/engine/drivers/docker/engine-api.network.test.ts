import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EngineApi } from './engine-api';
import {
  buildImage,
  runId,
  skipReason,
  sweep,
  testClient,
} from '../../../../test/engine/docker/test-support';

/**
 * removeEnvironment's last step on a real engine: a network that still has a container attached
 * (Podman, on a loaded host, may still list a container removed a moment ago) is removed all the
 * same, the container disconnected, not removed.
 */
describe.skipIf(skipReason !== null)('EngineApi.removeNetwork on a real engine', () => {
  const prefix = `ndnet-${runId()}`;
  const api = new EngineApi(testClient());
  const image = `localhost/${prefix}-sleeper:1`;

  beforeAll(async () => {
    await buildImage(api, image, { cmd: 'sleep 600' });
  }, 120_000);
  afterAll(async () => {
    await sweep(api, { deploymentIds: [], prefix });
  }, 120_000);

  it('disconnects a container still attached, then removes the network', async () => {
    const network = `${prefix}-env`;
    await api.createNetwork(network, {});
    const id = await api.createContainer(`${prefix}-attached`, {
      Image: image,
      HostConfig: { NetworkMode: network },
    });
    await api.startContainer(id);

    await api.removeNetwork(network);
    expect(await api.networkExists(network)).toBe(false);
    const container = await api.inspectContainer(id);
    expect(container?.State.Running).toBe(true);
    expect(Object.keys(container?.NetworkSettings.Networks ?? {})).not.toContain(network);
  });

  it('a network already gone is no error', async () => {
    await expect(api.removeNetwork(`${prefix}-never-made`)).resolves.toBeUndefined();
  });
});
