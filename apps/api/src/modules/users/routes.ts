import { serverDetails } from '@nuage/shared/messages';
import { profileUpdateSchema } from '@nuage/shared/schemas/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { currentUser } from '../../http/authenticate';
import { presentUser, userProfileResponse } from './presenter';
import { deleteAccount, updateProfile } from './service';

const tags = ['Users'];
const security = [{ bearerAuth: [] }];

export const userRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/users/me',
    { schema: { tags, security, response: { 200: userProfileResponse } } },
    async (request) => presentUser(currentUser(request)),
  );

  app.put(
    '/users/me',
    {
      schema: { tags, security, body: profileUpdateSchema, response: { 200: userProfileResponse } },
    },
    async (request) => {
      const updated = await updateProfile(ctx, {
        userId: currentUser(request).id,
        ...request.body,
      });
      return presentUser(updated);
    },
  );

  app.delete(
    '/users/me',
    { schema: { tags, security, response: { 200: z.object({ message: z.string() }) } } },
    async (request) => {
      await deleteAccount(ctx, { userId: currentUser(request).id });
      return { message: serverDetails.accountDeleted };
    },
  );
};
