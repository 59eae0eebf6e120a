import { eq } from 'drizzle-orm';
import { isUniqueViolation } from '../../db/errors';
import { deployments } from '../../db/schema/deployments';
import { WorkLoop } from '../../lib/work-loop';
import type { BackupContext } from './context';
import { destinationRequired } from './destination-required';
import { BackgroundJobs } from './jobs';
import { executeRestore, recordRestore } from './restore';
import { resumeSuspendedRestores } from './restore-resume';
import { failInterruptedRestores, removeAbandonedStaging } from './restore-failure';
import { executeBackup, recordBackup } from './run-backup';
import { failAbandonedUpdates } from '../app-updates/abandoned';
import { claimDueBackups, claimDueTestRestores, ensureSchedules, failAbandoned } from './schedules';

export interface BackupWorkerOptions {
  /**
   * Where restores taken up after a stop run (the API's, so one stop ends them all); default:
   * the worker's own, stopped with it.
   */
  jobs?: BackgroundJobs;
  pollMs?: number;
  /** Backups (and test restores) per pass: they are heavy, a few at a time. */
  batchSize?: number;
  /** A backup still running after this long belongs to a dead process. */
  abandonedAfterHours?: number;
  /** A restore whose heartbeat is older than this belongs to a dead process. */
  restoreStaleMs?: number;
}

/**
 * Scheduled backups (daily where enabled) and the weekly test restore of each scheduled
 * application's latest good backup; restores left running by a process that died (first pass at
 * start-up, then every pass) are failed and announced, those a stop handed over are taken up
 * again. Claims are `SKIP LOCKED` moves of the next run, so several API processes share the
 * work and none runs it twice.
 */
export class BackupWorker {
  private readonly loop: WorkLoop;
  private readonly jobs: BackgroundJobs;
  /** Aborted by stop(): the backup or test restore a pass runs ends at once. */
  private readonly stopping = new AbortController();

  constructor(
    private readonly ctx: BackupContext,
    private readonly opts: BackupWorkerOptions = {},
  ) {
    this.loop = new WorkLoop(() => this.tick(), {
      pollMs: opts.pollMs ?? 60_000,
      log: ctx.log,
      failure: 'backup worker pass failed',
    });
    this.jobs = opts.jobs ?? new BackgroundJobs(ctx.log);
  }

  start() {
    this.loop.start();
    void removeAbandonedStaging(this.ctx);
  }

  /** Ends the pass under way (its backup interrupted, its test restore handed over) by `deadline`. */
  async stop(deadline = Number.POSITIVE_INFINITY) {
    this.stopping.abort();
    await this.loop.stop(deadline);
    if (!this.opts.jobs) await this.jobs.stop(deadline);
  }

  async tick(): Promise<number> {
    const batch = this.opts.batchSize ?? 2;
    const signal = this.stopping.signal;
    await failAbandoned(this.ctx.db, this.opts.abandonedAfterHours ?? 6);
    // « Mettre à jour » whose process died during its backup: failed, offered again.
    await failAbandonedUpdates(this.ctx.db);
    // Restores say they are alive: one gone silent was cut by a process that stopped.
    await failInterruptedRestores(this.ctx, this.opts.restoreStaleMs);
    // Those a stop handed over start again, beside the backups (each takes minutes).
    let done = signal.aborted
      ? 0
      : await resumeSuspendedRestores(this.ctx, (restoreId) =>
          this.jobs.run('restore', (jobSignal) => executeRestore(this.ctx, restoreId, jobSignal)),
        );
    await ensureSchedules(this.ctx.db);
    const runnable = { destinationRequired: destinationRequired(this.ctx.engine.driver) };
    for (const deploymentId of await claimDueBackups(this.ctx.db, batch, runnable)) {
      if (signal.aborted) break;
      const backup = await this.record(deploymentId);
      if (!backup) continue;
      await executeBackup(this.ctx, backup.id, signal);
      done += 1;
    }
    for (const due of await claimDueTestRestores(this.ctx.db, batch, runnable)) {
      if (signal.aborted) break;
      const restore = await recordRestore(this.ctx, {
        backupId: due.backupId,
        targetDeploymentId: due.deploymentId,
        kind: 'test',
        requestedBy: null,
      });
      await executeRestore(this.ctx, restore.id, signal);
      done += 1;
    }
    return done;
  }

  /** A manual backup already running for this application stands for today's. */
  private async record(deploymentId: string) {
    const [row] = await this.ctx.db
      .select({ projectId: deployments.projectId })
      .from(deployments)
      .where(eq(deployments.id, deploymentId));
    if (!row) return null;
    try {
      return await recordBackup(this.ctx, {
        deploymentId,
        projectId: row.projectId,
        kind: 'scheduled',
        requestedBy: null,
      });
    } catch (err) {
      if (isUniqueViolation(err, 'backups_one_running_key')) return null;
      throw err;
    }
  }
}
