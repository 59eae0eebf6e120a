import { boolean, index, integer, jsonb, pgTable, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';
import { deployments } from './deployments';

export interface AutoscaleDecision {
  at: string;
  message: string;
}

/**
 * An application's automatic scaling (issue 28 item 5). Docker and simulation: the platform's
 * loop claims a policy by moving `nextDecisionAt` past now (`FOR UPDATE SKIP LOCKED`), so one
 * process decides once per application and period. Kubernetes: rendered as an HPA instead.
 */
export const autoscalingPolicies = pgTable(
  'autoscaling_policies',
  {
    deploymentId: uuid('deployment_id')
      .primaryKey()
      .references(() => deployments.id, { onDelete: 'cascade' }),
    enabled: boolean('enabled').notNull().default(false),
    minReplicas: smallint('min_replicas').notNull(),
    maxReplicas: smallint('max_replicas').notNull(),
    /** Percent of one replica's CPU limit, averaged over the replicas. */
    cpuTargetPercent: smallint('cpu_target_percent').notNull(),
    memoryTargetPercent: smallint('memory_target_percent'),
    nextDecisionAt: timestamptz('next_decision_at').notNull(),
    /** The last automatic scale each way: the cool-downs count from them. */
    lastScaleUpAt: timestamptz('last_scale_up_at'),
    lastScaleDownAt: timestamptz('last_scale_down_at'),
    /** French, while the project's quota stops a scale-up; told once per incident. */
    blockedReason: text('blocked_reason'),
    blockedSince: timestamptz('blocked_since'),
    /** The last decisions (newest first, 10 at most), French. */
    decisions: jsonb('decisions').$type<AutoscaleDecision[]>().notNull().default([]),
    /** The HPA's replicas as last read (Kubernetes), null elsewhere. */
    hpaCurrent: integer('hpa_current'),
    hpaDesired: integer('hpa_desired'),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [index('autoscaling_policies_due_idx').on(t.nextDecisionAt)],
);
