import { operationsErrors } from '@nuage/shared/operations-messages';
import { useQuery } from '@tanstack/react-query';
import { ArrowDown, ChevronDown, ChevronRight, ScrollText } from 'lucide-react';
import { useLayoutEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { failureMessage } from '@/lib/failure-message';
import { LOGS_POLL_MS, logsQueryOptions } from '../api/get-logs';

/** Within this many pixels of the end, the reader is "at the bottom" and the view follows. */
const BOTTOM_SLACK_PX = 16;

/**
 * The logs panel: closed by default; while open it reads the logs every ~2 s and keeps the
 * view on the newest line, unless the reader has scrolled up to read something.
 */
export function LogsPanel({
  deploymentId,
  intervalMs = LOGS_POLL_MS,
}: {
  deploymentId: string;
  intervalMs?: number;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Card role="region" aria-labelledby="logs-title">
      <div className="flex items-center justify-between gap-2 px-5 py-3">
        <h2 id="logs-title" className="flex items-center gap-2 text-base font-semibold">
          <ScrollText className="size-4" aria-hidden="true" /> Journaux
        </h2>
        <Button
          variant="outline"
          size="sm"
          aria-expanded={open}
          aria-controls="logs-body"
          onClick={() => setOpen((o) => !o)}
        >
          {open ? (
            <ChevronDown className="size-4" aria-hidden="true" />
          ) : (
            <ChevronRight className="size-4" aria-hidden="true" />
          )}
          {open ? 'Masquer les journaux' : 'Afficher les journaux'}
        </Button>
      </div>
      {open && <LogsBody deploymentId={deploymentId} intervalMs={intervalMs} />}
    </Card>
  );
}

function LogsBody({ deploymentId, intervalMs }: { deploymentId: string; intervalMs: number }) {
  const logs = useQuery(logsQueryOptions(deploymentId, intervalMs));
  const viewRef = useRef<HTMLPreElement>(null);
  const [following, setFollowing] = useState(true);

  // After each read, while following, show the newest line.
  useLayoutEffect(() => {
    const el = viewRef.current;
    if (el && following) el.scrollTop = el.scrollHeight;
  }, [logs.data, following]);

  const onScroll = () => {
    const el = viewRef.current;
    if (!el) return;
    const atBottom = el.scrollHeight - el.scrollTop - el.clientHeight <= BOTTOM_SLACK_PX;
    if (atBottom !== following) setFollowing(atBottom);
  };

  return (
    <div id="logs-body" className="border-t border-slate-200 px-5 py-3 dark:border-slate-800">
      {logs.isPending ? (
        <div className="flex items-center gap-2 py-4 text-sm text-slate-500 dark:text-slate-400">
          <Spinner label="Chargement des journaux…" /> Chargement des journaux…
        </div>
      ) : logs.isError && !logs.data ? (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {failureMessage(logs.error, operationsErrors.logsLoad) ?? operationsErrors.logsLoad}
        </p>
      ) : (
        <>
          <div className="mb-2 flex flex-wrap items-center justify-between gap-2 text-xs text-slate-500 dark:text-slate-400">
            <span className="flex items-center gap-1.5">
              <span
                aria-hidden="true"
                className={
                  following
                    ? 'size-2 animate-pulse rounded-full bg-green-500'
                    : 'size-2 rounded-full bg-slate-400'
                }
              />
              {following ? 'Suivi en direct des nouvelles lignes' : 'Suivi en pause'}
            </span>
            {!following && (
              <Button variant="ghost" size="sm" onClick={() => setFollowing(true)}>
                <ArrowDown className="size-4" aria-hidden="true" /> Suivre les nouvelles lignes
              </Button>
            )}
          </div>
          <pre
            ref={viewRef}
            onScroll={onScroll}
            tabIndex={0}
            aria-label="Lignes des journaux"
            data-testid="logs-view"
            className="max-h-96 overflow-auto rounded-lg bg-slate-950 p-3 font-mono text-xs leading-5 whitespace-pre-wrap text-slate-100"
          >
            {logs.data?.logs.trim() ? logs.data.logs : 'Aucune ligne de journal pour le moment.'}
          </pre>
        </>
      )}
    </div>
  );
}
