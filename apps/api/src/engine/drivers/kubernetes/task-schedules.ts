import type { IJob } from 'kubernetes-models/batch/v1/Job';
import { taskTexts } from '@nuage/shared/messages/tasks';
import {
  RuntimeRejectedError,
  type ScheduledTaskRun,
  type TaskRunOutcome,
  type TaskRunRequest,
  type TaskSchedule,
} from '../../driver';
import { TASK_LABEL, renderTaskCronJob } from '../../manifests/task-cronjob';
import type { CronJobObject, JobObject } from '../../manifests/types';
import { LABELS, MANAGED_BY, type ApplicationRef, type ApplicationSpec } from '../../spec';
import { applicationSelector, checkedNamespace, rendered } from './guards';
import { followJob } from './job-follow';
import { selectorOf } from './object-writer';
import { assertJobFits } from './pod-quota';
import type { TaskJobDeps } from './task-jobs';

/** Set by the CronJob controller (Kubernetes ≥ 1.28) on each Job it creates. */
const SCHEDULED_AT = 'batch.kubernetes.io/cronjob-scheduled-timestamp';
/** Looks without a pod before the quota is asked whether it is what keeps the pod out. */
const PODLESS_LOOKS = 5;

const taskLabels = (ref: ApplicationRef) => ({
  [LABELS.managedBy]: MANAGED_BY,
  [LABELS.deploymentId]: ref.deploymentId,
  [LABELS.component]: 'task',
});

/**
 * The application's scheduled tasks as CronJobs (manifests/task-cronjob.ts): each applied with
 * the driver's strict server-side apply (suspended while the task is disabled), and the
 * application's CronJobs of tasks no longer in the list deleted (their running Jobs go on to
 * their end and are still recorded: the Job keeps its labels).
 */
export async function syncTaskSchedules(
  deps: TaskJobDeps,
  spec: ApplicationSpec,
  tasks: TaskSchedule[],
): Promise<void> {
  applicationSelector(spec);
  const namespace = checkedNamespace(spec.namespace);
  const objects = rendered(() =>
    tasks.map((t) => renderTaskCronJob(spec, t, deps.render)),
  ) as CronJobObject[];
  for (const object of objects) await deps.writer.apply(object);
  const keep = new Set(objects.map((o) => o.metadata.name));
  const existing = await deps.writer.list<CronJobObject>(
    'batch/v1',
    'CronJob',
    namespace,
    selectorOf(taskLabels(spec)),
  );
  for (const o of existing) {
    const name = o.metadata?.name;
    if (name && !keep.has(name))
      await deps.writer.delete({
        apiVersion: 'batch/v1',
        kind: 'CronJob',
        metadata: { name, namespace },
      });
  }
}

/** The slot of a Job of a CronJob: its annotation, else its name's suffix (minutes since 1970). */
function slotOf(job: IJob): Date | null {
  const stamp = job.metadata?.annotations?.[SCHEDULED_AT];
  if (stamp && !Number.isNaN(Date.parse(stamp))) return new Date(stamp);
  const minutes = /-(\d+)$/.exec(job.metadata?.name ?? '')?.[1];
  return minutes ? new Date(Number(minutes) * 60_000) : null;
}

/** The Jobs the application's CronJobs created, from the watch cache (no request). */
export async function scheduledTaskRuns(
  deps: Pick<TaskJobDeps, 'cache'>,
  ref: ApplicationRef,
): Promise<ScheduledTaskRun[]> {
  applicationSelector(ref);
  const jobs = await deps.cache.objects<IJob>(
    checkedNamespace(ref.namespace),
    'Job',
    taskLabels(ref),
  );
  const runs: ScheduledTaskRun[] = [];
  for (const job of jobs) {
    const taskId = job.metadata?.labels?.[TASK_LABEL];
    const fromCronJob = job.metadata?.ownerReferences?.some((o) => o.kind === 'CronJob');
    const scheduledAt = slotOf(job);
    if (taskId && fromCronJob && scheduledAt && job.metadata?.name)
      runs.push({ taskId, runName: job.metadata.name, scheduledAt });
  }
  return runs;
}

/**
 * Follows a CronJob's Job to its end (job-follow.ts). A Job whose pod the namespace's quota
 * keeps out is deleted and its run failed with the quota's French refusal (rather than left
 * waiting for its deadline, which a Forbid policy would make the next slots wait for too);
 * one that ended without a pod never started. « Arrêter » deletes the Job (and its pod); a
 * platform shutdown leaves it running.
 */
export async function followScheduledTaskRun(
  deps: TaskJobDeps,
  ref: ApplicationRef,
  run: ScheduledTaskRun,
  request: Omit<TaskRunRequest, 'command' | 'timeoutSeconds'>,
  opts: { pollMs?: number } = {},
): Promise<TaskRunOutcome> {
  const namespace = checkedNamespace(ref.namespace);
  const labels = { ...taskLabels(ref), [TASK_LABEL]: run.taskId };
  const podLabels = { ...labels, 'job-name': run.runName };
  const jobRef = {
    apiVersion: 'batch/v1',
    kind: 'Job',
    metadata: { name: run.runName, namespace },
  };
  let podless = 0;
  const whilePodless = async () => {
    if (++podless % PODLESS_LOOKS !== 0) return null;
    const [job] = (await deps.cache.objects<IJob>(namespace, 'Job', labels)).filter(
      (j) => j.metadata?.name === run.runName,
    );
    if (!job) return null;
    try {
      await assertJobFits(deps.client, namespace, job as JobObject, taskTexts.jobLabel);
      return null;
    } catch (error) {
      if (error instanceof RuntimeRejectedError) return error.message;
      throw error;
    }
  };
  const { noPod, ...outcome } = await followJob(
    deps,
    { namespace, name: run.runName, labels, podLabels, whilePodless },
    request,
    opts,
  );
  const stopped = request.signal.aborted && request.signal.reason !== 'shutdown';
  if (stopped || outcome.reason) await deps.writer.delete(jobRef).catch(() => undefined);
  if (noPod && !outcome.reason) return { ...outcome, reason: taskTexts.podNeverStarted };
  return outcome;
}
