import { previewApiDocs } from '@nuage/shared/messages/previews';
import { previewSettingsSchema } from '@nuage/shared/schemas/previews';
import { noContentSchema } from '@nuage/shared/schemas/responses/common';
import {
  previewSchema,
  previewsOfApplicationSchema,
} from '@nuage/shared/schemas/responses/previews';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { currentUser } from '../../http/authenticate';
import { bearer, pathParams } from '../../http/route-helpers';
import { declareProjectScoped } from '../../http/token-scope';
import {
  approvePreview,
  deletePreview,
  getPreviews,
  putPreviewSettings,
  restartPreview,
} from './service';

const tags = [previewApiDocs.tag];
const security = bearer;

/**
 * Previews of pull requests (issue 26): every member reads an application's previews, its
 * admins set them up and approve a fork's, developers delete one. The requests themselves
 * arrive on the application's webhook (POST /webhooks/git/:id).
 */
export const previewRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', app.authenticate);
  declareProjectScoped(app);
  const user = (request: Parameters<typeof currentUser>[0]) => currentUser(request).id;

  app.get(
    '/deployments/:id/previews',
    {
      schema: {
        summary: previewApiDocs.list,
        response: { 200: previewsOfApplicationSchema },
        tags,
        security,
        params: pathParams('id'),
      },
    },
    async (request) => getPreviews(ctx, { deploymentId: request.params.id, userId: user(request) }),
  );

  app.put(
    '/deployments/:id/previews',
    {
      config: { audit: { action: 'preview.settings', target: 'deployment' } },
      schema: {
        summary: previewApiDocs.settings,
        response: { 200: previewsOfApplicationSchema },
        tags,
        security,
        params: pathParams('id'),
        body: previewSettingsSchema,
      },
    },
    async (request) =>
      putPreviewSettings(ctx, {
        deploymentId: request.params.id,
        userId: user(request),
        data: request.body,
      }),
  );

  app.post(
    '/previews/:id/approve',
    {
      schema: {
        summary: previewApiDocs.approve,
        response: { 200: previewSchema },
        tags,
        security,
        params: pathParams('id'),
      },
    },
    async (request) => {
      return approvePreview(ctx, { previewId: request.params.id, userId: user(request) });
    },
  );

  app.post(
    '/previews/:id/start',
    {
      schema: {
        summary: previewApiDocs.restart,
        response: { 200: previewSchema },
        tags,
        security,
        params: pathParams('id'),
      },
    },
    async (request) => restartPreview(ctx, { previewId: request.params.id, userId: user(request) }),
  );

  app.delete(
    '/previews/:id',
    {
      schema: {
        summary: previewApiDocs.remove,
        response: { 204: noContentSchema },
        tags,
        security,
        params: pathParams('id'),
      },
    },
    async (request, reply) => {
      await deletePreview(ctx, { previewId: request.params.id, userId: user(request) });
      return reply.status(204).send();
    },
  );
};
