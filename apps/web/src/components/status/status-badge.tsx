import type { StatusView } from '@nuage/shared/status-display';
import { Badge } from '@/components/ui/badge';

/** A status as SPEC §4 colours it: a dot and the French label on the tone's background. */
export function StatusBadge({ view, className }: { view: StatusView; className?: string }) {
  return (
    <Badge tone={view.tone} className={className}>
      <span aria-hidden="true" className="size-1.5 rounded-full bg-current" />
      {view.label}
    </Badge>
  );
}
