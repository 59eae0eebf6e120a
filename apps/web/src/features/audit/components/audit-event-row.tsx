import type { AuditEvent } from '@nuage/shared/audit-actions';
import { roleLabels, type ProjectRole } from '@nuage/shared/roles';
import { terminalSessionSummary } from '@nuage/shared/messages/terminal';
import { Badge } from '@/components/ui/badge';
import { formatDateTime } from '@/lib/format';

/** One entry: when, what, who (and through which token), on what, from where. */
export function AuditEventRow({ event }: { event: AuditEvent }) {
  const facts = describeDetails(event.details);
  return (
    <li className="grid gap-1 px-5 py-3 text-sm sm:grid-cols-[11rem_1fr]" data-testid="audit-event">
      <time dateTime={event.date} className="text-slate-500 dark:text-slate-400">
        {formatDateTime(event.date)}
      </time>
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-medium">{event.libelle}</span>
          {event.cible.nom && (
            <span className="text-slate-700 dark:text-slate-300">« {event.cible.nom} »</span>
          )}
          {event.jeton && <Badge tone="blue">Jeton « {event.jeton.nom} »</Badge>}
        </p>
        <p className="text-slate-500 dark:text-slate-400">
          par {event.acteur.nom ?? 'un compte supprimé'}
          {event.acteur.email ? ` (${event.acteur.email})` : ''}
          {event.adresse_ip ? ` · depuis ${event.adresse_ip}` : ''}
        </p>
        {facts && <p className="text-xs text-slate-500 dark:text-slate-400">{facts}</p>}
      </div>
    </li>
  );
}

const roleName = (v: unknown) => roleLabels[v as ProjectRole] ?? String(v);

/** The non-secret facts kept with an entry, in words. */
function describeDetails(details: Record<string, unknown> | null): string | null {
  if (!details) return null;
  const parts: string[] = [];
  if (details.avant !== undefined && details.apres !== undefined) {
    const show = (v: unknown) =>
      typeof v === 'object' && v
        ? Object.entries(v)
            .map(([k, x]) => `${k.replace('quota_', '')} ${String(x)}`)
            .join(', ')
        : roleName(v);
    parts.push(`${show(details.avant)} → ${show(details.apres)}`);
  }
  if (details.role !== undefined && details.avant === undefined)
    parts.push(`rôle ${roleName(details.role)}`);
  if (typeof details.duree_secondes === 'number') parts.push(terminalSessionSummary(details));
  if (details.replicas !== undefined) parts.push(`${String(details.replicas)} instance(s)`);
  if (Array.isArray(details.champs)) parts.push(`champs : ${details.champs.join(', ')}`);
  if (typeof details.chemin === 'string')
    parts.push(`${String(details.methode)} ${details.chemin}`);
  return parts.length ? parts.join(' · ') : null;
}
