import {
  loginSchema,
  registerSchema,
  requestPasswordResetSchema,
  resendVerificationSchema,
  resetPasswordSchema,
  verifyAccountSchema,
} from '@nuage/shared/schemas/auth';
import { serverDetails } from '@nuage/shared/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { login } from './login';
import { requestPasswordReset, resetPassword } from './password-reset';
import { registerAccount, resendVerificationCode, verifyAccount } from './registration';

const messageResponse = z.object({ message: z.string() });
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
        response: { 200: z.object({ message: z.string(), client_folder_created: z.boolean() }) },
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

  app.post(
    '/auth/login',
    {
      config: burst,
      schema: {
        tags,
        body: loginSchema,
        response: { 200: z.object({ access_token: z.string(), token_type: z.literal('bearer') }) },
      },
    },
    async (request) => {
      const { accessToken } = await login(ctx, {
        email: request.body.email,
        motDePasse: request.body.mot_de_passe,
        address: request.ip,
      });
      return { access_token: accessToken, token_type: 'bearer' as const };
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
