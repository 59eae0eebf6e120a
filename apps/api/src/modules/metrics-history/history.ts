import type { MetricsRange } from '@nuage/shared/schemas/metrics-history';
import type { MetricsHistory } from '@nuage/shared/schemas/responses/metrics-history';
import { sql, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import type { Executor } from '../../db/client';
import { reservationOf } from '../../lib/reservation';
import { authorizeDeployment } from '../deployments/access';
import { APPLICATION_TABLES, SERVICE_TABLES, type MetricTables } from './rollups';
import { serviceLimits } from './service-limits';

type Rows<T> = { rows: T[] };
const rowsOf = <T>(result: unknown) => (result as Rows<T>).rows;

/** Which rows each period reads: about 120 to 2 000 points, whatever the period. */
export const RANGE_PLAN: Record<
  MetricsRange,
  { seconds: number; resolution: MetricsHistory['resolution']; step: number | null }
> = {
  '1h': { seconds: 3600, resolution: 'raw', step: null },
  '24h': { seconds: 86_400, resolution: '5m', step: 300 },
  '7d': { seconds: 7 * 86_400, resolution: '5m', step: 300 },
  '30d': { seconds: 30 * 86_400, resolution: '1h', step: 3600 },
};

interface Point {
  at: number;
  cpu: number;
  cpuMax: number;
  ram: number;
  ramMax: number;
  rx: number | null;
  tx: number | null;
  restarts: number | null;
  disk: number | null;
  diskPercent: number | null;
  simulated: boolean;
}

const COLUMNS = sql`"at", cpu, "cpuMax", ram, "ramMax", rx, tx, restarts, disk, "diskPercent", simulated`;

/** Whose rows to read: an application's, or one service's of a Compose application. */
interface Owned {
  tables: MetricTables;
  /** The rows' owner, as a condition on their key. */
  owner: SQL;
}

function ownedBy(id: string, service: string | null): Owned {
  return service === null
    ? { tables: APPLICATION_TABLES, owner: sql`deployment_id = ${id}` }
    : { tables: SERVICE_TABLES, owner: sql`deployment_id = ${id} AND service = ${service}` };
}

/** Raw samples since `from`. */
const rawPoints = ({ tables, owner }: Owned, from: Date) => sql`
  SELECT extract(epoch FROM at)::float8 AS "at", cpu_milli AS cpu, cpu_milli AS "cpuMax",
    ram_mb AS ram, ram_mb AS "ramMax", rx_bps AS rx, tx_bps AS tx, restarts,
    disk_used_mb AS disk, disk_percent AS "diskPercent", simulated
  FROM ${tables.samples} WHERE ${owner} AND at >= ${from}`;

/**
 * Stored buckets of `step` since `from`, then the buckets not rolled up yet, computed now from
 * the finer rows (so the latest minutes show before the worker's next roll-up).
 */
function bucketPoints({ tables, owner }: Owned, from: Date, step: number): SQL {
  const bin = (column: SQL) =>
    sql`date_bin(${sql.raw(`interval '${step} seconds'`)}, ${column}, timestamptz '2000-01-01 00:00:00+00')`;
  const tailFrom = sql`greatest(${from}::timestamptz, coalesce((SELECT max(bucket_at) FROM ${tables.rollups}
    WHERE ${owner} AND step_seconds = ${step}) + ${`${step} seconds`}::interval, ${from}::timestamptz))`;
  const tail =
    step === 300
      ? sql`SELECT extract(epoch FROM ${bin(sql`at`)})::float8, round(avg(cpu_milli))::int, max(cpu_milli),
          round(avg(ram_mb))::int, max(ram_mb), round(avg(rx_bps))::int, round(avg(tx_bps))::int,
          max(restarts), max(disk_used_mb), max(disk_percent), bool_or(simulated)
        FROM ${tables.samples} WHERE ${owner} AND at >= ${tailFrom}
        GROUP BY 1`
      : sql`SELECT extract(epoch FROM ${bin(sql`bucket_at`)})::float8, round(avg(cpu_avg))::int, max(cpu_max),
          round(avg(ram_avg))::int, max(ram_max), round(avg(rx_avg))::int, round(avg(tx_avg))::int,
          max(restarts), max(disk_used_mb), max(disk_percent), bool_or(simulated)
        FROM ${tables.rollups} WHERE ${owner} AND step_seconds = 300
          AND bucket_at >= ${tailFrom}
        GROUP BY 1`;
  return sql`
    SELECT extract(epoch FROM bucket_at)::float8 AS "at", cpu_avg AS cpu, cpu_max AS "cpuMax",
      ram_avg AS ram, ram_max AS "ramMax", rx_avg AS rx, tx_avg AS tx, restarts,
      disk_used_mb AS disk, disk_percent AS "diskPercent", simulated
    FROM ${tables.rollups}
    WHERE ${owner} AND step_seconds = ${step} AND bucket_at >= ${from}
    UNION ALL (${tail})`;
}

/** The points of a period: the application's, or one service's when `service` names one. */
export async function readPoints(
  db: Executor,
  id: string,
  range: MetricsRange,
  now: Date,
  service: string | null = null,
): Promise<Point[]> {
  const plan = RANGE_PLAN[range];
  const from = new Date(now.getTime() - plan.seconds * 1000);
  const owned = ownedBy(id, service);
  const query = plan.step === null ? rawPoints(owned, from) : bucketPoints(owned, from, plan.step);
  return rowsOf<Point>(
    await db.execute(sql`SELECT ${COLUMNS} FROM (${query}) p ORDER BY "at"`),
  ).map((p) => ({ ...p, at: Number(p.at) }));
}

export async function metricsHistory(
  ctx: AppContext,
  input: {
    deploymentId: string;
    userId: string;
    range: MetricsRange;
    /** One service of a Compose application (issue 30 item 2); its whole when absent. */
    service?: string | undefined;
    now?: Date;
  },
): Promise<MetricsHistory> {
  const row = await authorizeDeployment(ctx.db, { ...input, need: 'user' });
  const service = input.service ?? null;
  // Checked before any read: a name the application has no service of is refused in French.
  const own = service === null ? null : serviceLimits(row, service);
  const points = await readPoints(ctx.db, row.id, input.range, input.now ?? new Date(), service);
  const [monitor] = rowsOf<{ notice: string | null; diskNotice: string | null }>(
    await ctx.db.execute(
      sql`SELECT notice, disk_notice AS "diskNotice" FROM metric_monitors WHERE deployment_id = ${row.id}`,
    ),
  );
  const plan = RANGE_PLAN[input.range];
  const limits = reservationOf(row);
  return {
    application_id: row.id,
    service,
    range: input.range,
    resolution: plan.resolution,
    step_seconds: plan.step ?? ctx.config.metricsHistory.intervalMs / 1000,
    simulated: row.runtime === 'simulation' || points.some((p) => p.simulated),
    notice: monitor?.notice ?? null,
    disk_notice: monitor?.diskNotice ?? null,
    // A service's own limits; the volumes are measured for the whole application.
    limits: {
      cpu_milli: own?.cpuMilli ?? limits.cpuMilli,
      ram_mb: own?.ramMb ?? limits.ramMb,
      disk_mb: limits.storageMb,
    },
    series: {
      at: points.map((p) => p.at),
      cpu_milli: points.map((p) => p.cpu),
      cpu_milli_max: points.map((p) => p.cpuMax),
      ram_mb: points.map((p) => p.ram),
      ram_mb_max: points.map((p) => p.ramMax),
      rx_bps: points.map((p) => p.rx),
      tx_bps: points.map((p) => p.tx),
      restarts: points.map((p) => p.restarts),
      disk_used_mb: points.map((p) => p.disk),
      disk_percent: points.map((p) => p.diskPercent),
    },
  };
}
