import {
  annualPriceXof,
  monthlyPriceXof,
  type BillingPeriod,
  type PublicPlan,
} from '@nuage/shared/plans';
import { Check, Sparkles } from 'lucide-react';
import { buttonClasses } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { formatXof } from '@/lib/format';

export function PlanCard({ plan, billing }: { plan: PublicPlan; billing: BillingPeriod }) {
  const popular = plan.mostPopular;
  return (
    <li
      data-testid={`plan-${plan.id}`}
      className={cn(
        'relative flex flex-col rounded-2xl border bg-white p-6 sm:p-8 dark:bg-slate-900',
        popular
          ? 'border-blue-600 shadow-xl shadow-blue-600/15 ring-1 ring-blue-600 dark:border-blue-500 dark:ring-blue-500'
          : 'border-slate-200 shadow-sm dark:border-slate-800',
      )}
    >
      {popular && (
        <p className="absolute -top-3.5 left-1/2 inline-flex -translate-x-1/2 items-center gap-1 rounded-full bg-blue-600 px-3 py-1 text-xs font-semibold whitespace-nowrap text-white">
          <Sparkles className="size-3.5" aria-hidden="true" />
          Le plus populaire
        </p>
      )}
      <h3 className="text-xl font-semibold text-slate-900 dark:text-white">{plan.name}</h3>
      <p className="mt-2 min-h-12 text-sm text-slate-600 dark:text-slate-300">{plan.audience}</p>
      <p className="mt-6 flex flex-wrap items-baseline gap-x-1.5">
        <span
          data-testid="plan-price"
          className="text-4xl font-bold tracking-tight text-slate-900 dark:text-white"
        >
          {formatXof(monthlyPriceXof(plan, billing))}
        </span>
        <span className="text-sm font-medium text-slate-600 dark:text-slate-300">/&nbsp;mois</span>
      </p>
      <p className="mt-1 min-h-5 text-sm text-slate-600 dark:text-slate-400">
        {billing === 'annual'
          ? `soit ${formatXof(annualPriceXof(plan))} facturés par an`
          : 'facturé chaque mois'}
      </p>
      <a
        href="/register"
        className={cn(buttonClasses(popular ? 'primary' : 'outline', 'lg'), 'mt-8 w-full')}
      >
        Choisir {plan.name}
      </a>
      <ul className="mt-8 space-y-3 text-sm">
        {plan.features.map((feature) => (
          <li key={feature} className="flex gap-3 text-slate-700 dark:text-slate-300">
            <Check
              className="size-5 shrink-0 text-blue-600 dark:text-blue-400"
              aria-hidden="true"
            />
            {feature}
          </li>
        ))}
      </ul>
    </li>
  );
}
