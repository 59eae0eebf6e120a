import type { MetricsRange } from '@nuage/shared/schemas/metrics-history';
import type { AccountMetricsHistory } from '@nuage/shared/schemas/responses/metrics-history';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import { reservationSums, reservesResources } from '../../db/reservation-sql';
import { deployments } from '../../db/schema/deployments';
import { projectMembers, projects } from '../../db/schema/projects';
import { liveMembershipsOf } from '../projects/policy';
import { RANGE_PLAN } from './history';

type Rows<T> = { rows: T[] };
const rowsOf = <T>(result: unknown) => (result as Rows<T>).rows;

interface Point {
  at: number;
  cpu: number;
  ram: number;
  simulated: boolean;
}

const bin = (seconds: number, column: SQL) =>
  sql`date_bin(${sql.raw(`interval '${seconds} seconds'`)}, ${column}, timestamptz '2000-01-01 00:00:00+00')`;
const markOf = (step: number, from: Date) =>
  sql`coalesce((SELECT rolled_until FROM metric_rollup_marks WHERE step_seconds = ${step}), ${from}::timestamptz)`;

/**
 * One row per application and point (its average there), from the rows that hold the period:
 * raw samples binned by the sampling period (1h: as many points as an application's graph); the 5-minute or hourly roll-ups up to where the worker
 * rolled them, then the finer rows after that mark, binned the same way (so the latest minutes
 * show before the next roll-up, as on an application's own graphs).
 */
function perApplication(ids: SQL, range: MetricsRange, from: Date, sampleSeconds: number): SQL {
  if (range === '1h')
    return sql`SELECT deployment_id, ${bin(sampleSeconds, sql`at`)} AS b, avg(cpu_milli) AS cpu, avg(ram_mb) AS ram,
        bool_or(simulated) AS simulated
      FROM metric_samples WHERE at >= ${from} AND deployment_id = ANY(${ids}) GROUP BY 1, 2`;
  const step = RANGE_PLAN[range].step!;
  const finer =
    step === 300
      ? sql`SELECT deployment_id, ${bin(300, sql`at`)} AS b, avg(cpu_milli) AS cpu, avg(ram_mb) AS ram,
          bool_or(simulated) AS simulated
        FROM metric_samples WHERE at >= greatest(${markOf(300, from)}, ${from}::timestamptz)
          AND deployment_id = ANY(${ids}) GROUP BY 1, 2`
      : sql`SELECT deployment_id, ${bin(3600, sql`bucket_at`)} AS b, avg(cpu_avg) AS cpu,
          avg(ram_avg) AS ram, bool_or(simulated) AS simulated
        FROM metric_rollups WHERE step_seconds = 300
          AND bucket_at >= greatest(${markOf(3600, from)}, ${from}::timestamptz)
          AND deployment_id = ANY(${ids}) GROUP BY 1, 2`;
  return sql`SELECT deployment_id, bucket_at AS b, cpu_avg AS cpu, ram_avg AS ram, simulated
      FROM metric_rollups WHERE step_seconds = ${step} AND bucket_at >= ${from}
        AND bucket_at < ${markOf(step, from)} AND deployment_id = ANY(${ids})
    UNION ALL (${finer})`;
}

/**
 * The dashboard's graphs (issue 28 item 4): what the caller's applications used together over
 * the period, against what they reserve now. Two queries whatever the number of applications;
 * the applications are those of the projects the caller (or their token) may see.
 */
export async function accountMetricsHistory(
  ctx: AppContext,
  input: { userId: string; range: MetricsRange; now?: Date },
): Promise<AccountMetricsHistory> {
  const visible = and(liveMembershipsOf(input.userId), reservesResources());
  const [apps] = await ctx.db
    .select({
      ids: sql<string[]>`coalesce(array_agg(${deployments.id}), '{}')`,
      count: sql<number>`count(*)`.mapWith(Number),
      ...reservationSums(),
    })
    .from(deployments)
    .innerJoin(projects, eq(projects.id, deployments.projectId))
    .innerJoin(projectMembers, eq(projectMembers.projectId, deployments.projectId))
    .where(visible);
  const plan = RANGE_PLAN[input.range];
  const now = input.now ?? new Date();
  const from = new Date(now.getTime() - plan.seconds * 1000);
  // One array parameter (a JS array would be spread into one parameter per id).
  const sampleSeconds = ctx.config.metricsHistory.intervalMs / 1000;
  const ids = sql`${`{${apps!.ids.join(',')}}`}::uuid[]`;
  const points = apps!.count
    ? rowsOf<Point>(
        await ctx.db.execute(sql`
          SELECT extract(epoch FROM b)::float8 AS "at", round(sum(cpu))::int AS cpu,
            round(sum(ram))::int AS ram, bool_or(simulated) AS simulated
          FROM (${perApplication(ids, input.range, from, sampleSeconds)}) p GROUP BY b ORDER BY b`),
      )
    : [];
  return {
    range: input.range,
    resolution: plan.resolution,
    step_seconds: plan.step ?? sampleSeconds,
    simulated: points.some((p) => p.simulated),
    applications: apps!.count,
    limits: { cpu_milli: apps!.cpuMilli, ram_mb: apps!.ramMb },
    series: {
      at: points.map((p) => Number(p.at)),
      cpu_milli: points.map((p) => p.cpu),
      ram_mb: points.map((p) => p.ram),
    },
  };
}
