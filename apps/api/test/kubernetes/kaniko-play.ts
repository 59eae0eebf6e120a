import type { FakeKubeApi } from './fake-kube-api';

export const PLAYED_DIGEST = `sha256:${'ab'.repeat(32)}`;

/**
 * Plays the cluster's part in a Kaniko build (the fake API server runs no controllers): when a
 * Job appears in `namespace`, its pod appears with a log, then ends as `outcome` says (the
 * digest as termination message, a failure message, or the Job's deadline).
 */
export function playKanikoJobs(
  api: FakeKubeApi,
  namespace: string,
  outcome: 'success' | 'failure' | 'deadline' | 'running' | 'pull-backoff' | 'too-large',
  /** The checkout's last line when it fails (outcome too-large: the repository's size). */
  checkoutFailure = 'Le dépôt dépasse la taille maximale autorisée.',
): void {
  api.onChange = (event) => {
    if (event.type !== 'ADDED' || !event.path.includes(`/namespaces/${namespace}/jobs/`)) return;
    const job = event.object as { metadata: { name: string; labels: Record<string, string> } };
    const pod = `${job.metadata.name}-x7k2p`;
    setTimeout(() => {
      if (outcome === 'too-large') {
        // The init container's checkout stops past BUILD_MAX_SOURCE_MB; Kaniko never starts.
        api.logs.set(`${namespace}/${pod}/checkout`, `${checkoutFailure}\n`);
        api.put(`/api/v1/namespaces/${namespace}/pods/${pod}`, {
          apiVersion: 'v1',
          kind: 'Pod',
          metadata: { name: pod, namespace, labels: job.metadata.labels },
          spec: { containers: [{ name: 'kaniko', image: 'kaniko' }] },
          status: {
            phase: 'Failed',
            initContainerStatuses: [
              {
                name: 'checkout',
                state: { terminated: { exitCode: 1, message: `${checkoutFailure}\n` } },
              },
            ],
            containerStatuses: [
              { name: 'kaniko', state: { waiting: { reason: 'PodInitializing' } } },
            ],
          },
        });
        api.update(event.path, (j) => ({
          ...j,
          status: {
            conditions: [
              {
                type: 'Failed',
                status: 'True',
                reason: 'BackoffLimitExceeded',
                message: 'Job failed',
              },
            ],
          },
        }));
        return;
      }
      api.logs.set(
        `${namespace}/${pod}/kaniko`,
        'INFO Retrieving image manifest\nINFO RUN npm ci\nadded 3 packages\n',
      );
      const terminated =
        outcome === 'success'
          ? { exitCode: 0, message: PLAYED_DIGEST }
          : outcome === 'failure'
            ? {
                exitCode: 1,
                message:
                  'error building image: error building stage: RUN npm run build: exit status 1',
              }
            : undefined;
      api.put(`/api/v1/namespaces/${namespace}/pods/${pod}`, {
        apiVersion: 'v1',
        kind: 'Pod',
        metadata: { name: pod, namespace, labels: job.metadata.labels },
        spec: { containers: [{ name: 'kaniko', image: 'kaniko' }] },
        status: {
          phase: terminated ? (terminated.exitCode ? 'Failed' : 'Succeeded') : 'Running',
          containerStatuses: [
            {
              name: 'kaniko',
              state: terminated
                ? { terminated }
                : outcome === 'pull-backoff'
                  ? {
                      waiting: {
                        reason: 'ImagePullBackOff',
                        message: 'Back-off pulling image "kaniko"',
                      },
                    }
                  : { running: {} },
            },
          ],
        },
      });
      if (outcome !== 'running' && outcome !== 'pull-backoff')
        api.update(event.path, (j) => ({
          ...j,
          status: {
            conditions: [
              outcome === 'success'
                ? { type: 'Complete', status: 'True' }
                : {
                    type: 'Failed',
                    status: 'True',
                    reason: outcome === 'deadline' ? 'DeadlineExceeded' : 'BackoffLimitExceeded',
                    message: 'Job failed',
                  },
            ],
          },
        }));
    }, 30);
  };
}
