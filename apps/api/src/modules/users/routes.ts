import { currentUserSchema, userProfileSchema } from '@nuage/shared/schemas/responses/users';
import { serverDetails } from '@nuage/shared/messages';
import { confirmEmailSchema, profileUpdateSchema } from '@nuage/shared/schemas/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageResponse } from '../../http/route-helpers';
import type { AppContext } from '../../app-context';
import { currentUser } from '../../http/authenticate';
import { clearSessionCookie } from '../../http/session-cookie';
import { platformInfo } from '../platform/platform-info';
import { presentUser } from './presenter';
import { cancelEmailChange, confirmEmailChange } from './email-change';
import { deleteAccount, updateProfile } from './service';

const tags = ['Users'];
const security = [{ bearerAuth: [] }];

export const userRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/users/me',
    { schema: { tags, security, response: { 200: currentUserSchema } } },
    async (request) => {
      const me = currentUser(request);
      return { ...presentUser(me), plateforme: platformInfo(ctx, me.email) };
    },
  );

  // Changing the account itself takes a browser session: an API token only acts on projects.
  const sessionOnly = { onRequest: app.requireSession };

  app.put(
    '/users/me',
    {
      ...sessionOnly,
      schema: { tags, security, body: profileUpdateSchema, response: { 200: userProfileSchema } },
    },
    async (request) => {
      const me = currentUser(request);
      const { user } = await updateProfile(ctx, {
        userId: me.id,
        currentEmail: me.email,
        ...request.body,
      });
      return presentUser(user);
    },
  );

  app.post(
    '/users/me/confirm-email',
    {
      ...sessionOnly,
      schema: { tags, security, body: confirmEmailSchema, response: { 200: userProfileSchema } },
    },
    async (request) =>
      presentUser(
        await confirmEmailChange(ctx, { userId: currentUser(request).id, code: request.body.code }),
      ),
  );

  app.delete(
    '/users/me/pending-email',
    {
      ...sessionOnly,
      schema: { tags, security, response: { 200: userProfileSchema } },
    },
    async (request) =>
      presentUser(await cancelEmailChange(ctx, { userId: currentUser(request).id })),
  );

  app.delete(
    '/users/me',
    {
      ...sessionOnly,
      schema: { tags, security, response: { 200: messageResponse } },
    },
    async (request, reply) => {
      await deleteAccount(ctx, { userId: currentUser(request).id });
      clearSessionCookie(reply, ctx.config);
      return { message: serverDetails.accountDeleted };
    },
  );
};
