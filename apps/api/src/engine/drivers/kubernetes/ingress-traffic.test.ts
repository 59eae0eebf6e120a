import { trafficNotices } from '@nuage/shared/messages/traffic-metrics';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { quantileMs } from '../../../lib/traffic-histogram';
import { ingressCounters, ingressTraffic, readIngressTraffic } from './ingress-traffic';

/**
 * A scrape in ingress-nginx's exposition format and label set: two Ingresses of one application
 * (its platform host and a custom domain), one of another namespace the platform does not own.
 */
const SAMPLE = readFileSync(
  path.join(__dirname, '../../../../test/kubernetes/fixtures/ingress-nginx-metrics.prom'),
  'utf8',
);
const OWNERS: Record<string, string> = {
  'p-acme-production/boutique': 'dep-boutique',
  'p-acme-production/boutique-domain': 'dep-boutique',
};
const owner = (namespace: string, ingress: string) => OWNERS[`${namespace}/${ingress}`];
const T = Date.UTC(2026, 10, 29, 15, 0, 30);

describe('ingress-nginx metrics', () => {
  it('sums each Ingress’s requests per status and its response times over methods and paths', () => {
    const c = ingressCounters(SAMPLE);
    expect(c['p-acme-production/boutique']!.status).toEqual({ '200': 150, '404': 8, '502': 2 });
    expect(c['p-acme-production/boutique-domain']!.status).toEqual({ '301': 40 });
    expect(c['p-acme-production/boutique']!.buckets.reduce((s, n) => s + n, 0)).toBe(160);
    expect(Object.keys(c)).toContain('monitoring/monitoring-ingress');
  });

  it('counts the increase since the previous scrape, per application, only for its own Ingresses', () => {
    const first = ingressCounters(SAMPLE);
    expect(ingressTraffic(null, first, T, owner)).toEqual([]);
    // Every counter doubled: the increase is the first scrape's totals.
    const second = ingressCounters(SAMPLE + SAMPLE);
    const [m, ...others] = ingressTraffic(first, second, T, owner);
    expect(others).toEqual([]);
    expect(m).toMatchObject({
      deploymentId: 'dep-boutique',
      at: Date.UTC(2026, 10, 29, 15, 0),
      requests: 200,
      status2xx: 150,
      status3xx: 40,
      status4xx: 8,
      status5xx: 2,
    });
    // 58 of the 200 responses under 5 ms, 113 under 10 ms: the median is in 5–10 ms.
    expect(m!.buckets.reduce((s, n) => s + n, 0)).toBe(200);
    const p50 = quantileMs(m!.buckets, 0.5)!;
    expect(p50).toBeGreaterThan(5);
    expect(p50).toBeLessThanOrEqual(10);
    expect(quantileMs(m!.buckets, 0.95)!).toBeGreaterThan(p50);
  });

  it('takes totals that went down (the controller restarted) as the increase', () => {
    const high = ingressCounters(SAMPLE + SAMPLE + SAMPLE);
    const [m] = ingressTraffic(high, ingressCounters(SAMPLE), T, owner);
    expect(m!.requests).toBe(200);
  });

  it('reads the endpoint, keeps only the platform’s Ingresses in the cursor, and says why it cannot', async () => {
    const first = await readIngressTraffic({
      url: 'http://ingress-nginx-controller-metrics.ingress-nginx:10254/metrics',
      cursor: null,
      now: new Date(T),
      deploymentOf: async (ns, ing) => owner(ns, ing),
      fetchText: async () => SAMPLE,
    });
    expect(first).toMatchObject({ source: 'ingress', notice: null, minutes: [] });
    expect(Object.keys(JSON.parse(first.cursor!) as object).sort()).toEqual([
      'p-acme-production/boutique',
      'p-acme-production/boutique-domain',
    ]);
    const next = await readIngressTraffic({
      url: 'http://x/metrics',
      cursor: first.cursor,
      now: new Date(T + 60_000),
      deploymentOf: async (ns, ing) => owner(ns, ing),
      fetchText: async () => SAMPLE + SAMPLE,
    });
    expect(next.minutes.map((m) => m.requests)).toEqual([200]);

    const unset = await readIngressTraffic({
      url: undefined,
      cursor: null,
      now: new Date(T),
      deploymentOf: async () => undefined,
    });
    expect(unset.notice).toBe(trafficNotices.ingressMetricsUrlMissing);
    const down = await readIngressTraffic({
      url: 'http://x/metrics',
      cursor: first.cursor,
      now: new Date(T),
      deploymentOf: async () => undefined,
      fetchText: async () => {
        throw new Error('ECONNREFUSED');
      },
    });
    expect(down).toMatchObject({ cursor: null, notice: trafficNotices.ingressMetricsUnreachable });
  });
});
