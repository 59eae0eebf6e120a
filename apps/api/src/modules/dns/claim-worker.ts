import { and, asc, eq, inArray, isNotNull, isNull, lte } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import { deployments } from '../../db/schema/deployments';
import { WorkLoop } from '../../lib/work-loop';
import { releaseExpiredClaims } from './release-claims';
import { checkClaim } from './verify-claim';

export interface DomainClaimWorkerOptions {
  /** Time between passes. */
  pollMs?: number;
  /** Pending claims looked up per pass (and expired ones withdrawn per pass). */
  batchSize?: number;
  /** How long a claim taken by a pass is left to it before another process may look again. */
  leaseMs?: number;
}

/**
 * The platform's own check of pending custom domains (issue 24): a domain whose owner published
 * the TXT record (or the CNAME) gets verified, and served, without anyone opening its page.
 * Low frequency and bounded: one pass every `pollMs` (a pass never starts the next one early),
 * at most `batchSize` DNS lookups per pass, the claims due first, each claim's next check spread
 * over time (claim-schedule.ts). Claims past their delay are withdrawn here too. Several API
 * processes share the work: a claim is taken by moving its next check (`SKIP LOCKED`), as the
 * backup schedules are.
 */
export class DomainClaimWorker {
  private readonly loop: WorkLoop;
  private readonly batchSize: number;
  private readonly leaseMs: number;

  constructor(
    private readonly ctx: AppContext,
    opts: DomainClaimWorkerOptions = {},
  ) {
    this.batchSize = opts.batchSize ?? 10;
    this.leaseMs = opts.leaseMs ?? 10 * 60_000;
    this.loop = new WorkLoop(
      async () => {
        await this.tick();
        return 0; // one pass per period, whatever it found: the load stays low and even
      },
      {
        pollMs: opts.pollMs ?? 5 * 60_000,
        log: ctx.log,
        failure: 'custom domain check pass failed',
      },
    );
  }

  start() {
    this.loop.start();
  }

  stop() {
    return this.loop.stop();
  }

  /** One pass; returns the claims looked up. */
  async tick(now = new Date()): Promise<number> {
    if (await releaseExpiredClaims(this.ctx.db, { limit: this.batchSize, now }))
      this.ctx.engine.wake();
    const due = await this.claimDue(now);
    for (const row of due) {
      // One claim's failure (database, DNS) does not stop the others; it is looked at again
      // once its lease ends.
      await checkClaim(this.ctx, row, now).catch((err: unknown) =>
        this.ctx.log.warn({ err, deploymentId: row.id }, 'custom domain check failed'),
      );
    }
    return due.length;
  }

  private claimDue(now: Date) {
    return this.ctx.db.transaction(async (tx) => {
      const due = await tx
        .select({ id: deployments.id })
        .from(deployments)
        .where(
          and(
            lte(deployments.domainNextCheckAt, now),
            isNotNull(deployments.domain),
            isNull(deployments.domainVerifiedAt),
            eq(deployments.desiredState, 'present'),
          ),
        )
        .orderBy(asc(deployments.domainNextCheckAt))
        .limit(this.batchSize)
        .for('update', { skipLocked: true });
      if (due.length === 0) return [];
      return tx
        .update(deployments)
        .set({ domainNextCheckAt: new Date(now.getTime() + this.leaseMs) })
        .where(
          inArray(
            deployments.id,
            due.map((d) => d.id),
          ),
        )
        .returning();
    });
  }
}
