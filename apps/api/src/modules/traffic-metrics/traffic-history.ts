import type { MetricsRange } from '@nuage/shared/schemas/metrics-history';
import type { TrafficHistory } from '@nuage/shared/schemas/responses/traffic-metrics';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import type { Executor } from '../../db/client';
import { addBuckets, emptyBuckets, quantileMs } from '../../lib/traffic-histogram';
import { authorizeDeployment } from '../deployments/access';
import { trafficSourceOf } from './worker';
import { readState } from './traffic-store';

type Rows<T> = { rows: T[] };
const rowsOf = <T>(result: unknown) => (result as Rows<T>).rows;

/** Which rows each period reads, and the step its points have (60 to 2 016 points). */
export const TRAFFIC_RANGE_PLAN: Record<
  MetricsRange,
  { seconds: number; resolution: TrafficHistory['resolution']; step: 60 | 300 | 3600 }
> = {
  '1h': { seconds: 3600, resolution: 'raw', step: 60 },
  '24h': { seconds: 86_400, resolution: '5m', step: 300 },
  '7d': { seconds: 7 * 86_400, resolution: '5m', step: 300 },
  '30d': { seconds: 30 * 86_400, resolution: '1h', step: 3600 },
};

interface Row {
  at: number;
  requests: number;
  s2: number;
  s3: number;
  s4: number;
  s5: number;
  buckets: number[];
  simulated: boolean;
}

const COLUMNS = sql`requests, status_2xx AS s2, status_3xx AS s3, status_4xx AS s4,
  status_5xx AS s5, duration_buckets AS buckets, simulated`;

/** One layer's rows since `from`: the minutes (step null) or the roll-ups of `step`. */
async function layer(
  db: Executor,
  id: string,
  step: 300 | 3600 | null,
  from: Date,
): Promise<Row[]> {
  const query =
    step === null
      ? sql`SELECT extract(epoch FROM at)::float8 AS at, ${COLUMNS} FROM traffic_samples
          WHERE deployment_id = ${id} AND at >= ${from} ORDER BY at`
      : sql`SELECT extract(epoch FROM bucket_at)::float8 AS at, ${COLUMNS} FROM traffic_rollups
          WHERE deployment_id = ${id} AND step_seconds = ${step} AND bucket_at >= ${from}
          ORDER BY bucket_at`;
  return rowsOf<Row>(await db.execute(query)).map((r) => ({ ...r, at: Number(r.at) }));
}

/**
 * The rows of a period: the stored buckets of the period's step, then the finer rows not rolled
 * up yet (so the latest minutes show before the worker's next roll-up).
 */
async function periodRows(db: Executor, id: string, step: 60 | 300 | 3600, from: Date) {
  const layers: (300 | 3600 | null)[] =
    step === 60 ? [null] : step === 300 ? [300, null] : [3600, 300, null];
  let since = from.getTime() / 1000;
  const rows: Row[] = [];
  for (const l of layers) {
    const found = await layer(db, id, l, new Date(since * 1000));
    rows.push(...found);
    if (found.length) since = Math.max(since, found.at(-1)!.at + (l ?? 60));
  }
  return rows;
}

export async function trafficHistory(
  ctx: AppContext,
  input: { deploymentId: string; userId: string; range: MetricsRange; now?: Date },
): Promise<TrafficHistory> {
  const row = await authorizeDeployment(ctx.db, { ...input, need: 'user' });
  const plan = TRAFFIC_RANGE_PLAN[input.range];
  const now = (input.now ?? new Date()).getTime() / 1000;
  // Whole steps up to the one now is in, which is left out: still being counted, it would
  // read as a drop at the end of every chart.
  const end = Math.floor(now / plan.step) * plan.step;
  const first = end - plan.seconds;
  const count = plan.seconds / plan.step;
  const steps = Array.from({ length: count }, (_, i) => ({
    at: first + i * plan.step,
    requests: 0,
    s2: 0,
    s3: 0,
    s4: 0,
    s5: 0,
    buckets: emptyBuckets(),
  }));
  let simulated = row.runtime === 'simulation';
  for (const r of await periodRows(ctx.db, row.id, plan.step, new Date(first * 1000))) {
    const step = steps[Math.floor((r.at - first) / plan.step)];
    if (!step) continue;
    step.requests += r.requests;
    step.s2 += r.s2;
    step.s3 += r.s3;
    step.s4 += r.s4;
    step.s5 += r.s5;
    step.buckets = addBuckets(step.buckets, r.buckets);
    simulated ||= r.simulated;
  }
  const state = await readState(ctx.db);
  const sum = (pick: (s: (typeof steps)[number]) => number) =>
    steps.reduce((t, s) => t + pick(s), 0);
  const ms = (v: number | null) => (v === null ? null : Math.round(v * 10) / 10);
  return {
    application_id: row.id,
    range: input.range,
    resolution: plan.resolution,
    step_seconds: plan.step,
    source: state?.source ?? trafficSourceOf(ctx.engine.runtime),
    simulated,
    notice: state?.notice ?? null,
    totals: {
      requests: sum((s) => s.requests),
      status_2xx: sum((s) => s.s2),
      status_3xx: sum((s) => s.s3),
      status_4xx: sum((s) => s.s4),
      status_5xx: sum((s) => s.s5),
    },
    series: {
      at: steps.map((s) => s.at),
      requests_per_minute: steps.map((s) => Math.round((s.requests / (plan.step / 60)) * 10) / 10),
      status_2xx: steps.map((s) => s.s2),
      status_3xx: steps.map((s) => s.s3),
      status_4xx: steps.map((s) => s.s4),
      status_5xx: steps.map((s) => s.s5),
      p50_ms: steps.map((s) => ms(quantileMs(s.buckets, 0.5))),
      p95_ms: steps.map((s) => ms(quantileMs(s.buckets, 0.95))),
    },
  };
}
