import { platformInfoSchema } from '@nuage/shared/schemas/responses/platform';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { bearer } from '../../http/route-helpers';
import { projectScoped } from '../../http/token-scope';
import { currentUser } from '../../http/authenticate';
import { platformInfo } from './platform-info';

/**
 * GET /platform: which runtime deploys applications (the UI shows a banner in simulation),
 * and `problemes`: what operators must know about it now, in French (docker: a network guard
 * that cannot run, so environments may reach each other). To its operators (OPERATOR_EMAILS)
 * only, `reglages_a_completer`: the settings customers depend on that are missing.
 */
export const platformRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/platform',
    {
      onRequest: app.authenticate,
      // The platform's runtime and its problems: no tenant's data.
      config: projectScoped,
      schema: { response: { 200: platformInfoSchema }, tags: ['Platform'], security: bearer },
    },
    async (request) => platformInfo(ctx, currentUser(request).email),
  );
};
