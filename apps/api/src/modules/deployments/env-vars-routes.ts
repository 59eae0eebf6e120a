import { envVarViewListSchema } from '@nuage/shared/schemas/responses/builds';
import { envVarListSchema } from '@nuage/shared/schemas/code';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { currentUser } from '../../http/authenticate';
import { bearer, pathParams } from '../../http/route-helpers';
import { declareProjectScoped } from '../../http/token-scope';
import { getEnvVars, putEnvVars } from '../builds/env-vars';

const tags = ['Builds'];
const security = bearer;

/** GET and PUT /deployments/:id/env-vars: a code application's environment variables (secrets never shown). */
export const envVarRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', app.authenticate);
  declareProjectScoped(app);
  const user = (request: Parameters<typeof currentUser>[0]) => currentUser(request).id;

  app.get(
    '/deployments/:id/env-vars',
    {
      schema: { response: { 200: envVarViewListSchema }, tags, security, params: pathParams('id') },
    },
    async (request) => getEnvVars(ctx, { deploymentId: request.params.id, userId: user(request) }),
  );

  app.put(
    '/deployments/:id/env-vars',
    {
      config: {
        audit: {
          action: 'deployment.env_vars',
          target: 'deployment',
          // Names only: values (secrets among them) never reach the audit log.
          details: (request) => ({ noms: (request.body as { name: string }[]).map((v) => v.name) }),
        },
      },
      schema: {
        response: { 200: envVarViewListSchema },
        tags,
        security,
        params: pathParams('id'),
        body: envVarListSchema,
      },
    },
    async (request) =>
      putEnvVars(ctx, {
        deploymentId: request.params.id,
        userId: user(request),
        vars: request.body,
      }),
  );
};
