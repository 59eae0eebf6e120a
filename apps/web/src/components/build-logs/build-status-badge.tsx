import type { BuildStatus } from '@nuage/shared/build-types';
import { buildStatusLabel } from '@nuage/shared/code-app-texts';
import type { StatusTone } from '@nuage/shared/status-display';
import { StatusBadge } from '@/components/status/status-badge';

const tones: Record<BuildStatus, StatusTone> = {
  queued: 'grey',
  running: 'yellow',
  success: 'green',
  failed: 'red',
  cancelled: 'grey',
};

/** A build's state: 'En file d'attente (position n)', 'En cours', 'Réussi', 'Échec', 'Annulé'. */
export function BuildStatusBadge({
  status,
  queuePosition = null,
}: {
  status: BuildStatus;
  queuePosition?: number | null;
}) {
  return (
    <StatusBadge view={{ tone: tones[status], label: buildStatusLabel(status, queuePosition) }} />
  );
}
