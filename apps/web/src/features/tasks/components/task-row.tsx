import type { Task } from '@nuage/shared/schemas/responses/tasks';
import { Button } from '@/components/ui/button';
import { notify } from '@/lib/toast';
import { useRunTaskNow } from '../api/run-task';
import { useSaveTask } from '../api/save-task';
import { formatDuration, RunStatusBadge, runStamp } from './run-status';

/** One task: its schedule in French, next and last run, and for developers its actions. */
export function TaskRow({
  deploymentId,
  task,
  canManage,
  onEdit,
  onDelete,
}: {
  deploymentId: string;
  task: Task;
  canManage: boolean;
  onEdit(): void;
  onDelete(): void;
}) {
  const run = useRunTaskNow(deploymentId);
  const save = useSaveTask(deploymentId);
  const last = task.derniere_execution;

  const runNow = async () => {
    try {
      const res = await run.mutateAsync(task.id);
      notify.success(res.message);
    } catch {
      // the API client's toast said why
    }
  };
  const toggle = async () => {
    try {
      await save.mutateAsync({ taskId: task.id, input: { actif: !task.actif } });
      notify.success(task.actif ? 'Tâche désactivée' : 'Tâche activée');
    } catch {
      // the API client's toast said why
    }
  };

  return (
    <li className="space-y-2 py-3" aria-label={`Tâche ${task.nom}`}>
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium">{task.nom}</span>
        {!task.actif && (
          <span className="rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-600 dark:bg-slate-800 dark:text-slate-300">
            Désactivée
          </span>
        )}
        {last && <RunStatusBadge run={last} />}
      </div>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        {task.planification_texte}{' '}
        <span className="text-slate-500 dark:text-slate-400">
          ({task.fuseau_horaire} · <code>{task.planification}</code>)
        </span>
      </p>
      <code className="block rounded bg-slate-100 px-2 py-1 font-mono text-xs break-all text-slate-800 dark:bg-slate-800 dark:text-slate-200">
        {task.commande}
      </code>
      <p className="text-xs text-slate-500 dark:text-slate-400">
        {task.prochaine_execution
          ? `Prochaine exécution : ${runStamp.format(new Date(task.prochaine_execution))}`
          : 'Aucune exécution planifiée'}
        {last &&
          ` · Dernière : ${runStamp.format(new Date(last.date_debut))}, ${formatDuration(last.duree_secondes)}${last.code_sortie !== null ? `, code ${last.code_sortie}` : ''}`}
      </p>
      {canManage && (
        <div className="flex flex-wrap gap-2">
          <Button
            size="sm"
            onClick={() => void runNow()}
            loading={run.isPending}
            loadingText="Lancement..."
          >
            Exécuter maintenant
          </Button>
          <Button
            size="sm"
            variant="outline"
            onClick={() => void toggle()}
            disabled={save.isPending}
          >
            {task.actif ? 'Désactiver' : 'Activer'}
          </Button>
          <Button size="sm" variant="outline" onClick={onEdit}>
            Modifier
          </Button>
          <Button size="sm" variant="ghost" onClick={onDelete}>
            Supprimer
          </Button>
        </div>
      )}
    </li>
  );
}
