import { ANNUAL_SAVING_PERCENT, type BillingPeriod } from '@nuage/shared/plans';
import { cn } from '@/components/ui/cn';

const options: { value: BillingPeriod; label: string }[] = [
  { value: 'monthly', label: 'Mensuel' },
  { value: 'annual', label: 'Annuel' },
];

/** Monthly/annual switch (two pressed-state buttons) with the annual saving badge beside it. */
export function BillingToggle({
  billing,
  onChange,
}: {
  billing: BillingPeriod;
  onChange: (billing: BillingPeriod) => void;
}) {
  return (
    <div className="flex flex-wrap items-center justify-center gap-3">
      <div
        role="group"
        aria-label="Période de facturation"
        className="inline-flex rounded-full border border-slate-200 bg-white p-1 shadow-sm dark:border-slate-700 dark:bg-slate-900"
      >
        {options.map((option) => {
          const active = option.value === billing;
          return (
            <button
              key={option.value}
              type="button"
              aria-pressed={active}
              onClick={() => onChange(option.value)}
              className={cn(
                'rounded-full px-5 py-2 text-sm font-semibold transition-colors',
                active
                  ? 'bg-blue-600 text-white shadow'
                  : 'text-slate-700 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white',
              )}
            >
              {option.label}
            </button>
          );
        })}
      </div>
      <span
        data-testid="annual-saving-badge"
        className="inline-flex items-center rounded-full bg-emerald-100 px-3 py-1 text-sm font-semibold text-emerald-800 dark:bg-emerald-900/50 dark:text-emerald-300"
      >
        Économisez {ANNUAL_SAVING_PERCENT}&nbsp;% en annuel
      </span>
    </div>
  );
}
