import { auditLimits } from '@nuage/shared/account-limits';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { ScrollText } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { ProjectBreadcrumb } from '@/components/ui/breadcrumb';
import { Button } from '@/components/ui/button';
import { Card, CardBody } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { auditQueryOptions, type AuditFilters } from '@/features/audit/api/get-audit';
import { AuditEventRow } from '@/features/audit/components/audit-event-row';
import { AuditFiltersBar } from '@/features/audit/components/audit-filters';
import { projectQueryOptions } from '@/lib/project-query';

/** /projects/{id}/audit: who did what in the project, when and from where (admins). */
export default function ProjectAuditRoute() {
  const { projectId = '' } = useParams();
  const project = useQuery(projectQueryOptions(projectId, { toast: false }));
  const [filters, setFilters] = useState<AuditFilters>({});
  const query = useInfiniteQuery(auditQueryOptions(projectId, filters));
  const events = useMemo(() => query.data?.pages.flatMap((p) => p.events) ?? [], [query.data]);
  const actors = useMemo(() => {
    const seen = new Map<string, string>();
    for (const e of events) if (e.acteur.id && e.acteur.nom) seen.set(e.acteur.id, e.acteur.nom);
    return [...seen].map(([id, nom]) => ({ id, nom }));
  }, [events]);
  const name = project.data?.nom ?? 'Projet';

  return (
    <div>
      <PageHeader
        breadcrumb={
          <ProjectBreadcrumb
            projectId={projectId}
            projectName={name}
            trail={[{ label: 'Journal d’audit' }]}
          />
        }
        title="Journal d’audit"
        description={`Qui a fait quoi dans « ${name} », quand et d’où. Conservé au moins ${auditLimits.minRetentionDays} jours.`}
      />
      <Card>
        <CardBody className="space-y-4">
          <AuditFiltersBar value={filters} actors={actors} onChange={setFilters} />
        </CardBody>
        {query.isPending ? (
          <div className="flex justify-center p-8">
            <Spinner />
          </div>
        ) : query.isError ? (
          <div className="p-5">
            <LoadError message={query.error.message} onRetry={() => void query.refetch()} />
          </div>
        ) : events.length === 0 ? (
          <EmptyState
            icon={ScrollText}
            title="Aucune action enregistrée"
            description="Rien ne correspond à ces filtres."
          />
        ) : (
          <ul
            className="divide-y divide-slate-200 border-t border-slate-200 dark:divide-slate-800 dark:border-slate-800"
            aria-label="Journal d’audit"
          >
            {events.map((e) => (
              <AuditEventRow key={e.id} event={e} />
            ))}
          </ul>
        )}
        {query.hasNextPage && (
          <div className="border-t border-slate-200 p-4 text-center dark:border-slate-800">
            <Button
              variant="outline"
              loading={query.isFetchingNextPage}
              loadingText="Chargement..."
              onClick={() => void query.fetchNextPage()}
            >
              Charger plus
            </Button>
          </div>
        )}
      </Card>
    </div>
  );
}
