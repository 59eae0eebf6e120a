import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DatabaseHandle } from '../../db/client';
import { platformTexts } from '@nuage/shared/messages/platform';

const PING_TIMEOUT_MS = 2000;

/** `{"status":"ok"}` only when the database answers; 503 otherwise (load balancers read it). */
export const healthRoutes: FastifyPluginAsyncZod<{ database: DatabaseHandle }> = async (
  app,
  { database },
) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['Health'],
        response: {
          200: z.object({ status: z.literal('ok') }),
          503: z.object({ status: z.literal('unavailable'), detail: z.string() }),
        },
      },
    },
    async (_request, reply) => {
      try {
        await withTimeout(database.ping(), PING_TIMEOUT_MS);
        return { status: 'ok' as const };
      } catch {
        return reply
          .status(503)
          .send({ status: 'unavailable' as const, detail: platformTexts.databaseUnreachable });
      }
    },
  );
};

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
