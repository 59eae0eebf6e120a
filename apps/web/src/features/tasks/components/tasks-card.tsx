import { taskLabels } from '@nuage/shared/messages/tasks';
import type { Task } from '@nuage/shared/schemas/responses/tasks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { terminalLabels } from '@nuage/shared/messages/terminal';
import { SquareTerminal } from 'lucide-react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { notify } from '@/lib/toast';
import { useDeleteTask } from '../api/delete-task';
import { tasksQueryOptions } from '../api/get-tasks';
import { CommandModal } from './command-modal';
import { RunsList } from './runs-list';
import { TaskFormModal } from './task-form-modal';
import { TaskRow } from './task-row';

/**
 * « Tâches planifiées » of the application page (issue 29): the tasks with their schedule in
 * French, « Exécuter maintenant », create/edit/enable/disable/delete, the latest runs with
 * their log, « Exécuter une commande » and « Terminal » (its own page). Members with the user role see the list only.
 */
export function TasksCard({
  deploymentId,
  canManage,
}: {
  deploymentId: string;
  canManage: boolean;
}) {
  const query = useQuery(tasksQueryOptions(deploymentId));
  const remove = useDeleteTask(deploymentId);
  const [editing, setEditing] = useState<Task | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Task | null>(null);
  const [command, setCommand] = useState(false);
  const data = query.data;

  const doDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      notify.success('Tâche planifiée supprimée');
      setDeleting(null);
    } catch {
      // the API client's toast said why
    }
  };

  return (
    <Card role="region" aria-labelledby="tasks-title">
      <CardHeader
        title={<span id="tasks-title">{taskLabels.section}</span>}
        description="Commandes lancées selon une planification, dans un conteneur neuf de l’image de l’application"
        actions={
          canManage && (
            <div className="flex flex-wrap gap-2">
              <Button variant="outline" onClick={() => setCommand(true)}>
                {taskLabels.runCommand}
              </Button>
              <Link
                to={`/deployment/${deploymentId}/terminal`}
                className={buttonClasses('outline')}
              >
                <SquareTerminal className="size-4" aria-hidden="true" /> {terminalLabels.open}
              </Link>
              <Button onClick={() => setEditing('new')}>Nouvelle tâche</Button>
            </div>
          )
        }
      />
      <CardBody className="space-y-4">
        {query.isError && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            Erreur lors du chargement des tâches.
          </p>
        )}
        {data && (
          <>
            {data.taches.length === 0 ? (
              <p className="text-sm text-slate-500 dark:text-slate-400">Aucune tâche planifiée.</p>
            ) : (
              <ul className="divide-y divide-slate-200 dark:divide-slate-800">
                {data.taches.map((task) => (
                  <TaskRow
                    key={task.id}
                    deploymentId={deploymentId}
                    task={task}
                    canManage={canManage}
                    onEdit={() => setEditing(task)}
                    onDelete={() => setDeleting(task)}
                  />
                ))}
              </ul>
            )}
            <div>
              <h3 className="mb-1 text-sm font-semibold">Dernières exécutions</h3>
              <p className="mb-2 text-xs text-slate-500 dark:text-slate-400">
                Journaux conservés 30 jours · au plus {data.executions_simultanees_max} exécution(s)
                en même temps par projet
              </p>
              <RunsList
                deploymentId={deploymentId}
                runs={data.executions}
                canReadLogs={canManage}
              />
            </div>
          </>
        )}
      </CardBody>
      {editing && (
        <TaskFormModal
          deploymentId={deploymentId}
          task={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
      {command && <CommandModal deploymentId={deploymentId} onClose={() => setCommand(false)} />}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Supprimer la tâche planifiée ?"
        confirmLabel="Supprimer"
        onConfirm={() => void doDelete()}
        pending={remove.isPending}
        pendingLabel="Suppression..."
      >
        <p>
          La tâche « {deleting?.nom} » et l’historique de ses exécutions seront supprimés. Cette
          action est irréversible.
        </p>
      </ConfirmDialog>
    </Card>
  );
}
