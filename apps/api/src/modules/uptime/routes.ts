import { statusPageSettingsSchema, uptimeSettingsSchema } from '@nuage/shared/schemas/uptime';
import {
  applicationUptimeSchema,
  statusPageSchema,
  uptimeSettingsResponseSchema,
} from '@nuage/shared/schemas/responses/uptime';
import { uptimeApiDocs } from '@nuage/shared/messages/uptime';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { currentUser } from '../../http/authenticate';
import { bearer, pathParams } from '../../http/route-helpers';
import { declareProjectScoped } from '../../http/token-scope';
import { applicationUptime, updateUptimeSettings } from './service';
import { getStatusPage, setStatusPage } from './status-page';

const tags = [uptimeApiDocs.tag];
const security = bearer;

/**
 * An application's uptime (every member reads it; developers and admins set its check) and the
 * project's public status page (admins enable it).
 */
export const uptimeRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', app.authenticate);
  // One application's or one project's path.
  declareProjectScoped(app);

  app.get(
    '/deployments/:id/uptime',
    {
      schema: {
        response: { 200: applicationUptimeSchema },
        tags,
        security,
        params: pathParams('id'),
        summary: uptimeApiDocs.uptime.summary,
        description: uptimeApiDocs.uptime.description,
      },
    },
    async (request) =>
      applicationUptime(ctx, { deploymentId: request.params.id, userId: currentUser(request).id }),
  );

  app.put(
    '/deployments/:id/uptime-check',
    {
      config: { audit: { action: 'deployment.uptime_check', target: 'deployment' } },
      schema: {
        response: { 200: uptimeSettingsResponseSchema },
        tags,
        security,
        params: pathParams('id'),
        body: uptimeSettingsSchema,
        summary: uptimeApiDocs.settings.summary,
        description: uptimeApiDocs.settings.description,
      },
    },
    async (request) =>
      updateUptimeSettings(ctx, {
        deploymentId: request.params.id,
        userId: currentUser(request).id,
        settings: request.body,
      }),
  );

  app.get(
    '/projects/:id/status-page',
    {
      schema: {
        response: { 200: statusPageSchema },
        tags,
        security,
        params: pathParams('id'),
        summary: uptimeApiDocs.statusPage.summary,
        description: uptimeApiDocs.statusPage.description,
      },
    },
    async (request) =>
      getStatusPage(ctx, { projectId: request.params.id, userId: currentUser(request).id }),
  );

  app.put(
    '/projects/:id/status-page',
    {
      config: { audit: { action: 'project.status_page', target: 'project' } },
      schema: {
        response: { 200: statusPageSchema },
        tags,
        security,
        params: pathParams('id'),
        body: statusPageSettingsSchema,
        summary: uptimeApiDocs.setStatusPage.summary,
        description: uptimeApiDocs.setStatusPage.description,
      },
    },
    async (request) =>
      setStatusPage(ctx, {
        projectId: request.params.id,
        userId: currentUser(request).id,
        active: request.body.active,
      }),
  );
};
