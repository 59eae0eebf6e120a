import { buildTexts } from '@nuage/shared/build-types';
import { envVarListSchema } from '@nuage/shared/schemas/code';
import { codeSourceSchema } from '@nuage/shared/schemas/code-source';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { currentUser } from '../../http/authenticate';
import { bearer, messageResponse, pathParams } from '../../http/route-helpers';
import { authorizeBuild, cancelBuild, getBuild, listBuilds, redeploy } from './build-service';
import { getEnvVars, putEnvVars } from './env-vars';
import { resumePoint, streamBuildLogs } from './log-stream';
import { listReleases, rollback } from './releases';
import { updateCodeSource } from './source-edit';
import { getWebhook, regenerateWebhookSecret } from './webhook';
import { declareProjectScoped } from '../../http/token-scope';
import { pageQuerySchema } from '../../http/page-query';
import { apiDocDescriptions } from '@nuage/shared/messages/api-docs';

const tags = ['Builds'];
const security = bearer;

const pageQuery = pageQuerySchema({ max: 100, pageSize: 20 });

/** Builds, live logs, releases, rollback, environment variables and the webhook of code applications. */
export const codeRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', app.authenticate);
  // Builds, releases and settings of one application, by id.
  declareProjectScoped(app);
  const user = (request: Parameters<typeof currentUser>[0]) => currentUser(request).id;

  app.get(
    '/deployments/:id/builds',
    { schema: { tags, security, params: pathParams('id'), querystring: pageQuery } },
    async (request) =>
      listBuilds(ctx, { deploymentId: request.params.id, userId: user(request), ...request.query }),
  );

  app.get(
    '/builds/:buildId',
    { schema: { tags, security, params: pathParams('buildId') } },
    async (request) => getBuild(ctx, { buildId: request.params.buildId, userId: user(request) }),
  );

  app.post(
    '/builds/:buildId/cancel',
    {
      schema: { tags, security, params: pathParams('buildId'), response: { 202: messageResponse } },
    },
    async (request, reply) => {
      await cancelBuild(ctx, { buildId: request.params.buildId, userId: user(request) });
      return reply.status(202).send({ message: buildTexts.cancelRequested });
    },
  );

  app.get(
    '/builds/:buildId/logs',
    {
      schema: {
        tags,
        security,
        params: pathParams('buildId'),
        querystring: z.object({ after: z.string().optional() }),
      },
    },
    async (request, reply) => {
      const build = await authorizeBuild(ctx, {
        buildId: request.params.buildId,
        userId: user(request),
        need: 'user',
      });
      await streamBuildLogs(
        ctx,
        reply,
        build,
        resumePoint(request.headers['last-event-id'], request.query.after),
      );
    },
  );

  app.post(
    '/deployments/:id/redeploy',
    {
      config: { audit: { action: 'deployment.redeploy', target: 'deployment' } },
      schema: {
        tags,
        security,
        params: pathParams('id'),
        response: { 202: z.object({ build_id: z.string() }) },
      },
    },
    async (request, reply) =>
      reply
        .status(202)
        .send(await redeploy(ctx, { deploymentId: request.params.id, userId: user(request) })),
  );

  app.put(
    '/deployments/:id/source',
    {
      config: {
        audit: {
          action: 'deployment.source',
          target: 'deployment',
          // The repository and branch; a token is only ever named by its id.
          details: (request) => {
            const b = request.body as { repository_url: string; git_branch: string };
            return { repository_url: b.repository_url, git_branch: b.git_branch };
          },
        },
      },
      schema: {
        tags,
        security,
        summary: apiDocDescriptions.updateCodeSourceSummary,
        description: apiDocDescriptions.updateCodeSource,
        params: pathParams('id'),
        body: codeSourceSchema,
      },
    },
    async (request) =>
      updateCodeSource(ctx, {
        deploymentId: request.params.id,
        userId: user(request),
        data: request.body,
      }),
  );

  app.get(
    '/deployments/:id/releases',
    { schema: { tags, security, params: pathParams('id') } },
    async (request) =>
      listReleases(ctx, { deploymentId: request.params.id, userId: user(request) }),
  );

  app.post(
    '/deployments/:id/releases/:releaseId/rollback',
    {
      config: { audit: { action: 'deployment.rollback', target: 'deployment' } },
      schema: {
        tags,
        security,
        params: pathParams('id', 'releaseId'),
        response: { 202: messageResponse },
      },
    },
    async (request, reply) =>
      reply.status(202).send(
        await rollback(ctx, {
          deploymentId: request.params.id,
          releaseId: request.params.releaseId,
          userId: user(request),
        }),
      ),
  );

  app.get(
    '/deployments/:id/env-vars',
    { schema: { tags, security, params: pathParams('id') } },
    async (request) => getEnvVars(ctx, { deploymentId: request.params.id, userId: user(request) }),
  );

  app.put(
    '/deployments/:id/env-vars',
    {
      config: {
        audit: {
          action: 'deployment.env_vars',
          target: 'deployment',
          // Names only: values (secrets among them) never reach the audit log.
          details: (request) => ({ noms: (request.body as { name: string }[]).map((v) => v.name) }),
        },
      },
      schema: { tags, security, params: pathParams('id'), body: envVarListSchema },
    },
    async (request) =>
      putEnvVars(ctx, {
        deploymentId: request.params.id,
        userId: user(request),
        vars: request.body,
      }),
  );

  app.get(
    '/deployments/:id/webhook',
    { schema: { tags, security, params: pathParams('id') } },
    async (request) => getWebhook(ctx, { deploymentId: request.params.id, userId: user(request) }),
  );

  app.post(
    '/deployments/:id/webhook/secret',
    {
      config: { audit: { action: 'deployment.webhook_secret', target: 'deployment' } },
      schema: { tags, security, params: pathParams('id') },
    },
    async (request, reply) =>
      reply.header('cache-control', 'no-store').send(
        await regenerateWebhookSecret(ctx, {
          deploymentId: request.params.id,
          userId: user(request),
        }),
      ),
  );
};
