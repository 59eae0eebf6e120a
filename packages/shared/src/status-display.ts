/**
 * SPEC §4 display rules for statuses: which colour (tone) and which French label each value
 * gets on each screen. Pure, so every screen shows a status the same way and the mapping is
 * tested once. Tones are the web app's badge tones.
 */
export type StatusTone = 'green' | 'yellow' | 'red' | 'grey' | 'blue';

export interface StatusView {
  tone: StatusTone;
  label: string;
}

const norm = (status: string | null | undefined) => (status ?? '').trim().toLowerCase();

/** SPEC §9 "Dashboard estimates": only these count as active. */
const ACTIVE = new Set(['deployed', 'running', 'healthy']);

/** True for DEPLOYED, RUNNING and HEALTHY (any case): the application counts as active. */
export function isActiveStatus(status: string | null | undefined): boolean {
  return ACTIVE.has(norm(status));
}

/**
 * Lists (dashboard, status, environment lists): RUNNING, DEPLOYED, HEALTHY green; FAILED red;
 * PENDING, BUILDING and any other value yellow. SPEC §4's lowercase variants: running,
 * deployed, active green; failed, error red; pending, building, deploying yellow.
 */
export function listStatusTone(status: string | null | undefined): StatusTone {
  const s = norm(status);
  if (ACTIVE.has(s) || s === 'active') return 'green';
  if (s === 'failed' || s === 'error') return 'red';
  // Stopped by its user (a database of an environment): settled, nothing running.
  if (s === 'stopped') return 'grey';
  return 'yellow';
}

/**
 * Nothing more will happen to the application without the user (up, or failed): lists stop
 * refreshing themselves. Everything a list colours green or red.
 */
export function isSettledStatus(status: string | null | undefined): boolean {
  return listStatusTone(status) !== 'yellow';
}

/**
 * The detail screen: deployed/active green, pending/building yellow, failed/error red, else
 * grey. Our engine's values are placed where they mean the same thing: RUNNING and HEALTHY are
 * deployed (green), DEPLOYING is building (yellow); DELETING, like any unknown value, is grey.
 */
export function detailStatusTone(status: string | null | undefined): StatusTone {
  const s = norm(status);
  if (['deployed', 'active', 'running', 'healthy'].includes(s)) return 'green';
  if (['pending', 'building', 'deploying'].includes(s)) return 'yellow';
  if (s === 'failed' || s === 'error') return 'red';
  return 'grey';
}

/**
 * The one table of French words for the engine's statuses (ARCHITECTURE.md "Deployment
 * engine"): every list, card and detail screen says a status with these words.
 */
const deploymentLabels: Record<string, string> = {
  running: 'En ligne',
  deployed: 'Déployé',
  healthy: 'Opérationnel',
  active: 'Actif',
  pending: 'En attente',
  building: 'Construction',
  deploying: 'Déploiement en cours',
  failed: 'Échec',
  error: 'Erreur',
  deleting: 'Suppression en cours',
  suspended: 'Suspendu',
  stopped: 'Arrêté',
};

/** A status's French label; a value this version does not know is shown as the server sent it. */
export function deploymentStatusLabel(status: string | null | undefined): string {
  const s = norm(status);
  if (!s) return 'Statut inconnu';
  return deploymentLabels[s] ?? String(status);
}

/** Tone and label of a status in lists (dashboard, status page). */
export function listStatusView(status: string | null | undefined): StatusView {
  return { tone: listStatusTone(status), label: deploymentStatusLabel(status) };
}

/** Tone and label of a status on the deployment detail screen. */
export function detailStatusView(status: string | null | undefined): StatusView {
  return { tone: detailStatusTone(status), label: deploymentStatusLabel(status) };
}

/**
 * The project applications page: SPEC §4's values deploye, erreur and en_cours keep their
 * labels (Déployé, Erreur, En cours); the engine's statuses read as on every other list (the
 * table above), coloured green when up, red when failed, yellow while an operation runs, grey
 * when unknown ('Statut inconnu').
 */
export function projectApplicationStatusView(status: string | null | undefined): StatusView {
  const s = norm(status);
  if (s === 'deploye') return { tone: 'green', label: 'Déployé' };
  if (s === 'erreur') return { tone: 'red', label: 'Erreur' };
  if (s === 'en_cours') return { tone: 'yellow', label: 'En cours' };
  if (ACTIVE.has(s) || s === 'failed' || s === 'error') return listStatusView(status);
  if (['pending', 'deploying', 'building', 'deleting'].includes(s)) return listStatusView(status);
  return { tone: 'grey', label: deploymentLabels[s] ?? 'Statut inconnu' };
}

/**
 * A project at a glance on the status page, from the tones of its applications: any failure
 * 'Incident' (red), anything under way 'En cours' (yellow), else 'Opérationnel' (green).
 */
export function projectHealthView(counts: { red: number; yellow: number }): StatusView {
  if (counts.red > 0) return { tone: 'red', label: 'Incident' };
  if (counts.yellow > 0) return { tone: 'yellow', label: 'En cours' };
  return { tone: 'green', label: 'Opérationnel' };
}

