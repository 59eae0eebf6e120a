import { webhookInfoSchema, webhookSecretSchema } from '@nuage/shared/schemas/responses/builds';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { currentUser } from '../../http/authenticate';
import { bearer, pathParams } from '../../http/route-helpers';
import { declareProjectScoped } from '../../http/token-scope';
import { getWebhook, regenerateWebhookSecret } from '../builds/webhook';

const tags = ['Builds'];
const security = bearer;

/** GET /deployments/:id/webhook and POST …/webhook/secret: a code application's push webhook (its URL and secret; the pushes themselves arrive at POST /webhooks/git/:id, modules/builds/git-push-routes.ts). */
export const deploymentWebhookRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  app.addHook('onRequest', app.authenticate);
  declareProjectScoped(app);
  const user = (request: Parameters<typeof currentUser>[0]) => currentUser(request).id;

  app.get(
    '/deployments/:id/webhook',
    { schema: { response: { 200: webhookInfoSchema }, tags, security, params: pathParams('id') } },
    async (request) => getWebhook(ctx, { deploymentId: request.params.id, userId: user(request) }),
  );

  app.post(
    '/deployments/:id/webhook/secret',
    {
      config: { audit: { action: 'deployment.webhook_secret', target: 'deployment' } },
      schema: { response: { 200: webhookSecretSchema }, tags, security, params: pathParams('id') },
    },
    async (request, reply) =>
      reply.header('cache-control', 'no-store').send(
        await regenerateWebhookSecret(ctx, {
          deploymentId: request.params.id,
          userId: user(request),
        }),
      ),
  );
};
