import { auditPageSchema } from '@nuage/shared/schemas/responses/audit';
import { auditQuerySchema } from './query';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { currentUser } from '../../http/authenticate';
import { bearer, pathParams } from '../../http/route-helpers';
import { listAuditEvents } from './service';
import { declareProjectScoped } from '../../http/token-scope';
import { apiDocTags } from '@nuage/shared/messages/api-docs';

/** GET /projects/{id}/audit: the project's audit log (admins). */
export const auditRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', app.authenticate);
  // The project of the path.
  declareProjectScoped(app);
  app.get(
    '/projects/:id/audit',
    {
      schema: {
        response: { 200: auditPageSchema },
        tags: [apiDocTags.audit],
        security: bearer,
        params: pathParams('id'),
        querystring: auditQuerySchema,
      },
    },
    async (request) =>
      listAuditEvents(ctx, {
        projectId: request.params.id,
        userId: currentUser(request).id,
        query: request.query,
      }),
  );
};
