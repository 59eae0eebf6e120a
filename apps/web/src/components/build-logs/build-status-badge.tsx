import type { BuildStatus } from '@nuage/shared/build-types';
import { buildStatusView } from '@nuage/shared/status-display';
import { StatusBadge } from '@/components/status/status-badge';

/** A build's state: 'En file d'attente (position n)', 'En cours', 'Succès', 'Échoué', 'Annulé'. */
export function BuildStatusBadge({
  status,
  queuePosition = null,
}: {
  status: BuildStatus;
  queuePosition?: number | null;
}) {
  return <StatusBadge view={buildStatusView(status, queuePosition)} />;
}
