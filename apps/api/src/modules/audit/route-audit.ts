import type { AuditAction } from '@nuage/shared/audit-actions';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context';
import { certificates } from '../../db/schema/certificates';
import { deployments } from '../../db/schema/deployments';
import { environments } from '../../db/schema/environments';
import { projects } from '../../db/schema/projects';
import { isUuid } from '../../lib/ids';
import { recordAudit } from './record';

type TargetType = 'deployment' | 'environment' | 'certificate' | 'project';

/** A route's audit entry: recorded once it answered 2xx, on the project it was authorized on. */
export interface RouteAudit {
  action: AuditAction | ((request: FastifyRequest) => AuditAction);
  target: TargetType;
  details?: (request: FastifyRequest) => Record<string, unknown>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    audit?: RouteAudit;
  }
}

const nameColumns = {
  deployment: { table: deployments, id: deployments.id, name: deployments.nom },
  environment: { table: environments, id: environments.id, name: environments.nom },
  certificate: { table: certificates, id: certificates.id, name: certificates.nom },
  project: { table: projects, id: projects.id, name: projects.nom },
} as const;

/**
 * Audits the routes of other modules that declare `config.audit` (deploy, scale, delete,
 * certificates…), without touching their services: the target's name is read before the
 * handler (a deleted object has none after), the entry written after a 2xx answer.
 */
export function registerRouteAudit(app: FastifyInstance, ctx: AppContext) {
  const names = new WeakMap<FastifyRequest, string | null>();

  app.addHook('preHandler', async (request) => {
    const audit = request.routeOptions.config.audit;
    const id = (request.params as { id?: string } | undefined)?.id;
    if (!audit || !id || !isUuid(id)) return;
    const c = nameColumns[audit.target];
    const [row] = await ctx.db.select({ name: c.name }).from(c.table).where(eq(c.id, id));
    names.set(request, row?.name ?? null);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const audit = request.routeOptions.config.audit;
    const projects = request.scope?.projects ?? [];
    if (!audit || reply.statusCode >= 300 || projects.length === 0) return payload;
    const answered = parseObject(payload);
    const id = (request.params as { id?: string }).id ?? stringField(answered, 'id');
    await recordAudit(
      ctx.db,
      {
        projectId: projects[projects.length - 1]!,
        action: typeof audit.action === 'function' ? audit.action(request) : audit.action,
        target: {
          type: audit.target,
          id: id ?? null,
          name: names.get(request) ?? stringField(answered, 'nom') ?? null,
        },
        details: audit.details?.(request),
      },
      request.scope,
    ).catch((err: unknown) => ctx.log.error({ err }, 'audit entry not recorded'));
    return payload;
  });
}

function parseObject(payload: unknown): Record<string, unknown> | null {
  if (typeof payload !== 'string' || !payload.startsWith('{')) return null;
  try {
    return JSON.parse(payload) as Record<string, unknown>;
  } catch {
    return null;
  }
}

function stringField(o: Record<string, unknown> | null, key: string): string | undefined {
  const v = o?.[key];
  return typeof v === 'string' ? v : undefined;
}
