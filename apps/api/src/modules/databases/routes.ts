import { databaseTexts } from '@nuage/shared/messages/databases';
import {
  createDatabaseSchema,
  deleteDatabaseQuerySchema,
  resizeDatabaseSchema,
} from '@nuage/shared/schemas/databases';
import {
  databaseEngineListSchema,
  databaseListSchema,
  databaseResponseSchema,
} from '@nuage/shared/schemas/responses/databases';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { currentUser } from '../../http/authenticate';
import { bearer, messageResponse, pathParams } from '../../http/route-helpers';
import { declareProjectScoped } from '../../http/token-scope';
import { upgradeDatabaseSchema } from '@nuage/shared/schemas/database-upgrade';
import { upgradeDatabase } from './upgrade';
import { registerPublicAccessRoutes } from './public-access-routes';
import { registerCredentialRoutes } from './credential-routes';
import type { BackgroundJobs } from '../backups/jobs';
import { finishDeletionAfterFinalBackup, startDeletionAfterFinalBackup } from './final-backup';
import { registerLinkRoutes } from './link-routes';
import {
  createDatabase,
  databaseOffers,
  deleteDatabase,
  getDatabase,
  listDatabases,
  resizeDatabase,
  restartDatabase,
  setDatabaseStopped,
} from './service';

const tags = ['Databases'];
const security = bearer;

/** Databases of an environment (issue 25): engines, create, list, lifecycle, credentials, links. */
export const databaseRoutes: FastifyPluginAsyncZod<{
  ctx: AppContext;
  /** The backups' background jobs: a deletion's final backup runs there. */
  jobs: BackgroundJobs;
}> = async (app, { ctx, jobs }) => {
  app.addHook('onRequest', app.authenticate);
  declareProjectScoped(app);

  // The engines and the operator's versions: nothing of any tenant.
  app.get(
    '/databases/engines',
    { schema: { tags, security, response: { 200: databaseEngineListSchema } } },
    async () => databaseOffers(ctx),
  );

  app.get(
    '/environments/:envId/databases',
    {
      schema: {
        tags,
        security,
        params: pathParams('envId'),
        response: { 200: databaseListSchema },
      },
    },
    async (request) =>
      listDatabases(ctx, { environmentId: request.params.envId, userId: currentUser(request).id }),
  );

  app.post(
    '/environments/:envId/databases',
    {
      config: {
        audit: {
          action: 'database.create',
          target: 'deployment',
          details: (request) => {
            const b = request.body as Record<string, unknown>;
            return { moteur: b.moteur, version: b.version, cpu: b.cpu, ram: b.ram };
          },
        },
      },
      schema: {
        tags,
        security,
        params: pathParams('envId'),
        body: createDatabaseSchema,
        response: { 201: databaseResponseSchema },
      },
    },
    async (request, reply) => {
      const created = await createDatabase(ctx, {
        environmentId: request.params.envId,
        user: currentUser(request),
        data: request.body,
      });
      return reply.status(201).send(created);
    },
  );

  app.get(
    '/databases/:id',
    {
      schema: {
        tags,
        security,
        params: pathParams('id'),
        response: { 200: databaseResponseSchema },
      },
    },
    async (request) =>
      getDatabase(ctx, { databaseId: request.params.id, userId: currentUser(request).id }),
  );

  app.put(
    '/databases/:id/resources',
    {
      config: { audit: { action: 'database.resize', target: 'deployment' } },
      schema: {
        tags,
        security,
        params: pathParams('id'),
        body: resizeDatabaseSchema,
        response: { 200: databaseResponseSchema },
      },
    },
    async (request) =>
      resizeDatabase(ctx, {
        databaseId: request.params.id,
        userId: currentUser(request).id,
        data: request.body,
      }),
  );

  app.put(
    '/databases/:id/version',
    {
      config: {
        audit: {
          action: 'database.upgrade',
          target: 'deployment',
          details: (request) => ({ version: (request.body as { version?: unknown }).version }),
        },
      },
      schema: {
        tags,
        security,
        params: pathParams('id'),
        body: upgradeDatabaseSchema,
        response: { 200: databaseResponseSchema },
      },
    },
    async (request) =>
      upgradeDatabase(ctx, {
        databaseId: request.params.id,
        userId: currentUser(request).id,
        data: request.body,
      }),
  );

  app.post(
    '/databases/:id/restart',
    {
      config: { audit: { action: 'database.restart', target: 'deployment' } },
      schema: { tags, security, params: pathParams('id'), response: { 202: messageResponse } },
    },
    async (request, reply) => {
      await restartDatabase(ctx, {
        databaseId: request.params.id,
        userId: currentUser(request).id,
      });
      return reply.status(202).send({ message: databaseTexts.restartStarted });
    },
  );

  for (const [action, stopped] of [
    ['stop', true],
    ['start', false],
  ] as const)
    app.post(
      `/databases/:id/${action}`,
      {
        config: {
          audit: { action: stopped ? 'database.stop' : 'database.start', target: 'deployment' },
        },
        schema: { tags, security, params: pathParams('id'), response: { 202: messageResponse } },
      },
      async (request, reply) => {
        await setDatabaseStopped(ctx, {
          databaseId: request.params.id,
          userId: currentUser(request).id,
          stopped,
        });
        return reply
          .status(202)
          .send({ message: stopped ? databaseTexts.stopStarted : databaseTexts.startStarted });
      },
    );

  app.delete(
    '/databases/:id',
    {
      config: { audit: { action: 'database.delete', target: 'deployment' } },
      schema: {
        tags,
        security,
        params: pathParams('id'),
        querystring: deleteDatabaseQuerySchema,
        response: { 202: messageResponse },
      },
    },
    async (request, reply) => {
      const input = { databaseId: request.params.id, userId: currentUser(request).id };
      // A final backup first when asked, after the answer: deleted only once it succeeded
      // (final-backup.ts).
      if (request.query.sauvegarde_finale === 'true') {
        const backupId = await startDeletionAfterFinalBackup(ctx, input);
        jobs.run('backup', (signal) =>
          finishDeletionAfterFinalBackup(ctx, { ...input, backupId }, signal),
        );
        return reply.status(202).send({ message: databaseTexts.finalBackupStarted });
      }
      await deleteDatabase(ctx, input);
      return reply.status(202).send({ message: databaseTexts.deletionStarted });
    },
  );

  registerCredentialRoutes(app, ctx);
  registerPublicAccessRoutes(app, ctx);
  registerLinkRoutes(app, ctx);
};
