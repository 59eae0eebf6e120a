import { activeSessionListSchema } from '@nuage/shared/schemas/responses/sessions';
import { sessionTexts } from '@nuage/shared/security-messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { currentSessionId, currentUser } from '../../http/authenticate';
import { bearer, messageResponse, pathParams } from '../../http/route-helpers';
import { clearSessionCookie } from '../../http/session-cookie';
import { endSession, endSessionsOf, listSessions } from './service';

const tags = ['Sessions'];
const security = bearer;

/** 'Sessions actives' (profile) and logout. API tokens cannot reach these. */
export const sessionRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', app.authenticate);
  app.addHook('onRequest', app.requireSession);

  app.post(
    '/auth/logout',
    { schema: { tags, security, response: { 200: messageResponse } } },
    async (request, reply) => {
      await endSession(ctx, {
        userId: currentUser(request).id,
        sessionId: currentSessionId(request),
      });
      clearSessionCookie(reply, ctx.config);
      return { message: sessionTexts.loggedOut };
    },
  );

  app.get(
    '/users/me/sessions',
    { schema: { tags, security, response: { 200: activeSessionListSchema } } },
    async (request) =>
      listSessions(ctx, {
        userId: currentUser(request).id,
        currentSessionId: currentSessionId(request),
      }),
  );

  app.delete(
    '/users/me/sessions/:id',
    { schema: { tags, security, params: pathParams('id'), response: { 200: messageResponse } } },
    async (request, reply) => {
      await endSession(ctx, { userId: currentUser(request).id, sessionId: request.params.id });
      if (request.params.id === currentSessionId(request)) clearSessionCookie(reply, ctx.config);
      return { message: sessionTexts.ended };
    },
  );

  // 'Déconnecter les autres sessions': every session but the one asking.
  app.delete(
    '/users/me/sessions',
    { schema: { tags, security, response: { 200: messageResponse } } },
    async (request) => {
      await endSessionsOf(ctx, {
        userId: currentUser(request).id,
        keep: currentSessionId(request),
      });
      return { message: sessionTexts.othersEnded };
    },
  );
};
