import { apiDocDescriptions } from '@nuage/shared/messages/api-docs';
import { noContentSchema } from '@nuage/shared/schemas/responses/common';
import {
  createRegistryCredentialSchema,
  registryCredentialListSchema,
  registryCredentialSchema,
} from '@nuage/shared/schemas/registry-credentials';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { currentUser } from '../../http/authenticate';
import { bearer, pathParams } from '../../http/route-helpers';
import { declareProjectScoped } from '../../http/token-scope';
import {
  createRegistryCredential,
  deleteRegistryCredential,
  listRegistryCredentials,
} from './service';

const tags = ['Registry credentials'];
const security = bearer;

/**
 * A project's container registry credentials (issue 30): private images are pulled with them
 * (`X-Registry-Auth` on docker and Podman, a `kubernetes.io/dockerconfigjson` Secret on
 * Kubernetes). Administrators add and delete them; the password is stored sealed and never
 * returned.
 */
export const registryCredentialRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  app.addHook('onRequest', app.authenticate);
  declareProjectScoped(app);

  app.get(
    '/projects/:id/registry-credentials',
    {
      schema: {
        description: apiDocDescriptions.listRegistryCredentials,
        response: { 200: registryCredentialListSchema },
        tags,
        security,
        params: pathParams('id'),
      },
    },
    async (request) =>
      listRegistryCredentials(ctx, {
        projectId: request.params.id,
        userId: currentUser(request).id,
      }),
  );

  app.post(
    '/projects/:id/registry-credentials',
    {
      config: {
        audit: {
          action: 'registry_credential.create',
          target: 'project',
          details: (request) => {
            const body = request.body as { registre?: unknown; utilisateur?: unknown };
            return { registre: body.registre, utilisateur: body.utilisateur };
          },
        },
      },
      schema: {
        description: apiDocDescriptions.createRegistryCredential,
        response: { 201: registryCredentialSchema },
        tags,
        security,
        params: pathParams('id'),
        body: createRegistryCredentialSchema,
      },
    },
    async (request, reply) => {
      const created = await createRegistryCredential(ctx, {
        projectId: request.params.id,
        userId: currentUser(request).id,
        data: request.body,
      });
      return reply.status(201).send(created);
    },
  );

  app.delete(
    '/projects/:id/registry-credentials/:credentialId',
    {
      config: { audit: { action: 'registry_credential.delete', target: 'project' } },
      schema: {
        description: apiDocDescriptions.deleteRegistryCredential,
        response: { 204: noContentSchema },
        tags,
        security,
        params: pathParams('id', 'credentialId'),
      },
    },
    async (request, reply) => {
      await deleteRegistryCredential(ctx, {
        projectId: request.params.id,
        credentialId: request.params.credentialId,
        userId: currentUser(request).id,
      });
      return reply.status(204).send();
    },
  );
};
