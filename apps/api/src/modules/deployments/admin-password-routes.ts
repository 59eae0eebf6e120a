import { adminAccessTexts } from '@nuage/shared/admin-access';
import { accountPasswordSchema } from '@nuage/shared/schemas/admin-password';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { currentUser } from '../../http/authenticate';
import { bearer, messageResponse, pathParams } from '../../http/route-helpers';
import { regenerateAdminPassword, revealAdminPassword } from './admin-password';

const tags = ['Deployments'];
const security = bearer;

/**
 * An application's administrator password, behind the account password; inside
 * deploymentRoutes (its hooks apply).
 */
export function registerAdminPasswordRoutes(app: FastifyInstance, ctx: AppContext): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.post(
    '/deployments/deployment/:id/admin-password/reveal',
    {
      schema: {
        tags,
        security,
        params: pathParams('id'),
        body: accountPasswordSchema,
        response: { 200: z.object({ mot_de_passe: z.string() }) },
      },
    },
    async (request, reply) => {
      const password = await revealAdminPassword(ctx, {
        deploymentId: request.params.id,
        userId: currentUser(request).id,
        motDePasse: request.body.mot_de_passe,
      });
      return reply.header('cache-control', 'no-store').send({ mot_de_passe: password });
    },
  );

  typed.post(
    '/deployments/deployment/:id/admin-password/regenerate',
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
      await regenerateAdminPassword(ctx, {
        deploymentId: request.params.id,
        userId: currentUser(request).id,
        motDePasse: request.body.mot_de_passe,
      });
      return reply.status(202).send({ message: adminAccessTexts.regenerated });
    },
  );
}
