import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { ServiceBytes } from '../../db/schema/metrics';
import type { ServiceMetrics } from '../../engine/driver';
import { ratePerSecond } from './rate';

/** The totals the next reading turns into rates, per service. */
export function serviceBytesOf(services: ServiceMetrics[]): ServiceBytes {
  return Object.fromEntries(
    services.map((s) => [s.service, { rx: s.netRxBytes, tx: s.netTxBytes }]),
  );
}

/**
 * One row per service of a Compose application's reading (issue 30 item 2), at the reading's
 * time: its rates from its own previous totals, as the application's are from its own. A
 * service first seen (added to the file since) has no rate yet.
 */
export async function insertServiceSamples(
  db: Executor,
  r: {
    deploymentId: string;
    at: Date;
    simulated: boolean;
    services: ServiceMetrics[];
    /** The previous reading's totals, and the seconds since. */
    previous: ServiceBytes | null;
    seconds: number;
  },
) {
  const rows = r.services.map((s) => {
    const before = r.previous?.[s.service];
    return sql`(${r.deploymentId}, ${s.service}, ${r.at}, ${Math.round(s.cpuMilli)},
      ${Math.round(s.ramMb)}, ${ratePerSecond(before?.rx ?? null, s.netRxBytes, r.seconds)},
      ${ratePerSecond(before?.tx ?? null, s.netTxBytes, r.seconds)}, ${s.restarts}, ${r.simulated})`;
  });
  await db.execute(sql`
    INSERT INTO metric_service_samples (deployment_id, service, at, cpu_milli, ram_mb, rx_bps,
      tx_bps, restarts, simulated)
    VALUES ${sql.join(rows, sql`, `)}
    ON CONFLICT DO NOTHING`);
}
