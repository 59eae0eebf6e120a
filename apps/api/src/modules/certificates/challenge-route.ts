import { and, eq, gt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';
import { acmeChallenges } from '../../db/schema/certificates';
import { certificateTexts } from '@nuage/shared/messages/certificates';

/** RFC 8555 §8.3: tokens are base64url. Anything else names nothing (and never reaches SQL). */
const TOKEN = /^[A-Za-z0-9_-]{1,256}$/;

/**
 * HTTP-01 answers, public and outside /api/v1 where the authority looks for them:
 * GET /.well-known/acme-challenge/{token} → the key authorization, text/plain. Read from the
 * database, so whichever API process the authority reaches answers.
 */
export function registerAcmeChallengeRoute(app: FastifyInstance, ctx: AppContext) {
  app.get<{ Params: { token: string } }>(
    '/.well-known/acme-challenge/:token',
    { schema: { hide: true } },
    async (request, reply) => {
      const token = request.params.token;
      const [row] = TOKEN.test(token)
        ? await ctx.db
            .select({ keyAuthorization: acmeChallenges.keyAuthorization })
            .from(acmeChallenges)
            .where(and(eq(acmeChallenges.token, token), gt(acmeChallenges.expiresAt, new Date())))
        : [];
      reply.header('cache-control', 'no-store').type('text/plain; charset=utf-8');
      if (!row) return reply.status(404).send(certificateTexts.challengeUnknown);
      return reply.send(row.keyAuthorization);
    },
  );
}
