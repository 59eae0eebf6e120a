import { afterAll, describe, expect, it } from 'vitest';
import { LABELS } from '../../spec';
import { driftOf } from './drift';
import { EngineApi } from './engine-api';
import { runId, skipReason, sweep, testClient } from '../../../../test/engine/docker/test-support';

/**
 * Volume listings by several labels on a real engine. Podman 4.3 answers the volumes matching
 * any of them: a code application (files volume, no database) was reported every pass as
 * « conteneur …-db (base de données) absent », applied again and given an event each time.
 */
describe.skipIf(skipReason !== null)('EngineApi.listVolumes on a real engine', () => {
  const prefix = `ndvol-${runId()}`;
  const api = new EngineApi(testClient());
  const deploymentId = `${prefix}-deployment`;

  afterAll(async () => {
    await sweep(api, { deploymentIds: [deploymentId], prefix });
  }, 60_000);

  it('answers only the volumes bearing every label asked', async () => {
    const files = `${prefix}-files`;
    await api.createVolume(files, {
      [LABELS.deploymentId]: deploymentId,
      [LABELS.component]: 'application',
    });
    await api.createVolume(`${prefix}-elsewhere`, {
      [LABELS.deploymentId]: `${prefix}-other`,
      [LABELS.component]: 'database',
    });

    const database = await api.listVolumes({
      label: [`${LABELS.deploymentId}=${deploymentId}`, `${LABELS.component}=database`],
    });
    expect(database).toEqual([]);
    const application = await api.listVolumes({
      label: [`${LABELS.deploymentId}=${deploymentId}`, `${LABELS.component}=application`],
    });
    expect(application.map((v) => v.Name)).toEqual([files]);

    // The drift check of an application without a database finds nothing missing.
    const ref = { deploymentId, name: `${prefix}-app`, namespace: `${prefix}-env`, replicas: 0 };
    expect(await driftOf(api, ref, [])).toEqual([]);
  });
});
