import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';

/** How the caller of a request proved who they are. */
export type Credential =
  | { kind: 'session'; sessionId: string }
  | {
      kind: 'api_token';
      tokenId: string;
      tokenName: string;
      readOnly: boolean;
      /** The one project the token may see, if it is restricted to one. */
      projectId: string | null;
    };

/**
 * What the code under a request needs to know about it without every function passing it on:
 * who acts, through what credential, from where, and which projects it has touched. The project
 * gate (projects/policy.ts) reads it so that no route can forget a token's project restriction,
 * and the audit log reads it to say who did something and from where.
 */
export interface RequestScope {
  ip: string;
  userAgent: string | null;
  user?: { id: string; nom: string; prenom: string; email: string };
  credential?: Credential;
  /** Projects the request was authorized on, in order (the audit's project). */
  projects: string[];
}

const storage = new AsyncLocalStorage<RequestScope>();

export function requestScope(): RequestScope | undefined {
  return storage.getStore();
}

/** The project an API token is restricted to, when the current request uses such a token. */
export function tokenProjectRestriction(): string | null {
  const credential = storage.getStore()?.credential;
  return credential?.kind === 'api_token' ? credential.projectId : null;
}

declare module 'fastify' {
  interface FastifyRequest {
    scope: RequestScope;
  }
}

/**
 * Gives every request its scope, entered before the handler runs (after the body is parsed:
 * stream callbacks would lose the context), so services called by the handler see it.
 */
export function registerRequestScope(app: FastifyInstance) {
  app.decorateRequest('scope', null as unknown as RequestScope);
  app.addHook('onRequest', (request, _reply, done) => {
    request.scope = {
      ip: request.ip,
      userAgent: request.headers['user-agent']?.slice(0, 300) ?? null,
      projects: [],
    };
    done();
  });
  app.addHook('preHandler', (request, _reply, done) => {
    storage.run(request.scope, done);
  });
}
