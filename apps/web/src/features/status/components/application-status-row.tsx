import type { DashboardApplication } from '@nuage/shared/dashboard-types';
import { deploymentTypeLabel } from '@nuage/shared/deployment-type';
import { listStatusView } from '@nuage/shared/status-display';
import { Link } from 'react-router';
import { StatusBadge } from '@/components/status/status-badge';
import { useRefreshApplication } from '../api/refresh-application';
import { RefreshButton } from './refresh-button';

/** One application: status (SPEC §4 list colours), replicas ready, link to its detail, refresh. */
export function ApplicationStatusRow({ app }: { app: DashboardApplication }) {
  const refresh = useRefreshApplication();
  const ready = app.replicas_pretes;
  const titleId = `status-app-${app.id}`;
  return (
    <li
      aria-labelledby={titleId}
      className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg border border-slate-200 px-3 py-2 dark:border-slate-700"
    >
      <div className="min-w-0 flex-1">
        <Link
          id={titleId}
          to={`/deployment/${app.id}`}
          className="block truncate text-sm font-medium hover:text-blue-600 hover:underline"
        >
          {app.nom}
        </Link>
        <p className="text-xs text-slate-500 dark:text-slate-400">
          {deploymentTypeLabel({ type: app.template, image_url: app.image_url })} · {ready} instance
          {ready > 1 ? 's' : ''} prête{ready > 1 ? 's' : ''} sur {app.replicas}
        </p>
      </div>
      <StatusBadge view={listStatusView(app.statut_deploiement)} />
      <RefreshButton
        label={`Actualiser ${app.nom}`}
        pending={refresh.isPending}
        onClick={() => refresh.mutate(app.id)}
      />
    </li>
  );
}
