import { builtImagesResponseSchema } from '@nuage/shared/schemas/responses/builds';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { currentUser } from '../../http/authenticate';
import { bearer } from '../../http/route-helpers';
import { listBuiltImages } from './built-images';
import { projectScoped } from '../../http/token-scope';
import { pageQuerySchema } from '../../http/page-query';

const querySchema = pageQuerySchema({ max: 100, pageSize: 20 }).extend({
  status_filter: z
    .enum(['all', 'success', 'failed', 'running'], {
      error: 'status_filter doit valoir all, success, failed ou running',
    })
    .optional(),
  kind: z.enum(['build', 'pull'], { error: 'kind doit valoir build ou pull' }).optional(),
  project_id: z.string().optional(),
});

export const buildRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/standalone-builds/images',
    {
      onRequest: app.authenticate,
      // Only the projects the token may see (visibleToToken).
      config: projectScoped,
      schema: {
        response: { 200: builtImagesResponseSchema },
        tags: ['Builds'],
        security: bearer,
        querystring: querySchema,
      },
    },
    async (request) => {
      const q = request.query;
      return listBuiltImages(ctx, {
        userId: currentUser(request).id,
        query: {
          limit: q.limit,
          offset: q.offset,
          statusFilter: q.status_filter === 'all' ? undefined : q.status_filter,
          kind: q.kind,
          projectId: q.project_id || undefined,
        },
      });
    },
  );
};
