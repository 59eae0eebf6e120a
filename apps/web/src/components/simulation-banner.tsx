import { queryOptions, useQuery } from '@tanstack/react-query';
import { FlaskConical } from 'lucide-react';
import { cn } from '@/components/ui/cn';
import { api } from '@/lib/api-client';

export interface PlatformInfo {
  runtime: string;
  simulation: boolean;
  banner: string | null;
  /** What users must know about the runtime now, in French (a network guard that cannot run). */
  problemes?: string[];
}

export const SIMULATION_BANNER = "Mode simulation : aucune application réelle n'est déployée";

export const platformQueryOptions = () =>
  queryOptions({
    queryKey: ['platform'],
    // Informative only: a failure shows no banner rather than an error.
    queryFn: ({ signal }) => api<PlatformInfo>('/platform', { signal, errorMessage: false }),
    // The runtime never changes while the platform runs; its problems can (a network guard that
    // stops, then is repaired): asked again every minute while a page is open.
    staleTime: 60_000,
    refetchInterval: 60_000,
    retry: false,
  });

/** Says plainly, when GET /platform reports the simulation runtime, that nothing real runs. */
export function SimulationBanner({ className }: { className?: string }) {
  const platform = useQuery(platformQueryOptions());
  if (!platform.data?.simulation) return null;
  return (
    <p
      role="note"
      className={cn(
        'flex items-start gap-2 rounded-lg border border-violet-200 bg-violet-50 px-3 py-2 text-sm text-violet-900 dark:border-violet-900 dark:bg-violet-950/50 dark:text-violet-200',
        className,
      )}
    >
      <FlaskConical className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span>{platform.data.banner ?? SIMULATION_BANNER}</span>
    </p>
  );
}
