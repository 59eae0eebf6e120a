import { taskLabels } from '@nuage/shared/messages/tasks';
import type { TaskRun } from '@nuage/shared/schemas/responses/tasks';
import { Badge, type BadgeTone } from '@/components/ui/badge';

const tones: Record<TaskRun['statut'], BadgeTone> = {
  running: 'blue',
  success: 'green',
  failed: 'red',
  timeout: 'red',
  skipped: 'grey',
};

export function RunStatusBadge({ run }: { run: Pick<TaskRun, 'statut' | 'simulee'> }) {
  return (
    <span className="inline-flex items-center gap-1">
      <Badge tone={tones[run.statut]}>{taskLabels.statut[run.statut]}</Badge>
      {run.simulee && <Badge tone="purple">Simulée</Badge>}
    </span>
  );
}

const seconds = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 });

/** « 4,2 s », « 3 min 05 s », « 1 h 02 min »; « — » while it runs. */
export function formatDuration(value: number | null): string {
  if (value === null) return '—';
  if (value < 60) return `${seconds.format(value)} s`;
  const s = Math.round(value);
  if (s < 3600) return `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s`;
  return `${Math.floor(s / 3600)} h ${String(Math.floor((s % 3600) / 60)).padStart(2, '0')} min`;
}

export const runStamp = new Intl.DateTimeFormat('fr-FR', {
  dateStyle: 'medium',
  timeStyle: 'medium',
});
