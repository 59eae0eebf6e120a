import fastifyStatic from '@fastify/static';
import { serverDetails } from '@nuage/shared/messages';
import type { FastifyInstance } from 'fastify';
import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * Serves the built React app from the API's port: real files as they are, the pre-rendered
 * landing page (landing.html, a light document without the SPA) for exactly `/`, and index.html
 * for every other GET outside /api so client-side routes survive a reload. Unknown API paths
 * answer a JSON 404.
 */
export async function registerSpa(app: FastifyInstance, webDistDir: string | undefined) {
  const indexHtml = webDistDir ? path.join(webDistDir, 'index.html') : undefined;
  const hasSpa = Boolean(indexHtml && existsSync(indexHtml));
  if (hasSpa) {
    await app.register(fastifyStatic, {
      root: webDistDir!,
      wildcard: false,
      index: false,
      // Hashed assets never change; index.html must always be revalidated.
      setHeaders: (reply, filePath) => {
        reply.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });
  } else if (webDistDir) {
    app.log.warn({ webDistDir }, 'web app not built: run `npm run build` to serve the interface');
  }

  // A first visit to `/` downloads the landing page's own small bundle, not the whole SPA.
  // Without landing.html (an older build) `/` falls through to index.html like any route.
  if (hasSpa && existsSync(path.join(webDistDir!, 'landing.html'))) {
    app.get('/', { schema: { hide: true } }, (_request, reply) =>
      reply.header('cache-control', 'no-cache').sendFile('landing.html'),
    );
  }

  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    if (!isApi && hasSpa && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({ detail: serverDetails.routeNotFound });
  });
}
