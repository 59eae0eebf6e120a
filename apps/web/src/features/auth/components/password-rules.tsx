import { auth } from '@nuage/shared/limits';
import { resetPasswordRules } from '@nuage/shared/schemas/auth';
import { Check, Circle } from 'lucide-react';
import { cn } from '@/components/ui/cn';

// One test per rule of resetPasswordRules, same order (the schema enforces them on submit).
const ruleTests: readonly ((password: string) => boolean)[] = [
  (p) => p.length >= auth.resetPasswordMin,
  (p) => /[a-z]/.test(p),
  (p) => /[A-Z]/.test(p),
  (p) => /\d/.test(p),
];

/** The reset screen's password rules, each marked as met while the user types. */
export function PasswordRules({ password, id }: { password: string; id?: string }) {
  return (
    <div id={id} className="rounded-lg bg-slate-50 p-3 text-sm dark:bg-slate-800/60">
      <p className="font-medium text-slate-700 dark:text-slate-300">
        Votre mot de passe doit contenir :
      </p>
      <ul className="mt-2 space-y-1" aria-label="Règles du mot de passe">
        {resetPasswordRules.map((rule, i) => {
          const met = ruleTests[i]?.(password) ?? false;
          const Icon = met ? Check : Circle;
          return (
            <li
              key={rule}
              data-met={met}
              className={cn(
                'flex items-center gap-2',
                met ? 'text-green-700 dark:text-green-400' : 'text-slate-500 dark:text-slate-400',
              )}
            >
              <span className="flex size-4 shrink-0 items-center justify-center" aria-hidden="true">
                <Icon className={met ? 'size-4' : 'size-3.5'} />
              </span>
              {rule}
              <span className="sr-only">{met ? ' (respectée)' : ' (non respectée)'}</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
