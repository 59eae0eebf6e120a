import type { FakeKubeApi } from './fake-kube-api';
import type { Json } from './fake-paths';

/**
 * What the CronJob controller does at a slot, for tests (no clock is run): the Job
 * `<cronjob>-<minutes since 1970>` from the jobTemplate (its labels, annotations and spec), owned
 * by the CronJob, with the slot in `batch.kubernetes.io/cronjob-scheduled-timestamp`. Nothing
 * happens while the CronJob is suspended. Answers the Job's path (null when suspended).
 */
export function startScheduledJob(
  api: FakeKubeApi,
  cronJobPath: string,
  slot: Date,
): string | null {
  const cron = api.objects.get(cronJobPath) as
    | (Json & { metadata: Json & { name: string; namespace: string; uid: string }; spec: Json })
    | undefined;
  if (!cron) throw new Error(`fake CronJob controller: nothing at ${cronJobPath}`);
  if (cron.spec.suspend) return null;
  const template = cron.spec.jobTemplate as { metadata?: Json; spec: Json };
  const name = `${cron.metadata.name}-${Math.floor(slot.getTime() / 60_000)}`;
  const path = `/apis/batch/v1/namespaces/${cron.metadata.namespace}/jobs/${name}`;
  api.put(path, {
    apiVersion: 'batch/v1',
    kind: 'Job',
    metadata: {
      name,
      namespace: cron.metadata.namespace,
      labels: template.metadata?.labels,
      annotations: {
        ...(template.metadata?.annotations as Json | undefined),
        'batch.kubernetes.io/cronjob-scheduled-timestamp': slot.toISOString(),
      },
      ownerReferences: [
        {
          apiVersion: 'batch/v1',
          kind: 'CronJob',
          name: cron.metadata.name,
          uid: cron.metadata.uid,
          controller: true,
          blockOwnerDeletion: true,
        },
      ],
    },
    spec: template.spec,
  });
  return path;
}
