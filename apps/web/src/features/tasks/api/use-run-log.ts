import type { BuildLogLine } from '@nuage/shared/build-types';
import type { TaskRun } from '@nuage/shared/schemas/responses/tasks';
import { useEffect, useRef, useState } from 'react';
import { followLogStream } from '@/components/build-logs/follow-build-logs';

export interface RunLogState {
  lines: BuildLogLine[];
  run: TaskRun | null;
  ended: boolean;
  connection: 'connecting' | 'open' | 'retrying';
  gone: boolean;
}

const initial: RunLogState = {
  lines: [],
  run: null,
  ended: false,
  connection: 'connecting',
  gone: false,
};

/**
 * A run's log, live while it runs (GET …/task-runs/{runId}/logs as Server-Sent Events, read
 * like a build’s: reconnects resume after the last line), kept once it ended. One run per
 * mounted component: callers key it by the run.
 */
export function useRunLog(deploymentId: string, runId: string, onEnd?: (run: TaskRun) => void) {
  const [state, setState] = useState<RunLogState>(initial);
  const onEndRef = useRef(onEnd);
  useEffect(() => {
    onEndRef.current = onEnd;
  });
  useEffect(() => {
    const controller = new AbortController();
    void followLogStream<TaskRun>(
      `/deployments/${encodeURIComponent(deploymentId)}/task-runs/${encodeURIComponent(runId)}/logs`,
      {
        onLine: (line) => setState((s) => ({ ...s, lines: [...s.lines, line] })),
        onStatus: (run) => setState((s) => ({ ...s, run })),
        onEnd: (run) => {
          setState((s) => ({ ...s, run, ended: true, connection: 'open' }));
          onEndRef.current?.(run);
        },
        onConnection: (connection) => setState((s) => ({ ...s, connection })),
        onGone: () => setState((s) => ({ ...s, gone: true })),
      },
      { signal: controller.signal },
    );
    return () => controller.abort();
  }, [deploymentId, runId]);
  return state;
}
