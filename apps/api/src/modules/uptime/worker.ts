import { uptimeReasons } from '@nuage/shared/messages/uptime';
import type { AppContext } from '../../app-context';
import { emitForDeployment } from '../../db/notification-events';
import { DueRowsWorker } from '../../lib/due-rows-worker';
import { onceEvery } from '../../lib/once-every';
import {
  claimDueChecks,
  ensureMonitors,
  nextCheckDueAt,
  pruneChecks,
  recordFailure,
  recordSuccesses,
  type ClaimedCheck,
} from './check-store';
import { checkHttp, type CheckResult } from './http-check';

export interface UptimeWorkerOptions {
  intervalMs: number;
  failuresBeforeIncident: number;
  /** Checks claimed per pass, and run at once at most. */
  batchSize?: number;
  /** How often the 48 h rows and old days are pruned. */
  pruneEveryMs?: number;
  /** Tests: the HTTP check (a server that answers what they choose). */
  check?: (target: Parameters<typeof checkHttp>[0]) => Promise<CheckResult>;
}

const HOUR_MS = 3_600_000;
/** A new application gets its first check at most this late plus one interval. */
const ENSURE_EVERY_MS = 10_000;

/**
 * The platform's HTTP check of every live application (issue 28 item 3), once per interval.
 * State lives in PostgreSQL only (check-store.ts): a restart picks the schedule up where it
 * was, and several API processes share the monitors without checking one twice in a slot.
 */
export class UptimeWorker {
  private readonly rows: DueRowsWorker<ClaimedCheck>;
  private lastPrune = 0;
  private readonly ensureDue = onceEvery(ENSURE_EVERY_MS);

  constructor(
    private readonly ctx: AppContext,
    private readonly opts: UptimeWorkerOptions,
  ) {
    this.rows = new DueRowsWorker({
      log: ctx.log,
      failure: 'uptime check pass failed',
      intervalMs: opts.intervalMs,
      nextDueAt: () => nextCheckDueAt(ctx.db),
      prepare: (now) => this.prepare(now),
      claim: (now) =>
        claimDueChecks(ctx.db, { now, intervalMs: opts.intervalMs, limit: opts.batchSize ?? 50 }),
      handleAll: (claimed) => this.checkAll(claimed),
    });
  }

  start() {
    this.rows.start();
  }

  stop(deadline?: number) {
    return this.rows.stop(deadline);
  }

  /** One pass: the due checks; answers how many were claimed. */
  pass(now = new Date()): Promise<number> {
    return this.rows.pass(now);
  }

  /**
   * Before the checks: new monitors (looked for every few seconds, not at each of the many small
   * passes the spread-out slots cause), pruning now and then.
   */
  private async prepare(now: Date) {
    if (this.ensureDue(now))
      await ensureMonitors(this.ctx.db, { now, intervalMs: this.opts.intervalMs });
    if (now.getTime() - this.lastPrune >= (this.opts.pruneEveryMs ?? HOUR_MS)) {
      this.lastPrune = now.getTime();
      await pruneChecks(this.ctx.db, now);
    }
  }

  /**
   * The pass's checks, run together (each waits on an application's answer); the successes
   * recorded in one statement, each failure on its own (it may open an incident).
   */
  private async checkAll(claimed: ClaimedCheck[]) {
    const results = await Promise.all(
      claimed.map(async (c) => {
        const simulated = c.runtime === 'simulation';
        const result = simulated ? simulatedResult(c) : await this.measure(c);
        return result ? { c, result, simulated } : null;
      }),
    );
    const done = results.filter((r) => r !== null);
    const notRecorded = (ids: string[]) => (err: unknown) =>
      this.ctx.log.warn({ err, deploymentIds: ids }, 'uptime check not recorded');
    const successes = done.filter((r) => r.result.ok);
    if (successes.length)
      await this.recordSuccesses(successes).catch(
        notRecorded(successes.map((r) => r.c.deploymentId)),
      );
    for (const r of done.filter((d) => !d.result.ok))
      await this.recordFailure(r.c, r.result, r.simulated).catch(notRecorded([r.c.deploymentId]));
  }

  private async recordSuccesses(
    done: { c: ClaimedCheck; result: CheckResult; simulated: boolean }[],
  ) {
    await this.ctx.db.transaction(async (tx) => {
      const closed = await recordSuccesses(
        tx,
        done.map(({ c, result, simulated }) => ({
          deploymentId: c.deploymentId,
          slotAt: c.slotAt,
          statusCode: result.statusCode,
          durationMs: result.durationMs,
          simulated,
        })),
      );
      // Told in the same transaction as the incident's end (recordFailure says why).
      for (const incident of closed)
        await emitForDeployment(tx, this.ctx.log, incident.deploymentId, {
          type: 'app.up',
          incident: { key: `down:${incident.deploymentId}`, phase: 'close' },
        });
    });
  }

  private async recordFailure(c: ClaimedCheck, result: CheckResult, simulated: boolean) {
    await this.ctx.db.transaction(async (tx) => {
      const recorded = await recordFailure(
        tx,
        { deploymentId: c.deploymentId, slotAt: c.slotAt, result, simulated },
        { failuresBeforeIncident: this.opts.failuresBeforeIncident },
      );
      // Told in the same transaction as the incident: once per incident, and the key the engine
      // uses for a stopped application, so an outage both see is told once (the notification's
      // incident rule, db/notification-events.ts).
      if (recorded?.opened)
        await emitForDeployment(tx, this.ctx.log, c.deploymentId, {
          type: 'app.down',
          incident: { key: `down:${c.deploymentId}`, phase: 'open' },
          params: {
            raison: recorded.opened.reason,
            minutes: Math.max(
              1,
              Math.round((Date.now() - recorded.opened.startedAt.getTime()) / 60_000),
            ),
          },
        });
    });
  }

  /** A real check of the application's own address; none while it has no address yet. */
  private async measure(c: ClaimedCheck): Promise<CheckResult | null> {
    if (!c.applicationUrl) return null;
    const check = this.opts.check ?? checkHttp;
    return check({
      baseUrl: c.applicationUrl,
      path: c.path,
      expectedStatus: c.expectedStatus,
      timeoutMs: c.timeoutMs,
    });
  }
}

/**
 * The simulation runtime serves nothing: its « check » is what the application's simulated
 * status says, recorded as simulated (the screens label it), never as a measure.
 */
function simulatedResult(c: ClaimedCheck): CheckResult {
  const ok = c.status !== 'FAILED';
  return {
    ok,
    statusCode: null,
    durationMs: 0,
    reason: ok ? null : uptimeReasons.simulatedDown,
  };
}
