import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { PRODUCT_NAME } from '@nuage/shared/product';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { apiDocDescriptions, apiDocIntroduction } from '@nuage/shared/messages/api-docs';

/** OpenAPI 3 generated from the routes' zod schemas, browsable at /api/v1/docs. */
export async function registerOpenApi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: `${PRODUCT_NAME} API`,
        version: '1.0.0',
        description: apiDocIntroduction,
      },
      servers: [{ url: '/' }],
      components: {
        securitySchemes: {
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            description: apiDocDescriptions.bearerAuth,
          },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  // The documentation page sets its own Content-Security-Policy (its scripts are hashed).
  await app.register(swaggerUi, {
    routePrefix: '/api/v1/docs',
    staticCSP: true,
    // Its policy, minus the HTTPS upgrade (a plain-HTTP installation would break the page) and
    // with no framing at all, like every other page of the platform.
    transformStaticCSP: (header) =>
      header
        .replace(/\s*upgrade-insecure-requests;?/, '')
        .replace("frame-ancestors 'self'", "frame-ancestors 'none'")
        // The UI sets styles inline; as on the web app, inline styles are allowed, scripts not.
        .replace("style-src 'self' https:", "style-src 'self' 'unsafe-inline'"),
  });
}
