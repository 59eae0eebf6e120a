import {
  environmentConfigSchema,
  environmentListSchema,
  environmentResponseSchema,
  environmentStatusSchema,
} from '@nuage/shared/schemas/responses/environments';
import { environmentSchema } from '@nuage/shared/schemas/environments';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { currentUser } from '../../http/authenticate';
import { bearer, messageResponse, pathParams } from '../../http/route-helpers';
import {
  createEnvironment,
  deleteEnvironment,
  getEnvironment,
  getEnvironmentConfig,
  getEnvironmentStatus,
  listEnvironments,
  updateEnvironment,
} from './service';
import { declareProjectScoped } from '../../http/token-scope';
import { environmentTexts } from '@nuage/shared/messages/projects';

const tags = ['Environments'];
const security = bearer;

export const environmentRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  app.addHook('onRequest', app.authenticate);
  // Environments by id or by their project's id.
  declareProjectScoped(app);

  app.get(
    '/environments/:projectId/environments',
    {
      schema: {
        response: { 200: environmentListSchema },
        tags,
        security,
        params: pathParams('projectId'),
      },
    },
    async (request) =>
      listEnvironments(ctx, {
        projectId: request.params.projectId,
        userId: currentUser(request).id,
      }),
  );

  app.post(
    '/environments/:projectId/environments',
    {
      config: { audit: { action: 'environment.create', target: 'environment' } },
      schema: {
        response: { 201: environmentResponseSchema },
        tags,
        security,
        params: pathParams('projectId'),
        body: environmentSchema,
      },
    },
    async (request, reply) => {
      const env = await createEnvironment(ctx, {
        projectId: request.params.projectId,
        userId: currentUser(request).id,
        data: request.body,
      });
      return reply.status(201).send(env);
    },
  );

  app.get(
    '/environments/:id',
    {
      schema: {
        response: { 200: environmentResponseSchema },
        tags,
        security,
        params: pathParams('id'),
      },
    },
    async (request) =>
      getEnvironment(ctx, { environmentId: request.params.id, userId: currentUser(request).id }),
  );

  app.put(
    '/environments/:id',
    {
      config: { audit: { action: 'environment.update', target: 'environment' } },
      schema: {
        response: { 200: environmentResponseSchema },
        tags,
        security,
        params: pathParams('id'),
        body: environmentSchema,
      },
    },
    async (request) =>
      updateEnvironment(ctx, {
        environmentId: request.params.id,
        userId: currentUser(request).id,
        data: request.body,
      }),
  );

  app.delete(
    '/environments/:id',
    {
      config: { audit: { action: 'environment.delete', target: 'environment' } },
      schema: { tags, security, params: pathParams('id'), response: { 200: messageResponse } },
    },
    async (request) => {
      await deleteEnvironment(ctx, {
        environmentId: request.params.id,
        userId: currentUser(request).id,
      });
      return { message: environmentTexts.deleted };
    },
  );

  app.get(
    '/environments/:id/status',
    {
      schema: {
        response: { 200: environmentStatusSchema },
        tags,
        security,
        params: pathParams('id'),
      },
    },
    async (request) =>
      getEnvironmentStatus(ctx, {
        environmentId: request.params.id,
        userId: currentUser(request).id,
      }),
  );

  app.get(
    '/environments/:id/config',
    {
      schema: {
        response: { 200: environmentConfigSchema },
        tags,
        security,
        params: pathParams('id'),
      },
    },
    async (request) =>
      getEnvironmentConfig(ctx, {
        environmentId: request.params.id,
        userId: currentUser(request).id,
      }),
  );
};
