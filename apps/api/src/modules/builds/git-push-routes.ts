import { webhookPushResultSchema } from '@nuage/shared/schemas/responses/builds';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { pathParams } from '../../http/route-helpers';
import { receivePush } from './webhook';

/**
 * POST /webhooks/git/:id, the public push endpoint. Signatures cover the exact bytes sent, so this plugin (and only
 * it: Fastify parsers are scoped to their plugin) keeps every body as a raw Buffer.
 */
export const gitPushRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.post(
    '/webhooks/git/:id',
    {
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        response: { 202: webhookPushResultSchema },
        tags: ['Webhooks'],
        params: pathParams('id'),
      },
    },
    async (request, reply) => {
      const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const result = await receivePush(ctx, {
        deploymentId: request.params.id,
        headers: request.headers,
        rawBody,
      });
      return reply.status(202).send(result);
    },
  );
};
