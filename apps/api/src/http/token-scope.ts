import { apiTokenTexts } from '@nuage/shared/security-messages';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden } from '../lib/errors';

/**
 * What a personal API token limited to one project may call. A route is one of:
 *
 * - `project`: it acts on one project's resources, authorized through the project gate
 *   (projects/policy.ts: authorizeProject, which sees every other project as "not found" under
 *   such a token), or lists only what that gate lets through (visibleToToken), or shows nothing
 *   of any tenant (the catalogue, prices, the platform's runtime);
 * - `account` (the default): it acts on the account itself or across projects — creating a
 *   project, invitations to other projects, the profile, billing —, which a token limited to one
 *   project must not reach: 403 with a French message. Unrestricted tokens and sessions pass.
 *
 * Being the default, `account` is what a new route gets until it is declared otherwise: it can
 * be too strict, never too open. http/token-scope.test.ts walks the route table.
 */
export type TokenScope = 'project' | 'account';

declare module 'fastify' {
  interface FastifyContextConfig {
    tokenScope?: TokenScope;
  }
}

/** Route config of a route a project-limited token may call (see TokenScope). */
export const projectScoped = { tokenScope: 'project' } as const;
/** Route config of an account-level route inside a plugin declared project-scoped. */
export const accountLevel = { tokenScope: 'account' } as const;

/**
 * Declares every route registered after it in this plugin project-scoped, unless the route says
 * `accountLevel`: for plugins whose routes all take their project from a path id or the body.
 */
export function declareProjectScoped(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    route.config = { ...projectScoped, ...(route.config ?? {}) };
  });
}

/** Called once the caller is known (authenticate): refuses account-level routes to a limited token. */
export function enforceTokenScope(request: FastifyRequest) {
  const credential = request.credential;
  if (credential?.kind !== 'api_token' || credential.projectId === null) return;
  if (request.routeOptions.config.tokenScope !== 'project')
    throw forbidden(apiTokenTexts.projectLimited);
}
