import type { BuildSummary } from '@nuage/shared/build-types';
import { buildTriggerLabels } from '@nuage/shared/code-app-texts';
import { ChevronDown, ChevronRight } from 'lucide-react';
import { useId, useState } from 'react';
import { BuildLogs } from '@/components/build-logs/build-logs';
import { BuildStatusBadge } from '@/components/build-logs/build-status-badge';
import { Button } from '@/components/ui/button';
import { formatDateTime, formatNumber } from '@/lib/format';
import { BuildMetricsPanel } from './build-metrics-panel';

export const isActiveBuild = (b: BuildSummary) => b.status === 'queued' || b.status === 'running';

const duration = (s: number | null) =>
  s === null
    ? null
    : s < 60
      ? `${formatNumber(s)} s`
      : `${Math.floor(s / 60)} min ${Math.round(s % 60)} s`;

/**
 * One build of the application: number, status, what triggered it, its commit. The running
 * one shows its live log and resource graph; a finished one opens them on request.
 */
export function BuildItem({
  build,
  canManage,
  onEnd,
}: {
  build: BuildSummary;
  canManage: boolean;
  onEnd(build: BuildSummary): void;
}) {
  const active = isActiveBuild(build);
  const [open, setOpen] = useState(active);
  // While its log is open, the log's own status (live from the stream) is the one shown.
  const [liveStatus, setLiveStatus] = useState<BuildSummary | null>(null);
  const shown = liveStatus ?? build;
  const logsId = useId();
  const took = duration(build.duration_seconds);
  return (
    <li className="space-y-3 px-5 py-3" aria-label={`Build n° ${build.numero}`}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className="font-semibold">#{build.numero}</span>
        <BuildStatusBadge status={shown.status} queuePosition={shown.queue_position} />
        <span className="text-sm text-slate-600 dark:text-slate-400">
          {buildTriggerLabels[build.trigger]}
        </span>
        {build.commit_sha && (
          <span className="min-w-0 truncate text-sm" title={build.commit_message ?? undefined}>
            <code className="rounded bg-slate-100 px-1 dark:bg-slate-800">
              {build.commit_sha.slice(0, 7)}
            </code>{' '}
            {build.commit_message}
          </span>
        )}
        <span className="ml-auto text-xs text-slate-500 dark:text-slate-400">
          {formatDateTime(build.created_at)}
          {took && ` · ${took}`}
        </span>
        {!active && (
          <Button
            variant="ghost"
            size="sm"
            aria-expanded={open}
            aria-controls={logsId}
            onClick={() => setOpen((o) => !o)}
          >
            {open ? (
              <ChevronDown className="size-4" aria-hidden="true" />
            ) : (
              <ChevronRight className="size-4" aria-hidden="true" />
            )}
            {open ? 'Masquer le journal du build' : 'Afficher le journal du build'}
          </Button>
        )}
      </div>
      {!open && build.error_message && (
        <p className="text-sm text-red-700 dark:text-red-400">{build.error_message}</p>
      )}
      <div id={logsId} className="space-y-3">
        {open && <BuildMetricsPanel build={shown} />}
        {open && (
          <BuildLogs
            build={build}
            canCancel={canManage}
            onEnd={(ended) => {
              setLiveStatus(ended);
              onEnd(ended);
            }}
            hideStatus
            heightClass={active ? 'h-80' : 'h-64'}
          />
        )}
      </div>
    </li>
  );
}
