import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';
import { recordAudit } from './record';

const ONCE_PER_MS = 60 * 60_000;
const MAX_REMEMBERED = 10_000;

/**
 * Writes 'Jeton d’API utilisé' in the audit log of each project an API token acted on, at most
 * once an hour per token and project (per process): admins see which tokens reach their project
 * without one entry per request. What a token changes is audited like any action, naming it.
 */
export function registerTokenUseAudit(app: FastifyInstance, ctx: AppContext) {
  const lastRecorded = new Map<string, number>();
  app.addHook('onResponse', async (request, reply) => {
    const scope = request.scope;
    const credential = scope?.credential;
    if (credential?.kind !== 'api_token' || reply.statusCode >= 400) return;
    for (const projectId of new Set(scope.projects)) {
      const key = `${credential.tokenId}:${projectId}`;
      const now = Date.now();
      if (now - (lastRecorded.get(key) ?? 0) < ONCE_PER_MS) continue;
      if (lastRecorded.size >= MAX_REMEMBERED) lastRecorded.clear();
      lastRecorded.set(key, now);
      await recordAudit(
        ctx.db,
        {
          projectId,
          action: 'api_token.use',
          target: { type: 'api_token', id: credential.tokenId, name: credential.tokenName },
          details: { methode: request.method, chemin: request.routeOptions.url ?? request.url },
        },
        scope,
      ).catch((err: unknown) => ctx.log.warn({ err }, 'API token use not audited'));
    }
  });
}
