import {
  apiTokenCreatedSchema,
  apiTokenListSchema,
} from '@nuage/shared/schemas/responses/api-tokens';
import { apiTokenTexts } from '@nuage/shared/security-messages';
import { createApiTokenSchema } from '@nuage/shared/schemas/api-tokens';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { currentUser } from '../../http/authenticate';
import { bearer, messageResponse, pathParams } from '../../http/route-helpers';
import { createApiToken, listApiTokens, revokeApiToken } from './service';
import { apiDocDescriptions, apiDocTags } from '@nuage/shared/messages/api-docs';

const tags = [apiDocTags.apiTokens];
const security = bearer;

/** Personal API tokens: managed from a browser session only (a token cannot mint tokens). */
export const apiTokenRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', app.authenticate);
  app.addHook('onRequest', app.requireSession);

  app.get(
    '/users/me/tokens',
    { schema: { tags, security, response: { 200: apiTokenListSchema } } },
    async (request) => listApiTokens(ctx, { userId: currentUser(request).id }),
  );

  app.post(
    '/users/me/tokens',
    {
      schema: {
        tags,
        security,
        description: apiDocDescriptions.createApiToken,
        body: createApiTokenSchema,
        response: { 201: apiTokenCreatedSchema },
      },
    },
    async (request, reply) => {
      const created = await createApiToken(ctx, {
        userId: currentUser(request).id,
        data: request.body,
      });
      return reply.status(201).send({ message: apiTokenTexts.created, ...created });
    },
  );

  app.delete(
    '/users/me/tokens/:id',
    { schema: { tags, security, params: pathParams('id'), response: { 200: messageResponse } } },
    async (request) => {
      await revokeApiToken(ctx, { userId: currentUser(request).id, tokenId: request.params.id });
      return { message: apiTokenTexts.revoked };
    },
  );
};
