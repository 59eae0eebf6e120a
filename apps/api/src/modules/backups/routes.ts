import {
  backupDestinationResponseSchema,
  backupStartedSchema,
  restoreStartedSchema,
  sauvegardesApplicationSchema,
} from '@nuage/shared/schemas/responses/backups';
import { noContentSchema } from '@nuage/shared/schemas/responses/common';
import {
  backupDestinationSchema,
  backupScheduleSchema,
  backupTexts,
  restoreBackupSchema,
} from '@nuage/shared/schemas/backups';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { currentUser } from '../../http/authenticate';
import { bearer, pathParams } from '../../http/route-helpers';
import type { BackgroundJobs } from './jobs';
import { presentBackup, presentRestore } from './presenter';
import { executeBackup } from './run-backup';
import { executeRestore } from './restore';
import { retryRestore } from './restore-hold';
import {
  getDestination,
  listApplicationBackups,
  removeDestination,
  requestBackup,
  requestRestore,
  setDestination,
  updateSchedule,
} from './service';
import { declareProjectScoped } from '../../http/token-scope';

const tags = ['Backups'];
/** Jobs end on their signal with one database write each: a moment is enough. */
const CLOSE_GRACE_MS = 5000;
const security = bearer;

/**
 * Backups of an application: members read, developers back up, restore and schedule; project
 * admins set the S3 destination. Backups and restores answer 202 and run in the background.
 */
export const backupRoutes: FastifyPluginAsyncZod<{
  ctx: AppContext;
  jobs: BackgroundJobs;
}> = async (app, { ctx, jobs }) => {
  app.addHook('onRequest', app.authenticate);
  // Backups and the S3 destination of one application's or one project's path.
  declareProjectScoped(app);
  // A restore running at close is handed over to the next start, a backup interrupted.
  app.addHook('onClose', () => jobs.stop(Date.now() + CLOSE_GRACE_MS));

  app.get(
    '/deployments/:id/backups',
    {
      schema: {
        response: { 200: sauvegardesApplicationSchema },
        tags,
        security,
        params: pathParams('id'),
      },
    },
    async (request) =>
      listApplicationBackups(ctx, {
        deploymentId: request.params.id,
        userId: currentUser(request).id,
      }),
  );

  app.post(
    '/deployments/:id/backups',
    {
      config: { audit: { action: 'backup.create', target: 'deployment' } },
      schema: { response: { 202: backupStartedSchema }, tags, security, params: pathParams('id') },
    },
    async (request, reply) => {
      const backup = await requestBackup(ctx, {
        deploymentId: request.params.id,
        userId: currentUser(request).id,
      });
      jobs.run('backup', (signal) => executeBackup(ctx, backup.id, signal));
      return reply
        .status(202)
        .send({ message: backupTexts.backupStarted, sauvegarde: presentBackup(backup) });
    },
  );

  app.post(
    '/deployments/:id/backups/:backupId/restore',
    {
      config: { audit: { action: 'backup.restore', target: 'deployment' } },
      schema: {
        response: { 202: restoreStartedSchema },
        tags,
        security,
        params: pathParams('id', 'backupId'),
        body: restoreBackupSchema,
      },
    },
    async (request, reply) => {
      const { restore, created, createdDatabase } = await requestRestore(ctx, {
        deploymentId: request.params.id,
        backupId: request.params.backupId,
        user: currentUser(request),
        input: request.body,
      });
      jobs.run('restore', (signal) => executeRestore(ctx, restore.id, signal));
      return reply.status(202).send({
        message: backupTexts.restoreStarted,
        restauration: presentRestore(restore),
        // A restore into a new application: the application created for it.
        ...(created ? { application: created } : {}),
        // Of a database of an environment: the database created for it.
        ...(createdDatabase ? { base_de_donnees: createdDatabase } : {}),
      });
    },
  );

  // « Réessayer la restauration » of an application created to receive a restore (held).
  app.post(
    '/deployments/:id/restore/retry',
    {
      config: { audit: { action: 'backup.restore', target: 'deployment' } },
      schema: { response: { 202: restoreStartedSchema }, tags, security, params: pathParams('id') },
    },
    async (request, reply) => {
      const restore = await retryRestore(ctx, {
        deploymentId: request.params.id,
        userId: currentUser(request).id,
      });
      jobs.run('restore', (signal) => executeRestore(ctx, restore.id, signal));
      return reply
        .status(202)
        .send({ message: backupTexts.retryStarted, restauration: presentRestore(restore) });
    },
  );

  app.put(
    '/deployments/:id/backup-schedule',
    {
      config: { audit: { action: 'backup.schedule', target: 'deployment' } },
      schema: {
        response: { 200: sauvegardesApplicationSchema },
        tags,
        security,
        params: pathParams('id'),
        body: backupScheduleSchema,
      },
    },
    async (request) =>
      updateSchedule(ctx, {
        deploymentId: request.params.id,
        userId: currentUser(request).id,
        input: request.body,
      }),
  );

  app.get(
    '/projects/:id/backup-destination',
    {
      schema: {
        response: { 200: backupDestinationResponseSchema },
        tags,
        security,
        params: pathParams('id'),
      },
    },
    async (request) => ({
      destination: await getDestination(ctx, {
        projectId: request.params.id,
        userId: currentUser(request).id,
      }),
    }),
  );

  app.put(
    '/projects/:id/backup-destination',
    {
      schema: {
        response: { 200: backupDestinationResponseSchema },
        tags,
        security,
        params: pathParams('id'),
        body: backupDestinationSchema,
      },
    },
    async (request) => ({
      destination: await setDestination(ctx, {
        projectId: request.params.id,
        userId: currentUser(request).id,
        input: request.body,
      }),
    }),
  );

  app.delete(
    '/projects/:id/backup-destination',
    { schema: { response: { 204: noContentSchema }, tags, security, params: pathParams('id') } },
    async (request, reply) => {
      await removeDestination(ctx, {
        projectId: request.params.id,
        userId: currentUser(request).id,
      });
      return reply.status(204).send();
    },
  );
};
