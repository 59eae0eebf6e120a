import { serverDetails, validation } from '@nuage/shared/messages';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DomainError,
  FieldValidationError,
  QuotaExceededError,
  type ErrorCode,
  type FieldIssue,
} from '../lib/errors';
import { isDatabaseUnavailable } from '../db/errors';

const statusOf: Record<ErrorCode, number> = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  validation: 422,
  rate_limited: 429,
  not_implemented: 501,
  unavailable: 503,
};

const frameworkDetails: Record<string, { status: number; detail: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, detail: serverDetails.badJson },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, detail: serverDetails.badJson },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, detail: serverDetails.payloadTooLarge },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, detail: serverDetails.badJson },
};

/** The one error shape of ARCHITECTURE.md: `detail` is a French string or a list of issues. */
export function registerErrorHandling(app: FastifyInstance) {
  // Schemas word their own rules (SPEC §5); whatever they leave to zod's defaults (a field of
  // the wrong type, an unknown enum value…) must still read in French, never in English.
  z.config(z.locales.fr());
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const where = error.validationContext ?? 'body';
      const detail: FieldIssue[] = error.validation.map((issue) => {
        const path = issue.instancePath.split('/').filter(Boolean);
        // A body that is not a JSON object at all (missing, null, an array…).
        const notAnObject = path.length === 0 && where === 'body';
        return {
          loc: [where, ...path],
          msg: notAnObject ? serverDetails.badJson : (issue.message ?? validation.invalidValue),
          type: issue.keyword,
        };
      });
      return reply.status(422).send({ detail });
    }
    if (error instanceof FieldValidationError) {
      return reply.status(422).send({ detail: error.issues });
    }
    if (error instanceof QuotaExceededError) {
      return reply.status(400).send({ detail: error.detail });
    }
    if (error instanceof DomainError) {
      if (error.retryAfterSeconds) reply.header('retry-after', String(error.retryAfterSeconds));
      return reply.status(statusOf[error.code]).send({ detail: error.detail });
    }
    const known = error.code ? frameworkDetails[error.code] : undefined;
    if (known) return reply.status(known.status).send({ detail: known.detail });
    if (error.statusCode === 429) {
      return reply.status(429).send({ detail: serverDetails.tooManyRequests });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return reply.status(503).send({ detail: serverDetails.databaseUnavailable });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send({ detail: serverDetails.badJson });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ detail: serverDetails.internal });
  });
}
