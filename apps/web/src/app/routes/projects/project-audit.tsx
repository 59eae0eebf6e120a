import { auditLimits } from '@nuage/shared/account-limits';
import { auditAccessTexts } from '@nuage/shared/audit-access-texts';
import type { Project } from '@nuage/shared/api-types';
import { hasRole, requiredRole } from '@nuage/shared/roles';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { ScrollText } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { ProjectNotFound } from '@/components/not-found/not-found';
import { ProjectBreadcrumb } from '@/components/ui/breadcrumb';
import { Button } from '@/components/ui/button';
import { Card, CardBody } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { PageHeader } from '@/components/ui/page-header';
import { PageSpinner, Spinner } from '@/components/ui/spinner';
import { auditQueryOptions, isRefused, type AuditFilters } from '@/features/audit/api/get-audit';
import { AuditAdminsOnly } from '@/features/audit/components/audit-admins-only';
import { AuditEventRow } from '@/features/audit/components/audit-event-row';
import { AuditFiltersBar } from '@/features/audit/components/audit-filters';
import { ApiError, messageFromDetail } from '@/lib/api-client';
import { isNotFound, projectQueryOptions } from '@/lib/project-query';

/** A failed load, said in the page (no toast): the server's detail, else the page's default. */
const loadErrorOf = (error: Error) =>
  error instanceof ApiError && error.status !== 0
    ? messageFromDetail(error.detail, auditAccessTexts.loadError)
    : error.message;

/**
 * /projects/{id}/audit: who did what in the project, when and from where. Admins only: the
 * caller's role is read first, and another member is told so once, in the page, without asking
 * the API for a log it would refuse (issue 33 item 9).
 */
export default function ProjectAuditRoute() {
  const { projectId = '' } = useParams();
  const project = useQuery(projectQueryOptions(projectId, { toast: false }));
  const name = project.data?.nom ?? 'Projet';

  let body;
  if (project.isPending) body = <PageSpinner />;
  else if (project.isError)
    body = isNotFound(project.error) ? (
      <ProjectNotFound />
    ) : (
      <LoadError message={loadErrorOf(project.error)} onRetry={() => void project.refetch()} />
    );
  else if (!hasRole(project.data.role_projet, requiredRole.manageProject))
    body = (
      <AuditAdminsOnly
        projectId={projectId}
        projectName={project.data.nom}
        role={project.data.role_projet}
      />
    );
  else body = <AuditLog project={project.data} />;

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
      {body}
    </div>
  );
}

/** The filters and the log, for an admin. */
function AuditLog({ project }: { project: Project }) {
  const [filters, setFilters] = useState<AuditFilters>({});
  const query = useInfiniteQuery(auditQueryOptions(project.id, filters));
  const events = useMemo(() => query.data?.pages.flatMap((p) => p.events) ?? [], [query.data]);
  const actors = useMemo(() => {
    const seen = new Map<string, string>();
    for (const e of events) if (e.acteur.id && e.acteur.nom) seen.set(e.acteur.id, e.acteur.nom);
    return [...seen].map(([id, nom]) => ({ id, nom }));
  }, [events]);

  // No longer an admin (or a member) since the project was read: the page says so, once.
  if (query.isError && isRefused(query.error)) {
    if (isNotFound(query.error)) return <ProjectNotFound />;
    return <AuditAdminsOnly projectId={project.id} projectName={project.nom} />;
  }

  return (
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
          <LoadError message={loadErrorOf(query.error)} onRetry={() => void query.refetch()} />
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
  );
}
