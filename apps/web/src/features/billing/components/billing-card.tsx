import type { Bill } from '@nuage/shared/billing-types';
import { billingModel, publicPlans, type PlanId } from '@nuage/shared/plans';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { formatXof } from '@/lib/format';
import { notify } from '@/lib/toast';
import { useChangePlan } from '../api/change-plan';
import { billingQueryOptions } from '../api/get-billing';
import { BILLING_ANCHOR } from './project-allowance';

const monthName = (iso: string) =>
  new Intl.DateTimeFormat('fr-FR', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(iso),
  );

/**
 * Profil → Facturation: the plan (and its project limit), this month's consumption in XOF and
 * the month's projection, and the other plans to move to. Payment itself is not collected here.
 */
export function BillingCard() {
  const bill = useQuery(billingQueryOptions());
  const { hash } = useLocation();
  // « Changer d’offre » of /projects leads here (/profile#facturation): the router does not
  // scroll to a hash, and the card's height is known once the bill is shown.
  useEffect(() => {
    if (hash === `#${BILLING_ANCHOR}` && bill.isSuccess)
      document.getElementById(BILLING_ANCHOR)?.scrollIntoView();
  }, [hash, bill.isSuccess]);
  return (
    <Card id={BILLING_ANCHOR} role="region" aria-labelledby="billing-title">
      <CardHeader title={<span id="billing-title">Facturation</span>} description={billingModel} />
      <CardBody>
        {bill.isPending ? (
          <Spinner />
        ) : bill.isError ? (
          <LoadError message={bill.error.message} onRetry={() => bill.refetch()} />
        ) : (
          <BillDetails bill={bill.data} />
        )}
      </CardBody>
    </Card>
  );
}

function BillDetails({ bill }: { bill: Bill }) {
  const change = useChangePlan();
  const choose = (plan: PlanId) =>
    change.mutate(plan, { onSuccess: (result) => notify.success(result.message) });
  const limit = bill.plan.project_limit;
  return (
    <div className="space-y-5 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-slate-500 dark:text-slate-400">Votre offre</span>
        <Badge tone="blue">{bill.plan.name}</Badge>
        <span>{formatXof(bill.plan.monthly_price_xof)} / mois</span>
        <span className="text-slate-500 dark:text-slate-400">
          · {bill.projects_owned} projet{bill.projects_owned > 1 ? 's' : ''} sur{' '}
          {limit === null ? 'un nombre illimité' : limit}
        </span>
      </div>
      <dl
        className="grid gap-3 sm:grid-cols-3"
        aria-label={`Consommation de ${monthName(bill.period.start)}`}
      >
        <Amount label={`Consommé en ${monthName(bill.period.start)}`} value={bill.consumed_xof} />
        <Amount label="Projection fin de mois" value={bill.projected_xof} />
        <Amount
          label={`Ressources (${bill.applications_count} application${bill.applications_count > 1 ? 's' : ''}) / mois`}
          value={bill.resources_monthly_xof}
        />
      </dl>
      <p className="text-xs text-slate-500 dark:text-slate-400">
        Estimation : l’offre du mois, plus chaque application de vos projets depuis sa création dans
        le mois, à sa configuration actuelle. Le paiement n’est pas encore proposé en ligne.
      </p>
      <div className="space-y-2">
        <p className="font-medium">Changer d’offre</p>
        <ul className="grid gap-2 sm:grid-cols-3">
          {publicPlans.map((p) => (
            <li
              key={p.id}
              aria-label={`Offre ${p.name}`}
              className="flex flex-col gap-1 rounded-lg border border-slate-200 p-3 dark:border-slate-700"
            >
              <span className="font-semibold">{p.name}</span>
              <span className="text-slate-600 dark:text-slate-300">
                {formatXof(p.monthlyPriceXof)} / mois ·{' '}
                {p.projectLimit === null ? 'projets illimités' : `${p.projectLimit} projets`}
              </span>
              {p.id === bill.plan.id ? (
                <Badge tone="green" className="self-start">
                  Offre actuelle
                </Badge>
              ) : (
                <Button
                  size="sm"
                  variant="outline"
                  className="self-start"
                  onClick={() => choose(p.id)}
                  disabled={change.isPending}
                >
                  Choisir {p.name}
                </Button>
              )}
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

function Amount({ label, value }: { label: string; value: number }) {
  return (
    <div className="rounded-lg border border-slate-200 px-3 py-2 dark:border-slate-700">
      <dt className="text-xs text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className="text-base font-semibold tabular-nums">{formatXof(value)}</dd>
    </div>
  );
}
