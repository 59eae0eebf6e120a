import { publicAccessCaSchema, publicAccessSchema } from '@nuage/shared/schemas/database-public';
import { databaseResponseSchema } from '@nuage/shared/schemas/responses/databases';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { currentUser } from '../../http/authenticate';
import { bearer, pathParams } from '../../http/route-helpers';
import { publicAccessCa, setPublicAccess } from './public-access';

const tags = ['Databases'];
const security = bearer;

/** A database's public endpoint (issue 25 item 2), inside databaseRoutes (its hooks apply). */
export function registerPublicAccessRoutes(app: FastifyInstance, ctx: AppContext): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  // The optional public endpoint (issue 25 item 2): administrators only, audited by the service
  // (the port it took and the normalised allow-list).
  typed.put(
    '/databases/:id/public-access',
    {
      schema: {
        tags,
        security,
        params: pathParams('id'),
        body: publicAccessSchema,
        response: { 200: databaseResponseSchema },
      },
    },
    async (request) =>
      setPublicAccess(ctx, {
        databaseId: request.params.id,
        userId: currentUser(request).id,
        data: request.body,
      }),
  );

  // The CA of its TLS certificate, for clients to verify the server (sslmode=verify-ca).
  typed.get(
    '/databases/:id/public-access/ca',
    {
      schema: {
        tags,
        security,
        params: pathParams('id'),
        response: { 200: publicAccessCaSchema },
      },
    },
    async (request) =>
      publicAccessCa(ctx, { databaseId: request.params.id, userId: currentUser(request).id }),
  );
}
