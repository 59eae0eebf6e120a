import { messageResponseSchema as messageResponse } from '@nuage/shared/schemas/responses/common';
import {
  accountVerifiedSchema,
  loginChallengeSchema,
  sessionTokenSchema,
} from '@nuage/shared/schemas/responses/auth';
import {
  loginSchema,
  registerSchema,
  requestPasswordResetSchema,
  resendVerificationSchema,
  resetPasswordSchema,
  verifyAccountSchema,
} from '@nuage/shared/schemas/auth';
import { serverDetails } from '@nuage/shared/messages';
import { loginVerifySchema } from '@nuage/shared/schemas/two-factor';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { setSessionCookie } from '../../http/session-cookie';
import { login } from './login';
import { completeLoginChallenge } from './login-challenge';
import { requestPasswordReset, resetPassword } from './password-reset';
import { registerAccount, resendVerificationCode, verifyAccount } from './registration';

const tags = ['Auth'];
// A burst guard per address in front of the per-account limits the services enforce.
const burst = { rateLimit: { max: 60, timeWindow: '1 minute' } };

export const authRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/auth/register',
    { config: burst, schema: { tags, body: registerSchema, response: { 201: messageResponse } } },
    async (request, reply) => {
      const { nom, prenom, email, mot_de_passe } = request.body;
      await registerAccount(ctx, { nom, prenom, email, motDePasse: mot_de_passe });
      return reply.status(201).send({ message: serverDetails.registered });
    },
  );

  app.post(
    '/auth/verify-account',
    {
      config: burst,
      schema: {
        tags,
        body: verifyAccountSchema,
        response: { 200: accountVerifiedSchema },
      },
    },
    async (request) => {
      const { clientFolderCreated } = await verifyAccount(ctx, {
        email: request.body.email,
        code: request.body.token,
      });
      return { message: serverDetails.verified, client_folder_created: clientFolderCreated };
    },
  );

  app.post(
    '/auth/resend-verification',
    {
      config: burst,
      schema: { tags, body: resendVerificationSchema, response: { 200: messageResponse } },
    },
    async (request) => {
      await resendVerificationCode(ctx, { email: request.body.email });
      return { message: serverDetails.resendSent };
    },
  );

  // A session is both answered (bearer clients, SPEC §7) and set as the HttpOnly cookie the web
  // app uses; 202 says one more step is needed (POST /auth/login/verify).
  app.post(
    '/auth/login',
    {
      config: burst,
      schema: {
        tags,
        body: loginSchema,
        response: { 200: sessionTokenSchema, 202: loginChallengeSchema },
      },
    },
    async (request, reply) => {
      const outcome = await login(ctx, {
        email: request.body.email,
        motDePasse: request.body.mot_de_passe,
        address: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
      });
      if (outcome.kind === 'challenge') {
        return reply.status(202).send({
          second_factor: outcome.step,
          challenge_token: outcome.challengeToken,
          message: outcome.message,
        });
      }
      setSessionCookie(reply, ctx.config, outcome.token, outcome.expiresAt);
      return reply.status(200).send({ access_token: outcome.token, token_type: 'bearer' as const });
    },
  );

  app.post(
    '/auth/login/verify',
    {
      config: burst,
      schema: { tags, body: loginVerifySchema, response: { 200: sessionTokenSchema } },
    },
    async (request, reply) => {
      const session = await completeLoginChallenge(ctx, {
        token: request.body.challenge_token,
        code: request.body.code,
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
      });
      setSessionCookie(reply, ctx.config, session.token, session.expiresAt);
      return { access_token: session.token, token_type: 'bearer' as const };
    },
  );

  app.post(
    '/auth/request-password-reset',
    {
      config: burst,
      schema: { tags, body: requestPasswordResetSchema, response: { 200: messageResponse } },
    },
    async (request) => {
      await requestPasswordReset(ctx, { email: request.body.email, address: request.ip });
      return { message: serverDetails.resetRequested };
    },
  );

  app.post(
    '/auth/reset-password',
    {
      config: burst,
      schema: { tags, body: resetPasswordSchema, response: { 200: messageResponse } },
    },
    async (request) => {
      const { email, token, nouveau_mot_de_passe } = request.body;
      await resetPassword(ctx, { email, token, nouveauMotDePasse: nouveau_mot_de_passe });
      return { message: serverDetails.resetDone };
    },
  );
};
