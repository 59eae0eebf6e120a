import { createHash } from 'node:crypto';
import type { ApplicationSpec, StackServiceSpec, StackSpec } from '../spec';
import {
  containerSecurity,
  helperImage,
  literal,
  podDefaults,
  podSecurity,
  probe,
  resources,
  PRE_STOP_SECONDS,
} from './containers';
import { componentLabels, dnsLabel, objectMeta, selectorLabels, type Component } from './meta';
import { renderDomainIngress, renderPlatformIngress, renderService } from './networking';
import {
  dockerConfigServer,
  registrySecretName,
  renderRegistryAuthsSecret,
  renderReleaseSecret,
  renderSecret,
  renderTlsSecret,
} from './secrets';
import { renderClaim } from './storage';
import type {
  Container,
  DeploymentObject,
  KubeObject,
  PodSpec,
  RenderOptions,
  ServiceObject,
  StatefulSetObject,
} from './types';
import { ROLLOUT_DEADLINE_SECONDS, WAIT_IMAGE } from './workloads';
import { securityReasons } from '@nuage/shared/messages/security-profiles';

/** Which Compose service a pod runs: with the component, what its Service selects. */
export const SERVICE_LABEL = 'nuagedeploy.io/service';

type StackApplication = ApplicationSpec & { stack: StackSpec };

/** The key of one variable of one service in the application's Secret (`env-<service>-<i>`). */
export const stackEnvKey = (service: string, index: number) => `env-${service}-${index}` as const;

const componentOf = (spec: StackApplication, s: StackServiceSpec): Component =>
  s.serviceName === spec.stack.exposed ? 'app' : 'service';

function selector(spec: StackApplication, s: StackServiceSpec): Record<string, string> {
  const component = componentOf(spec, s);
  // The exposed service keeps the application's own selector: its Service, Ingress, status
  // and logs find it as any application's pods.
  return component === 'app'
    ? selectorLabels(spec, 'app')
    : { ...selectorLabels(spec, 'service'), [SERVICE_LABEL]: dnsLabel(s.serviceName) };
}

/**
 * The services it `depends_on` resolve once ready: a headless Service lists only ready pods,
 * and a service's readiness is its healthcheck (or running, without one), so waiting for the
 * name honours both `service_started` and `service_healthy`. Names come in as a variable.
 */
function waitForDependencies(s: StackServiceSpec, options: RenderOptions): Container[] {
  if (s.dependsOn.length === 0) return [];
  return [
    {
      name: 'wait-for-services',
      image: helperImage(WAIT_IMAGE, options),
      command: [
        'sh',
        '-c',
        'for t in $SERVICES; do until nslookup "$t" >/dev/null 2>&1; do echo "attente de $t"; sleep 2; done; done',
      ],
      env: [{ name: 'SERVICES', value: s.dependsOn.map((d) => dnsLabel(d.serviceName)).join(' ') }],
      resources: resources(50, 32),
      securityContext: {
        ...containerSecurity({
          capabilities: [],
          runAsUser: 65534,
          runAsGroup: 65534,
          fsGroup: null,
          reason: securityReasons.busyboxWait,
        }),
        runAsNonRoot: true,
        runAsUser: 65534,
      },
    },
  ];
}

function healthProbe(s: StackServiceSpec): NonNullable<Container['readinessProbe']> | null {
  const h = s.healthcheck;
  if (!h) return null;
  const [kind, ...args] = h.test;
  return {
    exec: { command: kind === 'CMD-SHELL' ? ['/bin/sh', '-c', args.join(' ')] : args },
    initialDelaySeconds: h.startPeriodSeconds,
    periodSeconds: h.intervalSeconds,
    timeoutSeconds: h.timeoutSeconds,
    failureThreshold: h.retries,
  };
}

function serviceContainer(spec: StackApplication, s: StackServiceSpec): Container {
  const exposed = componentOf(spec, s) === 'app';
  const health = healthProbe(s);
  return {
    name: dnsLabel(s.serviceName),
    image: s.image,
    // The user's images are pulled at each start (a node's copy pulled for another namespace is
    // never run without this one's right to it); an operator's IMAGE_OVERRIDES copy is not, nor
    // an image the platform built (its tag is the build's, never reused).
    ...(s.operatorImage || s.platformBuilt ? {} : { imagePullPolicy: 'Always' }),
    // Compose's entrypoint/command are Kubernetes' command/args.
    ...(s.entrypoint ? { command: s.entrypoint.map(literal) } : {}),
    ...(s.command ? { args: s.command.map(literal) } : {}),
    ...(s.workingDir ? { workingDir: s.workingDir } : {}),
    ...(exposed ? { ports: [{ name: 'main', containerPort: spec.stack.port }] } : {}),
    // Values stay in the application's Secret: the file's environment holds passwords.
    env: s.env.map((v, i) => ({
      name: v.name,
      valueFrom: { secretKeyRef: { name: spec.secretName, key: stackEnvKey(s.serviceName, i) } },
    })),
    resources: resources(s.cpuMilli, s.ramMb),
    ...(exposed
      ? {
          readinessProbe: probe(spec.app.readiness),
          livenessProbe: probe(spec.app.liveness),
          lifecycle: { preStop: { sleep: { seconds: PRE_STOP_SECONDS } } },
        }
      : health
        ? { readinessProbe: health }
        : {}),
    volumeMounts: s.volumes.map((v, i) => ({
      name: `volume-${i}`,
      mountPath: v.mountPath,
      ...(v.readOnly ? { readOnly: true } : {}),
    })),
    securityContext: {
      ...containerSecurity(s.security),
      ...(s.user && /^\d+$/.test(s.user) ? { runAsUser: Number(s.user) } : {}),
    },
  };
}

