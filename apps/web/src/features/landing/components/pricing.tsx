import {
  ANNUAL_SAVING_PERCENT,
  MONEY_BACK_GUARANTEE_DAYS,
  publicPlans,
  type BillingPeriod,
} from '@nuage/shared/plans';
import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { sectionIds } from '../content';
import { BillingToggle } from './billing-toggle';
import { PlanCard } from './plan-card';
import { ResourcePrices } from './resource-prices';
import { SectionHeading } from './section-heading';

export function Pricing() {
  const [billing, setBilling] = useState<BillingPeriod>('monthly');
  return (
    <section
      id={sectionIds.pricing}
      aria-labelledby="pricing-title"
      className="scroll-mt-32 bg-slate-50 py-20 sm:py-24 lg:scroll-mt-20 dark:bg-slate-900/40"
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id="pricing-title" eyebrow="Tarifs" title="Des prix clairs, en francs CFA">
          Payez en XOF, sans frais cachés. Passez à la facturation annuelle et économisez{' '}
          {ANNUAL_SAVING_PERCENT}&nbsp;%.
        </SectionHeading>
        <div className="mt-10">
          <BillingToggle billing={billing} onChange={setBilling} />
        </div>
        <p className="sr-only" aria-live="polite">
          {billing === 'annual'
            ? `Prix mensuels avec la facturation annuelle, ${ANNUAL_SAVING_PERCENT} % moins chers.`
            : 'Prix avec la facturation mensuelle.'}
        </p>
        <ul className="mx-auto mt-12 grid max-w-md gap-8 lg:max-w-none lg:grid-cols-3">
          {publicPlans.map((plan) => (
            <PlanCard key={plan.id} plan={plan} billing={billing} />
          ))}
        </ul>
        <ResourcePrices />
        <div className="mx-auto mt-12 flex max-w-2xl flex-col items-center gap-3 rounded-2xl border border-emerald-200 bg-emerald-50 px-6 py-5 text-center sm:flex-row sm:text-left dark:border-emerald-900 dark:bg-emerald-950/40">
          <ShieldCheck
            className="size-10 shrink-0 text-emerald-700 dark:text-emerald-400"
            aria-hidden="true"
          />
          <p className="text-slate-700 dark:text-slate-200">
            <strong className="font-semibold text-slate-900 dark:text-white">
              Satisfait ou remboursé pendant {MONEY_BACK_GUARANTEE_DAYS} jours.
            </strong>{' '}
            Si NuageDeploy ne répond pas à vos attentes, nous vous remboursons intégralement.
          </p>
        </div>
      </div>
    </section>
  );
}
