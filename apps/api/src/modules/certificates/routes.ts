import {
  certificateListSchema,
  certificateResponseSchema,
  certificateValidationSchema,
} from '@nuage/shared/schemas/responses/certificates';
import {
  customCertificateSchema,
  letsEncryptCertificateSchema,
  renewCertificateSchema,
  updateCertificateSchema,
  validateCertificateSchema,
} from '@nuage/shared/schemas/certificates';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { currentUser } from '../../http/authenticate';
import { bearer, messageResponse, pathParams } from '../../http/route-helpers';
import { requestLetsEncrypt, renewCertificate } from './letsencrypt';
import { deleteCertificate } from './removal';
import {
  createCustomCertificate,
  getCertificate,
  listCertificates,
  updateCertificate,
} from './service';
import { validateCertificate } from './validation';
import { declareProjectScoped } from '../../http/token-scope';
import { certificateTexts } from '@nuage/shared/messages/certificates';

const tags = ['Certificates'];
const security = bearer;

/** SPEC §7 "Certificates": members read, developers and admins manage (ARCHITECTURE.md "Roles"). */
export const certificateRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  app.addHook('onRequest', app.authenticate);
  // A certificate by id, or created in the project of its body; the list keeps to visible projects.
  declareProjectScoped(app);
  // renew and validate take an optional body: a JSON content type with nothing after it is
  // "no body" here, not a malformed one (this plugin's routes only).
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    if (typeof body !== 'string' || body.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(body) as unknown);
    } catch (error) {
      done(
        Object.assign(error as Error, { statusCode: 400, code: 'FST_ERR_CTP_INVALID_JSON_BODY' }),
        undefined,
      );
    }
  });

  app.get(
    '/certificates',
    {
      schema: {
        response: { 200: certificateListSchema },
        tags,
        security,
        querystring: z.object({ projet_id: z.string().optional() }),
      },
    },
    async (request) =>
      listCertificates(ctx, {
        userId: currentUser(request).id,
        projectId: request.query.projet_id,
      }),
  );

  app.post(
    '/certificates',
    {
      config: { audit: { action: 'certificate.create', target: 'certificate' } },
      schema: {
        response: { 201: certificateResponseSchema },
        tags,
        security,
        body: customCertificateSchema,
      },
    },
    async (request, reply) => {
      const certificate = await createCustomCertificate(ctx, {
        userId: currentUser(request).id,
        data: request.body,
      });
      return reply.status(201).send(certificate);
    },
  );

  app.post(
    '/certificates/letsencrypt',
    {
      config: { audit: { action: 'certificate.create', target: 'certificate' } },
      schema: {
        response: { 201: certificateResponseSchema },
        tags,
        security,
        body: letsEncryptCertificateSchema,
      },
    },
    async (request, reply) => {
      const certificate = await requestLetsEncrypt(ctx, {
        userId: currentUser(request).id,
        data: request.body,
      });
      return reply.status(201).send(certificate);
    },
  );

  app.get(
    '/certificates/:id',
    {
      schema: {
        response: { 200: certificateResponseSchema },
        tags,
        security,
        params: pathParams('id'),
      },
    },
    async (request) =>
      getCertificate(ctx, { certificateId: request.params.id, userId: currentUser(request).id }),
  );

  app.put(
    '/certificates/:id',
    {
      config: { audit: { action: 'certificate.update', target: 'certificate' } },
      schema: {
        response: { 200: certificateResponseSchema },
        tags,
        security,
        params: pathParams('id'),
        body: updateCertificateSchema,
      },
    },
    async (request) =>
      updateCertificate(ctx, {
        certificateId: request.params.id,
        userId: currentUser(request).id,
        data: request.body,
      }),
  );

  app.delete(
    '/certificates/:id',
    {
      config: { audit: { action: 'certificate.delete', target: 'certificate' } },
      schema: { tags, security, params: pathParams('id'), response: { 200: messageResponse } },
    },
    async (request) => {
      await deleteCertificate(ctx, {
        certificateId: request.params.id,
        userId: currentUser(request).id,
      });
      return { message: certificateTexts.deleted };
    },
  );

  app.post(
    '/certificates/:id/renew',
    {
      config: { audit: { action: 'certificate.renew', target: 'certificate' } },
      schema: {
        response: { 200: certificateResponseSchema },
        tags,
        security,
        params: pathParams('id'),
        body: renewCertificateSchema,
      },
    },
    async (request) =>
      renewCertificate(ctx, {
        certificateId: request.params.id,
        userId: currentUser(request).id,
        data: request.body,
      }),
  );

  app.post(
    '/certificates/:id/validate',
    {
      schema: {
        response: { 200: certificateValidationSchema },
        tags,
        security,
        params: pathParams('id'),
        body: validateCertificateSchema,
      },
    },
    async (request) =>
      validateCertificate(ctx, {
        certificateId: request.params.id,
        userId: currentUser(request).id,
        data: request.body,
      }),
  );
};
