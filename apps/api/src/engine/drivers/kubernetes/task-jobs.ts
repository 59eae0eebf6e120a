import { taskTexts } from '@nuage/shared/messages/tasks';
import type { TaskRunOutcome, TaskRunRequest } from '../../driver';
import { TASK_RUN_LABEL, renderTaskJob } from '../../manifests/task-job';
import type { JobObject, RenderOptions } from '../../manifests/types';
import { LABELS, MANAGED_BY, type ApplicationSpec } from '../../spec';
import { checkedNamespace, rendered } from './guards';
import { followJob } from './job-follow';
import type { KubeClient } from './kube-client';
import type { ObjectWriter } from './object-writer';
import { assertJobFits } from './pod-quota';
import type { WatchCache } from './watch-cache';

export interface TaskJobDeps {
  client: KubeClient;
  cache: WatchCache;
  render: RenderOptions;
  writer: ObjectWriter;
}

/**
 * Runs one task Job (manifests/task-job.ts) and follows it through the watch cache, as the
 * backup Jobs are (backup-jobs.ts): checked against the namespace's quota first (refused in
 * French), created, followed (job-follow.ts: its pod's log, its exit code), and the Job deleted
 * (with its pod) once it ended, was stopped, or overran: activeDeadlineSeconds ends it on the
 * cluster's side too.
 */
export async function runTaskJob(
  deps: TaskJobDeps,
  spec: ApplicationSpec,
  request: TaskRunRequest,
  opts: { pollMs?: number } = {},
): Promise<TaskRunOutcome> {
  const namespace = checkedNamespace(spec.namespace);
  const [job] = rendered(() => [renderTaskJob(spec, { ...request }, deps.render)]) as JobObject[];
  await assertJobFits(deps.client, namespace, job!, taskTexts.jobLabel);
  await deps.writer.apply(job!);
  const labels = {
    [LABELS.managedBy]: MANAGED_BY,
    [LABELS.deploymentId]: spec.deploymentId,
    [LABELS.component]: 'task',
    [TASK_RUN_LABEL]: request.runId,
  };
  try {
    const { noPod: _noPod, ...outcome } = await followJob(
      deps,
      { namespace, name: job!.metadata.name, labels },
      request,
      opts,
    );
    return outcome;
  } finally {
    await deps.writer.delete(job!).catch(() => undefined);
  }
}
