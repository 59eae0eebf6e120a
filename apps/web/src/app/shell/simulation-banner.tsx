import { useQuery } from '@tanstack/react-query';
import { FlaskConical } from 'lucide-react';
import { cn } from '@/components/ui/cn';
import { platformQueryOptions } from '@/lib/platform-query';

export const SIMULATION_BANNER = "Mode simulation : aucune application réelle n'est déployée";

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
