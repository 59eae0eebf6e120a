import { noContentSchema } from '@nuage/shared/schemas/responses/common';
import {
  channelTestResultSchema,
  notificationChannelListSchema,
  notificationChannelSchema,
  notificationDeliveryListSchema,
} from '@nuage/shared/schemas/responses/notifications';
import { createChannelSchema, updateChannelSchema } from '@nuage/shared/schemas/notifications';
import { apiDocDescriptions } from '@nuage/shared/messages/api-docs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { currentUser } from '../../http/authenticate';
import { bearer, pathParams } from '../../http/route-helpers';
import { declareProjectScoped } from '../../http/token-scope';
import { createChannel, deleteChannel, listChannels, updateChannel } from './channels';
import { listDeliveries } from './deliveries';
import { testChannel } from './test-message';

const tags = ['Notifications'];
const security = bearer;
const base = '/projects/:id/notification-channels';

/** A project's notification channels, their « Tester » and delivery log (project admins). */
export const notificationRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  app.addHook('onRequest', app.authenticate);
  declareProjectScoped(app);
  const caller = (request: { params: { id: string } }, user: { id: string }) => ({
    projectId: request.params.id,
    userId: user.id,
  });

  app.get(
    base,
    {
      schema: {
        response: { 200: notificationChannelListSchema },
        tags,
        security,
        summary: apiDocDescriptions.notificationChannelsSummary,
        params: pathParams('id'),
      },
    },
    async (request) => listChannels(ctx, caller(request, currentUser(request))),
  );

  app.post(
    base,
    {
      config: { audit: { action: 'notification_channel.create', target: 'project' } },
      schema: {
        response: { 201: notificationChannelSchema },
        tags,
        security,
        description: apiDocDescriptions.notificationChannelCreate,
        params: pathParams('id'),
        body: createChannelSchema,
      },
    },
    async (request, reply) => {
      const created = await createChannel(ctx, {
        ...caller(request, currentUser(request)),
        body: request.body,
      });
      return reply.status(201).send(created);
    },
  );

  app.put(
    `${base}/:channelId`,
    {
      config: { audit: { action: 'notification_channel.update', target: 'project' } },
      schema: {
        response: { 200: notificationChannelSchema },
        tags,
        security,
        params: pathParams('id', 'channelId'),
        body: updateChannelSchema,
      },
    },
    async (request) =>
      updateChannel(ctx, {
        ...caller(request, currentUser(request)),
        channelId: request.params.channelId,
        body: request.body,
      }),
  );

  app.delete(
    `${base}/:channelId`,
    {
      config: { audit: { action: 'notification_channel.delete', target: 'project' } },
      schema: {
        response: { 204: noContentSchema },
        tags,
        security,
        params: pathParams('id', 'channelId'),
      },
    },
    async (request, reply) => {
      await deleteChannel(ctx, {
        ...caller(request, currentUser(request)),
        channelId: request.params.channelId,
      });
      return reply.status(204).send();
    },
  );

  app.post(
    `${base}/:channelId/test`,
    {
      config: { audit: { action: 'notification_channel.test', target: 'project' } },
      schema: {
        response: { 200: channelTestResultSchema },
        tags,
        security,
        params: pathParams('id', 'channelId'),
      },
    },
    async (request) =>
      testChannel(ctx, {
        ...caller(request, currentUser(request)),
        channelId: request.params.channelId,
      }),
  );

  app.get(
    `${base}/:channelId/deliveries`,
    {
      schema: {
        response: { 200: notificationDeliveryListSchema },
        tags,
        security,
        params: pathParams('id', 'channelId'),
      },
    },
    async (request) =>
      listDeliveries(ctx, {
        ...caller(request, currentUser(request)),
        channelId: request.params.channelId,
      }),
  );
};
