import { readFileSync } from 'node:fs';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { ServerSecrets } from '../secrets';
import { createEngine, type EngineRuntime } from '../engine/create-engine';
import { CRASH_LOOP_DEFAULTS } from '../engine/reconcile/crash-loop';
import type { RuntimeDriver, RuntimeName } from '../engine/driver';
import { dockerEngineAnswers, dockerSocketPath } from '../engine/drivers/docker/socket-path';
import { withImageOverrides } from '../engine/drivers/image-overrides';
import { findKubeConnection } from '../engine/drivers/kubernetes/kube-detect';
import { SimulationDriver } from '../engine/drivers/simulation/driver';
import { certificateLookup } from '../engine/routing/certificate-lookup';
import {
  applicationUrlFor,
  edgeChallengeSource,
  edgeRouteSource,
} from '../engine/routing/edge-routes';
import { kubernetesApplicationUrl } from '../engine/manifests/networking';
import { hostnamePolicy } from '../engine/routing/reserved-hosts';
import type { ApplicationUrl } from '../engine/specs/spec-for-deployment';

interface EngineDeps {
  config: Config;
  db: Database;
  secrets: ServerSecrets;
  log: FastifyBaseLogger;
}

/** A chosen runtime, and why (logged at start). */
export interface RuntimeChoice {
  runtime: RuntimeName;
  /** What it runs on: the Docker/Podman socket, the Kubernetes context (pinned, runtime-pin.ts). */
  target: string;
  reason: string;
  driver(deps: EngineDeps): RuntimeDriver;
}

const simulation = (reason: string): RuntimeChoice => ({
  runtime: 'simulation',
  target: 'simulation',
  reason,
  driver: (d) => new SimulationDriver(d.db, d.config.publicUrl),
});

/**
 * RUNTIME (ARCHITECTURE.md): kubernetes, docker, simulation, or auto = kubernetes when a
 * kubeconfig or in-cluster account is found, else docker when a Docker/Podman socket answers,
 * else simulation.
 */
export async function chooseRuntime(
  config: Config,
  env: NodeJS.ProcessEnv = process.env,
  /** The pinned socket, used when RUNTIME=auto keeps a pinned docker runtime and DOCKER_HOST is unset. */
  pinnedSocket?: string,
): Promise<RuntimeChoice> {
  const kube = findKubeConnection(env);
  const socket = (env.DOCKER_HOST?.trim() ? null : pinnedSocket) ?? dockerSocketPath(env);

  // Each driver's module (and the client library behind it) is loaded only when chosen.
  const kubernetes = async (reason: string): Promise<RuntimeChoice> => {
    const { KubernetesDriver } = await import('../engine/drivers/kubernetes/kubernetes-driver');
    return {
      runtime: 'kubernetes',
      target: kubeTarget(kube),
      reason,
      driver: (d) =>
        new KubernetesDriver({
          connection: kube ?? { kind: 'in-cluster' },
          // IMAGE_OVERRIDES reach the platform's helper images (backup Jobs' curl, busybox).
          render: { ...d.config.kubernetes, imageOverrides: d.config.imageOverrides },
          resyncMs: d.config.kubernetesResyncMs,
          ingressMetricsUrl: d.config.traffic.ingressMetricsUrl,
          volumeStatsEveryMs: d.config.metricsHistory.diskEveryMs,
        }),
    };
  };
  const docker = async (reason: string): Promise<RuntimeChoice> => {
    const { DockerDriver } = await import('../engine/drivers/docker/docker-driver');
    return {
      runtime: 'docker',
      target: `unix://${socket ?? '/var/run/docker.sock'}`,
      reason,
      driver: (d) =>
        new DockerDriver({
          hashKey: d.secrets.hashKey,
          ...(socket ? { socketPath: socket } : {}),
          edge: {
            ...d.config.edge,
            ...(d.config.certificates.acmeDirectoryUrl
              ? { acmeDirectoryUrl: d.config.certificates.acmeDirectoryUrl }
              : {}),
            ...(d.config.certificates.extraTrustedCaFile
              ? { extraCaFile: d.config.certificates.extraTrustedCaFile }
              : {}),
          },
          guard: d.config.networkGuard,
          log: d.log,
          routes: edgeRouteSource(d.db, certificateLookup(d.db, d.secrets.secretsKey), d.config),
          challenges: edgeChallengeSource(d.db),
          volumeUsageEveryMs: d.config.metricsHistory.diskEveryMs,
        }),
    };
  };

  switch (config.runtime) {
    case 'kubernetes':
      return kubernetes(
        kube ? `RUNTIME=kubernetes (${kube.kind})` : 'RUNTIME=kubernetes (in-cluster account)',
      );
    case 'docker':
      return docker(`RUNTIME=docker (${socket ?? '/var/run/docker.sock'})`);
    case 'simulation':
      return simulation('RUNTIME=simulation');
    case 'auto':
      if (kube)
        return kubernetes(
          `auto: Kubernetes configuration found (${kube.kind === 'file' ? kube.path : kube.kind})`,
        );
      if (socket && (await dockerEngineAnswers(socket)))
        return docker(`auto: a Docker/Podman engine answers on ${socket}`);
      return simulation('auto: no Kubernetes configuration and no Docker/Podman engine answering');
  }
}

