import { uptimeApiDocs, uptimeTexts } from '@nuage/shared/messages/uptime';
import { publicStatusSchema } from '@nuage/shared/schemas/responses/uptime';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { pathParams } from '../../http/route-helpers';
import { publicStatus } from './status-page';
import { renderStatusPage } from './status-page-html';

/** Anyone may read a status page: a burst per address keeps token guessing and scraping slow. */
const burst = { rateLimit: { max: 120, timeWindow: '1 minute' } };
/** The page may be cached briefly (it changes with each check, once a minute). */
const CACHE = 'public, max-age=30';

/** GET /public/status/{token}: the public status page as JSON (no login). */
export const publicStatusRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  app.get(
    '/public/status/:token',
    {
      config: burst,
      schema: {
        response: { 200: publicStatusSchema },
        tags: [uptimeApiDocs.tag],
        params: pathParams('token'),
        summary: uptimeApiDocs.publicStatus.summary,
        description: uptimeApiDocs.publicStatus.description,
      },
    },
    async (request, reply) => {
      reply.header('cache-control', CACHE);
      return publicStatus(ctx, request.params.token);
    },
  );
};

/**
 * `/statut/{token}`: the same page rendered on the server, outside the SPA (a visitor downloads
 * a few kilobytes of HTML, no script). An unknown or disabled address answers a French 404 page.
 */
export function registerStatusPageHtml(app: FastifyInstance, ctx: AppContext) {
  app.get<{ Params: { token: string } }>(
    '/statut/:token',
    { schema: { hide: true }, config: burst },
    async (request, reply) => {
      reply.type('text/html; charset=utf-8');
      try {
        const status = await publicStatus(ctx, request.params.token);
        return reply
          .header('cache-control', CACHE)
          .send(renderStatusPage(status, ctx.config.uptime.intervalMs / 1000));
      } catch (err) {
        if ((err as { code?: string }).code !== 'not_found') throw err;
        return reply
          .status(404)
          .header('cache-control', 'no-store')
          .send(
            `<!doctype html><html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${uptimeTexts.statusPageNotFound}</title></head><body style="font-family:system-ui,sans-serif;padding:2rem"><h1>${uptimeTexts.statusPageNotFound}</h1><p>${uptimeTexts.statusPageGone}</p></body></html>`,
          );
      }
    },
  );
}
