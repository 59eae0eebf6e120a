import type { ApplicationSpec } from '../spec';
import { componentLabels, dnsLabel, objectMeta } from './meta';
import { taskJobSpec } from './task-pod';
import type { JobObject, RenderOptions } from './types';

/**
 * A task run or one-off command started by the platform on Kubernetes (issue 29): a Job of the
 * shared task pod template (task-pod.ts). Its labels say component `task`, never `app`: the
 * application's Service and Deployment never select it, and the application's apply never
 * prunes it. The driver deletes it once it ended.
 */

export const TASK_RUN_LABEL = 'nuagedeploy.io/task-run';

export const taskJobName = (spec: ApplicationSpec, runId: string) =>
  dnsLabel(`${spec.name.slice(0, 40)}-run-${runId.replace(/-/g, '').slice(0, 12)}`);

export function renderTaskJob(
  spec: ApplicationSpec,
  run: { runId: string; command: string; timeoutSeconds: number },
  options: RenderOptions,
): JobObject {
  const labels = { ...componentLabels(spec, 'task'), [TASK_RUN_LABEL]: run.runId };
  return {
    apiVersion: 'batch/v1',
    kind: 'Job',
    metadata: { ...objectMeta(spec, taskJobName(spec, run.runId), 'task'), labels },
    // Deleted by the driver at the end; the TTL only sweeps a Job whose platform process died.
    spec: taskJobSpec(spec, { ...run, ttlSeconds: 3600 }, labels, options),
  };
}
