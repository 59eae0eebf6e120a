import { createHash } from 'node:crypto';
import type { BuildRequest } from '../builder';
import {
  DEFAULT_MAX_SOURCE_BYTES,
  GIT_CHECKOUT_IMAGE,
  SOURCE_DIR,
  SOURCE_VOLUME,
  checkoutContainer,
  sourceVolume,
} from './kaniko-checkout';
import type { PinnedSource } from '../source/pinned-source';

/**
 * The Kubernetes objects of one build, in the application's namespace: a Secret (registry
 * credentials as a Docker config, the Git token), a ConfigMap (the generated Dockerfile, when
 * the repository has none) and the Kaniko Job: its init container fetches the commit within
 * BUILD_MAX_SOURCE_MB (kaniko-checkout.ts), Kaniko builds that directory with the build's
 * limits and pushes to the registry. The digest comes back as the container's termination
 * message (--digest-file=/dev/termination-log).
 */
export interface KanikoSettings {
  image: string;
  registry: { url: string; username?: string; password?: string };
  /**
   * TLS_EXTRA_CA_FILE's PEM (a company's own authority): the registry push (and the cache),
   * the Git fetch and the base image pulls trust it besides Kaniko's own bundle.
   */
  extraCaPem?: string | null;
  /** BUILD_MAX_SOURCE_MB in bytes (default 500 MiB): the checkout's limit. */
  maxSourceBytes?: number | undefined;
  /** The checkout's image, as IMAGE_OVERRIDES maps it (default GIT_CHECKOUT_IMAGE). */
  gitImage?: string;
  /** Where the checkout fetches, pinned by the address policy (kaniko-checkout.ts). */
  pinnedSource?: PinnedSource | null;
}

export interface KanikoInput {
  request: BuildRequest;
  /** The generated Dockerfile; null when the repository's own is used. */
  dockerfile: string | null;
  settings: KanikoSettings;
}

export const MANAGED_BY = { 'app.kubernetes.io/managed-by': 'nuagedeploy' };
const DOCKERFILE_DIR = '/nuage/dockerfile';
const CA_DIR = '/nuage/ca';
export const EXTRA_CA_KEY = 'extra-ca.crt';
/** Where the Kaniko executor image keeps its CA bundle (its SSL_CERT_DIR). */
const KANIKO_CERT_DIR = '/kaniko/ssl/certs';
const CONTAINER = 'kaniko';

/** A DNS label for the build's objects (build ids are UUIDs; the hash keeps any id valid). */
export function buildObjectName(buildId: string): string {
  return `build-${createHash('sha256').update(buildId).digest('hex').slice(0, 20)}`;
}

export function imageRefFor(request: BuildRequest, registryUrl: string): string {
  return `${registryUrl}/${request.imageName}:${request.tag}`;
}

