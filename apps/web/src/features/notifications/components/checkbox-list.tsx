import { cn } from '@/components/ui/cn';

/** A fieldset of checkboxes (events, environments, recipients) with its error. */
export function CheckboxList({
  legend,
  hint,
  error,
  options,
  selected,
  onToggle,
  columns = false,
}: {
  legend: string;
  hint?: string;
  error?: string | undefined;
  options: { value: string; label: string }[];
  selected: string[];
  onToggle(value: string): void;
  columns?: boolean;
}) {
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium">{legend}</legend>
      {hint && <p className="text-xs text-slate-500 dark:text-slate-400">{hint}</p>}
      <div className={cn('grid gap-1', columns && 'sm:grid-cols-2')}>
        {options.map((o) => (
          <label key={o.value} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={selected.includes(o.value)}
              onChange={() => onToggle(o.value)}
            />
            {o.label}
          </label>
        ))}
      </div>
      {error && (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </fieldset>
  );
}
