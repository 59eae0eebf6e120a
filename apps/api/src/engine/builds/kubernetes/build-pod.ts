/** How the build pod is read: its status, why it waits, the pause between two looks. */

export interface PodStatus {
  phase?: string;
  reason?: string;
  message?: string;
  initContainerStatuses?: PodStatus['containerStatuses'];
  conditions?: { type: string; status: string; reason?: string; message?: string }[];
  containerStatuses?: {
    name: string;
    state?: {
      running?: object;
      waiting?: { reason?: string; message?: string };
      terminated?: { exitCode?: number; message?: string; reason?: string };
    };
  }[];
}

/** Why the build does not start (image pull, scheduling, quota), or null. */
export function waitingReason(status: PodStatus | undefined): string | null {
  // The checkout (init container) or Kaniko; Kaniko waits for the checkout (PodInitializing).
  const waiting = [...(status?.initContainerStatuses ?? []), ...(status?.containerStatuses ?? [])]
    .map((c) => c.state?.waiting)
    .find((w) => w?.reason && !['ContainerCreating', 'PodInitializing'].includes(w.reason));
  if (waiting?.reason)
    return `${waiting.reason}${waiting.message ? ` (${waiting.message.slice(0, 300)})` : ''}`;
  const unschedulable = status?.conditions?.find(
    (c) => c.type === 'PodScheduled' && c.status === 'False',
  );
  if (unschedulable)
    return `${unschedulable.reason ?? 'Unschedulable'}${unschedulable.message ? ` (${unschedulable.message.slice(0, 300)})` : ''}`;
  return null;
}

export function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
  });
}
