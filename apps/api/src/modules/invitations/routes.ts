import {
  acceptInvitationResultSchema,
  invitationInfoSchema,
  pendingInvitationListSchema,
} from '@nuage/shared/schemas/responses/invitations';
import { acceptInvitationSchema } from '@nuage/shared/schemas/invitations';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { currentUser } from '../../http/authenticate';
import { bearer, pathParams } from '../../http/route-helpers';
import { setSessionCookie } from '../../http/session-cookie';
import { acceptInvitation, getInvitationInfo } from './service';
import { acceptPendingInvitation, listPendingInvitations } from './in-app';

const tags = ['Invitations'];
// Public routes guessable by token: a burst guard per address.
const burst = { rateLimit: { max: 30, timeWindow: '1 minute' } };

export const invitationRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  // Registered before /invitations/:token so "pending" is never read as a token.
  app.get(
    '/invitations/pending',
    {
      onRequest: app.authenticate,
      schema: { response: { 200: pendingInvitationListSchema }, tags, security: bearer },
    },
    async (request) => listPendingInvitations(ctx, { email: currentUser(request).email }),
  );

  app.post(
    '/invitations/pending/:id/accept',
    {
      onRequest: app.authenticate,
      schema: {
        response: { 200: acceptInvitationResultSchema },
        tags,
        security: bearer,
        params: pathParams('id'),
      },
    },
    async (request) => {
      const user = currentUser(request);
      return acceptPendingInvitation(ctx, {
        invitationId: request.params.id,
        userId: user.id,
        email: user.email,
      });
    },
  );

  app.get(
    '/invitations/:token',
    {
      config: burst,
      schema: { response: { 200: invitationInfoSchema }, tags, params: pathParams('token') },
    },
    async (request) => getInvitationInfo(ctx, { token: request.params.token }),
  );

  app.post(
    '/invitations/accept',
    {
      config: burst,
      schema: {
        response: { 200: acceptInvitationResultSchema },
        tags,
        body: acceptInvitationSchema,
      },
    },
    async (request, reply) => {
      const { token_invitation, nom, prenom, mot_de_passe } = request.body;
      const { sessionExpiresAt, ...result } = await acceptInvitation(ctx, {
        token: token_invitation,
        nom,
        prenom,
        motDePasse: mot_de_passe,
        client: { ip: request.ip, userAgent: request.headers['user-agent'] ?? null },
      });
      // A new account is signed in (SPEC §4), in the browser through the session cookie.
      if (result.access_token && sessionExpiresAt)
        setSessionCookie(reply, ctx.config, result.access_token, sessionExpiresAt);
      return result;
    },
  );
};
