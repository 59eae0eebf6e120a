import { serverDetails } from '@nuage/shared/messages';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppContext } from '../app-context';
import type { SessionUser } from './session-cache';
import { users } from '../db/schema/users';
import { unauthorized } from '../lib/errors';

/** The signed-in caller (from the database, or the session cache for up to 10 s). */
export interface AuthUser {
  id: string;
  email: string;
  nom: string;
  prenom: string;
  createdAt: Date;
  /** A new e-mail waiting for confirmation, if any. */
  pendingEmail: string | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `app.authenticate`; routes that use it as onRequest can rely on it. */
    authUser: AuthUser | null;
  }
  interface FastifyInstance {
    authenticate: (request: FastifyRequest) => Promise<void>;
  }
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

export const authenticatePlugin = fp(async (app: FastifyInstance, opts: { ctx: AppContext }) => {
  const { ctx } = opts;
  app.decorateRequest('authUser', null);
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const token = bearerToken(request);
    if (!token) throw unauthorized(serverDetails.notAuthenticated);
    const claims = await ctx.tokens.verify(token);
    if (!claims) throw unauthorized(serverDetails.sessionInvalid);
    const user = await ctx.sessions.load(claims.userId, () => readSessionUser(ctx, claims.userId));
    // A deleted account, a password reset since issuance, or an unverified account: no session.
    if (!user || user.tokenVersion !== claims.tokenVersion || !user.verifiedAt) {
      throw unauthorized(serverDetails.sessionInvalid);
    }
    request.authUser = {
      id: user.id,
      email: user.email,
      nom: user.nom,
      prenom: user.prenom,
      createdAt: user.createdAt,
      pendingEmail: user.pendingEmail,
    };
  });
});

async function readSessionUser(ctx: AppContext, userId: string): Promise<SessionUser | undefined> {
  const [user] = await ctx.db
    .select({
      id: users.id,
      email: users.email,
      nom: users.nom,
      prenom: users.prenom,
      createdAt: users.createdAt,
      pendingEmail: users.pendingEmail,
      tokenVersion: users.tokenVersion,
      verifiedAt: users.verifiedAt,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return user;
}

/** The caller of a route guarded by `app.authenticate`. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.authUser) throw unauthorized(serverDetails.notAuthenticated);
  return request.authUser;
}
