import type { AppContext } from '../../app-context';
import type { CredentialLookups } from '../../http/credential-records';
import { loadApiToken, noteApiTokenUse } from '../tokens/lookup';
import { loadSessionUser } from '../users/session-user';
import { loadSession, noteSessionActivity } from './lookup';

/** The rows authentication reads per request, for `authenticatePlugin` (http/ imports no module). */
export function credentialLookups(ctx: AppContext): CredentialLookups {
  return {
    apiToken: (secret) => loadApiToken(ctx, secret),
    noteApiTokenUse: (token, ip) => noteApiTokenUse(ctx, token, ip),
    session: (sessionId) => loadSession(ctx, sessionId),
    noteSessionActivity: (session) => noteSessionActivity(ctx, session),
    user: (userId) => loadSessionUser(ctx, userId),
  };
}
