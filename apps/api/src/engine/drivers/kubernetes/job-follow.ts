import type { IJob } from 'kubernetes-models/batch/v1/Job';
import type { IPod } from 'kubernetes-models/v1/Pod';
import type { TaskRunOutcome, TaskRunRequest } from '../../driver';
import { KubeApiRejection, type KubeClient } from './kube-client';
import { podLogPath } from './paths';
import type { WatchCache } from './watch-cache';

const POLL_MS = 1000;
/** The log read back at each look: a run prints more than this only past its start. */
const LOG_LIMIT_BYTES = 4 * 1024 * 1024;

export interface FollowedJob {
  namespace: string;
  name: string;
  /** Selects the Job (and its pod, unless podLabels) in the watch cache. */
  labels: Record<string, string>;
  podLabels?: Record<string, string>;
  /**
   * Called at each look while the Job has no pod yet: a French reason ends the follow as a
   * run that never ran (the quota refuses its pod).
   */
  whilePodless?: () => Promise<string | null>;
}

/**
 * Follows a task Job through the watch cache (task-jobs.ts, task-schedules.ts): its pod's log
 * read again every second (new lines handed over), its container's exit code read from the
 * pod once the Job ended. A Job that ended without ever having had a pod never ran: its
 * outcome carries `noPod`.
 */
export async function followJob(
  deps: { client: KubeClient; cache: WatchCache },
  job: FollowedJob,
  request: Pick<TaskRunRequest, 'onLine' | 'signal'>,
  opts: { pollMs?: number } = {},
): Promise<TaskRunOutcome & { noPod?: boolean }> {
  let sent = 0;
  let sawPod = false;
  const follow = async (pod: IPod | undefined) => {
    if (!pod?.metadata?.name) return;
    sawPod = true;
    let text: string;
    try {
      text = await deps.client.text('GET', podLogPath(job.namespace, pod.metadata.name), {
        query: { container: 'task', limitBytes: LOG_LIMIT_BYTES },
      });
    } catch (error) {
      // Not started yet (ContainerCreating): no log to read.
      if (error instanceof KubeApiRejection) return;
      throw error;
    }
    const lines = text.split('\n');
    lines.pop(); // the empty end after a last newline, or a partial last line that waits for its end
    for (const line of lines.slice(sent)) request.onLine(line);
    sent = Math.max(sent, lines.length);
  };
  // Once the Job ended, a few more looks for its pod's exit code (the kubelet reports it).
  let endedLooks = 0;
  for (;;) {
    const current = (await deps.cache.objects<IJob>(job.namespace, 'Job', job.labels)).find(
      (j) => j.metadata?.name === job.name,
    );
    const [pod] = await deps.cache.objects<IPod>(job.namespace, 'Pod', job.podLabels ?? job.labels);
    if (request.signal.aborted) return { exitCode: null, timedOut: false, simulated: false };
    await follow(pod);
    const condition = (type: string) =>
      current?.status?.conditions?.find((c) => c.type === type && c.status === 'True');
    const complete = condition('Complete');
    const failed = condition('Failed');
    if (complete || failed) {
      const exitCode = pod?.status?.containerStatuses?.find((c) => c.name === 'task')?.state
        ?.terminated?.exitCode;
      const phase = pod?.status?.phase;
      const settled = !pod || phase === 'Succeeded' || phase === 'Failed';
      if (typeof exitCode === 'number' || settled || endedLooks++ >= 5) {
        return {
          exitCode: typeof exitCode === 'number' ? exitCode : complete ? 0 : null,
          timedOut: failed?.reason === 'DeadlineExceeded',
          simulated: false,
          ...(sawPod ? {} : { noPod: true }),
        };
      }
    } else if (!pod && job.whilePodless) {
      const reason = await job.whilePodless();
      if (reason) return { exitCode: null, timedOut: false, simulated: false, reason };
    }
    await new Promise((r) => setTimeout(r, opts.pollMs ?? POLL_MS));
  }
}
