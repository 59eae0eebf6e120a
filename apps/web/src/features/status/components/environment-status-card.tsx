import type { DashboardEnvironment } from '@nuage/shared/dashboard-types';
import { environmentTypeLabels } from '@nuage/shared/schemas/environments';
import { environmentStatusView } from '@nuage/shared/status-display';
import { Link } from 'react-router';
import { StatusBadge } from '@/components/status/status-badge';
import { Badge } from '@/components/ui/badge';
import { useRefreshEnvironment } from '../api/refresh-environment';
import { ApplicationStatusRow } from './application-status-row';
import { RefreshButton } from './refresh-button';
import { ToneCountBadges, toneCounts } from './tone-counts';

/** One environment: its own status (SPEC §4), its applications' statuses, a refresh. */
export function EnvironmentStatusCard({ environment }: { environment: DashboardEnvironment }) {
  const refresh = useRefreshEnvironment();
  const titleId = `status-env-${environment.id}`;
  return (
    <article aria-labelledby={titleId} className="rounded-lg bg-slate-50 p-3 dark:bg-slate-800/40">
      <div className="flex items-start gap-2">
        <div className="flex min-w-0 flex-1 flex-wrap items-center gap-2">
          <h3 id={titleId} className="min-w-0 truncate font-semibold">
            <Link
              to={`/deployments/${environment.id}`}
              className="hover:text-blue-600 hover:underline"
            >
              {environment.nom}
            </Link>
          </h3>
          <Badge tone="blue">{environmentTypeLabels[environment.type] ?? environment.type}</Badge>
          <StatusBadge view={environmentStatusView(environment.status)} />
        </div>
        <RefreshButton
          label={`Actualiser l'environnement ${environment.nom}`}
          pending={refresh.isPending}
          onClick={() => refresh.mutate(environment)}
        />
      </div>
      {environment.applications.length === 0 ? (
        <p className="mt-2 text-sm text-slate-500 dark:text-slate-400">Aucune application</p>
      ) : (
        <>
          <div className="mt-2">
            <ToneCountBadges counts={toneCounts(environment.applications)} />
          </div>
          <ul className="mt-2 space-y-2">
            {environment.applications.map((app) => (
              <ApplicationStatusRow key={app.id} app={app} />
            ))}
          </ul>
        </>
      )}
    </article>
  );
}
