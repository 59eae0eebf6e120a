import { useQuery } from '@tanstack/react-query';
import { ShieldAlert } from 'lucide-react';
import { cn } from '@/components/ui/cn';
import { platformQueryOptions } from '@/lib/platform-query';

/**
 * What GET /platform reports as wrong with the runtime right now (`problemes`, in French: on
 * one Docker host, a network guard that cannot run, so environments are not kept apart). Shown
 * on every signed-in page: the people deploying are the ones whose data it concerns, and until
 * now only the server log and the API said it.
 */
export function PlatformProblems({ className }: { className?: string }) {
  const platform = useQuery(platformQueryOptions());
  const problems = platform.data?.problemes ?? [];
  if (problems.length === 0) return null;
  return (
    <div
      role="alert"
      className={cn(
        'flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950/50 dark:text-amber-200',
        className,
      )}
    >
      <ShieldAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <ul className="space-y-1">
        {problems.map((problem) => (
          <li key={problem}>{problem}</li>
        ))}
      </ul>
    </div>
  );
}
