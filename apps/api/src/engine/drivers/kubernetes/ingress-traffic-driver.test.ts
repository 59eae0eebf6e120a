import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { VARIANTS, makeSpec } from '../../../../test/engine/manifests/test-fixtures';
import type { FakeKubeApi } from '../../../../test/kubernetes/fake-kube-api';
import {
  eventually,
  refOf,
  seedNamespace,
  startFakeCluster,
} from '../../../../test/kubernetes/fake-cluster';
import { dnsLabel } from '../../manifests/meta';
import type { KubernetesDriver } from './kubernetes-driver';

/**
 * The driver's traffic reading end to end: ingress-nginx's endpoint served over HTTP, the
 * series attributed through the Ingress objects the driver applied (strict fake API), never
 * through an Ingress of the same name in a namespace the platform does not own.
 */
const spec = makeSpec({ template: 'wordpress', variant: VARIANTS[0]! });
const ns = spec.namespace;
const ingress = dnsLabel(spec.name);

const line = (namespace: string, status: string, n: number) =>
  `nginx_ingress_controller_requests{canary="",controller_class="k8s.io/ingress-nginx",controller_namespace="ingress-nginx",controller_pod="ingress-nginx-controller-0",host="x.example",ingress="${ingress}",method="GET",namespace="${namespace}",path="/",service="${ingress}",status="${status}"} ${n}`;
const bucket = (namespace: string, le: string, n: number) =>
  `nginx_ingress_controller_request_duration_seconds_bucket{ingress="${ingress}",namespace="${namespace}",status="200",le="${le}"} ${n}`;

let api: FakeKubeApi;
let driver: KubernetesDriver;
let metrics: http.Server;
let scrape = '';

beforeEach(async () => {
  metrics = http.createServer((_req, res) => res.end(scrape));
  await new Promise<void>((r) => metrics.listen(0, '127.0.0.1', r));
  const port = (metrics.address() as AddressInfo).port;
  ({ api, driver } = await startFakeCluster({
    ingressMetricsUrl: `http://127.0.0.1:${port}/metrics`,
  }));
  seedNamespace(api, ns);
});
afterEach(async () => {
  await driver.close();
  await api.close();
  await new Promise((r) => metrics.close(r));
});

const scrapeOf = (ok: number, errors: number) =>
  [
    '# TYPE nginx_ingress_controller_requests counter',
    line(ns, '200', ok),
    line(ns, '503', errors),
    // The same Ingress name in a namespace that is not the platform's.
    line('autre-equipe', '200', ok * 10),
    bucket(ns, '0.01', Math.round(ok / 2)),
    bucket(ns, '0.1', ok),
    bucket(ns, '+Inf', ok + errors),
  ].join('\n');

describe('traffic from ingress-nginx on Kubernetes', () => {
  it('attributes the increase to the application whose Ingress it is', async () => {
    await driver.apply(spec);
    await driver.status(refOf(spec));
    scrape = scrapeOf(100, 2);
    const first = await driver.readTraffic({ cursor: null, now: new Date() });
    expect(first).toMatchObject({ source: 'ingress', notice: null, minutes: [] });

    scrape = scrapeOf(160, 5);
    const next = await eventually(async () => {
      const r = await driver.readTraffic({ cursor: first.cursor, now: new Date() });
      expect(r.minutes).toHaveLength(1);
      return r;
    });
    expect(next.minutes[0]).toMatchObject({
      deploymentId: spec.deploymentId,
      requests: 63,
      status2xx: 60,
      status5xx: 3,
    });
    expect(next.minutes[0]!.buckets.reduce((s, n) => s + n, 0)).toBe(63);
  });

  it('says the setting is missing when no endpoint is configured', async () => {
    const { api: bare, driver: unset } = await startFakeCluster();
    try {
      const r = await unset.readTraffic({ cursor: null, now: new Date() });
      expect(r.notice).toMatch(/INGRESS_METRICS_URL/);
    } finally {
      await unset.close();
      await bare.close();
    }
  });
});
