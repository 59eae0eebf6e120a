import { imageWatchApiDocs } from '@nuage/shared/messages/images';
import {
  imageWatchHookResultSchema,
  imageWatchHookSchema,
  imageWatchSettingsSchema,
} from '@nuage/shared/schemas/image-deploy';
import { deploymentDetailBaseSchema } from '@nuage/shared/schemas/responses/deployments';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { currentUser } from '../../http/authenticate';
import { bearer, pathParams } from '../../http/route-helpers';
import { declareProjectScoped } from '../../http/token-scope';
import { createImageWatchHook, receiveImageWatchHook } from './hook';
import { setImageWatch } from './service';

/** An image application's « Redéployer à chaque nouvelle version » (issue 30 item 1). */
export const imageWatchRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  app.addHook('onRequest', app.authenticate);
  declareProjectScoped(app);

  app.put(
    '/deployments/:id/image-watch',
    {
      config: {
        audit: {
          action: 'deployment.image_watch',
          target: 'deployment',
          details: (request) => ({
            redeploiement_auto: (request.body as { redeploiement_auto?: unknown })
              .redeploiement_auto,
          }),
        },
      },
      schema: {
        response: { 200: deploymentDetailBaseSchema },
        tags: [imageWatchApiDocs.tag],
        security: bearer,
        params: pathParams('id'),
        body: imageWatchSettingsSchema,
        summary: imageWatchApiDocs.summary,
        description: imageWatchApiDocs.description,
      },
    },
    async (request) =>
      setImageWatch(ctx, {
        deploymentId: request.params.id,
        userId: currentUser(request).id,
        enabled: request.body.redeploiement_auto,
      }),
  );

  app.post(
    '/deployments/:id/image-watch/hook',
    {
      config: { audit: { action: 'deployment.image_watch_hook', target: 'deployment' } },
      schema: {
        response: { 200: imageWatchHookSchema },
        tags: [imageWatchApiDocs.tag],
        security: bearer,
        params: pathParams('id'),
        summary: imageWatchApiDocs.hookSummary,
        description: imageWatchApiDocs.hookDescription,
      },
    },
    async (request, reply) =>
      reply.header('cache-control', 'no-store').send(
        await createImageWatchHook(ctx, {
          deploymentId: request.params.id,
          userId: currentUser(request).id,
        }),
      ),
  );
};

/**
 * POST /webhooks/image/:id/:token, public: a registry's notification that a version was pushed.
 * Its body, in whatever format the registry sends, is read as bytes and ignored.
 */
export const imageWatchHookRoutes: FastifyPluginAsyncZod<{
  ctx: AppContext;
  wake: () => void;
}> = async (app, { ctx, wake }) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.post(
    '/webhooks/image/:id/:token',
    {
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        response: { 202: imageWatchHookResultSchema },
        tags: ['Webhooks'],
        params: pathParams('id', 'token'),
        summary: imageWatchApiDocs.receiveSummary,
        description: imageWatchApiDocs.receiveDescription,
      },
    },
    async (request, reply) =>
      reply.status(202).send(
        await receiveImageWatchHook(ctx, {
          deploymentId: request.params.id,
          token: request.params.token,
          wake,
        }),
      ),
  );
};
