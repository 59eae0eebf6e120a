import type { ApplicationSpec } from '../spec';
import {
  componentContainer,
  componentVolumes,
  literal,
  podDefaults,
  podSecurity,
} from './containers';
import { pullCredentialsOf, registrySecretName, releaseSecretName } from './secrets';
import type { JobObject, RenderOptions } from './types';
import { sameNodeAsApp } from './workloads';

type JobSpec = NonNullable<JobObject['spec']>;

/**
 * The Job spec of every task run on Kubernetes (issue 29), shared by the Jobs the platform
 * creates (task-job.ts: « Exécuter maintenant », one-off commands) and the jobTemplate of the
 * CronJobs of scheduled tasks (task-cronjob.ts), so the two cannot drift: the application's
 * own pod template (workloads.ts renderDeployment: same image by digest, variables and
 * Secret, resources, claim, PodSecurity context, no service account token), without ports or
 * probes, running `/bin/sh -c <command>` as arguments after the image's entrypoint (as Docker
 * does). The command is one argument, never shell text of the platform. activeDeadlineSeconds
 * is the run's timeout; no retry (a failed command is a failed run).
 */
export function taskJobSpec(
  spec: ApplicationSpec,
  run: { command: string; timeoutSeconds: number; ttlSeconds: number },
  labels: Record<string, string>,
  options: RenderOptions,
): JobSpec {
  const secret = releaseSecretName(spec);
  const {
    ports: _ports,
    readinessProbe: _r,
    livenessProbe: _l,
    startupProbe: _s,
    lifecycle: _stop,
    ...app
  } = componentContainer(spec, spec.app, secret);
  return {
    backoffLimit: 0,
    activeDeadlineSeconds: run.timeoutSeconds,
    ttlSecondsAfterFinished: run.ttlSeconds,
    template: {
      metadata: { labels },
      spec: {
        ...podDefaults,
        ...sameNodeAsApp(spec, options),
        restartPolicy: 'Never',
        securityContext: podSecurity(spec.app.security),
        containers: [{ ...app, name: 'task', args: ['/bin/sh', '-c', run.command].map(literal) }],
        volumes: componentVolumes(spec, spec.app, secret),
        ...(pullCredentialsOf(spec, options)
          ? { imagePullSecrets: [{ name: registrySecretName(spec) }] }
          : {}),
      },
    },
  };
}
