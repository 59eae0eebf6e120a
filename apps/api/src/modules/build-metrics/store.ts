import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';

/**
 * The SQL of a build's samples: one row per reading (the key `(build_id, at)`: a second writer
 * of the same instant is ignored), the peaks kept on the build's row as they rise, so that a
 * running build shows them too.
 */

export interface BuildSample {
  at: Date;
  cpuMilli: number;
  ramMb: number;
  simulated: boolean;
}

/** Integers within PostgreSQL's `integer` (a cgroup read mid-reset can give anything). */
const int = (v: number) => Math.min(2_147_483_647, Math.max(0, Math.round(v)));

export async function recordBuildSample(db: Executor, buildId: string, s: BuildSample) {
  await db.execute(sql`
    INSERT INTO build_metric_samples (build_id, at, cpu_milli, ram_mb, simulated)
    VALUES (${buildId}, ${s.at}, ${int(s.cpuMilli)}, ${int(s.ramMb)}, ${s.simulated})
    ON CONFLICT DO NOTHING`);
  await db.execute(sql`
    UPDATE builds SET
      peak_cpu_milli = greatest(coalesce(peak_cpu_milli, 0), ${int(s.cpuMilli)}),
      peak_ram_mb = greatest(coalesce(peak_ram_mb, 0), ${int(s.ramMb)}),
      metrics_notice = NULL
    WHERE id = ${buildId}`);
}

/** Why the build's usage is not measured (French), shown with its graph. */
export async function recordBuildNotice(db: Executor, buildId: string, notice: string) {
  await db.execute(sql`UPDATE builds SET metrics_notice = ${notice} WHERE id = ${buildId}`);
}

type Rows<T> = { rows: T[] };

/** The build's samples, oldest first. */
export async function readBuildSamples(db: Executor, buildId: string) {
  const result = (await db.execute(sql`
    SELECT extract(epoch FROM at)::float8 AS at, cpu_milli AS "cpuMilli", ram_mb AS "ramMb", simulated
    FROM build_metric_samples WHERE build_id = ${buildId} ORDER BY at`)) as unknown as Rows<{
    at: number | string;
    cpuMilli: number;
    ramMb: number;
    simulated: boolean;
  }>;
  return result.rows.map((r) => ({ ...r, at: Number(r.at) }));
}
