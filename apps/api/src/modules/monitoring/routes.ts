import {
  applicationMetricsSchema,
  projectMetricsSchema,
  projectStatisticsSchema,
} from '@nuage/shared/schemas/responses/monitoring';
import {
  metricsHistoryQuerySchema,
  resourceHistoryQuerySchema,
} from '@nuage/shared/schemas/metrics-history';
import { metricsHistorySchema } from '@nuage/shared/schemas/responses/metrics-history';
import { trafficHistorySchema } from '@nuage/shared/schemas/responses/traffic-metrics';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { currentUser } from '../../http/authenticate';
import { bearer, pathParams } from '../../http/route-helpers';
import { applicationMetrics, projectMetrics } from './service';
import { projectStatistics } from './statistics';
import { metricsHistory } from '../metrics-history/history';
import { trafficHistory } from '../traffic-metrics/traffic-history';
import { declareProjectScoped } from '../../http/token-scope';

const security = bearer;

export const monitoringRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  app.addHook('onRequest', app.authenticate);
  // Metrics of one application or project, by id.
  declareProjectScoped(app);
  app.get(
    '/monitoring/applications/:id/metrics',
    {
      schema: {
        response: { 200: applicationMetricsSchema },
        tags: ['Monitoring'],
        security,
        params: pathParams('id'),
      },
    },
    async (request) =>
      applicationMetrics(ctx, { deploymentId: request.params.id, userId: currentUser(request).id }),
  );
  // The stored samples and roll-ups over a period (modules/metrics-history): the application's,
  // or one Compose service's (`service`).
  app.get(
    '/monitoring/applications/:id/metrics/history',
    {
      schema: {
        response: { 200: metricsHistorySchema },
        tags: ['Monitoring'],
        security,
        params: pathParams('id'),
        querystring: resourceHistoryQuerySchema,
      },
    },
    async (request) =>
      metricsHistory(ctx, {
        deploymentId: request.params.id,
        userId: currentUser(request).id,
        range: request.query.range,
        service: request.query.service,
      }),
  );
  // Requests, status classes and response times at the edge (modules/traffic-metrics).
  app.get(
    '/monitoring/applications/:id/traffic',
    {
      schema: {
        response: { 200: trafficHistorySchema },
        tags: ['Monitoring'],
        security,
        params: pathParams('id'),
        querystring: metricsHistoryQuerySchema,
      },
    },
    async (request) =>
      trafficHistory(ctx, {
        deploymentId: request.params.id,
        userId: currentUser(request).id,
        range: request.query.range,
      }),
  );
  app.get(
    '/monitoring/projects/:id/metrics',
    {
      schema: {
        response: { 200: projectMetricsSchema },
        tags: ['Monitoring'],
        security,
        params: pathParams('id'),
      },
    },
    async (request) =>
      projectMetrics(ctx, { projectId: request.params.id, userId: currentUser(request).id }),
  );
  app.get(
    '/statistics/projects/:id/statistics',
    {
      schema: {
        response: { 200: projectStatisticsSchema },
        tags: ['Monitoring'],
        security,
        params: pathParams('id'),
      },
    },
    async (request) =>
      projectStatistics(ctx, { projectId: request.params.id, userId: currentUser(request).id }),
  );
};
