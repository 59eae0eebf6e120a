import { cloneElement, isValidElement, useId, type ReactElement, type ReactNode } from 'react';
import { cn } from './cn';

interface FormFieldProps {
  label: ReactNode;
  /** The field's error message (SPEC §5 text), shown under it and announced. */
  error?: string;
  hint?: ReactNode;
  className?: string;
  /** One input element; it receives id, aria-describedby and invalid. */
  children: ReactElement<{ id?: string; invalid?: boolean; 'aria-describedby'?: string }>;
}

export function FormField({ label, error, hint, className, children }: FormFieldProps) {
  const id = useId();
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  const control = isValidElement(children)
    ? cloneElement(children, { id, invalid: Boolean(error), 'aria-describedby': describedBy })
    : children;
  return (
    <div className={cn('space-y-1.5', className)}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700 dark:text-slate-300">
        {label}
      </label>
      {control}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="text-xs text-slate-500 dark:text-slate-400">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
