import { appUpdateTexts } from '@nuage/shared/messages/app-updates';
import { updateStartedSchema } from '@nuage/shared/schemas/responses/app-updates';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { currentUser } from '../../http/authenticate';
import { bearer, pathParams } from '../../http/route-helpers';
import { declareProjectScoped } from '../../http/token-scope';
import type { BackgroundJobs } from '../backups/jobs';
import { presentUpdate } from './presenter';
import { runUpdate } from './run-update';
import { requestUpdate } from './service';

const tags = ['Deployments'];

/** The audit entry names the two versions (read by the handler, written after the 202). */
const versions = new WeakMap<FastifyRequest, { de: string; vers: string }>();

/**
 * « Mettre à jour » of a catalogue application (issue 30 item 4): 202 at once; the backup, then
 * the health-gated rollout, run in the background (the backups' jobs, so a stop ends them).
 */
export const appUpdateRoutes: FastifyPluginAsyncZod<{
  ctx: AppContext;
  jobs: BackgroundJobs;
}> = async (app, { ctx, jobs }) => {
  app.addHook('onRequest', app.authenticate);
  // One application's path: a token limited to its project may call it.
  declareProjectScoped(app);

  app.post(
    '/deployments/:id/update',
    {
      config: {
        audit: {
          action: 'deployment.app_update',
          target: 'deployment',
          details: (request) => versions.get(request) ?? {},
        },
      },
      schema: {
        tags,
        security: bearer,
        params: pathParams('id'),
        response: { 202: updateStartedSchema },
      },
    },
    async (request, reply) => {
      const { update } = await requestUpdate(ctx, {
        deploymentId: request.params.id,
        userId: currentUser(request).id,
      });
      versions.set(request, { de: update.fromTag, vers: update.toTag });
      jobs.run('application update', (signal) => runUpdate(ctx, update.id, signal));
      return reply
        .status(202)
        .send({ message: appUpdateTexts.started, mise_a_jour: presentUpdate(update) });
    },
  );
};
