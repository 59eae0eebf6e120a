import type { AppContext } from '../../app-context';
import { DueRowsWorker } from '../../lib/due-rows-worker';
import { SAFETY_POLL_MS } from '../../lib/work-loop';
import { previews } from '../../db/schema/previews';
import { claimDue, closing, nextDueAt, open } from './due-previews';
import { checkIdle } from './idle-stop';
import { reportPreview, WATCH_MS } from './reporter';
import { sweepPreview } from './sweeper';
import type { PreviewRow } from './preview-state';

/** How long a claimed report or deletion is left to its process before another may take it. */
const LEASE_MS = 60_000;

/**
 * The previews' background work (issue 26): reports to the Git host as a preview's state
 * changes, the deletion of closed requests' previews once their delay is over, and the stop of
 * idle ones (idle-stop.ts). Each sleeps
 * until a row falls due; a webhook wakes them at once.
 */
export class PreviewWorker {
  private readonly reports: DueRowsWorker<PreviewRow>;
  private readonly deletions: DueRowsWorker<PreviewRow>;
  private readonly idleness: DueRowsWorker<PreviewRow>;

  constructor(ctx: AppContext) {
    this.reports = new DueRowsWorker({
      log: ctx.log,
      failure: 'preview report pass failed',
      intervalMs: WATCH_MS,
      // Every report due is in `report_due_at` and a webhook wakes the worker: the safety poll
      // (another process's lapsed lease) need not run every WATCH_MS while no preview exists.
      pollMs: SAFETY_POLL_MS,
      nextDueAt: () => nextDueAt(ctx.db, previews.reportDueAt),
      claim: (now) => claimDue(ctx.db, previews.reportDueAt, { now, leaseMs: LEASE_MS, limit: 20 }),
      // Together: each waits on a Git host's answer.
      together: true,
      handle: (row, now) => reportPreview(ctx, row, now),
      gatherMs: 250,
      rowFailure: { message: 'preview report failed', fields: (row) => ({ previewId: row.id }) },
    });
    this.deletions = new DueRowsWorker({
      log: ctx.log,
      failure: 'preview deletion pass failed',
      intervalMs: 30_000,
      pollMs: SAFETY_POLL_MS,
      nextDueAt: () => nextDueAt(ctx.db, previews.deleteAt, closing),
      claim: (now) =>
        claimDue(ctx.db, previews.deleteAt, { now, leaseMs: LEASE_MS, limit: 20, where: closing }),
      together: false,
      handle: (row, now) => sweepPreview(ctx, row, now),
      gatherMs: 250,
      rowFailure: { message: 'preview deletion failed', fields: (row) => ({ previewId: row.id }) },
    });
    this.idleness = new DueRowsWorker({
      log: ctx.log,
      failure: 'preview idleness pass failed',
      intervalMs: 10 * 60_000,
      pollMs: SAFETY_POLL_MS,
      nextDueAt: () => nextDueAt(ctx.db, previews.idleCheckAt, open),
      claim: (now) =>
        claimDue(ctx.db, previews.idleCheckAt, { now, leaseMs: LEASE_MS, limit: 20, where: open }),
      together: false,
      handle: (row, now) => checkIdle(ctx, row, now),
      gatherMs: 1000,
      rowFailure: {
        message: 'preview idleness check failed',
        fields: (row) => ({ previewId: row.id }),
      },
    });
  }

  start() {
    this.reports.start();
    this.deletions.start();
    this.idleness.start();
  }

  async stop(deadline?: number) {
    await Promise.all([
      this.reports.stop(deadline),
      this.deletions.stop(deadline),
      this.idleness.stop(deadline),
    ]);
  }

  /** A webhook changed a preview: its report and deletion looked at now. */
  wake() {
    this.reports.wake();
    this.deletions.wake();
  }

  /** Tests: one pass of each; answers the rows handled. */
  async pass(now = new Date()): Promise<number> {
    return (
      (await this.reports.pass(now)) +
      (await this.deletions.pass(now)) +
      (await this.idleness.pass(now))
    );
  }
}
