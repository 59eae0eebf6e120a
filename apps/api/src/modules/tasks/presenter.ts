import { describeCron } from '@nuage/shared/cron-preview';
import type { Task, TaskRun } from '@nuage/shared/schemas/responses/tasks';
import type { ScheduledTaskRow, TaskRunRow } from '../../db/schema/tasks';

/** Fields listed one by one: a column added later never reaches an answer by accident. */
export function presentRun(r: TaskRunRow): TaskRun {
  const end = r.finishedAt;
  return {
    id: r.id,
    tache_id: r.taskId,
    application_id: r.deploymentId,
    commande: r.command,
    declencheur: r.trigger,
    statut: r.status,
    prevue_a: r.scheduledAt?.toISOString() ?? null,
    date_debut: r.startedAt.toISOString(),
    date_fin: end?.toISOString() ?? null,
    duree_secondes: end
      ? Math.max(0, Math.round((end.getTime() - r.startedAt.getTime()) / 100) / 10)
      : null,
    code_sortie: r.exitCode,
    erreur: r.error,
    simulee: r.simulated,
    lignes_journal: r.logLines,
  };
}

export function presentTask(t: ScheduledTaskRow, last: TaskRunRow | null): Task {
  const preview = describeCron(t.schedule);
  return {
    id: t.id,
    application_id: t.deploymentId,
    nom: t.nom,
    commande: t.command,
    planification: t.schedule,
    planification_texte: preview.ok ? preview.text : preview.error,
    fuseau_horaire: t.timeZone,
    delai_max_secondes: t.timeoutSeconds,
    politique_concurrence: t.concurrency,
    actif: t.enabled,
    prochaine_execution: t.enabled ? (t.nextRunAt?.toISOString() ?? null) : null,
    derniere_execution: last ? presentRun(last) : null,
    date_creation: t.createdAt.toISOString(),
  };
}
