import { metricAlertMeasureNames } from '@nuage/shared/messages/metric-alerts';
import type { AppContext } from '../../app-context';
import { emitNotificationFor } from '../../db/notification-events';
import { DueRowsWorker } from '../../lib/due-rows-worker';
import { SAFETY_POLL_MS } from '../../lib/work-loop';
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
  private readonly rows: DueRowsWorker<ClaimedRule>;

  constructor(
    private readonly ctx: AppContext,
    private readonly opts: MetricAlertWorkerOptions,
  ) {
    this.rows = new DueRowsWorker({
      log: ctx.log,
      failure: 'metric alerts pass failed',
      intervalMs: opts.intervalMs,
      // Each rule is due at a known time and a new or changed rule wakes the worker (routes.ts):
      // the safety poll only looks for another process's rules.
      pollMs: SAFETY_POLL_MS,
      nextDueAt: () => nextRuleDueAt(ctx.db),
      claim: (now) =>
        claimDueRules(ctx.db, { now, intervalMs: opts.intervalMs, limit: opts.batchSize ?? 50 }),
      together: false,
      handle: (rule, now) => this.evaluate(rule, now),
      rowFailure: {
        message: 'metric alert not evaluated',
        fields: (rule) => ({ ruleId: rule.id }),
      },
    });
  }

  start() {
    this.rows.start();
  }

  stop(deadline?: number) {
    return this.rows.stop(deadline);
  }

  pass(now = new Date()): Promise<number> {
    return this.rows.pass(now);
  }

  /** A rule was created or changed: it is evaluated now rather than at the safety poll. */
  wake() {
    this.rows.wake();
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
