import { eq } from 'drizzle-orm';
import { isUniqueViolation } from '../../db/errors';
import { deployments } from '../../db/schema/deployments';
import { WorkLoop } from '../../lib/work-loop';
import type { BackupContext } from './context';
import { destinationRequired } from './destination-required';
import { executeRestore, recordRestore } from './restore';
import { failInterruptedRestores, removeAbandonedStaging } from './restore-failure';
import { executeBackup, recordBackup } from './run-backup';
import { claimDueBackups, claimDueTestRestores, ensureSchedules, failAbandoned } from './schedules';

export interface BackupWorkerOptions {
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
 * start-up, then every pass) are failed and announced. Claims are `SKIP LOCKED` moves of the next run, so several
 * API processes share the work and none runs it twice.
 */
export class BackupWorker {
  private readonly loop: WorkLoop;

  constructor(
    private readonly ctx: BackupContext,
    private readonly opts: BackupWorkerOptions = {},
  ) {
    this.loop = new WorkLoop(() => this.tick(), {
      pollMs: opts.pollMs ?? 60_000,
      log: ctx.log,
      failure: 'backup worker pass failed',
    });
  }

  start() {
    this.loop.start();
    void removeAbandonedStaging(this.ctx);
  }

  stop() {
    return this.loop.stop();
  }

  async tick(): Promise<number> {
    const batch = this.opts.batchSize ?? 2;
    await failAbandoned(this.ctx.db, this.opts.abandonedAfterHours ?? 6);
    // Restores say they are alive: one gone silent was cut by a process that stopped.
    await failInterruptedRestores(this.ctx, this.opts.restoreStaleMs);
    await ensureSchedules(this.ctx.db);
    const runnable = { destinationRequired: destinationRequired(this.ctx.engine.driver) };
    let done = 0;
    for (const deploymentId of await claimDueBackups(this.ctx.db, batch, runnable)) {
      const backup = await this.record(deploymentId);
      if (!backup) continue;
      await executeBackup(this.ctx, backup.id);
      done += 1;
    }
    for (const due of await claimDueTestRestores(this.ctx.db, batch, runnable)) {
      const restore = await recordRestore(this.ctx, {
        backupId: due.backupId,
        targetDeploymentId: due.deploymentId,
        kind: 'test',
        requestedBy: null,
      });
      await executeRestore(this.ctx, restore.id);
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
