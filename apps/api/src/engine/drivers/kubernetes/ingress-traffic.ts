import { trafficNotices } from '@nuage/shared/messages/traffic-metrics';
import { bucketBound, parsePrometheusText } from '../../../lib/prometheus-text';
import { emptyBuckets, fromCumulative } from '../../../lib/traffic-histogram';
import type { TrafficMinute, TrafficReading } from '../../driver';
import { TrafficTally } from '../../traffic-tally';

/**
 * Traffic from ingress-nginx's Prometheus endpoint (INGRESS_METRICS_URL): its counters are
 * totals since the controller started, so each reading keeps them (the cursor) and counts the
 * increase since the previous one, given to the minute it was read in. Series are attributed by
 * their `namespace` and `ingress` labels (the Ingress objects the platform rendered name their
 * application). A total that went down means the controller restarted: the new total is the
 * increase.
 */

const REQUESTS = 'nginx_ingress_controller_requests';
const DURATION_BUCKET = 'nginx_ingress_controller_request_duration_seconds_bucket';

/** Per `namespace/ingress`: responses per status code, and response-time buckets (fixed bounds). */
export type IngressCounters = Record<string, { status: Record<string, number>; buckets: number[] }>;

/** The counters of one scrape, summed over every other label (method, path, pod, …). */
export function ingressCounters(text: string): IngressCounters {
  const counters: IngressCounters = {};
  const cumulative = new Map<string, Map<number, number>>();
  const entry = (key: string) => (counters[key] ??= { status: {}, buckets: emptyBuckets() });
  for (const s of parsePrometheusText(text, (n) => n === REQUESTS || n === DURATION_BUCKET)) {
    const { namespace, ingress } = s.labels;
    if (!namespace || !ingress || !Number.isFinite(s.value)) continue;
    const key = `${namespace}/${ingress}`;
    if (s.name === REQUESTS) {
      const status = s.labels.status ?? '';
      const e = entry(key);
      e.status[status] = (e.status[status] ?? 0) + s.value;
    } else {
      const le = bucketBound(s.labels.le);
      if (le === null) continue;
      const byLe = cumulative.get(key) ?? new Map<number, number>();
      byLe.set(le, (byLe.get(le) ?? 0) + s.value);
      cumulative.set(key, byLe);
    }
  }
  for (const [key, byLe] of cumulative)
    entry(key).buckets = fromCumulative([...byLe].map(([le, count]) => ({ le, count })));
  return counters;
}

const sum = (values: Iterable<number>) => [...values].reduce((s, n) => s + n, 0);

/**
 * What happened between two scrapes, per application, in the minute `atMs` is in. The first
 * scrape (no previous one) only sets the starting totals.
 */
export function ingressTraffic(
  previous: IngressCounters | null,
  current: IngressCounters,
  atMs: number,
  deploymentOf: (namespace: string, ingress: string) => string | undefined,
): TrafficMinute[] {
  if (!previous) return [];
  const tally = new TrafficTally();
  for (const [key, now] of Object.entries(current)) {
    const [namespace, ingress] = key.split('/') as [string, string];
    const deploymentId = deploymentOf(namespace, ingress);
    if (!deploymentId) continue;
    const before = previous[key] ?? { status: {}, buckets: emptyBuckets() };
    const restarted =
      sum(Object.values(now.status)) < sum(Object.values(before.status)) ||
      sum(now.buckets) < sum(before.buckets);
    for (const [status, total] of Object.entries(now.status)) {
      const increase = restarted ? total : total - (before.status[status] ?? 0);
      if (increase > 0) tally.statusCount(deploymentId, atMs, Number(status), Math.round(increase));
    }
    const increase = now.buckets.map((n, i) =>
      Math.max(0, restarted ? n : n - (before.buckets[i] ?? 0)),
    );
    if (increase.some((n) => n > 0)) tally.durations(deploymentId, atMs, increase);
  }
  return tally.result();
}

/** Reads the endpoint once; answers the reading (with a French notice when it cannot). */
export async function readIngressTraffic(input: {
  url: string | undefined;
  cursor: string | null;
  now: Date;
  deploymentOf: (namespace: string, ingress: string) => Promise<string | undefined>;
  fetchText?: (url: string) => Promise<string>;
}): Promise<TrafficReading> {
  const reading = { source: 'ingress' as const, minutes: [] as TrafficMinute[] };
  if (!input.url)
    return { ...reading, cursor: null, notice: trafficNotices.ingressMetricsUrlMissing };
  let text: string;
  try {
    text = await (input.fetchText ?? fetchMetrics)(input.url);
  } catch {
    // The totals start again from the next answer (nothing to count the gap against).
    return { ...reading, cursor: null, notice: trafficNotices.ingressMetricsUnreachable };
  }
  const current = ingressCounters(text);
  const previous = parseCounters(input.cursor);
  // Attribution is asynchronous (the watch cache); resolve every key first.
  const owners = new Map<string, string | undefined>();
  for (const key of Object.keys(current)) {
    const [namespace, ingress] = key.split('/') as [string, string];
    owners.set(key, await input.deploymentOf(namespace, ingress));
  }
  const minutes = ingressTraffic(previous, current, input.now.getTime(), (ns, ing) =>
    owners.get(`${ns}/${ing}`),
  );
  // Only the platform's ingresses are kept for the next reading (the cursor stays small).
  const owned = Object.fromEntries(Object.entries(current).filter(([key]) => owners.get(key)));
  return { ...reading, cursor: JSON.stringify(owned), minutes, notice: null };
}

function parseCounters(cursor: string | null): IngressCounters | null {
  if (!cursor) return null;
  try {
    return JSON.parse(cursor) as IngressCounters;
  } catch {
    return null; // a cursor of another shape (an older version): the totals start again
  }
}

async function fetchMetrics(url: string): Promise<string> {
  const res = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  if (!res.ok) throw new Error(`ingress metrics: HTTP ${res.status}`);
  return res.text();
}
