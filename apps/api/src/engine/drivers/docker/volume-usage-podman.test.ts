import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diskFigures } from '../../../modules/metrics-history/worker';
import { LABELS } from '../../spec';
import { EngineApi } from './engine-api';
import { DOCKER_LABELS } from './labels';
import { HostVolumeUsage } from './volume-usage';
import {
  buildImage,
  execIn,
  runId,
  skipReason,
  sweep,
  testClient,
} from '../../../../test/engine/docker/test-support';

/**
 * The volumes' disk use on a real Podman (issue 28 items 1 and 6): a container fills its
 * application's volume with 25 MB; the host's `/system/df`, read once per period, gives it
 * within 5 %, against the size the volume reserves (its label), and the next reading (not the
 * cached one) sees the next 25 MB.
 */
describe.skipIf(skipReason !== null)('volumes measured on Podman', () => {
  const prefix = `ndtest-disk-${runId()}`;
  const api = new EngineApi(testClient());
  const id = randomUUID();
  const files = `${prefix}-files`;
  const data = `${prefix}-db`;
  let cid: string;

  beforeAll(async () => {
    const labels = (sizeMb: number, component: string) => ({
      [LABELS.deploymentId]: id,
      [LABELS.component]: component,
      [DOCKER_LABELS.sizeMb]: String(sizeMb),
    });
    await api.createVolume(files, labels(100, 'application'));
    await api.createVolume(data, labels(1000, 'database'));
    const image = `localhost/${prefix}-fill:1`;
    await buildImage(api, image, { cmd: 'sleep 600' });
    cid = await api.createContainer(`${prefix}-app-1`, {
      Image: image,
      Labels: { [LABELS.deploymentId]: id, [LABELS.component]: 'application' },
      HostConfig: { Binds: [`${files}:/data`, `${data}:/db`] },
    });
    await api.startContainer(cid);
  }, 60_000);

  afterAll(async () => {
    await sweep(api, { deploymentIds: [id], prefix });
  }, 60_000);

  const fill = (file: string, mb: number) =>
    execIn(api, cid, [
      '/bin/busybox',
      'dd',
      'if=/dev/zero',
      `of=/data/${file}`,
      'bs=1000000',
      `count=${mb}`,
    ]);

  it('gives a volume filled with 25 MB within 5 %, read once per period', async () => {
    await fill('a', 25);
    const usage = new HostVolumeUsage(api, 60_000);
    const started = Date.now();
    const first = await usage.of(id);
    const tookMs = Date.now() - started;
    const byName = new Map(first!.volumes.map((v) => [v.name, v]));
    expect(byName.get(files)!.usedBytes).toBeGreaterThanOrEqual(25e6 * 0.95);
    expect(byName.get(files)!.usedBytes).toBeLessThanOrEqual(25e6 * 1.05);
    expect(byName.get(files)!.capacityBytes).toBe(100e6);
    expect(byName.get(data)!.usedBytes).toBeLessThan(1e6);
    expect(byName.get(data)!.capacityBytes).toBe(1000e6);
    // What a sample stores: 25 MB in all, the files volume at 25 % of its 100 MB.
    expect(diskFigures(first!.volumes)).toEqual({ diskUsedMb: 25, diskPercent: 25 });
    console.info(`/system/df on this host: ${tookMs} ms`);

    await fill('b', 25);
    // Within the period: the same reading, not a second walk of every volume.
    expect((await usage.of(id))!.measuredAt).toBe(first!.measuredAt);
    const next = await new HostVolumeUsage(api, 0).of(id);
    const after = next!.volumes.find((v) => v.name === files)!.usedBytes;
    expect(after).toBeGreaterThanOrEqual(50e6 * 0.95);
    expect(after).toBeLessThanOrEqual(50e6 * 1.05);
  }, 60_000);

  it('is null for an application without a volume', async () => {
    expect(await new HostVolumeUsage(api, 0).of(randomUUID())).toBeNull();
  });
});