/** SPEC §4 "Pod status": Running green, Failed red, else yellow (the label is the pod's phase). */
export function podStatusTone(status: string | null | undefined): StatusTone {
  if (status === 'Running') return 'green';
  if (status === 'Failed') return 'red';
  return 'yellow';
}

/** Kubernetes' pod phases in French; an unexpected phase is shown as sent. */
const podLabels: Record<string, string> = {
  Running: 'En cours d’exécution',
  Pending: 'En attente',
  Succeeded: 'Terminé',
  Failed: 'Échec',
  Unknown: 'Inconnu',
};

export function podStatusView(status: string | null | undefined): StatusView {
  return { tone: podStatusTone(status), label: podLabels[status ?? ''] ?? (status || 'Inconnu') };
}

/**
 * SPEC §4 "Build status": success 'Succès', failed 'Échoué', running 'En cours'; a code build
 * also waits in a queue or is cancelled (issue 13). The one table for every build badge and
 * the built-images filter.
 */
const buildViews: Record<string, StatusView> = {
  queued: { tone: 'grey', label: "En file d'attente" },
  running: { tone: 'yellow', label: 'En cours' },
  success: { tone: 'green', label: 'Succès' },
  failed: { tone: 'red', label: 'Échoué' },
  cancelled: { tone: 'grey', label: 'Annulé' },
};

/** A build's badge; a queued build with its place in the queue says it ('position 2'). */
export function buildStatusView(
  status: string | null | undefined,
  queuePosition: number | null = null,
): StatusView {
  const s = norm(status);
  if (s === 'queued' && queuePosition) {
    return { tone: 'grey', label: `En file d'attente (position ${queuePosition})` };
  }
  return buildViews[s] ?? { tone: 'grey', label: status ? String(status) : 'Statut inconnu' };
}

/**
 * SPEC §4 "Certificate status": Actif green, Expiré red, En cours de renouvellement yellow (its
 * icon spins), any other value (Échec…) grey. The stored value is already the French label.
 */
export function certificateStatusView(statut: string | null | undefined): StatusView {
  switch (statut) {
    case 'Actif':
      return { tone: 'green', label: statut };
    case 'Expiré':
      return { tone: 'red', label: statut };
    case 'En cours de renouvellement':
      return { tone: 'yellow', label: statut };
    default:
      return { tone: 'grey', label: statut || 'Statut inconnu' };
  }
}

/**
 * A backup or a restore (SPEC gives no label): running blue, success 'Réussie' green, failed
 * 'Échouée' red (feminine: « la sauvegarde », « la restauration »).
 */
const backupViews: Record<string, StatusView> = {
  running: { tone: 'blue', label: 'En cours' },
  success: { tone: 'green', label: 'Réussie' },
  failed: { tone: 'red', label: 'Échouée' },
};

export function backupStatusView(status: string | null | undefined): StatusView {
  return (
    backupViews[norm(status)] ?? { tone: 'grey', label: status ? String(status) : 'Statut inconnu' }
  );
}

/**
 * SPEC §4 "Environment status": active with its configuration written (gitlab_config.created)
 * is ok (green), failed red, otherwise pending (yellow); unknown grey 'Status inconnu'.
 */
export function environmentStatusView(
  status: { status: string; gitlab_config?: { created: boolean } | null } | null | undefined,
): StatusView {
  const s = norm(status?.status);
  if (s === 'active') {
    return status?.gitlab_config?.created
      ? { tone: 'green', label: 'Actif' }
      : { tone: 'yellow', label: 'En attente' };
  }
  if (s === 'failed') return { tone: 'red', label: 'Échec' };
  if (s === 'pending') return { tone: 'yellow', label: 'En attente' };
  if (s === 'deleting') return { tone: 'yellow', label: 'Suppression en cours' };
  return { tone: 'grey', label: 'Status inconnu' };
}

/**
 * A database pod (`<name>-db-0` on Kubernetes, `<name>-db` on Docker, `<name>-db-simule-0` in
 * simulation) rather than one of the application's replicas: replica counts leave it out.
 */
export function isDatabasePod(name: string): boolean {
  return /-db(?:-simule)?(?:-\d+)?$/.test(name);
}

/**
 * The application's instances running and ready, its database's pod left out: what the status
 * page shows beside the replicas asked for.
 */
export function readyReplicas(
  pods: readonly { name: string; status: string; ready: boolean }[],
): number {
  let ready = 0;
  for (const p of pods) if (p.status === 'Running' && p.ready && !isDatabasePod(p.name)) ready++;
  return ready;
}

/** Which part of the application a pod runs, for the application page's « Instances » card. */
export type PodPart = 'application' | 'database' | 'setup';

/**
 * The part a pod runs. Only an application with a database has a database pod: a code
 * application's replica whose name happens to end like one is still one of its instances.
 */
export function podPartOf(name: string, hasDatabase: boolean): PodPart {
  if (hasDatabase && isDatabasePod(name)) return 'database';
  // Docker's setup container (`<name>-setup`); the other runtimes list no setup pod.
  if (hasDatabase && /-setup$/.test(name)) return 'setup';
  return 'application';
}
