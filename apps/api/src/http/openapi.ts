import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { PRODUCT_NAME } from '@nuage/shared/product';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI 3 generated from the routes' zod schemas, browsable at /api/v1/docs. */
export async function registerOpenApi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: `${PRODUCT_NAME} API`,
        version: '1.0.0',
        description: [
          'API de la plateforme de déploiement.',
          '',
          '## Authentification',
          '',
          '- **Jeton personnel (recommandé pour les scripts et la CI)** : créez-le dans Profil → « Jetons d’API » (nom, portée lecture seule ou accès complet, éventuellement limité à un projet, durée de validité). Sa valeur, qui commence par `ndp_`, n’est affichée qu’une fois ; envoyez-la dans l’en-tête `Authorization: Bearer ndp_…`. Un jeton en lecture seule ne peut faire que des requêtes GET ; un jeton limité à un projet ne voit que ce projet (les autres répondent 404). Un jeton ne peut pas gérer les sessions, les jetons, la double authentification ni le compte. Chaque utilisation est inscrite au journal d’audit du projet.',
          '- **Session** : `POST /api/v1/auth/login` (puis `POST /api/v1/auth/login/verify` si un second facteur est demandé, réponse 202) renvoie `access_token`, à envoyer en `Authorization: Bearer …` ; le navigateur utilise à la place un cookie HttpOnly. `POST /api/v1/auth/logout` termine la session.',
          '',
          'Exemple : `curl -H "Authorization: Bearer ndp_…" https://votre-plateforme/api/v1/projects`',
        ].join('\n'),
      },
      servers: [{ url: '/' }],
      components: {
        securitySchemes: {
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            description:
              'Un jeton personnel `ndp_…` (Profil → Jetons d’API) ou l’access_token d’une session.',
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
