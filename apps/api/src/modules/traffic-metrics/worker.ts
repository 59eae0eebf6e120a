import { trafficNotices } from '@nuage/shared/messages/traffic-metrics';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import type { TrafficReading } from '../../engine/driver';
import { WorkLoop } from '../../lib/work-loop';
import { maintainTraffic, rewindTrafficMarks } from './traffic-rollups';
import { readState, recordMinutes, runningApplications, writeState } from './traffic-store';

export interface TrafficWorkerOptions {
  /** How often the edge is read (default 60 s: one row per application and minute at most). */
  intervalMs: number;
}

type Rows<T> = { rows: T[] };
const rowsOf = <T>(result: unknown) => (result as Rows<T>).rows;

/** The advisory lock's key: 'traf' in ASCII, distinct from the other locks of the platform. */
const TRAFFIC_LOCK = 0x74726166;

/** The source a runtime reads its traffic from (for the card, before any reading). */
export const trafficSourceOf = (runtime: string): TrafficReading['source'] =>
  runtime === 'kubernetes' ? 'ingress' : runtime === 'docker' ? 'edge' : 'simulation';

/**
 * Reads the requests served at the edge once per interval (issue 28 item 2) and rolls them up.
 * One process at a time (a transaction-scoped advisory lock; another one skips its turn): the
 * reading goes on from the cursor the previous one stored, whichever process made it.
 */
export class TrafficWorker {
  private readonly loop: WorkLoop;

  constructor(
    private readonly ctx: AppContext,
    opts: TrafficWorkerOptions,
  ) {
    // Always 0: the next reading waits for the interval, whatever this one found.
    this.loop = new WorkLoop(async () => (await this.pass(), 0), {
      pollMs: opts.intervalMs,
      log: ctx.log,
      failure: 'traffic reading failed',
    });
  }

  start() {
    this.loop.start();
  }

  stop(deadline?: number) {
    return this.loop.stop(deadline);
  }

  /** One reading and the roll-ups; answers the minutes stored (null: another process reads). */
  async pass(now = new Date()): Promise<number | null> {
    const driver = this.ctx.engine.driver;
    if (!driver.readTraffic) return 0;
    return this.ctx.db.transaction(async (tx) => {
      const [lock] = rowsOf<{ ok: boolean }>(
        await tx.execute(sql`SELECT pg_try_advisory_xact_lock(${TRAFFIC_LOCK}) AS ok`),
      );
      if (!lock?.ok) return null;
      const state = await readState(tx);
      const source = trafficSourceOf(this.ctx.engine.runtime);
      let reading: TrafficReading;
      try {
        reading = await driver.readTraffic!({
          cursor: state?.cursor ?? null,
          now,
          running: await runningApplications(tx),
        });
      } catch (err) {
        this.ctx.log.warn({ err: (err as Error).message }, 'traffic unavailable');
        // The cursor is kept: the next reading takes up where this one could not.
        await writeState(tx, {
          cursor: state?.cursor ?? null,
          source,
          notice:
            source === 'ingress'
              ? trafficNotices.ingressMetricsUnreachable
              : trafficNotices.edgeUnavailable,
          at: now,
        });
        return 0;
      }
      await recordMinutes(tx, reading.minutes, reading.source === 'simulation');
      if (reading.minutes.length)
        await rewindTrafficMarks(tx, new Date(Math.min(...reading.minutes.map((m) => m.at))));
      await writeState(tx, {
        cursor: reading.cursor,
        source: reading.source,
        notice: reading.notice,
        at: now,
      });
      await maintainTraffic(tx, now);
      return reading.minutes.length;
    });
  }
}
