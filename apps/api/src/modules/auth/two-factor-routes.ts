import {
  recoveryCodesSchema,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
} from '@nuage/shared/schemas/responses/auth';
import { disableTwoFactorSchema, enableTwoFactorSchema } from '@nuage/shared/schemas/two-factor';
import { twoFactorTexts } from '@nuage/shared/security-messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { currentSessionId, currentUser } from '../../http/authenticate';
import { bearer, messageResponse } from '../../http/route-helpers';
import {
  disableTwoFactor,
  enableTwoFactor,
  regenerateRecoveryCodes,
  startTwoFactorSetup,
  twoFactorStatus,
} from './two-factor';

const tags = ['Double authentification'];
const security = bearer;

/** TOTP enrolment, recovery codes and disabling (profile); browser sessions only. */
export const twoFactorRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', app.authenticate);
  app.addHook('onRequest', app.requireSession);

  app.get(
    '/users/me/2fa',
    {
      schema: {
        tags,
        security,
        response: {
          200: twoFactorStatusSchema,
        },
      },
    },
    async (request) => twoFactorStatus(ctx, currentUser(request).id),
  );

  app.post(
    '/users/me/2fa/setup',
    {
      schema: {
        tags,
        security,
        response: {
          200: twoFactorSetupSchema,
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      return startTwoFactorSetup(ctx, { userId: user.id, email: user.email });
    },
  );

  app.post(
    '/users/me/2fa/enable',
    {
      schema: {
        tags,
        security,
        body: enableTwoFactorSchema,
        response: { 200: recoveryCodesSchema },
      },
    },
    async (request) => ({
      message: twoFactorTexts.enabled,
      codes_de_secours: await enableTwoFactor(ctx, {
        userId: currentUser(request).id,
        sessionId: currentSessionId(request),
        code: request.body.code,
      }),
    }),
  );

  app.post(
    '/users/me/2fa/disable',
    {
      schema: { tags, security, body: disableTwoFactorSchema, response: { 200: messageResponse } },
    },
    async (request) => {
      await disableTwoFactor(ctx, {
        userId: currentUser(request).id,
        motDePasse: request.body.mot_de_passe,
        code: request.body.code,
      });
      return { message: twoFactorTexts.disabled };
    },
  );

  app.post(
    '/users/me/2fa/recovery-codes',
    {
      schema: {
        tags,
        security,
        body: disableTwoFactorSchema,
        response: { 200: recoveryCodesSchema },
      },
    },
    async (request) => ({
      message: twoFactorTexts.recoveryRegenerated,
      codes_de_secours: await regenerateRecoveryCodes(ctx, {
        userId: currentUser(request).id,
        motDePasse: request.body.mot_de_passe,
        code: request.body.code,
      }),
    }),
  );
};
