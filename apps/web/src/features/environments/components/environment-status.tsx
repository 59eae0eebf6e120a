import type { EnvironmentStatus } from '@nuage/shared/api-types';
import { Badge, type BadgeTone } from '@/components/ui/badge';

/**
 * SPEC §4 "Environment status": active with its configuration written is ready (green), failed
 * is red, the other known states are still pending (yellow); a value this screen does not know
 * reads 'Status inconnu' (grey).
 */
export function environmentStatusView(status: EnvironmentStatus): {
  tone: BadgeTone;
  label: string;
} {
  switch (status.status) {
    case 'active':
      return status.gitlab_config.created
        ? { tone: 'green', label: 'Actif' }
        : { tone: 'yellow', label: 'En attente' };
    case 'failed':
      return { tone: 'red', label: 'Échec' };
    case 'deleting':
      return { tone: 'yellow', label: 'Suppression en cours' };
    case 'pending':
      return { tone: 'yellow', label: 'En attente' };
    default:
      return { tone: 'grey', label: 'Status inconnu' };
  }
}

export function EnvironmentStatusBadge({ status }: { status: EnvironmentStatus }) {
  const { tone, label } = environmentStatusView(status);
  return (
    <Badge tone={tone}>
      <span aria-hidden="true" className="size-1.5 rounded-full bg-current" />
      {label}
    </Badge>
  );
}
