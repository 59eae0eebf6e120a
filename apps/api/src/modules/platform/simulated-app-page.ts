import type { FastifyInstance, FastifyReply } from 'fastify';
import { SIMULATION_BANNER } from './platform-info';
import { simulatedAppPage } from '@nuage/shared/messages/platform';

/**
 * What a simulated application's URL shows: a page that says plainly nothing real runs, so a
 * link clicked in simulation mode never pretends.
 */
export function registerSimulatedAppPage(app: FastifyInstance) {
  // The application's own pages too (its admin login page, /wp-admin…): the same notice.
  const page = async (_request: unknown, reply: FastifyReply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(
        `<!doctype html><html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${simulatedAppPage.title}</title></head>` +
          `<body style="font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;color:#1f2937">` +
          `<h1>${simulatedAppPage.title}</h1><p><strong>${SIMULATION_BANNER}.</strong></p>` +
          `<p>${simulatedAppPage.explanation}</p></body></html>`,
      );
  app.get('/simulation/:id', page);
  app.get('/simulation/:id/*', page);
}
