import type { DashboardProject } from '@nuage/shared/dashboard-types';
import { projectHealthView } from '@nuage/shared/status-display';
import { StatusBadge } from '@/components/status/status-badge';
import { Card } from '@/components/ui/card';
import { useRefreshProject } from '../api/refresh-project';
import { EnvironmentStatusCard } from './environment-status-card';
import { RefreshButton } from './refresh-button';
import { toneCounts } from './tone-counts';

export function ProjectStatusCard({ project }: { project: DashboardProject }) {
  const refresh = useRefreshProject();
  const apps = project.environments.flatMap((e) => e.applications);
  const titleId = `status-project-${project.id}`;
  return (
    <Card role="region" aria-labelledby={titleId} className="p-4 sm:p-5">
      <div className="flex items-start gap-2">
        <div className="flex min-w-0 flex-1 flex-wrap items-center gap-x-3 gap-y-1">
          <h2 id={titleId} className="min-w-0 truncate text-lg font-semibold">
            {project.nom}
          </h2>
          <StatusBadge view={projectHealthView(toneCounts(apps))} />
          <p className="text-sm text-slate-500 dark:text-slate-400">
            {project.environments.length} environnement
            {project.environments.length > 1 ? 's' : ''} · {apps.length} application
            {apps.length > 1 ? 's' : ''}
          </p>
        </div>
        <RefreshButton
          label={`Actualiser le projet ${project.nom}`}
          pending={refresh.isPending}
          onClick={() => refresh.mutate(project.id)}
        />
      </div>
      {project.environments.length === 0 ? (
        <p className="mt-3 text-sm text-slate-500 dark:text-slate-400">Aucun environnement</p>
      ) : (
        <div className="mt-3 grid grid-cols-1 gap-3 lg:grid-cols-2">
          {project.environments.map((env) => (
            <EnvironmentStatusCard key={env.id} environment={env} />
          ))}
        </div>
      )}
    </Card>
  );
}
