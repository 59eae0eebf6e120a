import { finalBackupTexts } from '@nuage/shared/messages/final-backups';
import { restoreFinalBackupSchema } from '@nuage/shared/schemas/final-backups';
import { noContentSchema } from '@nuage/shared/schemas/responses/common';
import {
  finalBackupListSchema,
  finalRestoreStartedSchema,
} from '@nuage/shared/schemas/responses/final-backups';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { currentUser } from '../../http/authenticate';
import { bearer, pathParams } from '../../http/route-helpers';
import { declareProjectScoped } from '../../http/token-scope';
import { deleteFinalBackup, listFinalBackups, restoreFinalBackup } from './final-backups';
import type { BackgroundJobs } from './jobs';
import { presentRestore } from './presenter';
import { executeRestore } from './restore';

const tags = ['Backups'];
const security = bearer;

/** A project's final backups of deleted databases: listed, restored into a new base, deleted. */
export const finalBackupRoutes: FastifyPluginAsyncZod<{
  ctx: AppContext;
  jobs: BackgroundJobs;
}> = async (app, { ctx, jobs }) => {
  app.addHook('onRequest', app.authenticate);
  declareProjectScoped(app);

  app.get(
    '/projects/:id/final-backups',
    {
      schema: {
        tags,
        security,
        params: pathParams('id'),
        response: { 200: finalBackupListSchema },
      },
    },
    async (request) =>
      listFinalBackups(ctx, { projectId: request.params.id, userId: currentUser(request).id }),
  );

  app.post(
    '/projects/:id/final-backups/:backupId/restore',
    {
      config: { audit: { action: 'backup.final_restore', target: 'project' } },
      schema: {
        tags,
        security,
        params: pathParams('id', 'backupId'),
        body: restoreFinalBackupSchema,
        response: { 202: finalRestoreStartedSchema },
      },
    },
    async (request, reply) => {
      const { restore, database } = await restoreFinalBackup(ctx, {
        projectId: request.params.id,
        backupId: request.params.backupId,
        user: currentUser(request),
        data: request.body,
      });
      jobs.run('restore', (signal) => executeRestore(ctx, restore.id, signal));
      return reply.status(202).send({
        message: finalBackupTexts.restoreStarted,
        restauration: presentRestore(restore),
        base_de_donnees: database,
      });
    },
  );

  app.delete(
    '/projects/:id/final-backups/:backupId',
    {
      config: { audit: { action: 'backup.final_delete', target: 'project' } },
      schema: {
        tags,
        security,
        params: pathParams('id', 'backupId'),
        response: { 204: noContentSchema },
      },
    },
    async (request, reply) => {
      await deleteFinalBackup(ctx, {
        projectId: request.params.id,
        backupId: request.params.backupId,
        userId: currentUser(request).id,
      });
      return reply.status(204).send();
    },
  );
};
