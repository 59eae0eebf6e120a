import {
  buildListSchema,
  buildLogStreamSchema,
  buildSummarySchema,
  promoteReleaseSchema,
  promotionTargetListSchema,
  releaseListSchema,
} from '@nuage/shared/schemas/responses/builds';
import { buildMetricsSchema } from '@nuage/shared/schemas/responses/build-metrics';
import { buildTexts } from '@nuage/shared/build-types';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { currentUser } from '../../http/authenticate';
import { bearer, messageResponse, pathParams } from '../../http/route-helpers';
import { authorizeBuild, cancelBuild, getBuild, listBuilds, redeploy } from './application-builds';
import { buildMetrics } from '../build-metrics/read';
import { resumePoint, streamBuildLogs } from './log-stream';
import { listReleases, rollback } from './releases';
import { listPromotionTargets, promoteRelease } from './promotion';
import { declareProjectScoped } from '../../http/token-scope';
import { pageQuerySchema } from '../../http/page-query';

const tags = ['Builds'];
const security = bearer;

const pageQuery = pageQuerySchema({ max: 100, pageSize: 20 });

/**
 * Builds, live logs, redeploy, releases, rollback and promotion of code applications (their environment
 * variables, source and webhook: modules/deployments/{env-vars,source,webhook}-routes.ts).
 */
export const codeRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', app.authenticate);
  // Builds, releases and settings of one application, by id.
  declareProjectScoped(app);
  const user = (request: Parameters<typeof currentUser>[0]) => currentUser(request).id;

  app.get(
    '/deployments/:id/builds',
    {
      schema: {
        response: { 200: buildListSchema },
        tags,
        security,
        params: pathParams('id'),
        querystring: pageQuery,
      },
    },
    async (request) =>
      listBuilds(ctx, { deploymentId: request.params.id, userId: user(request), ...request.query }),
  );

  app.get(
    '/builds/:buildId',
    {
      schema: {
        response: { 200: buildSummarySchema },
        tags,
        security,
        params: pathParams('buildId'),
      },
    },
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
        response: { 200: buildLogStreamSchema },
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

  app.get(
    '/builds/:buildId/metrics',
    {
      schema: {
        response: { 200: buildMetricsSchema },
        tags,
        security,
        params: pathParams('buildId'),
      },
    },
    async (request) =>
      buildMetrics(ctx, { buildId: request.params.buildId, userId: user(request) }),
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

  app.get(
    '/deployments/:id/releases',
    { schema: { response: { 200: releaseListSchema }, tags, security, params: pathParams('id') } },
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
    '/deployments/:id/promotion-targets',
    {
      schema: {
        response: { 200: promotionTargetListSchema },
        tags,
        security,
        params: pathParams('id'),
      },
    },
    async (request) =>
      listPromotionTargets(ctx, { deploymentId: request.params.id, userId: user(request) }),
  );

  app.post(
    '/deployments/:id/releases/:releaseId/promote',
    {
      config: { audit: { action: 'deployment.promote', target: 'deployment' } },
      schema: {
        tags,
        security,
        params: pathParams('id', 'releaseId'),
        body: promoteReleaseSchema,
        response: { 202: messageResponse },
      },
    },
    async (request, reply) =>
      reply.status(202).send(
        await promoteRelease(ctx, {
          deploymentId: request.params.id,
          releaseId: request.params.releaseId,
          targetId: request.body.deployment_id,
          userId: user(request),
        }),
      ),
  );
};
