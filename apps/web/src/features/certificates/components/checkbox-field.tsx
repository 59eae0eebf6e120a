import { useId, type ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

/** A checkbox with its label, a hint under it and, when refused, the reason. */
export function CheckboxField({
  label,
  hint,
  error,
  registration,
}: {
  label: ReactNode;
  hint: ReactNode;
  error?: string | undefined;
  registration: UseFormRegisterReturn;
}) {
  const id = useId();
  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        type="checkbox"
        className="mt-0.5 size-4 shrink-0 rounded border-slate-300 accent-blue-600"
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        aria-invalid={error ? true : undefined}
        {...registration}
      />
      <div className="min-w-0 space-y-0.5">
        <label
          htmlFor={id}
          className="block text-sm font-medium text-slate-700 dark:text-slate-300"
        >
          {label}
        </label>
        <p id={`${id}-hint`} className="text-xs text-slate-500 dark:text-slate-400">
          {hint}
        </p>
        {error && (
          <p id={`${id}-error`} role="alert" className="text-sm text-red-600 dark:text-red-400">
            {error}
          </p>
        )}
      </div>
    </div>
  );
}
