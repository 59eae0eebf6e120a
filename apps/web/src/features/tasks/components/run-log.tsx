import type { TaskRun } from '@nuage/shared/schemas/responses/tasks';
import { useLayoutEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { notify } from '@/lib/toast';
import { useStopRun } from '../api/stop-run';
import { useRunLog } from '../api/use-run-log';
import { formatDuration, RunStatusBadge } from './run-status';

/**
 * One run's log, live while it runs (each line as the container prints it) and kept after:
 * its status, duration and exit code, why it failed, and « Arrêter » while it runs.
 */
export function RunLog({
  deploymentId,
  run: initial,
  canStop,
  onEnd,
}: {
  deploymentId: string;
  run: TaskRun;
  canStop: boolean;
  onEnd?(run: TaskRun): void;
}) {
  const log = useRunLog(deploymentId, initial.id, onEnd);
  const run = log.run ?? initial;
  const stop = useStopRun(deploymentId);
  const box = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const el = box.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [log.lines.length]);

  const doStop = async () => {
    try {
      await stop.mutateAsync(run.id);
      notify.success('Arrêt demandé');
    } catch {
      // the API client's toast said why
    }
  };

  return (
    <section aria-label={`Journal de l’exécution : ${run.commande}`} className="space-y-2">
      <div className="flex flex-wrap items-center gap-3 text-sm" aria-live="polite">
        <RunStatusBadge run={run} />
        <span className="text-slate-600 dark:text-slate-400">
          Durée : {formatDuration(run.duree_secondes)}
        </span>
        {run.code_sortie !== null && (
          <span className="text-slate-600 dark:text-slate-400">
            Code de sortie : <span className="font-mono">{run.code_sortie}</span>
          </span>
        )}
        {log.connection === 'retrying' && !log.ended && (
          <span className="text-xs text-amber-700 dark:text-amber-400">Reconnexion…</span>
        )}
        {canStop && run.statut === 'running' && !log.ended && (
          <Button
            variant="outline"
            size="sm"
            className="ml-auto"
            onClick={() => void doStop()}
            loading={stop.isPending}
            loadingText="Arrêt..."
          >
            Arrêter
          </Button>
        )}
      </div>
      {run.erreur && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {run.erreur}
        </p>
      )}
      <div
        ref={box}
        role="log"
        aria-label="Sortie de la commande"
        tabIndex={0}
        className="h-64 overflow-auto rounded-lg bg-slate-950 p-3 font-mono text-xs leading-5 text-slate-100"
      >
        <div className="text-slate-400">$ {run.commande}</div>
        {log.gone ? (
          <p className="text-red-300">Ce journal n’existe plus (conservé 30 jours).</p>
        ) : log.lines.length === 0 ? (
          <p className="text-slate-400">
            {run.statut === 'running' ? 'En attente de la sortie…' : 'Aucune sortie.'}
          </p>
        ) : (
          log.lines.map((l) => (
            <div key={l.seq} className="break-all whitespace-pre-wrap">
              {l.line}
            </div>
          ))
        )}
      </div>
    </section>
  );
}
