import { Check } from 'lucide-react';
import { cn } from '@/components/ui/cn';
import { wizardSteps, type WizardStep } from './use-wizard-navigation';

/** Where the user is among the five steps; on small screens only the current label shows. */
export function WizardStepper({ step }: { step: WizardStep }) {
  return (
    <nav aria-label="Étapes du déploiement" className="mb-6">
      <ol className="flex items-center gap-2 sm:gap-3">
        {wizardSteps.map((label, i) => {
          const n = i + 1;
          const current = n === step;
          const done = n < step;
          return (
            <li
              key={label}
              aria-current={current ? 'step' : undefined}
              className={cn('flex min-w-0 items-center gap-2', current && 'flex-1 sm:flex-none')}
            >
              <span
                className={cn(
                  'flex size-8 shrink-0 items-center justify-center rounded-full text-sm font-semibold',
                  current && 'bg-blue-600 text-white',
                  done && 'bg-green-100 text-green-700 dark:bg-green-900/50 dark:text-green-300',
                  !current &&
                    !done &&
                    'bg-slate-100 text-slate-500 dark:bg-slate-800 dark:text-slate-400',
                )}
              >
                {done ? <Check className="size-4" aria-hidden="true" /> : n}
              </span>
              <span
                className={cn(
                  'truncate text-sm',
                  current
                    ? 'font-semibold text-slate-900 dark:text-slate-100'
                    : 'hidden text-slate-500 lg:inline dark:text-slate-400',
                )}
              >
                <span className="sr-only">Étape {n} : </span>
                {label}
                {done && <span className="sr-only"> (terminée)</span>}
              </span>
              {n < wizardSteps.length && (
                <span
                  aria-hidden="true"
                  className="hidden h-px w-6 bg-slate-300 sm:block lg:w-8 dark:bg-slate-700"
                />
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