/** A cluster is known by its kubeconfig's current context (the file may move), or in-cluster. */
function kubeTarget(kube: ReturnType<typeof findKubeConnection>): string {
  if (!kube || kube.kind === 'in-cluster') return 'in-cluster';
  if (kube.kind === 'server') return `server ${kube.server}`;
  if (kube.context) return `context ${kube.context}`;
  let context = '';
  try {
    context =
      /^current-context:\s*["']?([^"'\s]+)/m.exec(readFileSync(kube.path, 'utf8'))?.[1] ?? '';
  } catch {
    // unreadable here: the driver reports it at first call
  }
  return context ? `context ${context}` : `kubeconfig ${kube.path}`;
}

export function engineFor(choice: RuntimeChoice, deps: EngineDeps): EngineRuntime {
  return createEngine({
    db: deps.db,
    driver: withImageOverrides(choice.driver(deps), deps.config.imageOverrides),
    secretsKey: deps.secrets.secretsKey,
    dataDir: deps.config.dataDir,
    log: deps.log,
    renderOptions: deps.config.kubernetes,
    // Applications' TLS Secrets (Ingress TLS on Kubernetes) get their PEMs from the certificates table.
    certificates: certificateLookup(deps.db, deps.secrets.secretsKey),
    // Never serve, as a custom domain, a name the platform allocates itself.
    hostnames: hostnamePolicy(deps.config),
    ...(deps.config.databasePublic ? { databasePublic: deps.config.databasePublic } : {}),
    ...(deps.config.engineLeaseMs ? { leaseMs: deps.config.engineLeaseMs } : {}),
    crashLoop: {
      ...CRASH_LOOP_DEFAULTS,
      windowMs: deps.config.notificationTiming.crashLoopWindowMs,
      recoveredAfterMs: deps.config.notificationTiming.crashLoopRecoveredMs,
    },
    observeRunningMs: deps.config.notificationTiming.observeRunningMs,
    // The URL the runtime serves each application at (docker: the edge proxy; Kubernetes: its
    // Ingresses); WordPress is installed with exactly it, never http://localhost.
    ...(choice.runtime === 'docker'
      ? {
          applicationUrl: (row: { hostLabel: string; domain: string | null }) =>
            applicationUrlFor(row, deps.config.appsDomain, deps.config.edge),
        }
      : choice.runtime === 'kubernetes'
        ? {
            applicationUrl: (row: Parameters<ApplicationUrl>[0]) =>
              kubernetesApplicationUrl(row, deps.config.kubernetes),
          }
        : {}),
  });
}

/** The simulation engine (tests and a bare `npm start`). */
export function simulationEngine(deps: EngineDeps): EngineRuntime {
  return engineFor(simulation('default'), deps);
}