export function renderKanikoObjects(input: KanikoInput) {
  const { request, settings } = input;
  const name = buildObjectName(request.buildId);
  const namespace = request.namespace;
  const labels = {
    ...MANAGED_BY,
    'app.kubernetes.io/component': 'build',
    'nuagedeploy.io/build': name,
  };
  const registryHost = settings.registry.url.split('/')[0]!;
  const dockerConfig = {
    auths: settings.registry.username
      ? {
          [registryHost]: {
            auth: Buffer.from(
              `${settings.registry.username}:${settings.registry.password ?? ''}`,
            ).toString('base64'),
          },
        }
      : {},
  };
  const secret = {
    apiVersion: 'v1',
    kind: 'Secret',
    metadata: { name, namespace, labels },
    type: 'Opaque',
    stringData: {
      'config.json': JSON.stringify(dockerConfig),
      ...(request.source.token ? { 'git-token': request.source.token } : {}),
      ...(settings.extraCaPem ? { [EXTRA_CA_KEY]: settings.extraCaPem } : {}),
    },
  };
  const extraCa = Boolean(settings.extraCaPem);
  const configMap = input.dockerfile
    ? {
        apiVersion: 'v1',
        kind: 'ConfigMap',
        metadata: { name, namespace, labels },
        data: { Dockerfile: input.dockerfile },
      }
    : null;
  const cpu = `${request.limits.cpuMilli}m`;
  const memory = `${request.limits.ramMb}Mi`;
  const maxSourceBytes = settings.maxSourceBytes ?? DEFAULT_MAX_SOURCE_BYTES;
  const extraCaMount = { name: 'extra-ca', mountPath: CA_DIR, readOnly: true as const };
  // A Compose service's folder of the checkout (checked in the API's own checkout first).
  const sub = request.composeService?.context;
  const contextDir = sub && sub !== '.' ? `${SOURCE_DIR}/${sub}` : SOURCE_DIR;
  const args = [
    // The checkout the init container made, within BUILD_MAX_SOURCE_MB.
    `--context=dir://${contextDir}`,
    `--dockerfile=${input.dockerfile ? `${DOCKERFILE_DIR}/Dockerfile` : request.composeService ? `${contextDir}/${request.composeService.dockerfile}` : 'Dockerfile'}`,
    `--destination=${imageRefFor(request, settings.registry.url)}`,
    '--digest-file=/dev/termination-log',
    '--snapshot-mode=redo',
    // Layers cached in the registry: the next build of the application reuses the unchanged ones.
    '--cache=true',
    `--cache-repo=${settings.registry.url}/${request.imageName}/cache`,
    '--cache-ttl=168h',
    '--push-retry=2',
    // The registry's certificate may come from the platform's extra authority.
    ...(extraCa ? [`--registry-certificate=${registryHost}=${CA_DIR}/${EXTRA_CA_KEY}`] : []),
    ...Object.entries(request.buildArgs).map(([k, v]) => `--build-arg=${k}=${v}`),
  ];
  const job = {
    apiVersion: 'batch/v1',
    kind: 'Job',
    metadata: { name, namespace, labels },
    spec: {
      backoffLimit: 0,
      activeDeadlineSeconds: request.limits.timeoutSeconds,
      ttlSecondsAfterFinished: 600,
      template: {
        metadata: { labels },
        spec: {
          restartPolicy: 'Never',
          automountServiceAccountToken: false,
          enableServiceLinks: false,
          securityContext: { seccompProfile: { type: 'RuntimeDefault' } },
          // Same resources as Kaniko: init containers run before it, the quota counts the larger.
          initContainers: [
            checkoutContainer(request, {
              image: settings.gitImage ?? GIT_CHECKOUT_IMAGE,
              secretName: name,
              maxSourceBytes,
              pinned: settings.pinnedSource ?? null,
              extraCa: extraCa ? { mount: extraCaMount, path: `${CA_DIR}/${EXTRA_CA_KEY}` } : null,
              resources: { requests: { cpu, memory }, limits: { cpu, memory } },
            }),
          ],
          containers: [
            {
              name: CONTAINER,
              image: settings.image,
              args,
              env: [
                { name: 'DOCKER_CONFIG', value: '/kaniko/.docker' },
                // Go reads every file of these directories: Kaniko's bundle and the extra CA
                // (Git over HTTPS, base images from a mirror signed by the same authority).
                ...(extraCa
                  ? [{ name: 'SSL_CERT_DIR', value: `${KANIKO_CERT_DIR}:${CA_DIR}` }]
                  : []),
              ],
              resources: { requests: { cpu, memory }, limits: { cpu, memory } },
              // On failure the last lines of the log become the termination message.
              terminationMessagePolicy: 'FallbackToLogsOnError',
              securityContext: KANIKO_SECURITY,
              volumeMounts: [
                { name: SOURCE_VOLUME, mountPath: SOURCE_DIR },
                { name: 'docker-config', mountPath: '/kaniko/.docker', readOnly: true },
                ...(input.dockerfile
                  ? [{ name: 'dockerfile', mountPath: DOCKERFILE_DIR, readOnly: true }]
                  : []),
                ...(extraCa ? [extraCaMount] : []),
              ],
            },
          ],
          volumes: [
            sourceVolume(maxSourceBytes),
            {
              name: 'docker-config',
              secret: { secretName: name, items: [{ key: 'config.json', path: 'config.json' }] },
            },
            ...(input.dockerfile ? [{ name: 'dockerfile', configMap: { name } }] : []),
            ...(extraCa
              ? [
                  {
                    name: 'extra-ca',
                    secret: {
                      secretName: name,
                      items: [{ key: EXTRA_CA_KEY, path: EXTRA_CA_KEY }],
                    },
                  },
                ]
              : []),
          ],
        },
      },
    },
  };
  return { name, secret, configMap, job };
}

/**
 * Kaniko unpacks base images and runs the Dockerfile's steps in its own container, as root: it
 * keeps the file-ownership and user-switching capabilities a package install needs (all within
 * the Pod Security "baseline" the tenant namespaces enforce), and nothing else: no privilege,
 * no escalation, no host namespace, no service account token.
 */
export const KANIKO_SECURITY = {
  privileged: false,
  allowPrivilegeEscalation: false,
  runAsUser: 0,
  capabilities: {
    drop: ['ALL'],
    add: ['CHOWN', 'DAC_OVERRIDE', 'FOWNER', 'FSETID', 'SETGID', 'SETUID', 'KILL'],
  },
};
