import { eq } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import type { AutoscalingConfig } from '../../config';
import { autoscalingPolicies } from '../../db/schema/autoscaling';
import { deployments } from '../../db/schema/deployments';
import { DueRowsWorker } from '../../lib/due-rows-worker';
import { SAFETY_POLL_MS } from '../../lib/work-loop';
import { applyStep, clearBlock } from './apply-step';
import { readHpaStatus } from './hpa-status';
import { decideScale, type ScaleDecision } from './decide';
import { averageSince, claimDuePolicies, nextDecisionDueAt } from './policy-store';

/** Hysteresis of a step down (decide.ts): the load on one fewer must stay under 80 % of the target. */
const DOWN_MARGIN = 0.8;

export interface AutoscaleWorkerOptions extends AutoscalingConfig {
  batchSize?: number;
}

/**
 * The platform's automatic scaling on docker and simulation (issue 28 item 5): once per period
 * and application, the average of the stored samples (metrics-history) since the window's start
 * or the last scale, whichever is later (samples from before a scale count other replicas), the
 * decision (decide.ts), the step (apply-step.ts). Kubernetes scales with its own HPA instead:
 * the same period reads its status back (hpa-status.ts).
 */
export class AutoscaleWorker {
  private readonly rows: DueRowsWorker<string>;

  constructor(
    private readonly ctx: AppContext,
    private readonly opts: AutoscaleWorkerOptions,
  ) {
    this.rows = new DueRowsWorker({
      log: ctx.log,
      failure: 'autoscaling pass failed',
      intervalMs: opts.intervalMs,
      // Each policy is due at a known time and a changed one wakes the worker (routes.ts): the
      // safety poll only looks for another process's policies.
      pollMs: SAFETY_POLL_MS,
      nextDueAt: () => nextDecisionDueAt(ctx.db),
      claim: (now) =>
        claimDuePolicies(ctx.db, {
          now,
          intervalMs: opts.intervalMs,
          limit: opts.batchSize ?? 20,
          kubernetes: ctx.engine.runtime === 'kubernetes',
        }),
      together: false,
      // Kubernetes: its own HPA scales; the platform reads it back (hpa-status.ts).
      handle: (id, now) =>
        ctx.engine.runtime === 'kubernetes' ? readHpaStatus(ctx, id, now) : this.decideOne(id, now),
      rowFailure: {
        message: 'autoscaling decision failed',
        fields: (id) => ({ deploymentId: id }),
      },
    });
  }

  start() {
    this.rows.start();
  }

  stop(deadline?: number) {
    return this.rows.stop(deadline);
  }

  /** A policy was set: its first decision now rather than at the safety poll. */
  wake() {
    this.rows.wake();
  }

  /** One pass: the due applications, one decision each. Answers how many were decided. */
  pass(now = new Date()): Promise<number> {
    return this.rows.pass(now);
  }

  /** The decision for one application (exported for tests through `pass`). */
  private async decideOne(deploymentId: string, now: Date): Promise<ScaleDecision> {
    const [row] = await this.ctx.db
      .select()
      .from(deployments)
      .where(eq(deployments.id, deploymentId));
    const [policy] = await this.ctx.db
      .select()
      .from(autoscalingPolicies)
      .where(eq(autoscalingPolicies.deploymentId, deploymentId));
    if (!row || !policy) return { action: 'none', why: 'no-data' };
    const lastScale = Math.max(
      policy.lastScaleUpAt?.getTime() ?? 0,
      policy.lastScaleDownAt?.getTime() ?? 0,
    );
    const from = new Date(Math.max(now.getTime() - this.opts.windowMs, lastScale));
    const avg = await averageSince(this.ctx.db, deploymentId, from);
    const reserved = (perReplica: number, used: number | null) =>
      used === null || avg.samples === 0 ? null : (used / (perReplica * row.replicas)) * 100;
    const decision = decideScale({
      replicas: row.replicas,
      policy,
      load: {
        cpuPercent: reserved(row.cpuMilli, avg.cpuMilli),
        memoryPercent: reserved(row.ramMb, avg.ramMb),
      },
      timings: {
        upCooldownMs: this.opts.upCooldownMs,
        downCooldownMs: this.opts.downCooldownMs,
        downMargin: DOWN_MARGIN,
      },
      now,
    });
    if (decision.action === 'none') {
      // The load is back under its target: the quota no longer stops anything.
      if (policy.blockedReason && (decision.why === 'in-range' || decision.why === 'at-min')) {
        await clearBlock(this.ctx, deploymentId);
      }
      return decision;
    }
    await applyStep(this.ctx, {
      deploymentId,
      from: row.replicas,
      to: decision.to,
      reason: decision.reason,
      now,
    });
    return decision;
  }
}
