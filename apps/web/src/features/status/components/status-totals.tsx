import type { DashboardProject } from '@nuage/shared/dashboard-types';
import { Card } from '@/components/ui/card';
import { cn } from '@/components/ui/cn';
import { totalsOf } from './patch-dashboard';
import { toneCounts } from './tone-counts';

/** The totals of SPEC §2 "Status", and how many applications are up, under way or failed. */
export function StatusTotals({ projects }: { projects: DashboardProject[] }) {
  const totals = totalsOf(projects);
  const counts = toneCounts(projects.flatMap((p) => p.environments.flatMap((e) => e.applications)));
  const items = [
    { label: 'Projets', value: totals.projects, accent: '' },
    { label: 'Environnements', value: totals.environments, accent: '' },
    { label: 'Applications', value: totals.applications, accent: '' },
    {
      label: 'Actives',
      value: totals.active_applications,
      accent: 'text-green-700 dark:text-green-400',
    },
    { label: 'En cours', value: counts.yellow, accent: 'text-amber-700 dark:text-amber-400' },
    { label: 'En échec', value: counts.red, accent: 'text-red-700 dark:text-red-400' },
  ];
  return (
    <Card role="region" aria-label="Totaux" className="p-4">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        {items.map((i) => (
          <div key={i.label}>
            <dt className="text-xs text-slate-500 dark:text-slate-400">{i.label}</dt>
            <dd className={cn('text-2xl font-bold tabular-nums', i.accent)}>{i.value}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
