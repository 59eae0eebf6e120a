import { metricAlertApiDocs } from '@nuage/shared/messages/metric-alerts';
import { metricAlertRuleSchema } from '@nuage/shared/schemas/metric-alerts';
import {
  metricAlertRuleResponseSchema,
  metricAlertsSchema,
} from '@nuage/shared/schemas/responses/metric-alerts';
import { noContentSchema } from '@nuage/shared/schemas/responses/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { currentUser } from '../../http/authenticate';
import { bearer, pathParams } from '../../http/route-helpers';
import { declareProjectScoped } from '../../http/token-scope';
import {
  createMetricAlertRule,
  deleteMetricAlertRule,
  listMetricAlerts,
  updateMetricAlertRule,
} from './service';

const tags = [metricAlertApiDocs.tag];
const security = bearer;
const audit = (
  action:
    | 'deployment.metric_alert_create'
    | 'deployment.metric_alert_update'
    | 'deployment.metric_alert_delete',
) => ({ audit: { action, target: 'deployment' as const } });

/**
 * An application's metric alert rules (issue 28 item 6): every member and read-only token lists
 * them; developers and admins change them (read-only tokens are refused by authenticate).
 */
export const metricAlertRoutes: FastifyPluginAsyncZod<{
  ctx: AppContext;
  /** A rule was created or changed: the worker evaluates it now (MetricAlertWorker.wake). */
  rulesChanged: () => void;
}> = async (app, { ctx, rulesChanged }) => {
  app.addHook('onRequest', app.authenticate);
  declareProjectScoped(app);

  app.get(
    '/deployments/:id/metric-alerts',
    {
      schema: {
        response: { 200: metricAlertsSchema },
        tags,
        security,
        params: pathParams('id'),
        ...metricAlertApiDocs.list,
      },
    },
    async (request) =>
      listMetricAlerts(ctx, { deploymentId: request.params.id, userId: currentUser(request).id }),
  );

  app.post(
    '/deployments/:id/metric-alerts',
    {
      config: audit('deployment.metric_alert_create'),
      schema: {
        response: { 201: metricAlertRuleResponseSchema },
        tags,
        security,
        params: pathParams('id'),
        body: metricAlertRuleSchema,
        ...metricAlertApiDocs.create,
      },
    },
    async (request, reply) => {
      const rule = await createMetricAlertRule(ctx, {
        deploymentId: request.params.id,
        userId: currentUser(request).id,
        rule: request.body,
      });
      rulesChanged();
      return reply.status(201).send(rule);
    },
  );

  app.put(
    '/deployments/:id/metric-alerts/:ruleId',
    {
      config: audit('deployment.metric_alert_update'),
      schema: {
        response: { 200: metricAlertRuleResponseSchema },
        tags,
        security,
        params: pathParams('id', 'ruleId'),
        body: metricAlertRuleSchema,
        ...metricAlertApiDocs.update,
      },
    },
    async (request) => {
      const rule = await updateMetricAlertRule(ctx, {
        deploymentId: request.params.id,
        userId: currentUser(request).id,
        ruleId: request.params.ruleId,
        rule: request.body,
      });
      rulesChanged();
      return rule;
    },
  );

  app.delete(
    '/deployments/:id/metric-alerts/:ruleId',
    {
      config: audit('deployment.metric_alert_delete'),
      schema: {
        response: { 204: noContentSchema },
        tags,
        security,
        params: pathParams('id', 'ruleId'),
        ...metricAlertApiDocs.remove,
      },
    },
    async (request, reply) => {
      await deleteMetricAlertRule(ctx, {
        deploymentId: request.params.id,
        userId: currentUser(request).id,
        ruleId: request.params.ruleId,
      });
      return reply.status(204).send();
    },
  );
};
