import { apiTokenLimits } from '@nuage/shared/account-limits';
import { csrfHeader } from '@nuage/shared/limits';
import { serverDetails } from '@nuage/shared/messages';
import { apiTokenTexts, sessionTexts } from '@nuage/shared/security-messages';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppContext } from '../app-context';
import { forbidden, unauthorized } from '../lib/errors';
import type { AuthUser, CredentialLookups } from './credential-records';
import type { Credential } from './request-scope';
import { readSessionCookie } from './session-cookie';
import { enforceTokenScope } from './token-scope';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `app.authenticate`; routes that use it as onRequest can rely on it. */
    authUser: AuthUser | null;
    credential: Credential | null;
  }
  interface FastifyInstance {
    authenticate: (request: FastifyRequest) => Promise<void>;
    /**
     * `authenticate` for a WebSocket handshake (the terminal), which a browser sends without the
     * CSRF header but always with its Origin: the session cookie counts only from the
     * platform's own origin, and a read-only API token is refused (a shell can change anything).
     * Called again while the socket is open, to close it once the credential is revoked.
     */
    authenticateUpgrade: (request: FastifyRequest) => Promise<void>;
    /** After `authenticate`: refuses API tokens (sessions, tokens, 2FA, account deletion). */
    requireSession: (request: FastifyRequest) => Promise<void>;
  }
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Who calls: a bearer header (a session token, or a personal API token `ndp_…`), else the
 * browser's session cookie, which counts only with the header the web app adds (another site
 * cannot send it), so a forged cross-site request carries no session.
 */
export const authenticatePlugin = fp(
  async (app: FastifyInstance, opts: { ctx: AppContext; lookups: CredentialLookups }) => {
    const { ctx, lookups } = opts;
    app.decorateRequest('authUser', null);
    app.decorateRequest('credential', null);

    const platformOrigin = new URL(ctx.config.publicUrl).origin;

    async function identify(
      request: FastifyRequest,
      upgrade = false,
    ): Promise<{ userId: string; credential: Credential }> {
      const bearer = bearerToken(request);
      const origin = request.headers.origin;
      // A browser sends its Origin on every handshake; a non-browser client may send none.
      if (upgrade && (origin ?? platformOrigin) !== platformOrigin)
        throw forbidden(sessionTexts.originRefused);
      if (bearer?.startsWith(apiTokenLimits.prefix)) {
        const token = await lookups.apiToken(bearer);
        if (!token) throw unauthorized(apiTokenTexts.invalid);
        if (token.scope === 'read' && (upgrade || !SAFE_METHODS.has(request.method)))
          throw forbidden(apiTokenTexts.readOnly);
        lookups.noteApiTokenUse(token, request.ip);
        return {
          userId: token.userId,
          credential: {
            kind: 'api_token',
            tokenId: token.id,
            tokenName: token.nom,
            readOnly: token.scope === 'read',
            projectId: token.projectId,
          },
        };
      }
      const fromCookie = bearer ? null : readSessionCookie(request, ctx.config);
      if (!bearer && !fromCookie) throw unauthorized(serverDetails.notAuthenticated);
      if (fromCookie && upgrade && origin !== platformOrigin)
        throw forbidden(sessionTexts.originRefused);
      if (fromCookie && !upgrade && request.headers[csrfHeader.name] !== csrfHeader.value)
        throw forbidden(sessionTexts.csrfRefused);
      const claims = await ctx.tokens.verify((bearer ?? fromCookie)!);
      if (!claims) throw unauthorized(serverDetails.sessionInvalid);
      const session = await lookups.session(claims.sessionId);
      if (!session || session.userId !== claims.userId)
        throw unauthorized(serverDetails.sessionInvalid);
      lookups.noteSessionActivity(session);
      return { userId: session.userId, credential: { kind: 'session', sessionId: session.id } };
    }

    async function authenticate(request: FastifyRequest, upgrade: boolean) {
      const { userId, credential } = await identify(request, upgrade);
      const user = await lookups.user(userId);
      // A deleted or unverified account has no session.
      if (!user || !user.verifiedAt) throw unauthorized(serverDetails.sessionInvalid);
      request.authUser = {
        id: user.id,
        email: user.email,
        nom: user.nom,
        prenom: user.prenom,
        createdAt: user.createdAt,
        pendingEmail: user.pendingEmail,
        totpEnabled: user.totpEnabled,
      };
      request.credential = credential;
      // A token limited to one project reaches only routes that act within a project.
      enforceTokenScope(request);
      request.scope.user = { id: user.id, nom: user.nom, prenom: user.prenom, email: user.email };
      request.scope.credential = credential;
    }
    app.decorate('authenticate', (request: FastifyRequest) => authenticate(request, false));
    app.decorate('authenticateUpgrade', (request: FastifyRequest) => authenticate(request, true));

    app.decorate('requireSession', async (request: FastifyRequest) => {
      if (request.credential?.kind !== 'session') throw forbidden(sessionTexts.sessionRequired);
    });
  },
);

/** The caller of a route guarded by `app.authenticate`. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.authUser) throw unauthorized(serverDetails.notAuthenticated);
  return request.authUser;
}

/** The session of a route guarded by `app.requireSession`. */
export function currentSessionId(request: FastifyRequest): string {
  if (request.credential?.kind !== 'session') throw forbidden(sessionTexts.sessionRequired);
  return request.credential.sessionId;
}
