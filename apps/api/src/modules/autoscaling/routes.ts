import { autoscalingSettingsSchema } from '@nuage/shared/schemas/autoscaling';
import { autoscalingSchema } from '@nuage/shared/schemas/responses/autoscaling';
import { autoscalingApiDocs } from '@nuage/shared/messages/autoscaling';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { currentUser } from '../../http/authenticate';
import { bearer, pathParams } from '../../http/route-helpers';
import { declareProjectScoped } from '../../http/token-scope';
import { getAutoscaling, updateAutoscaling } from './service';

const tags = [autoscalingApiDocs.tag];
const security = bearer;

/** An application's automatic scaling: every member reads it, developers and admins set it. */
export const autoscalingRoutes: FastifyPluginAsyncZod<{
  ctx: AppContext;
  /** A policy was set: the worker decides now (AutoscaleWorker.wake). */
  policyChanged: () => void;
}> = async (app, { ctx, policyChanged }) => {
  app.addHook('onRequest', app.authenticate);
  declareProjectScoped(app);

  app.get(
    '/deployments/:id/autoscaling',
    {
      schema: {
        response: { 200: autoscalingSchema },
        tags,
        security,
        params: pathParams('id'),
        summary: autoscalingApiDocs.get.summary,
        description: autoscalingApiDocs.get.description,
      },
    },
    async (request) =>
      getAutoscaling(ctx, { deploymentId: request.params.id, userId: currentUser(request).id }),
  );

  app.put(
    '/deployments/:id/autoscaling',
    {
      config: {
        audit: {
          action: 'deployment.autoscaling',
          target: 'deployment',
          details: (request) => request.body as Record<string, unknown>,
        },
      },
      schema: {
        response: { 200: autoscalingSchema },
        tags,
        security,
        params: pathParams('id'),
        body: autoscalingSettingsSchema,
        summary: autoscalingApiDocs.put.summary,
        description: autoscalingApiDocs.put.description,
      },
    },
    async (request) => {
      const answer = await updateAutoscaling(ctx, {
        deploymentId: request.params.id,
        userId: currentUser(request).id,
        settings: request.body,
      });
      policyChanged();
      return answer;
    },
  );
};
