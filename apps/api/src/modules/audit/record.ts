import type { AuditAction } from '@nuage/shared/audit-actions';
import type { Executor } from '../../db/client';
import { auditEvents } from '../../db/schema/audit';
import { requestScope, type RequestScope } from '../../http/request-scope';

export interface AuditEntry {
  projectId: string;
  action: AuditAction;
  target?: { type: string; id?: string | null; name?: string | null };
  /** Facts worth keeping (old and new values): never a secret. */
  details?: Record<string, unknown>;
}

/**
 * Adds an entry to a project's audit log. Who acted, through which token and from which address
 * come from the current request (or `scope`, outside the handler). Pass the transaction that makes the change when there is one,
 * so the entry and the change commit (or roll back) together.
 */
export async function recordAudit(
  db: Executor,
  entry: AuditEntry,
  /** null: the platform acted on its own (no actor, even inside another caller's request). */
  scope: RequestScope | null | undefined = requestScope(),
): Promise<void> {
  const credential = scope?.credential;
  await db.insert(auditEvents).values({
    projectId: entry.projectId,
    action: entry.action,
    actorUserId: scope?.user?.id ?? null,
    actorName: scope?.user ? `${scope.user.prenom} ${scope.user.nom}` : null,
    actorEmail: scope?.user?.email ?? null,
    tokenId: credential?.kind === 'api_token' ? credential.tokenId : null,
    tokenName: credential?.kind === 'api_token' ? credential.tokenName : null,
    targetType: entry.target?.type ?? null,
    targetId: entry.target?.id ?? null,
    targetName: entry.target?.name ?? null,
    details: entry.details ?? null,
    ipAddress: scope?.ip ?? null,
    userAgent: scope?.userAgent ?? null,
  });
}

/** The project the current request was authorized on (the last one, for nested checks). */
export function auditedProject(): string | undefined {
  const projects = requestScope()?.projects ?? [];
  return projects[projects.length - 1];
}
