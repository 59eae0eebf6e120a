import type { BuildSummary } from '@nuage/shared/build-types';
import { buildLogTexts } from '@nuage/shared/code-app-texts';
import { ArrowDown, Ban } from 'lucide-react';
import { useLayoutEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { notify } from '@/lib/toast';
import { BuildStatusBadge } from './build-status-badge';
import { useCancelBuild } from './cancel-build';
import { useBuildLogs } from './use-build-logs';

/** How close to the bottom (px) still counts as "at the bottom" (following). */
const BOTTOM_SLACK_PX = 24;

/**
 * One build's log, live while it runs and kept afterwards: its status, its lines (the view
 * follows the last one unless the user scrolled up to read) and, while it is not over, a
 * cancel button for those allowed to.
 */
export function BuildLogs(props: BuildLogsProps) {
  return <BuildLogsView key={props.build.build_id} {...props} />;
}

interface BuildLogsProps {
  /** The build as last listed: its status is shown until the stream announces another. */
  build: BuildSummary;
  canCancel: boolean;
  onEnd?(build: BuildSummary): void;
  heightClass?: string;
  /** The surrounding row already shows the build's status. */
  hideStatus?: boolean;
}

function BuildLogsView({
  build: initialBuild,
  canCancel,
  onEnd,
  heightClass = 'h-80',
  hideStatus = false,
}: BuildLogsProps) {
  const logs = useBuildLogs(initialBuild.build_id, onEnd);
  const build = logs.build ?? initialBuild;
  const cancel = useCancelBuild();
  const box = useRef<HTMLDivElement>(null);
  const [following, setFollowing] = useState(true);
  const active = !logs.ended && (build.status === 'queued' || build.status === 'running');

  useLayoutEffect(() => {
    const el = box.current;
    if (el && following) el.scrollTop = el.scrollHeight;
  }, [logs.lines.length, following]);

  const onScroll = () => {
    const el = box.current;
    if (!el) return;
    setFollowing(el.scrollHeight - el.scrollTop - el.clientHeight <= BOTTOM_SLACK_PX);
  };

  const doCancel = async () => {
    try {
      const { message } = await cancel.mutateAsync(build.build_id);
      notify.success(message);
    } catch {
      // The API client's toast said why (e.g. the build finished meanwhile).
    }
  };

  return (
    <section aria-label={`${buildLogTexts.title} n° ${build.numero}`} className="space-y-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex flex-wrap items-center gap-2" aria-live="polite">
          {!hideStatus && (
            <BuildStatusBadge status={build.status} queuePosition={build.queue_position} />
          )}
          {logs.connection === 'retrying' && !logs.ended && (
            <span className="text-xs text-amber-700 dark:text-amber-400">
              {buildLogTexts.reconnecting}
            </span>
          )}
        </div>
        {canCancel && active && (
          <Button
            variant="outline"
            size="sm"
            onClick={() => void doCancel()}
            loading={cancel.isPending}
            loadingText={buildLogTexts.cancelling}
          >
            <Ban className="size-4" aria-hidden="true" /> {buildLogTexts.cancel}
          </Button>
        )}
      </div>
      {build.error_message && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {build.error_message}
        </p>
      )}
      <div className="relative">
        <div
          ref={box}
          onScroll={onScroll}
          role="log"
          aria-label={buildLogTexts.title}
          tabIndex={0}
          className={`${heightClass} overflow-auto rounded-lg bg-slate-950 p-3 font-mono text-xs leading-5 text-slate-100`}
        >
          {logs.gone ? (
            <p className="text-red-300">{buildLogTexts.notFound}</p>
          ) : logs.lines.length === 0 ? (
            <p className="text-slate-400">{buildLogTexts.empty}</p>
          ) : (
            logs.lines.map((l) => (
              <div key={l.seq} className="whitespace-pre-wrap break-all">
                {l.line}
              </div>
            ))
          )}
        </div>
        {!following && (
          <Button
            size="sm"
            variant="secondary"
            className="absolute right-3 bottom-3 shadow"
            onClick={() => setFollowing(true)}
          >
            <ArrowDown className="size-4" aria-hidden="true" /> {buildLogTexts.followBottom}
          </Button>
        )}
      </div>
    </section>
  );
}
