import { apiDocDescriptions } from '@nuage/shared/messages/api-docs';
import { dnsHelpSchema } from '@nuage/shared/schemas/responses/dns';
import {
  deployCodeResultSchema,
  deploymentDetailBaseSchema,
  deploymentDetailSchema,
  deploymentListSchema,
  deploymentResponseSchema,
} from '@nuage/shared/schemas/responses/deployments';
import {
  deployCodeSchema,
  deployErpSchema,
  updateDeploymentSchema,
} from '@nuage/shared/schemas/deployments';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { currentUser } from '../../http/authenticate';
import { bearer, messageResponse, pathParams } from '../../http/route-helpers';
import { deployErp } from './deploy';
import { deployCode } from './deploy-code';
import { deployImage } from './deploy-image';
import { deployImageSchema } from '@nuage/shared/schemas/image-deploy';
import { deploymentDnsHelp, verifyDeploymentDomain } from '../dns/service';
import {
  deleteDeployment,
  deploymentLogs,
  getDeployment,
  listDeployments,
  syncDeployment,
  updateDeployment,
} from './service';
import { declareProjectScoped } from '../../http/token-scope';
import { registerAdminPasswordRoutes } from './admin-password-routes';
import { registerComposeRoutes } from './compose-routes';
import { deploymentTexts } from '@nuage/shared/messages/deployments';

const tags = ['Deployments'];
const security = bearer;

// Audit log: scaling alone (the +/- buttons) reads apart from other edits.
const editedKeys = (request: FastifyRequest) => Object.keys(request.body as object);
const editAction = (request: FastifyRequest) =>
  editedKeys(request).every((k) => k === 'replicas') ? 'deployment.scale' : 'deployment.update';
const editDetails = (request: FastifyRequest) => {
  const body = request.body as Record<string, unknown>;
  return editAction(request) === 'deployment.scale'
    ? { replicas: body.replicas }
    : { champs: editedKeys(request) };
};
const deployDetails = (request: FastifyRequest) => {
  const body = request.body as Record<string, unknown>;
  return { type: body.type_application, cpu: body.cpu, ram: body.ram, replicas: body.replicas };
};

export const deploymentRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  app.addHook('onRequest', app.authenticate);
  // Applications and environments by id: each belongs to one project.
  declareProjectScoped(app);

  app.get(
    '/deployments/:envId/deployments',
    {
      schema: {
        response: { 200: deploymentListSchema },
        tags,
        security,
        params: pathParams('envId'),
      },
    },
    async (request) =>
      listDeployments(ctx, {
        environmentId: request.params.envId,
        userId: currentUser(request).id,
      }),
  );

  app.post(
    '/deployments/:envId/deploy/erp',
    {
      config: {
        audit: { action: 'deployment.create', target: 'deployment', details: deployDetails },
      },
      schema: {
        response: { 201: deploymentResponseSchema },
        tags,
        security,
        params: pathParams('envId'),
        body: deployErpSchema,
      },
    },
    async (request, reply) => {
      const deployment = await deployErp(ctx, {
        environmentId: request.params.envId,
        user: currentUser(request),
        data: request.body,
      });
      return reply.status(201).send(deployment);
    },
  );

  app.post(
    '/deployments/:envId/deploy/code',
    {
      config: {
        audit: { action: 'deployment.create', target: 'deployment', details: deployDetails },
      },
      schema: {
        response: { 201: deployCodeResultSchema },
        tags,
        security,
        params: pathParams('envId'),
        body: deployCodeSchema,
      },
    },
    async (request, reply) => {
      const deployment = await deployCode(ctx, {
        environmentId: request.params.envId,
        user: currentUser(request),
        data: request.body,
      });
      return reply.status(201).send(deployment);
    },
  );

  app.post(
    '/deployments/:envId/deploy/image',
    {
      config: {
        audit: {
          action: 'deployment.create',
          target: 'deployment',
          details: (request) => {
            const body = request.body as Record<string, unknown>;
            return { image: body.image, cpu: body.cpu, ram: body.ram, replicas: body.replicas };
          },
        },
      },
      schema: {
        description: apiDocDescriptions.deployImage,
        response: { 201: deploymentResponseSchema },
        tags,
        security,
        params: pathParams('envId'),
        body: deployImageSchema,
      },
    },
    async (request, reply) => {
      const deployment = await deployImage(ctx, {
        environmentId: request.params.envId,
        user: currentUser(request),
        data: request.body,
      });
      return reply.status(201).send(deployment);
    },
  );

  app.get(
    '/deployments/deployment/:id',
    {
      schema: {
        response: { 200: deploymentDetailSchema },
        tags,
        security,
        params: pathParams('id'),
      },
    },
    async (request) =>
      getDeployment(ctx, { deploymentId: request.params.id, userId: currentUser(request).id }),
  );

  app.put(
    '/deployments/deployment/:id',
    {
      config: { audit: { action: editAction, target: 'deployment', details: editDetails } },
      schema: {
        response: { 200: deploymentDetailBaseSchema },
        tags,
        security,
        params: pathParams('id'),
        body: updateDeploymentSchema,
      },
    },
    async (request) =>
      updateDeployment(ctx, {
        deploymentId: request.params.id,
        userId: currentUser(request).id,
        data: request.body,
      }),
  );

  app.delete(
    '/deployments/deployment/:id',
    {
      config: { audit: { action: 'deployment.delete', target: 'deployment' } },
      schema: { tags, security, params: pathParams('id'), response: { 202: messageResponse } },
    },
    async (request, reply) => {
      await deleteDeployment(ctx, {
        deploymentId: request.params.id,
        userId: currentUser(request).id,
      });
      return reply.status(202).send({ message: deploymentTexts.deletionStarted });
    },
  );

  app.get(
    '/deployments/deployment/:id/logs',
    {
      schema: {
        tags,
        security,
        params: pathParams('id'),
        response: { 200: z.object({ logs: z.string() }) },
      },
    },
    async (request) => ({
      logs: await deploymentLogs(ctx, {
        deploymentId: request.params.id,
        userId: currentUser(request).id,
      }),
    }),
  );

  app.get(
    '/deployments/deployment/:id/dns',
    { schema: { response: { 200: dnsHelpSchema }, tags, security, params: pathParams('id') } },
    async (request) =>
      deploymentDnsHelp(ctx, { deploymentId: request.params.id, userId: currentUser(request).id }),
  );

  // « Vérifier le DNS »: looks for the proof of control now (developers and admins).
  app.post(
    '/deployments/deployment/:id/dns/verify',
    { schema: { response: { 200: dnsHelpSchema }, tags, security, params: pathParams('id') } },
    async (request) =>
      verifyDeploymentDomain(ctx, {
        deploymentId: request.params.id,
        userId: currentUser(request).id,
      }),
  );

  app.post(
    '/deployments/deployment/:id/sync',
    {
      config: { audit: { action: 'deployment.restart', target: 'deployment' } },
      schema: {
        response: { 200: deploymentDetailBaseSchema },
        tags,
        security,
        params: pathParams('id'),
      },
    },
    async (request) =>
      syncDeployment(ctx, { deploymentId: request.params.id, userId: currentUser(request).id }),
  );
  registerComposeRoutes(app, ctx);
  registerAdminPasswordRoutes(app, ctx);
};
