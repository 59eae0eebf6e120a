import { cn } from './cn';

export function Spinner({
  className,
  label = 'Chargement…',
}: {
  className?: string;
  label?: string;
}) {
  return (
    <span role="status" className={cn('inline-flex items-center', className)}>
      <span
        aria-hidden="true"
        className="size-5 animate-spin rounded-full border-2 border-current border-t-transparent opacity-80"
      />
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** Full-page spinner, shown while the session loads (SPEC §2). */
export function PageSpinner() {
  return (
    <div className="flex min-h-[50vh] items-center justify-center text-blue-600">
      <Spinner className="scale-150" />
    </div>
  );
}
