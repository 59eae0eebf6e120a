import { metricAlertTexts } from '@nuage/shared/messages/metric-alerts';
import { requiredRole } from '@nuage/shared/roles';
import type { MetricAlertKind, MetricAlertRuleInput } from '@nuage/shared/schemas/metric-alerts';
import type {
  MetricAlertIncident,
  MetricAlertRule,
  MetricAlerts,
} from '@nuage/shared/schemas/responses/metric-alerts';
import { and, desc, eq, gte, isNull, or } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import { closeIncidentQuietly } from '../../db/notification-events';
import { metricAlertIncidents, metricAlertRules } from '../../db/schema/metric-alerts';
import { conflict, notFound } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { authorizeDeployment } from '../deployments/access';
import { closeIncident, incidentKeyOf } from './alert-store';

const INCIDENTS_SHOWN = 20;
type RuleRow = typeof metricAlertRules.$inferSelect;

const presentRule = (r: RuleRow): MetricAlertRule => ({
  id: r.id,
  type: r.kind as MetricAlertKind,
  seuil: r.threshold,
  minutes: r.windowMinutes,
  active: r.enabled,
});

interface Caller {
  deploymentId: string;
  userId: string;
}

/** GET /deployments/{id}/metric-alerts: the rules, the open alerts and the last 30 days'. */
export async function listMetricAlerts(ctx: AppContext, input: Caller): Promise<MetricAlerts> {
  const app = await authorizeDeployment(ctx.db, { ...input, need: requiredRole.view });
  const rules = await ctx.db
    .select()
    .from(metricAlertRules)
    .where(eq(metricAlertRules.deploymentId, app.id))
    .orderBy(metricAlertRules.createdAt);
  const since = new Date(Date.now() - 30 * 86_400_000);
  const rows = await ctx.db
    .select({ incident: metricAlertIncidents, rule: metricAlertRules })
    .from(metricAlertIncidents)
    .innerJoin(metricAlertRules, eq(metricAlertRules.id, metricAlertIncidents.ruleId))
    .where(
      and(
        eq(metricAlertIncidents.deploymentId, app.id),
        or(isNull(metricAlertIncidents.endedAt), gte(metricAlertIncidents.endedAt, since)),
      ),
    )
    .orderBy(desc(metricAlertIncidents.startedAt))
    .limit(INCIDENTS_SHOWN);
  const incidents: MetricAlertIncident[] = rows
    .map(({ incident: i, rule: r }) => ({
      id: i.id,
      regle_id: r.id,
      type: r.kind as MetricAlertKind,
      seuil: r.threshold,
      minutes: r.windowMinutes,
      debut: i.startedAt.toISOString(),
      fin: i.endedAt ? i.endedAt.toISOString() : null,
      valeur: i.value,
    }))
    .sort((a, b) => Number(a.fin !== null) - Number(b.fin !== null));
  return {
    application_id: app.id,
    regles: rules.map(presentRule),
    incidents,
    redemarrages_mesures: app.runtime !== 'kubernetes',
  };
}

/** POST /deployments/{id}/metric-alerts (developers and admins). One rule per measure. */
export async function createMetricAlertRule(
  ctx: AppContext,
  input: Caller & { rule: MetricAlertRuleInput },
): Promise<MetricAlertRule> {
  const app = await authorizeDeployment(ctx.db, {
    ...input,
    need: requiredRole.manageApplications,
  });
  const [row] = await ctx.db
    .insert(metricAlertRules)
    .values({
      deploymentId: app.id,
      kind: input.rule.type,
      threshold: input.rule.seuil,
      windowMinutes: input.rule.minutes,
      enabled: input.rule.active,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw conflict(metricAlertTexts.duplicate);
  return presentRule(row);
}

async function ruleOf(ctx: AppContext, input: Caller & { ruleId: string }) {
  const app = await authorizeDeployment(ctx.db, {
    ...input,
    need: requiredRole.manageApplications,
  });
  if (!isUuid(input.ruleId)) throw notFound(metricAlertTexts.notFound);
  const [rule] = await ctx.db
    .select()
    .from(metricAlertRules)
    .where(and(eq(metricAlertRules.id, input.ruleId), eq(metricAlertRules.deploymentId, app.id)));
  if (!rule) throw notFound(metricAlertTexts.notFound);
  return { app, rule };
}

/**
 * PUT /deployments/{id}/metric-alerts/{ruleId}. A changed rule starts afresh: an open alert ends
 * without a message (it was about the old threshold), and the next evaluation is at once.
 */
export async function updateMetricAlertRule(
  ctx: AppContext,
  input: Caller & { ruleId: string; rule: MetricAlertRuleInput },
): Promise<MetricAlertRule> {
  const { app, rule } = await ruleOf(ctx, input);
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(metricAlertRules)
      .set({
        kind: input.rule.type,
        threshold: input.rule.seuil,
        windowMinutes: input.rule.minutes,
        enabled: input.rule.active,
        nextEvalAt: new Date(),
      })
      .where(eq(metricAlertRules.id, rule.id))
      .returning()
      .catch((err: unknown) => {
        if ((err as { code?: string }).code === '23505') throw conflict(metricAlertTexts.duplicate);
        throw err;
      });
    await closeIncident(tx, rule.id, new Date());
    await closeIncidentQuietly(tx, app.projectId, incidentKeyOf(rule.id));
    return presentRule(row!);
  });
}

/** DELETE /deployments/{id}/metric-alerts/{ruleId}: its alerts go with it, without a message. */
export async function deleteMetricAlertRule(ctx: AppContext, input: Caller & { ruleId: string }) {
  const { app, rule } = await ruleOf(ctx, input);
  await ctx.db.transaction(async (tx) => {
    await tx.delete(metricAlertRules).where(eq(metricAlertRules.id, rule.id));
    await closeIncidentQuietly(tx, app.projectId, incidentKeyOf(rule.id));
  });
}
