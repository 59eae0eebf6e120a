import type { ApplicationSpec, SetupJobSpec } from '../spec';
import {
  DATA_VOLUME,
  componentContainer,
  componentVolumes,
  containerSecurity,
  envVars,
  helperImage,
  literal,
  podDefaults,
  podSecurity,
  resources,
} from './containers';
import type { SecurityProfile } from '../templates/security';
import { componentLabels, dnsLabel, objectMeta, selectorLabels } from './meta';
import { pullCredentialsOf, registrySecretName, releaseSecretName } from './secrets';
import type { Container, DeploymentObject, JobObject, PodSpec, RenderOptions } from './types';
import { securityReasons } from '@nuage/shared/messages/security-profiles';

/**
 * With a ReadWriteOnce claim, every pod mounting it must run on the node the claim is attached
 * to: the application's pods (and its setup pod) are kept together. A pod matching its own
 * term is allowed to start alone, so the first replica schedules anywhere.
 */
export function sameNodeAsApp(
  spec: ApplicationSpec,
  options: RenderOptions,
): Pick<PodSpec, 'affinity'> {
  if (options.appVolumeAccessMode === 'ReadWriteMany') return {};
  return {
    affinity: {
      podAffinity: {
        requiredDuringSchedulingIgnoredDuringExecution: [
          {
            labelSelector: { matchLabels: selectorLabels(spec, 'app') },
            topologyKey: 'kubernetes.io/hostname',
          },
        ],
      },
    },
  };
}

/** Marks a Deployment whose replicas its HPA sets, for status() (the quota's refusal of them). */
export const AUTOSCALED_ANNOTATION = 'nuagedeploy.io/autoscaled';

function autoscaledMeta<M extends { annotations?: Record<string, string> }>(
  spec: ApplicationSpec,
  meta: M,
): M {
  if (!spec.autoscaling || spec.replicas <= 0) return meta;
  return { ...meta, annotations: { ...meta.annotations, [AUTOSCALED_ANNOTATION]: 'true' } };
}

/** How long a rollout may take before it counts as failed (as long as the Docker runtime waits). */
export const ROLLOUT_DEADLINE_SECONDS = 180;

export function renderDeployment(spec: ApplicationSpec, options: RenderOptions): DeploymentObject {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: autoscaledMeta(spec, objectMeta(spec, spec.app.name, 'app')),
    spec: {
      // With a HorizontalPodAutoscaler (autoscaler.ts) the replicas are its: a server-side apply
      // that kept setting them would put the count back at each apply and fight the HPA.
      ...(spec.autoscaling && spec.replicas > 0 ? {} : { replicas: spec.replicas }),
      selector: { matchLabels: selectorLabels(spec, 'app') },
      // Health-gated updates (drivers/kubernetes/rollout-gate.ts): the pods that serve stay
      // until the new ones are available (maxUnavailable 0, one extra pod at a time, in the
      // quota's spare room; on a ReadWriteOnce claim it runs on the same node, sameNodeAsApp).
      // Past the deadline the controller reports ProgressDeadlineExceeded and the platform
      // rolls the Deployment back to the serving template. The driver rolls without surge
      // where the quota cannot hold the surge (drivers/kubernetes/rollout-plan.ts).
      strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: 1, maxUnavailable: 0 } },
      progressDeadlineSeconds: options.rolloutDeadlineSeconds ?? ROLLOUT_DEADLINE_SECONDS,
      template: {
        metadata: { labels: componentLabels(spec, 'app') },
        spec: {
          ...podDefaults,
          ...sameNodeAsApp(spec, options),
          securityContext: podSecurity(spec.app.security),
          // The release's own Secret (secrets.ts renderReleaseSecret): the template is the release.
          containers: [componentContainer(spec, spec.app, releaseSecretName(spec))],
          volumes: componentVolumes(spec, spec.app, releaseSecretName(spec)),
          ...(pullCredentialsOf(spec, options)
            ? { imagePullSecrets: [{ name: registrySecretName(spec) }] }
            : {}),
        },
      },
    },
  };
}

/** Busybox's nc is enough to wait for a TCP port; host and port come in as variables, never as script text. */
export const WAIT_IMAGE = 'docker.io/library/busybox:1.36';
const waitSecurity: SecurityProfile = {
  capabilities: [],
  runAsUser: 65534,
  runAsGroup: 65534,
  fsGroup: null,
  reason: securityReasons.busyboxWait,
};
const WAIT_SCRIPT =
  'for t in $TARGETS; do until nc -z -w 3 "${t%:*}" "${t##*:}"; do echo "attente de $t"; sleep 3; done; done';

function waitContainer(spec: ApplicationSpec, options: RenderOptions): Container {
  const targets = [
    ...(spec.database ? [`${dnsLabel(spec.database.serviceName)}:${spec.database.port}`] : []),
    // The application's Service answers once a pod is ready: its files and configuration exist.
    // A database of the environment has none: its task only talks to the database.
    ...(spec.template === 'database'
      ? []
      : [`${dnsLabel(spec.service.name)}:${spec.service.port}`]),
  ];
  return {
    name: 'wait-for-services',
    image: helperImage(WAIT_IMAGE, options),
    command: ['sh', '-c', WAIT_SCRIPT],
    env: [{ name: 'TARGETS', value: targets.join(' ') }],
    resources: resources(50, 32),
    // Busybox needs nothing: nobody, without any capability, passes `restricted`.
    securityContext: { ...containerSecurity(waitSecurity), runAsNonRoot: true, runAsUser: 65534 },
  };
}

/**
 * The one-off setup (e.g. wp-cli's install) sees the application's files through its claim and
 * starts only once the database and the application answer. It is idempotent: a change of its
 * immutable template recreates it. A finished one stays (its pod no longer counts against the
 * quota): applying it again starts nothing, so it runs again only when its spec changes, and
 * each run is checked for room first (drivers/kubernetes/setup-room.ts).
 */
export function renderSetupJob(
  spec: ApplicationSpec,
  setup: SetupJobSpec,
  options: RenderOptions,
): JobObject {
  // A database's task has no application volume to share (nor a node to share it on).
  const withAppVolume = spec.template !== 'database';
  return {
    apiVersion: 'batch/v1',
    kind: 'Job',
    metadata: objectMeta(spec, setup.name, 'setup'),
    spec: {
      backoffLimit: 6,
      activeDeadlineSeconds: 1800,
      template: {
        metadata: { labels: componentLabels(spec, 'setup') },
        spec: {
          ...podDefaults,
          ...(withAppVolume ? sameNodeAsApp(spec, options) : {}),
          restartPolicy: 'Never',
          securityContext: podSecurity(setup.security),
          initContainers: [waitContainer(spec, options)],
          containers: [
            {
              name: 'setup',
              image: setup.image,
              command: setup.command.map(literal),
              env: envVars(spec, setup.env),
              resources: resources(setup.resources?.cpuMilli ?? 200, setup.resources?.ramMb ?? 256),
              ...(withAppVolume
                ? { volumeMounts: [{ name: DATA_VOLUME, mountPath: spec.app.volume.mountPath }] }
                : {}),
              securityContext: containerSecurity(setup.security),
            },
          ],
          ...(withAppVolume
            ? { volumes: componentVolumes(spec, spec.app).filter((v) => v.name === DATA_VOLUME) }
            : {}),
        },
      },
    },
  };
}
