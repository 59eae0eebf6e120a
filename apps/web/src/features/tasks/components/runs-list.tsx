import { taskLabels } from '@nuage/shared/messages/tasks';
import type { TaskRun } from '@nuage/shared/schemas/responses/tasks';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { RunLog } from './run-log';
import { formatDuration, RunStatusBadge, runStamp } from './run-status';

/**
 * The application's latest runs (scheduled, manual, commands): start, status, duration, exit
 * code; developers open a run's log (live while it runs).
 */
export function RunsList({
  deploymentId,
  runs,
  canReadLogs,
}: {
  deploymentId: string;
  runs: TaskRun[];
  canReadLogs: boolean;
}) {
  const [open, setOpen] = useState<string | null>(null);
  if (runs.length === 0)
    return (
      <p className="text-sm text-slate-500 dark:text-slate-400">Aucune exécution pour le moment.</p>
    );
  return (
    <ul
      className="divide-y divide-slate-200 text-sm dark:divide-slate-800"
      aria-label="Dernières exécutions"
    >
      {runs.map((r) => (
        <li key={r.id} className="py-2">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <time dateTime={r.date_debut} className="shrink-0 text-slate-600 dark:text-slate-400">
              {runStamp.format(new Date(r.date_debut))}
            </time>
            <RunStatusBadge run={r} />
            <span className="text-slate-500 dark:text-slate-400">
              {taskLabels.declencheur[r.declencheur]}
            </span>
            <span className="text-slate-600 dark:text-slate-300">
              {formatDuration(r.duree_secondes)}
              {r.code_sortie !== null && ` · code ${r.code_sortie}`}
            </span>
            {canReadLogs && r.statut !== 'skipped' && (
              <Button
                size="sm"
                variant="ghost"
                className="ml-auto"
                aria-expanded={open === r.id}
                onClick={() => setOpen(open === r.id ? null : r.id)}
              >
                {open === r.id ? 'Masquer le journal' : 'Journal'}
              </Button>
            )}
          </div>
          <code className="mt-1 block font-mono text-xs break-all text-slate-700 dark:text-slate-300">
            {r.commande}
          </code>
          {r.erreur && <p className="mt-1 text-red-700 dark:text-red-400">{r.erreur}</p>}
          {open === r.id && (
            <div className="mt-2">
              <RunLog deploymentId={deploymentId} run={r} canStop={canReadLogs} />
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}
