import { apiTokenTexts } from '@nuage/shared/security-messages';
import { createApiTokenSchema } from '@nuage/shared/schemas/api-tokens';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { currentUser } from '../../http/authenticate';
import { bearer, messageResponse, pathParams } from '../../http/route-helpers';
import { createApiToken, listApiTokens, revokeApiToken } from './service';
import { apiDocDescriptions, apiDocTags } from '@nuage/shared/messages/api-docs';

const tags = [apiDocTags.apiTokens];
const security = bearer;

const tokenView = z.object({
  id: z.string(),
  nom: z.string(),
  apercu: z.string(),
  portee: z.enum(['lecture', 'complet']),
  projet_id: z.string().nullable(),
  projet_nom: z.string().nullable(),
  expire_le: z.string(),
  derniere_utilisation: z.string().nullable(),
  derniere_adresse_ip: z.string().nullable(),
  date_creation: z.string(),
});

/** Personal API tokens: managed from a browser session only (a token cannot mint tokens). */
export const apiTokenRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', app.authenticate);
  app.addHook('onRequest', app.requireSession);

  app.get(
    '/users/me/tokens',
    { schema: { tags, security, response: { 200: z.array(tokenView) } } },
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
        response: { 201: z.object({ message: z.string(), token: z.string(), jeton: tokenView }) },
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
