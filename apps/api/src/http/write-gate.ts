import type { FastifyInstance } from 'fastify';
import { Semaphore } from '../lib/semaphore';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * A burst of writes (200 deploys sent at once) would otherwise queue every read behind all their
 * queries: on PGlite (one connection, first come first served, statements run on the main
 * thread) and on PostgreSQL too, where they hold every pooled connection while they wait for the
 * same project's lock. Only `concurrency` mutating API requests are let through at a time; the
 * rest wait here, and reads go straight to the database.
 */
export function registerWriteGate(app: FastifyInstance, concurrency: number) {
  const gate = new Semaphore(concurrency);
  app.addHook('onRequest', async (request, reply) => {
    if (!MUTATING.has(request.method) || !request.url.startsWith('/api/')) return;
    const release = await gate.acquire();
    // Released once the response is sent or the client went away, whichever comes first.
    reply.raw.once('close', release);
    reply.raw.once('finish', release);
  });
}
