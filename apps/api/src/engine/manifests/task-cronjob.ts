import type { TaskSchedule } from '../driver';
import type { ApplicationSpec } from '../spec';
import { componentLabels, dnsLabel, objectMeta } from './meta';
import { taskJobSpec } from './task-pod';
import type { CronJobObject, RenderOptions } from './types';

/**
 * A scheduled task on Kubernetes (issue 29): a CronJob in the environment's namespace, so the
 * cluster starts each slot under the namespace's PodSecurity and ResourceQuota. Its
 * jobTemplate is the Job spec of every task run (task-pod.ts), the one the platform's own Jobs
 * get. The platform records and follows the Jobs it creates (label TASK_LABEL = the task).
 */

export const TASK_LABEL = 'nuagedeploy.io/task';

/** A missed slot (controller down, Forbid while the previous run went on) starts this late at most. */
export const STARTING_DEADLINE_SECONDS = 300;
/**
 * Finished Jobs are kept a day so that a platform stopped for a while still records them (the
 * CronJob's history limits delete older ones sooner).
 */
const FINISHED_JOB_TTL_SECONDS = 86_400;
const HISTORY = 3;

/** ≤ 52 characters: the CronJob controller appends `-<minutes>` (11 characters) to name its Jobs. */
export const taskCronJobName = (spec: ApplicationSpec, taskId: string) =>
  dnsLabel(`${spec.name.slice(0, 32)}-cron-${taskId.replace(/-/g, '').slice(0, 12)}`);

export function renderTaskCronJob(
  spec: ApplicationSpec,
  task: TaskSchedule,
  options: RenderOptions,
): CronJobObject {
  const labels = { ...componentLabels(spec, 'task'), [TASK_LABEL]: task.taskId };
  const meta = objectMeta(spec, taskCronJobName(spec, task.taskId), 'task');
  return {
    apiVersion: 'batch/v1',
    kind: 'CronJob',
    metadata: { ...meta, labels },
    spec: {
      schedule: task.schedule,
      timeZone: task.timeZone,
      // « Ignorer si la précédente tourne encore » is Forbid; « autoriser » lets runs overlap.
      concurrencyPolicy: task.concurrency === 'ignorer' ? 'Forbid' : 'Allow',
      startingDeadlineSeconds: STARTING_DEADLINE_SECONDS,
      suspend: !task.enabled,
      successfulJobsHistoryLimit: HISTORY,
      failedJobsHistoryLimit: HISTORY,
      jobTemplate: {
        metadata: { labels, annotations: meta.annotations },
        spec: taskJobSpec(spec, { ...task, ttlSeconds: FINISHED_JOB_TTL_SECONDS }, labels, options),
      },
    },
  };
}
