import { isActiveStatus } from '@nuage/shared/status-display';
import type { DeploymentDetail } from '@nuage/shared/schemas/responses/deployments';

/**
 * Whether the application has reached a state that will not change by itself: failed, or up
 * with every pod running and ready and at least one per replica (the list also holds the
 * database's pod). Until then the page keeps reading it.
 */
export function isSettled(
  d: Pick<DeploymentDetail, 'statut_deploiement' | 'replicas' | 'pods_status'> &
    Partial<
      Pick<
        DeploymentDetail,
        'alerte_restauration' | 'rollout_pending' | 'change_pending' | 'mise_a_jour'
      >
    >,
) {
  // Held for a restore that failed: nothing changes until the user retries it or deletes it.
  if (d.alerte_restauration?.statut === 'failed') return true;
  // « Mettre à jour » under way: its backup, then its rollout, are still to come.
  const update = d.mise_a_jour?.derniere?.statut;
  if (update === 'backing_up' || update === 'rolling_out') return false;
  // A release built but not yet serving (or refused): its outcome is still to come.
  if (d.rollout_pending) return false;
  if (d.statut_deploiement.toUpperCase() === 'FAILED') return true;
  // Asked for (a restart, a scale) but not yet applied: the runtime has still to show it.
  if (d.change_pending) return false;
  if (!isActiveStatus(d.statut_deploiement)) return false;
  return (
    d.pods_status.length >= d.replicas &&
    d.pods_status.every((p) => p.status === 'Running' && p.ready)
  );
}
