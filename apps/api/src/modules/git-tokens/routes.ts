import { gitTokenListSchema, gitTokenSummarySchema } from '@nuage/shared/schemas/responses/builds';
import { noContentSchema } from '@nuage/shared/schemas/responses/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { currentUser } from '../../http/authenticate';
import { bearer, pathParams } from '../../http/route-helpers';
import { createGitToken, deleteGitToken, listGitTokens } from './service';
import { declareProjectScoped } from '../../http/token-scope';
import { gitTokenTexts } from '@nuage/shared/messages/account';

const tags = ['Git tokens'];
const security = bearer;

export const gitTokenMessages = gitTokenTexts;

const createSchema = z.object({
  nom: z
    .string({ error: gitTokenMessages.nameRequired })
    .trim()
    .min(1, gitTokenMessages.nameRequired)
    .max(100, gitTokenTexts.nameTooLong),
  token: z
    .string({ error: gitTokenMessages.tokenRequired })
    .trim()
    .min(1, gitTokenMessages.tokenRequired)
    .max(1000, gitTokenTexts.tokenTooLong),
});

/** Per-project Git access tokens: stored sealed, never returned. */
export const gitTokenRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', app.authenticate);
  // The project of the path.
  declareProjectScoped(app);

  app.get(
    '/projects/:id/git-tokens',
    { schema: { response: { 200: gitTokenListSchema }, tags, security, params: pathParams('id') } },
    async (request) =>
      listGitTokens(ctx, { projectId: request.params.id, userId: currentUser(request).id }),
  );

  app.post(
    '/projects/:id/git-tokens',
    {
      config: { audit: { action: 'git_token.create', target: 'project' } },
      schema: {
        response: { 201: gitTokenSummarySchema },
        tags,
        security,
        params: pathParams('id'),
        body: createSchema,
      },
    },
    async (request, reply) => {
      const created = await createGitToken(ctx, {
        projectId: request.params.id,
        userId: currentUser(request).id,
        nom: request.body.nom,
        token: request.body.token,
      });
      return reply.status(201).send(created);
    },
  );

  app.delete(
    '/projects/:id/git-tokens/:tokenId',
    {
      config: { audit: { action: 'git_token.delete', target: 'project' } },
      schema: {
        response: { 204: noContentSchema },
        tags,
        security,
        params: pathParams('id', 'tokenId'),
      },
    },
    async (request, reply) => {
      await deleteGitToken(ctx, {
        projectId: request.params.id,
        tokenId: request.params.tokenId,
        userId: currentUser(request).id,
      });
      return reply.status(204).send();
    },
  );
};
