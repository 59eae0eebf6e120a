import { buildMetricsNotices } from '@nuage/shared/messages/build-metrics';
import { describe, expect, it } from 'vitest';
import { KubeApiRejection, type KubeClient } from '../../drivers/kubernetes/kube-client';
import { simulatedUsage } from '../simulated-usage';
import { kanikoUsageProbe } from './build-usage';

/** A client answering the metrics API's list with `answer` (or throwing it), the query kept. */
function metricsApi(answer: unknown) {
  const asked: { path: string; labelSelector?: string }[] = [];
  const client = {
    json: (_method: string, path: string, opts?: { query?: { labelSelector?: string } }) => {
      asked.push({ path, labelSelector: opts?.query?.labelSelector });
      return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer);
    },
  } as unknown as KubeClient;
  return { client, asked };
}

describe('Kaniko build usage (metrics.k8s.io)', () => {
  it("sums the build pod's containers, found by the Job's label", async () => {
    const { client, asked } = metricsApi({
      items: [
        {
          metadata: { name: 'build-abc-x1' },
          containers: [{ name: 'kaniko', usage: { cpu: '850m', memory: '300Mi' } }],
        },
      ],
    });
    expect(await kanikoUsageProbe(client, 'ns-1', 'build-abc')()).toEqual({
      cpuMilli: 850,
      ramMb: 315,
    });
    expect(asked).toEqual([
      {
        path: '/apis/metrics.k8s.io/v1beta1/namespaces/ns-1/pods',
        labelSelector: 'nuagedeploy.io/build=build-abc',
      },
    ]);
  });

  it('waits while the pod has no metrics yet, and says when metrics-server is missing', async () => {
    expect(await kanikoUsageProbe(metricsApi({ items: [] }).client, 'n', 'b')()).toBeNull();
    const missing = metricsApi(new KubeApiRejection('not found', 404, 'NotFound'));
    expect(await kanikoUsageProbe(missing.client, 'n', 'b')()).toEqual({
      notice: buildMetricsNotices.metricsServerMissing,
    });
  });
});

describe('simulated build usage', () => {
  it('gives computed values within the build limits, marked simulated', async () => {
    let now = 0;
    const probe = simulatedUsage({ cpuMilli: 1000, ramMb: 1024 }, () => now);
    const readings = [];
    for (let i = 0; i < 20; i++, now += 3000) readings.push(await probe());
    for (const r of readings) {
      expect(r).toMatchObject({ simulated: true });
      const { cpuMilli, ramMb } = r as { cpuMilli: number; ramMb: number };
      expect(cpuMilli).toBeGreaterThanOrEqual(200);
      expect(cpuMilli).toBeLessThanOrEqual(950);
      expect(ramMb).toBeGreaterThanOrEqual(256);
      expect(ramMb).toBeLessThanOrEqual(1024);
    }
    // The memory climbs as dependencies would be installed.
    const ram = readings.map((r) => (r as { ramMb: number }).ramMb);
    expect(ram.at(-1)!).toBeGreaterThan(ram[0]! + 200);
  });
});
