import { apiDocDescriptions } from '@nuage/shared/messages/api-docs';
import { codeSourceResultSchema } from '@nuage/shared/schemas/responses/builds';
import { codeSourceSchema } from '@nuage/shared/schemas/code-source';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { currentUser } from '../../http/authenticate';
import { bearer, pathParams } from '../../http/route-helpers';
import { declareProjectScoped } from '../../http/token-scope';
import { updateCodeSource } from '../builds/source-edit';

const tags = ['Builds'];
const security = bearer;

/** PUT /deployments/:id/source: a code application's repository, branch, access and build settings. */
export const sourceRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', app.authenticate);
  declareProjectScoped(app);
  const user = (request: Parameters<typeof currentUser>[0]) => currentUser(request).id;

  app.put(
    '/deployments/:id/source',
    {
      config: {
        audit: {
          action: 'deployment.source',
          target: 'deployment',
          // The repository and branch; a token is only ever named by its id.
          details: (request) => {
            const b = request.body as { repository_url: string; git_branch: string };
            return { repository_url: b.repository_url, git_branch: b.git_branch };
          },
        },
      },
      schema: {
        response: { 200: codeSourceResultSchema },
        tags,
        security,
        summary: apiDocDescriptions.updateCodeSourceSummary,
        description: apiDocDescriptions.updateCodeSource,
        params: pathParams('id'),
        body: codeSourceSchema,
      },
    },
    async (request) =>
      updateCodeSource(ctx, {
        deploymentId: request.params.id,
        userId: user(request),
        data: request.body,
      }),
  );
};
