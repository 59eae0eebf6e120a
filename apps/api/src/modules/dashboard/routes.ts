import { dashboardResponseSchema } from '@nuage/shared/schemas/responses/dashboard';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { currentUser } from '../../http/authenticate';
import { bearer } from '../../http/route-helpers';
import { dashboard } from './service';
import { projectScoped } from '../../http/token-scope';

/** GET /dashboard: one aggregated read for the dashboard and status pages. */
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
};
