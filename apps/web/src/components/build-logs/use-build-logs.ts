import type { BuildLogLine, BuildSummary } from '@nuage/shared/build-types';
import { useEffect, useRef, useState } from 'react';
import { followBuildLogs } from './follow-build-logs';

export interface BuildLogsState {
  lines: BuildLogLine[];
  /** The latest status the stream announced (null before the first one). */
  build: BuildSummary | null;
  ended: boolean;
  connection: 'connecting' | 'open' | 'retrying';
  gone: boolean;
}

const initial: BuildLogsState = {
  lines: [],
  build: null,
  ended: false,
  connection: 'connecting',
  gone: false,
};

/**
 * The live (or kept) log of one build, followed until its end; stops when unmounted. One
 * build per mounted component (BuildLogs is keyed by the build's id).
 */
export function useBuildLogs(buildId: string, onEnd?: (build: BuildSummary) => void) {
  const [state, setState] = useState<BuildLogsState>(initial);
  // The latest callback, read when the build ends: a new one must not restart the stream.
  const onEndRef = useRef(onEnd);
  useEffect(() => {
    onEndRef.current = onEnd;
  });
  useEffect(() => {
    const controller = new AbortController();
    void followBuildLogs(
      buildId,
      {
        onLine: (line) => setState((s) => ({ ...s, lines: [...s.lines, line] })),
        onStatus: (build) => setState((s) => ({ ...s, build })),
        onEnd: (build) => {
          setState((s) => ({ ...s, build, ended: true, connection: 'open' }));
          onEndRef.current?.(build);
        },
        onConnection: (connection) => setState((s) => ({ ...s, connection })),
        onGone: () => setState((s) => ({ ...s, gone: true })),
      },
      { signal: controller.signal },
    );
    return () => controller.abort();
  }, [buildId]);
  return state;
}
