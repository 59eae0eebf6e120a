import { metricsHistoryNotices } from '@nuage/shared/messages/metrics-history';
import type { AppContext } from '../../app-context';
import type { ApplicationMetrics } from '../../engine/driver';
import type { ApplicationRef } from '../../engine/spec';
import { DueRowsWorker, inPool } from '../../lib/due-rows-worker';
import { onceEvery } from '../../lib/once-every';
import { metricsRefsOf } from './metrics-ref';
import { maintainMetrics } from './rollups';
import {
  claimDueSamples,
  ensureMetricMonitors,
  nextSampleDueAt,
  recordNotice,
  recordSamples,
  type ClaimedSample,
  type Reading,
  type SampleReading,
} from './sample-store';

export interface MetricsWorkerOptions {
  intervalMs: number;
  /** Samples claimed per pass (read, then recorded in one statement). */
  batchSize?: number;
  /** Readings asked of the runtime at once at most (each takes ~0.5 s on Podman). */
  readsAtOnce?: number;
  /** How often the roll-ups and the pruning run. */
  maintainEveryMs?: number;
}

/** A new application gets its first sample at most this late plus one interval. */
const ENSURE_EVERY_MS = 10_000;

/**
 * Samples every running application's usage from its runtime (issue 28 item 1) once per
 * interval, and rolls the samples up. State lives in PostgreSQL only: several API processes
 * share the monitors (sample-store.ts) and one at a time rolls up (rollups.ts).
 */
export class MetricsWorker {
  private readonly rows: DueRowsWorker<ClaimedSample>;
  private readonly ensureDue = onceEvery(ENSURE_EVERY_MS);
  private readonly maintainDue: (now: Date) => boolean;

  constructor(
    private readonly ctx: AppContext,
    private readonly opts: MetricsWorkerOptions,
  ) {
    this.maintainDue = onceEvery(opts.maintainEveryMs ?? 300_000);
    this.rows = new DueRowsWorker({
      log: ctx.log,
      failure: 'metrics sampling pass failed',
      intervalMs: opts.intervalMs,
      nextDueAt: () => nextSampleDueAt(ctx.db),
      prepare: (now) => this.prepare(now),
      claim: (now) =>
        claimDueSamples(ctx.db, { now, intervalMs: opts.intervalMs, limit: opts.batchSize ?? 64 }),
      handleAll: (claimed) => this.sampleAll(claimed),
    });
  }

  start() {
    this.rows.start();
  }

  stop(deadline?: number) {
    return this.rows.stop(deadline);
  }

  /** One pass: new monitors now and then, the roll-ups, the due samples (read together). */
  pass(now = new Date()): Promise<number> {
    return this.rows.pass(now);
  }

  private async prepare(now: Date) {
    if (this.ensureDue(now))
      await ensureMetricMonitors(this.ctx.db, { now, intervalMs: this.opts.intervalMs });
    if (this.maintainDue(now)) await maintainMetrics(this.ctx.db, now);
  }

  /** The pass's samples: their refs in one query, read (a few at once), recorded in one statement. */
  private async sampleAll(claimed: ClaimedSample[]) {
    const refs = await metricsRefsOf(
      this.ctx.db,
      claimed.map((c) => c.deploymentId),
    );
    // The simulation's readings are rows of its own tables, read in one query for all.
    const simulated = this.ctx.engine.runtime === 'simulation';
    const atOnce = this.opts.readsAtOnce ?? (simulated ? claimed.length : 8);
    const readings = await inPool(claimed, atOnce, async (c) => {
      const ref = refs.get(c.deploymentId);
      if (!ref) return null;
      return this.readOne(c, ref).catch((err: unknown) => {
        this.ctx.log.warn({ err, deploymentId: c.deploymentId }, 'metrics sample not recorded');
        return null;
      });
    });
    await recordSamples(
      this.ctx.db,
      readings.filter((r): r is SampleReading => r !== null),
    );
  }

  /** One application's reading; null (its notice recorded) when the runtime gave none. */
  private async readOne(c: ClaimedSample, ref: ApplicationRef): Promise<SampleReading | null> {
    const runtime = this.ctx.engine.runtime;
    let measured: ApplicationMetrics | null;
    try {
      measured = await this.ctx.engine.driver.metrics(ref);
    } catch (err) {
      this.ctx.log.warn(
        { deploymentId: c.deploymentId, err: (err as Error).message },
        'metrics unavailable',
      );
      await recordNotice(this.ctx.db, c.deploymentId, metricsHistoryNotices.runtimeUnavailable);
      return null;
    }
    if (!measured) {
      // Kubernetes answers null when the metrics API is missing or down (pod-reads.ts).
      if (runtime === 'kubernetes')
        await recordNotice(this.ctx.db, c.deploymentId, metricsHistoryNotices.metricsServerMissing);
      return null;
    }
    const disk = await this.disk(c.deploymentId, ref);
    const reading: Reading = {
      ...disk,
      at: new Date(measured.collectedAt),
      cpuMilli: measured.cpuMilli,
      ramMb: measured.ramMb,
      rxBytes: measured.netRxBytes ?? null,
      txBytes: measured.netTxBytes ?? null,
      restarts: measured.restarts ?? null,
      simulated: measured.source === 'simulation',
      services: measured.services,
    };
    return { claimed: c, reading };
  }

  /**
   * The volumes' use (MB in all, the fullest one's %), read by the driver at its own, slower
   * pace (docker: one `/system/df` per host and period); nulls when it could not say.
   */
  private async disk(deploymentId: string, ref: ApplicationRef): Promise<DiskReading> {
    const none = { diskUsedMb: null, diskPercent: null, diskNotice: null };
    const driver = this.ctx.engine.driver;
    if (!driver.volumeUsage) return none;
    try {
      const usage = await driver.volumeUsage(ref);
      if (!usage) return none;
      return { ...diskFigures(usage.volumes), diskNotice: usage.notice };
    } catch (err) {
      this.ctx.log.warn({ deploymentId, err: (err as Error).message }, 'volume usage unavailable');
      return { ...none, diskNotice: metricsHistoryNotices.diskStatsUnavailable };
    }
  }
}

type DiskReading = Pick<Reading, 'diskUsedMb' | 'diskPercent' | 'diskNotice'>;

/** MB used over every volume, and the fullest volume's % of its size (null: no volume measured). */
export function diskFigures(volumes: { usedBytes: number; capacityBytes: number }[]) {
  if (volumes.length === 0) return { diskUsedMb: null, diskPercent: null };
  const used = volumes.reduce((sum, v) => sum + v.usedBytes, 0);
  const fullest = Math.max(...volumes.map((v) => (v.usedBytes / v.capacityBytes) * 100));
  return {
    diskUsedMb: Math.round(used / 1e6),
    diskPercent: Math.min(32_767, Math.round(fullest)),
  };
}
