import { actionsOf, auditLabel, type AuditPage } from '@nuage/shared/audit-actions';
import type { AuditQuery } from './query';
import { and, count, desc, eq, gte, inArray, lte, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import { auditEvents } from '../../db/schema/audit';
import { authorizeProject } from '../projects/policy';

/** A project's audit log, newest first, for its admins; filterable by category, actor and dates. */
export async function listAuditEvents(
  ctx: AppContext,
  input: { projectId: string; userId: string; query: AuditQuery },
): Promise<AuditPage> {
  await authorizeProject(ctx.db, {
    projectId: input.projectId,
    userId: input.userId,
    need: 'admin',
  });
  const q = input.query;
  const conditions: (SQL | undefined)[] = [eq(auditEvents.projectId, input.projectId)];
  if (q.categorie) conditions.push(inArray(auditEvents.action, actionsOf(q.categorie)));
  if (q.acteur) conditions.push(eq(auditEvents.actorUserId, q.acteur));
  if (q.depuis) conditions.push(gte(auditEvents.createdAt, new Date(q.depuis)));
  if (q.jusqua) conditions.push(lte(auditEvents.createdAt, endOfDay(q.jusqua)));
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(auditEvents)
      .where(where)
      .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
      .limit(q.limit)
      .offset(q.offset),
    ctx.db.select({ n: count() }).from(auditEvents).where(where),
  ]);
  return {
    events: rows.map((r) => ({
      id: r.id,
      date: r.createdAt.toISOString(),
      action: r.action,
      libelle: auditLabel(r.action),
      acteur: { id: r.actorUserId, nom: r.actorName, email: r.actorEmail },
      jeton: r.tokenId ? { id: r.tokenId, nom: r.tokenName } : null,
      cible: { type: r.targetType, id: r.targetId, nom: r.targetName },
      details: r.details ?? null,
      adresse_ip: r.ipAddress,
      agent: r.userAgent,
    })),
    pagination: { total: total?.n ?? 0, has_more: q.offset + rows.length < (total?.n ?? 0) },
  };
}

/** A date-only bound (YYYY-MM-DD) includes that whole day. */
function endOfDay(value: string): Date {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T23:59:59.999Z`) : new Date(value);
}
