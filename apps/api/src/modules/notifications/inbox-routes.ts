import { noContentSchema } from '@nuage/shared/schemas/responses/common';
import {
  notificationPreferencesSchema,
  userNotificationsSchema,
} from '@nuage/shared/schemas/responses/notifications';
import {
  markReadSchema,
  notificationPreferencesInputSchema,
} from '@nuage/shared/schemas/notifications';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { currentUser } from '../../http/authenticate';
import { bearer } from '../../http/route-helpers';
import { getPreferences, listInbox, markRead, setPreferences } from './inbox';

const tags = ['Notifications'];
const security = bearer;

/** The signed-in user's bell and their own e-mail preferences (/profile). */
export const inboxRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/users/me/notifications',
    { schema: { response: { 200: userNotificationsSchema }, tags, security } },
    async (request) => listInbox(ctx, currentUser(request).id),
  );

  app.post(
    '/users/me/notifications/read',
    { schema: { response: { 204: noContentSchema }, tags, security, body: markReadSchema } },
    async (request, reply) => {
      await markRead(ctx, currentUser(request).id, request.body.ids);
      return reply.status(204).send();
    },
  );

  app.get(
    '/users/me/notification-preferences',
    { schema: { response: { 200: notificationPreferencesSchema }, tags, security } },
    async (request) => getPreferences(ctx, currentUser(request).id),
  );

  app.put(
    '/users/me/notification-preferences',
    {
      schema: {
        response: { 200: notificationPreferencesSchema },
        tags,
        security,
        body: notificationPreferencesInputSchema,
      },
    },
    async (request) => setPreferences(ctx, currentUser(request).id, request.body),
  );
};
