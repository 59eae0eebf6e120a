import { linkDatabaseSchema } from '@nuage/shared/schemas/databases';
import { databaseResponseSchema } from '@nuage/shared/schemas/responses/databases';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { currentUser } from '../../http/authenticate';
import { bearer, pathParams } from '../../http/route-helpers';
import { linkApplication, unlinkApplication } from './links';

const tags = ['Databases'];
const security = bearer;

/**
 * Links between a database and the applications of its environment (issue 25 item 3): the
 * variables they inject; inside databaseRoutes (its hooks apply).
 */
export function registerLinkRoutes(app: FastifyInstance, ctx: AppContext): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.post(
    '/databases/:id/links',
    {
      config: { audit: { action: 'database.link', target: 'deployment' } },
      schema: {
        tags,
        security,
        params: pathParams('id'),
        body: linkDatabaseSchema,
        response: { 200: databaseResponseSchema },
      },
    },
    async (request) =>
      linkApplication(ctx, {
        databaseId: request.params.id,
        userId: currentUser(request).id,
        data: request.body,
      }),
  );

  typed.delete(
    '/databases/:id/links/:applicationId',
    {
      config: { audit: { action: 'database.unlink', target: 'deployment' } },
      schema: {
        tags,
        security,
        params: pathParams('id', 'applicationId'),
        response: { 200: databaseResponseSchema },
      },
    },
    async (request) =>
      unlinkApplication(ctx, {
        databaseId: request.params.id,
        applicationId: request.params.applicationId,
        userId: currentUser(request).id,
      }),
  );
}
