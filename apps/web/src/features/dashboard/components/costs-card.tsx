import type { DashboardResponse } from '@nuage/shared/dashboard-types';
import { operationsErrors, operationsTexts } from '@nuage/shared/operations-messages';
import { Wallet } from 'lucide-react';
import { useState } from 'react';
import { AccountMonthStory } from '@/components/costs/month-story';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { failureMessage } from '@/lib/failure-message';
import { formatXof } from '@/lib/format';
import { CostDetailsModal } from './cost-details-modal';
import { CostTrend } from './cost-trend';

type Costs = DashboardResponse['costs'];

/** SPEC §4 "Usage card": loading, error (with 'Réessayer'), empty, loaded. */
export function CostsCard({
  costs,
  loading,
  error,
  onRetry,
}: {
  costs: Costs | undefined;
  loading: boolean;
  error: unknown;
  onRetry(): void;
}) {
  return (
    <Card aria-labelledby="costs-title" role="region">
      <CardHeader
        title={<span id="costs-title">Coûts du mois</span>}
        description="Votre offre et vos ressources, les chiffres de Profil → Facturation."
      />
      <CardBody>
        {loading ? (
          <div className="flex items-center gap-2 py-6 text-sm text-slate-500 dark:text-slate-400">
            <Spinner label="Chargement des coûts…" /> Chargement des coûts…
          </div>
        ) : error ? (
          <LoadError
            message={
              failureMessage(error, operationsErrors.costsLoad) ?? operationsErrors.costsLoad
            }
            onRetry={onRetry}
          />
        ) : !costs || costs.projects.length === 0 ? (
          <div className="flex flex-col items-center gap-2 py-6 text-center text-sm text-slate-500 dark:text-slate-400">
            <Wallet className="size-8 text-slate-400" aria-hidden="true" />
            <p>{operationsTexts.noData}</p>
          </div>
        ) : (
          <LoadedCosts costs={costs} />
        )}
      </CardBody>
    </Card>
  );
}

function LoadedCosts({ costs }: { costs: Costs }) {
  const [open, setOpen] = useState(false);
  const active = costs.projects.filter((p) => p.applications_count > 0).length;
  const top = costs.projects[0];
  const mostExpensive = top && top.monthly_cost > 0 ? top : null;
  return (
    <div className="space-y-4">
      <AccountMonthStory month={costs.month} narrow />
      <CostTrend trend={costs.trend} />
      <dl className="grid gap-3 text-sm sm:grid-cols-[auto_minmax(0,1fr)] sm:gap-x-6">
        <div>
          <dt className="text-slate-500 dark:text-slate-400">Projets actifs</dt>
          <dd className="font-semibold tabular-nums">{active}</dd>
        </div>
        <div className="min-w-0">
          <dt className="text-slate-500 dark:text-slate-400">
            Projet le plus coûteux (ressources par mois entier)
          </dt>
          <dd className="font-semibold break-words">
            {mostExpensive ? (
              <>
                {mostExpensive.project_name}{' '}
                <span className="font-normal whitespace-nowrap text-slate-600 dark:text-slate-300">
                  ({formatXof(mostExpensive.monthly_cost)})
                </span>
              </>
            ) : (
              '—'
            )}
          </dd>
        </div>
      </dl>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
        {operationsTexts.seeDetails}
      </Button>
      <CostDetailsModal costs={costs} open={open} onOpenChange={setOpen} />
    </div>
  );
}
