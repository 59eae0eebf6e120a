import { metricAlertMeasureNames } from '@nuage/shared/messages/metric-alerts';
import type { AppContext } from '../../app-context';
import { emitNotificationFor } from '../../db/notification-events';
import { WorkLoop } from '../../lib/work-loop';
import {
  claimDueRules,
  closeIncident,
  incidentKeyOf,
  nextRuleDueAt,
  openIncident,
  samplesSince,
  trafficSince,
  type ClaimedRule,
} from './alert-store';
import { evaluateErrorRate, evaluateRule, lookBehindMs, type Verdict } from './evaluate';

export interface MetricAlertWorkerOptions {
  /** How often each rule is evaluated (60 s). */
  intervalMs: number;
  /** The metrics' sampling interval: how closely the samples must cover a window. */
  sampleMs: number;
  /** Rules claimed per pass. */
  batchSize?: number;
}

/**
 * Evaluates every enabled metric alert rule (issue 28 item 6) against the stored samples once
 * per interval. An alert's start and end are stored (alert-store.ts) and told through the
 * notifications' incidents (one message when it opens, one when it ends), so several API
 * processes, or a rule evaluated again, never tell it twice.
 */
export class MetricAlertWorker {
  private readonly loop: WorkLoop;

  constructor(
    private readonly ctx: AppContext,
    private readonly opts: MetricAlertWorkerOptions,
  ) {
    this.loop = new WorkLoop(() => this.pass(), {
      pollMs: opts.intervalMs,
      log: ctx.log,
      failure: 'metric alerts pass failed',
      nextDueMs: async () => {
        const at = await nextRuleDueAt(ctx.db);
        return at ? at.getTime() - Date.now() : null;
      },
    });
  }

  start() {
    this.loop.start();
  }

  stop(deadline?: number) {
    return this.loop.stop(deadline);
  }

  async pass(now = new Date()): Promise<number> {
    const due = await claimDueRules(this.ctx.db, {
      now,
      intervalMs: this.opts.intervalMs,
      limit: this.opts.batchSize ?? 50,
    });
    for (const rule of due) {
      await this.evaluate(rule, now).catch((err: unknown) =>
        this.ctx.log.warn({ err, ruleId: rule.id }, 'metric alert not evaluated'),
      );
    }
    return due.length;
  }

  /** The rule's verdict from the runtime's samples, or from the edge's traffic (5xx rate). */
  private async verdictOf(rule: ClaimedRule, now: Date): Promise<Verdict> {
    const since = new Date(now.getTime() - lookBehindMs(rule, this.opts.sampleMs));
    if (rule.kind === 'errors5xx') {
      const minutes = await trafficSince(this.ctx.db, rule.deploymentId, since);
      return evaluateErrorRate(rule, minutes, { now: now.getTime() });
    }
    const samples = await samplesSince(this.ctx.db, rule.deploymentId, since);
    return evaluateRule(rule, samples, {
      now: now.getTime(),
      limits: rule.limits,
      sampleMs: this.opts.sampleMs,
    });
  }

  private async evaluate(rule: ClaimedRule, now: Date) {
    const verdict = await this.verdictOf(rule, now);
    const params = {
      mesure: metricAlertMeasureNames[rule.kind],
      seuil: rule.threshold,
      minutes: rule.windowMinutes,
    };
    const key = incidentKeyOf(rule.id);
    // The alert's row and its message in one transaction: stored, then told, or neither.
    await this.ctx.db.transaction(async (tx) => {
      if (verdict.state === 'firing' && !rule.openIncidentId) {
        if (!(await openIncident(tx, rule, now, verdict.value))) return;
        await emitNotificationFor(tx, rule.deploymentId, {
          type: 'metric.alert',
          incident: { key, phase: 'open' },
          params: { ...params, moyenne: verdict.value, redemarrages: verdict.value },
        });
      } else if (verdict.state === 'clear' && rule.openIncidentId) {
        if (!(await closeIncident(tx, rule.id, now))) return;
        await emitNotificationFor(tx, rule.deploymentId, {
          type: 'metric.recovered',
          incident: { key, phase: 'close' },
          params,
        });
      }
    });
  }
}
