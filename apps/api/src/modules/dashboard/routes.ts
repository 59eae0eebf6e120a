import { metricsHistoryQuerySchema } from '@nuage/shared/schemas/metrics-history';
import {
  dashboardResponseSchema,
  dashboardSummaryResponseSchema,
} from '@nuage/shared/schemas/responses/dashboard';
import { accountMetricsHistorySchema } from '@nuage/shared/schemas/responses/metrics-history';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { currentUser } from '../../http/authenticate';
import { bearer } from '../../http/route-helpers';
import { dashboard } from './service';
import { dashboardSummary } from './summary';
import { accountMetricsHistory } from '../metrics-history/account-history';
import { projectScoped } from '../../http/token-scope';

/**
 * GET /dashboard: the status page's one read (the projects' tree, counts and costs);
 * GET /dashboard/summary: the dashboard page's (the same figures without the tree); its graphs
 * read GET /dashboard/metrics/history once the page is shown.
 */
export const dashboardRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/dashboard',
    {
      onRequest: app.authenticate,
      // Only the projects the token may see (visibleToToken).
      config: projectScoped,
      schema: { response: { 200: dashboardResponseSchema }, tags: ['Dashboard'], security: bearer },
    },
    async (request) => dashboard(ctx, { userId: currentUser(request).id }),
  );
  app.get(
    '/dashboard/summary',
    {
      onRequest: app.authenticate,
      config: projectScoped,
      schema: {
        response: { 200: dashboardSummaryResponseSchema },
        tags: ['Dashboard'],
        security: bearer,
      },
    },
    async (request) => dashboardSummary(ctx, { userId: currentUser(request).id }),
  );
  app.get(
    '/dashboard/metrics/history',
    {
      onRequest: app.authenticate,
      config: projectScoped,
      schema: {
        response: { 200: accountMetricsHistorySchema },
        tags: ['Dashboard'],
        security: bearer,
        querystring: metricsHistoryQuerySchema,
      },
    },
    async (request) =>
      accountMetricsHistory(ctx, { userId: currentUser(request).id, range: request.query.range }),
  );
};
