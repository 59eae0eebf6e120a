import type { DashboardResponse } from '@nuage/shared/dashboard-types';
import { operationsTexts } from '@nuage/shared/operations-messages';
import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';

/** SPEC §2 overview: the four counts and the 'Dashboard Complet' link to /status. */
export function OverviewCard({ totals }: { totals: DashboardResponse['totals'] }) {
  const counts = [
    { label: 'Projets', value: totals.projects },
    { label: 'Environnements', value: totals.environments },
    { label: 'Applications', value: totals.applications },
    { label: 'Applications actives', value: totals.active_applications },
  ];
  return (
    <Card role="region" aria-labelledby="overview-title">
      <CardHeader
        title={<span id="overview-title">Vue d'ensemble</span>}
        actions={
          <Link to="/status" className={buttonClasses('outline', 'sm')}>
            {operationsTexts.fullDashboard} <ArrowRight className="size-4" aria-hidden="true" />
          </Link>
        }
      />
      <CardBody>
        <dl className="grid grid-cols-2 gap-3">
          {counts.map((c) => (
            <div key={c.label} className="rounded-lg bg-slate-50 px-4 py-3 dark:bg-slate-800/60">
              <dt className="text-xs text-slate-500 dark:text-slate-400">{c.label}</dt>
              <dd className="text-2xl font-bold tabular-nums">{c.value}</dd>
            </div>
          ))}
        </dl>
      </CardBody>
    </Card>
  );
}
