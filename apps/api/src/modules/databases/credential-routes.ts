import { databaseTexts } from '@nuage/shared/messages/databases';
import { accountPasswordSchema } from '@nuage/shared/schemas/admin-password';
import { databaseCredentialsSchema } from '@nuage/shared/schemas/responses/databases';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { currentUser } from '../../http/authenticate';
import { bearer, messageResponse, pathParams } from '../../http/route-helpers';
import { regenerateDatabasePassword, revealDatabaseCredentials } from './credentials';

const tags = ['Databases'];
const security = bearer;

/**
 * A database's credentials (issue 25 item 2), behind the account password as the admin
 * password is; inside databaseRoutes (its hooks apply).
 */
export function registerCredentialRoutes(app: FastifyInstance, ctx: AppContext): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.post(
    '/databases/:id/credentials/reveal',
    {
      schema: {
        tags,
        security,
        params: pathParams('id'),
        body: accountPasswordSchema,
        response: { 200: databaseCredentialsSchema },
      },
    },
    async (request, reply) => {
      const credentials = await revealDatabaseCredentials(ctx, {
        databaseId: request.params.id,
        userId: currentUser(request).id,
        motDePasse: request.body.mot_de_passe,
      });
      return reply.header('cache-control', 'no-store').send(credentials);
    },
  );

  typed.post(
    '/databases/:id/credentials/regenerate',
    {
      schema: {
        tags,
        security,
        params: pathParams('id'),
        body: accountPasswordSchema,
        response: { 202: messageResponse },
      },
    },
    async (request, reply) => {
      await regenerateDatabasePassword(ctx, {
        databaseId: request.params.id,
        userId: currentUser(request).id,
        motDePasse: request.body.mot_de_passe,
      });
      return reply.status(202).send({ message: databaseTexts.regenerated });
    },
  );
}