/**
 * The credentials a service's image is pulled with, as a dockerconfigjson entry: none for an
 * operator's override copy; the platform registry's (REGISTRY_URL) for an image the platform
 * built from the repository; the project's for its registry otherwise.
 */
function pullCredentials(
  s: StackServiceSpec,
  options: RenderOptions,
): { server: string; username: string; password: string } | null {
  if (s.operatorImage) return null;
  if (s.platformBuilt) return options.registryPull ?? null;
  const c = s.pullCredentials;
  return c
    ? { server: dockerConfigServer(c.registry), username: c.username, password: c.password }
    : null;
}

function podSpec(spec: StackApplication, s: StackServiceSpec, options: RenderOptions): PodSpec {
  return {
    ...podDefaults,
    // The project's credentials for this image's registry, as an image application's pods.
    ...(pullCredentials(s, options)
      ? { imagePullSecrets: [{ name: registrySecretName(spec) }] }
      : {}),
    securityContext: podSecurity(s.security),
    initContainers: waitForDependencies(s, options),
    containers: [serviceContainer(spec, s)],
    volumes: s.volumes.map((v, i) => ({
      name: `volume-${i}`,
      persistentVolumeClaim: { claimName: dnsLabel(v.claimName) },
    })),
  };
}

/** Changed values of a service's environment roll its pods (the Secret alone would not). */
function envRevision(s: StackServiceSpec): string {
  return createHash('sha256').update(JSON.stringify(s.env)).digest('hex').slice(0, 10);
}

function workload(
  spec: StackApplication,
  s: StackServiceSpec,
  options: RenderOptions,
): DeploymentObject | StatefulSetObject {
  const component = componentOf(spec, s);
  const name = component === 'app' ? spec.app.name : s.name;
  const template = {
    metadata: {
      labels: { ...componentLabels(spec, component), ...selector(spec, s) },
      annotations: { 'nuagedeploy.io/env-revision': envRevision(s) },
    },
    spec: podSpec(spec, s, options),
  };
  // A service with volumes keeps one pod on its claims: a StatefulSet, never two at once.
  if (s.volumes.length > 0 && component !== 'app') {
    return {
      apiVersion: 'apps/v1',
      kind: 'StatefulSet',
      metadata: objectMeta(spec, name, component),
      spec: {
        replicas: 1,
        serviceName: dnsLabel(s.serviceName),
        selector: { matchLabels: selector(spec, s) },
        template: { ...template, spec: { ...template.spec, terminationGracePeriodSeconds: 60 } },
      },
    };
  }
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: objectMeta(spec, name, component),
    spec: {
      replicas: 1,
      selector: { matchLabels: selector(spec, s) },
      strategy:
        s.volumes.length > 0
          ? { type: 'Recreate' }
          : { type: 'RollingUpdate', rollingUpdate: { maxSurge: 1, maxUnavailable: 0 } },
      progressDeadlineSeconds: options.rolloutDeadlineSeconds ?? ROLLOUT_DEADLINE_SECONDS,
      template,
    },
  };
}

/** The Compose name other services resolve: headless (ready pods only), any port. */
function serviceName(spec: StackApplication, s: StackServiceSpec): ServiceObject {
  const exposed = componentOf(spec, s) === 'app';
  return {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: objectMeta(spec, s.serviceName, exposed ? 'app' : 'service'),
    spec: exposed
      ? {
          type: 'ClusterIP',
          selector: selector(spec, s),
          ports: [{ name: 'http', port: spec.stack.port, targetPort: 'main', protocol: 'TCP' }],
        }
      : { clusterIP: 'None', selector: selector(spec, s) },
  };
}

/**
 * A Compose application on Kubernetes (issue 30 item 2): per service a Deployment (a
 * StatefulSet when it has volumes) and a Service of its Compose name in the namespace, its
 * named volumes as claims, its environment in the application's Secret; the exposed service is
 * the application's `app` component, served by its Service and Ingresses as any application.
 */
export function renderStack(spec: StackApplication, options: RenderOptions): KubeObject[] {
  const objects: KubeObject[] = [renderSecret(spec), renderReleaseSecret(spec)];
  const claims = new Map(
    spec.stack.services.flatMap((s) => s.volumes.map((v) => [v.claimName, v] as const)),
  );
  for (const v of claims.values()) {
    objects.push(renderClaim(spec, v, 'service', 'ReadWriteOnce', options));
  }
  // One entry per registry the services pull from with the project's credentials.
  const registries = new Map<string, { server: string; username: string; password: string }>();
  for (const s of spec.stack.services) {
    const c = pullCredentials(s, options);
    if (c) registries.set(c.server, c);
  }
  if (registries.size > 0) {
    objects.push(renderRegistryAuthsSecret(spec, [...registries.values()]));
  }
  for (const s of spec.stack.services) {
    objects.push(workload(spec, s, options));
    // Every Compose name, the exposed one's too (unless it is the application's Service's own).
    if (s.serviceName !== spec.service.name) {
      objects.push(serviceName(spec, s));
    }
  }
  objects.push(renderService(spec));
  if (options.appsDomain) objects.push(renderPlatformIngress(spec, options));
  if (spec.ingress) {
    if (spec.ingress.tls) objects.push(renderTlsSecret(spec, spec.ingress.tls));
    objects.push(renderDomainIngress(spec, spec.ingress, options));
  }
  return objects;
}
