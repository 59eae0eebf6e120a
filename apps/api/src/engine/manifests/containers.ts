import type { ApplicationSpec, ComponentSpec, EnvVar, ProbeSpec } from '../spec';
import type { SecurityProfile } from '../templates/security';
import { cpu, dnsLabel, memory } from './meta';

/** How long a serving replica keeps serving once told to stop (see the preStop hook below). */
export const PRE_STOP_SECONDS = 5;
import type { Container, PodSpec, RenderOptions } from './types';

type K8sEnvVar = NonNullable<Container['env']>[number];
type K8sProbe = NonNullable<Container['readinessProbe']>;
type K8sVolume = NonNullable<PodSpec['volumes']>[number];
type K8sVolumeMount = NonNullable<Container['volumeMounts']>[number];
type PodSecurityContext = NonNullable<PodSpec['securityContext']>;
type ContainerSecurityContext = NonNullable<Container['securityContext']>;

export const DATA_VOLUME = 'data';
export const SECRET_FILES_VOLUME = 'secret-files';

/**
 * Kubernetes expands `$(NAME)` in env values and commands with the container's other variables:
 * a site title `$(WORDPRESS_DB_PASSWORD)` would become the password. `$$` is its escape for `$`,
 * so doubling every `$` keeps the text literal, as the Docker driver passes it.
 */
export function literal(text: string): string {
  return text.replaceAll('$', '$$$$');
}

/**
 * Secret values never appear in a pod spec: only a reference to the application's Secret (or,
 * for the application's own pods, to its release Secret: secrets.ts renderReleaseSecret).
 */
export function envVars(
  spec: ApplicationSpec,
  vars: EnvVar[],
  secretName = spec.secretName,
): K8sEnvVar[] {
  return vars.map((v) =>
    'secretKey' in v
      ? { name: v.name, valueFrom: { secretKeyRef: { name: secretName, key: v.secretKey } } }
      : { name: v.name, value: literal(v.value) },
  );
}

export function probe(p: ProbeSpec): K8sProbe {
  const check =
    p.check.kind === 'http'
      ? { httpGet: { path: p.check.path, port: p.check.port } }
      : { tcpSocket: { port: p.check.port } };
  return {
    ...check,
    initialDelaySeconds: p.initialDelaySeconds,
    periodSeconds: p.periodSeconds,
    timeoutSeconds: p.timeoutSeconds,
    failureThreshold: p.failureThreshold,
  };
}

/** requests = limits: the pod gets exactly what the project is charged for (Guaranteed QoS). */
/** A helper image of the platform, as IMAGE_OVERRIDES maps it on this cluster. */
export const helperImage = (reference: string, options: RenderOptions) =>
  options.imageOverrides?.get(reference) ?? reference;

export function resources(cpuMilli: number, ramMb: number): NonNullable<Container['resources']> {
  const amounts = { cpu: cpu(cpuMilli), memory: memory(ramMb) };
  return { requests: { ...amounts }, limits: { ...amounts } };
}

/**
 * Pod level: the runtime's default seccomp filter always; the image's own user when it has one
 * (runAsNonRoot then lets the kubelet refuse an image that would start as root anyway).
 */
export function podSecurity(profile: SecurityProfile): PodSecurityContext {
  return {
    seccompProfile: { type: 'RuntimeDefault' },
    ...(profile.runAsUser !== null ? { runAsNonRoot: true, runAsUser: profile.runAsUser } : {}),
    ...(profile.runAsGroup !== null ? { runAsGroup: profile.runAsGroup } : {}),
    ...(profile.fsGroup !== null ? { fsGroup: profile.fsGroup } : {}),
  };
}

/** Container level: no privilege escalation, every capability dropped but the profile's. */
export function containerSecurity(profile: SecurityProfile): ContainerSecurityContext {
  return {
    allowPrivilegeEscalation: false,
    capabilities: {
      drop: ['ALL'],
      ...(profile.capabilities.length > 0 ? { add: [...profile.capabilities] } : {}),
    },
  };
}

/** The container of an application or database component, with its claim and secret files. */
export function componentContainer(
  spec: ApplicationSpec,
  c: ComponentSpec,
  secretName = spec.secretName,
): Container {
  const mounts: K8sVolumeMount[] = [
    {
      name: DATA_VOLUME,
      mountPath: c.volume.mountPath,
      ...(c.volume.subPath ? { subPath: c.volume.subPath } : {}),
    },
    // subPath mounts one key as one file, leaving the rest of the directory from the image.
    ...(c.secretFiles ?? []).map((f) => ({
      name: SECRET_FILES_VOLUME,
      mountPath: f.mountPath,
      subPath: f.secretKey,
      readOnly: true,
    })),
  ];
  return {
    name: dnsLabel(c.name),
    // A built release runs by its digest: the tag may be pushed again, the digest may not.
    image: c.imageDigest ? `${c.image}@${c.imageDigest}` : c.image,
    // An image the user named is pulled at each start with the project's credentials: a copy a
    // node holds for another namespace is never run without this one's right to it (issue 30).
    ...(spec.userImage && c === spec.app ? { imagePullPolicy: 'Always' } : {}),
    // The user's command (an image application's): Kubernetes' args replace the image's CMD.
    ...(c.command ? { args: c.command.map(literal) } : {}),
    ports: [{ name: 'main', containerPort: c.port }],
    env: envVars(spec, c.env, secretName),
    resources: resources(c.cpuMilli, c.ramMb),
    readinessProbe: probe(c.readiness),
    livenessProbe: probe(c.liveness),
    ...(c.startup ? { startupProbe: probe(c.startup) } : {}),
    // A pod leaving (rolling update, restart, scale down) is taken out of the Service's
    // endpoints while it is told to stop, not before: the ingress controller learns it a moment
    // later and may still send it requests, cut by a server that stops on SIGTERM (a 502). The
    // replica that serves traffic keeps serving 5 s first (the kubelet's own sleep, no shell
    // needed; Kubernetes ≥ 1.30). The docker runtime waits for the proxy's requests instead.
    ...(c === spec.app ? { lifecycle: { preStop: { sleep: { seconds: PRE_STOP_SECONDS } } } } : {}),
    volumeMounts: mounts,
    securityContext: containerSecurity(c.security),
  };
}

export function componentVolumes(
  spec: ApplicationSpec,
  c: ComponentSpec,
  secretName = spec.secretName,
): K8sVolume[] {
  const files = c.secretFiles ?? [];
  return [
    { name: DATA_VOLUME, persistentVolumeClaim: { claimName: c.volume.claimName } },
    // Only the keys mounted as files are projected, not every password of the Secret.
    ...(files.length > 0
      ? [
          {
            name: SECRET_FILES_VOLUME,
            secret: {
              secretName,
              items: files.map((f) => ({ key: f.secretKey, path: f.secretKey })),
            },
          },
        ]
      : []),
  ];
}

/**
 * Applications never call the Kubernetes API, and service links would inject one variable per
 * Service of the namespace (some images misread e.g. `<NAME>_PORT`).
 */
export const podDefaults = {
  enableServiceLinks: false,
  automountServiceAccountToken: false,
} as const;
