import type { Bill } from '@nuage/shared/billing-types';
import { billingModel, publicPlans, type PublicPlan } from '@nuage/shared/plans';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { AccountMonthStory, monthStoryTexts } from '@/components/costs/month-story';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { formatXof } from '@/lib/format';
import { notify } from '@/lib/toast';
import { useChangePlan } from '../api/change-plan';
import { billingQueryOptions } from '../api/get-billing';
import { PlanChangeDialog } from './plan-change-dialog';
import { BILLING_ANCHOR } from './project-allowance';

/**
 * Profil → Facturation: the plan (and its project limit), the month's price story (month-story.tsx),
 * and the other plans to move to, each after a confirmation saying what changes and from when. Payment itself is not collected here.
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
  const [asked, setAsked] = useState<PublicPlan | null>(null);
  const confirm = (plan: PublicPlan) =>
    change.mutate(plan.id, {
      onSuccess: (result) => {
        setAsked(null);
        notify.success(result.message);
      },
    });
  const limit = bill.plan.project_limit;
  return (
    <div className="space-y-5 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-slate-600 dark:text-slate-400">Votre offre</span>
        <Badge tone="blue">{bill.plan.name}</Badge>
        <span className="text-slate-600 dark:text-slate-400">
          {bill.projects_owned} projet{bill.projects_owned > 1 ? 's' : ''} sur{' '}
          {limit === null ? 'un nombre illimité' : limit}
        </span>
      </div>
      <AccountMonthStory month={bill} />
      <p className="text-xs text-slate-600 dark:text-slate-400">
        {monthStoryTexts.estimate} Vos ressources coûtent aujourd’hui{' '}
        {formatXof(bill.resources_monthly_xof)} par mois entier ({bill.applications_count}{' '}
        application{bill.applications_count > 1 ? 's' : ''}). Le paiement n’est pas encore proposé
        en ligne.
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
                  onClick={() => setAsked(p)}
                  disabled={change.isPending}
                >
                  Choisir {p.name}
                </Button>
              )}
            </li>
          ))}
        </ul>
      </div>
      <PlanChangeDialog
        bill={bill}
        plan={asked}
        pending={change.isPending}
        onCancel={() => setAsked(null)}
        onConfirm={confirm}
      />
    </div>
  );
}
