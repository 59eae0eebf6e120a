import { apiDocDescriptions } from '@nuage/shared/messages/api-docs';
import { deployComposeSchema, updateComposeSchema } from '@nuage/shared/schemas/compose-deploy';
import {
  deployComposeResultSchema,
  deploymentResponseSchema,
} from '@nuage/shared/schemas/responses/deployments';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { currentUser } from '../../http/authenticate';
import { bearer, pathParams } from '../../http/route-helpers';
import { deployCompose } from './deploy-compose';
import { updateCompose } from './update-compose';

const tags = ['Deployments'];
const security = bearer;

/**
 * A Compose application (issue 30 item 2): deployed from a pasted file, its file or exposed
 * service changed; inside deploymentRoutes (its hooks apply).
 */
export function registerComposeRoutes(app: FastifyInstance, ctx: AppContext): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.post(
    '/deployments/:envId/deploy/compose',
    {
      config: {
        audit: {
          action: 'deployment.create',
          target: 'deployment',
          details: (request) => {
            const body = request.body as Record<string, unknown>;
            const git = body.depot_git as Record<string, unknown> | undefined;
            return {
              compose: true,
              service_expose: body.service_expose,
              port: body.port,
              ...(git ? { repository_url: git.repository_url, git_branch: git.git_branch } : {}),
            };
          },
        },
      },
      schema: {
        description: apiDocDescriptions.deployCompose,
        response: { 201: deployComposeResultSchema },
        tags,
        security,
        params: pathParams('envId'),
        body: deployComposeSchema,
      },
    },
    async (request, reply) => {
      const deployment = await deployCompose(ctx, {
        environmentId: request.params.envId,
        user: currentUser(request),
        data: request.body,
      });
      return reply.status(201).send(deployment);
    },
  );

  typed.put(
    '/deployments/deployment/:id/compose',
    {
      config: {
        audit: {
          action: 'deployment.update',
          target: 'deployment',
          details: (request) => {
            const body = request.body as Record<string, unknown>;
            return { compose: true, service_expose: body.service_expose, port: body.port };
          },
        },
      },
      schema: {
        description: apiDocDescriptions.updateCompose,
        response: { 200: deploymentResponseSchema },
        tags,
        security,
        params: pathParams('id'),
        body: updateComposeSchema,
      },
    },
    async (request) =>
      updateCompose(ctx, {
        deploymentId: request.params.id,
        userId: currentUser(request).id,
        data: request.body,
      }),
  );
}
