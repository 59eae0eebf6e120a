import type { BadgeTone } from '@/components/ui/badge';

/** SPEC §4: statuses counted active (green) and failed (red); lowercase forms are handled too. */
const active = new Set(['RUNNING', 'DEPLOYED', 'HEALTHY', 'ACTIVE']);
const failed = new Set(['FAILED', 'ERROR']);

const labels: Record<string, string> = {
  RUNNING: 'En ligne',
  DEPLOYED: 'Déployé',
  HEALTHY: 'Opérationnel',
  ACTIVE: 'Actif',
  FAILED: 'Échec',
  ERROR: 'Erreur',
  PENDING: 'En attente',
  BUILDING: 'Construction',
  DEPLOYING: 'Déploiement en cours',
  DELETING: 'Suppression en cours',
};

const normalize = (status: string) => status.trim().toUpperCase();

/** Green when active, red when failed, grey while deleting, else yellow (pending). */
export function statusTone(status: string): BadgeTone {
  const s = normalize(status);
  if (active.has(s)) return 'green';
  if (failed.has(s)) return 'red';
  if (s === 'DELETING') return 'grey';
  return 'yellow';
}

export function statusLabel(status: string): string {
  return labels[normalize(status)] ?? status;
}
