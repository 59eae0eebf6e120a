import {
  RuntimeRejectedError,
  RuntimeUnavailableError,
  type ApplicationMetrics,
  type ApplicationObservation,
  type ImagePreparation,
  type RuntimeDriver,
  type ShellRequest,
  type ShellSession,
  type TaskRunOutcome,
  type TaskRunRequest,
  type TrafficReading,
  type VolumeUsage,
} from '../../driver';
import {
  LABELS,
  MANAGED_BY,
  type ApplicationRef,
  type ApplicationSpec,
  type EnvironmentSpec,
} from '../../spec';
import type { BackupManifest, TestRestoreResult } from '../../backup-parts';
import { backupOnDocker, restoreOnDocker, testRestoreOnDocker } from './backup';
import { DOCKER_LABELS } from './labels';
import { parseTemplate } from './container-spec';
import { applyDatabaseSpec } from './database-publish';
import { applySpec, rolloutHooks, scaleReplicas, type DriverContext } from './converge';
import { restartReplicas } from './restart-replicas';
import { EngineApi } from './engine-api';
import { EngineClient, EngineError } from './engine-client';
import { EdgeProxy } from './edge/edge-proxy';
import { EdgeRouter } from './edge/edge-router';
import { ReplicaEventRoutes } from './edge/replica-events';
import { NetworkGuard } from './guard/network-guard';
import { DEFAULT_CHAIN_PREFIX } from './guard/isolation-rules';
import { labelRouteSource } from './edge/routes';
import { applicationContainers, ensureNetwork } from './objects';
import { observe, replicaHealth } from './observe';
import { dockerSocketPath } from './socket-path';
import { collectLogs, collectMetrics } from './usage';
import { removeTaskContainers, runTaskOnDocker } from './task-run';
import { openShellOnDocker } from './shell';
import { HostVolumeUsage } from './volume-usage';
import { KeyedFifoGate } from '../../../lib/fifo-gate';
import type { DockerDriverOptions } from './driver-options';

export type { DockerDriverOptions } from './driver-options';

/**
 * The docker runtime: one application = containers on one host, through the Docker Engine
 * API (Docker, or Podman's compatible service).
 *
 *   network   <namespace>                 one user-defined bridge per environment
 *   volumes   <claimName>                 one per claim (app data, database data)
 *             <name>-endpoint             the record of the stable public port (endpoints.ts)
 *   containers <name>-db                  the database, network alias = its service name
 *             <name>-<i>, i < replicas    the application, alias = the service name
 *             <name>-setup                the one-off setup task, kept once finished
 *
 *   <edge>                               the edge proxy (edge/): Caddy on ports 80/443,
 *                                        joined to every environment network
 *   <guard>                              the network guard (guard/): iptables rules that keep
 *                                        environment networks from reaching each other, the
 *                                        host and private networks (EGRESS_ALLOW_CIDRS aside)
 *
 * Every object carries the application's labels (deployment, environment, project), so
 * status, remove and a retry after a crash find them by label; names are deterministic so
 * nothing is ever created twice. Users reach replicas through the edge proxy, over the
 * environment's network; each replica also publishes its port on 127.0.0.1 (ephemeral) for
 * the readiness probes this process runs.
 */

export class DockerDriver implements RuntimeDriver {
  readonly name = 'docker' as const;
  readonly api: EngineApi;
  readonly edge: EdgeRouter;
  readonly guard: NetworkGuard | null;
  private readonly ctx: DriverContext;
  private readonly queues = new KeyedFifoGate();
  private readonly replicaEvents: ReplicaEventRoutes;
  private readonly volumes: HostVolumeUsage;

  constructor(opts: DockerDriverOptions) {
    const socketPath = opts.socketPath ?? dockerSocketPath() ?? '/var/run/docker.sock';
    this.api = new EngineApi(
      opts.client ?? new EngineClient(socketPath, opts.requestTimeoutMs ?? 30_000),
    );
    this.volumes = new HostVolumeUsage(this.api, opts.volumeUsageEveryMs ?? 300_000);
    const proxy = new EdgeProxy(this.api, opts.edge);
    const routes = opts.routes ?? labelRouteSource(this.api, opts.edge.httpPort);
    this.edge = new EdgeRouter(this.api, proxy, routes, opts.challenges);
    this.guard = opts.guard ? new NetworkGuard(this.api, opts.guard, opts.log) : null;
    // The guard lets the proxy's own addresses through (never a tenant's): they follow it.
    const guard = this.guard;
    if (guard) proxy.onAddressesChanged = () => void guard.sync();
    this.ctx = {
      api: this.api,
      pullTimeoutMs: opts.pullTimeoutMs ?? 15 * 60_000,
      hashKey: opts.hashKey,
      ...(opts.log?.warn ? { log: { warn: opts.log.warn.bind(opts.log) } } : {}),
      readyWaitMs: opts.readyWaitMs ?? 180_000,
      publish: async (ref, retiring) =>
        this.edge.publish(ref, await replicaHealth(this.api, ref), retiring),
      drain: (retiring) => this.edge.drain(retiring),
      setup: { waitMs: 300_000, runMs: 300_000, attempts: 3, retryDelayMs: 5_000, ...opts.setup },
    };
    this.replicaEvents = new ReplicaEventRoutes(
      socketPath,
      this.edge,
      (ref) => this.serial(ref.deploymentId, () => this.ctx.publish(ref)),
      opts.log,
    );
  }

  /** The engine has no quota object: quotas are enforced by the API when a deployment is accepted. */
  ensureEnvironment(env: EnvironmentSpec): Promise<void> {
    return boundary(async () => {
      await ensureNetwork(this.api, env.namespace, {
        ...env.labels,
        [LABELS.managedBy]: MANAGED_BY,
        [LABELS.environmentId]: env.environmentId,
        [LABELS.projectId]: env.projectId,
        [DOCKER_LABELS.namespace]: env.namespace,
        [DOCKER_LABELS.guardChains]: this.guard?.chainPrefix ?? DEFAULT_CHAIN_PREFIX,
      });
      try {
        // The edge proxy reaches the environment's replicas on its network.
        await this.edge.proxy.ensure();
        await this.edge.proxy.connect(env.namespace);
      } finally {
        // The environment is guarded before this returns (no container of it runs before),
        // the proxy's new address there let through; even when the proxy could not join.
        await this.guard?.sync();
      }
    });
  }

  apply(spec: ApplicationSpec): Promise<{ preparations: ImagePreparation[] }> {
    if (spec.template !== 'database')
      return this.serial(spec.deploymentId, () => applySpec(this.ctx, spec));
    // Its public endpoint guarded before it is published (database-publish.ts).
    return this.serial(spec.deploymentId, () => applyDatabaseSpec(this.ctx, this.guard, spec));
  }

  status(ref: ApplicationRef): Promise<ApplicationObservation> {
    return boundary(() => observe(this.api, this.edge, ref));
  }

  scale(ref: ApplicationRef, replicas: number): Promise<void> {
    return this.serial(ref.deploymentId, () => scaleReplicas(this.ctx, ref, replicas));
  }

  /**
   * Replaces the application's replicas one by one, each by a copy that is ready before the
   * old one stops (restart-replicas.ts); the database, volumes and setup task are kept.
   */
  restart(ref: ApplicationRef): Promise<void> {
    return this.serial(ref.deploymentId, async () => {
      const all = (await this.containers(ref)).values();
      await restartReplicas(this.api, ref.name, all, rolloutHooks(this.ctx, ref));
      await this.ctx.publish(ref);
    });
  }

  logs(ref: ApplicationRef, opts: { tailLines: number }): Promise<string> {
    return boundary(async () =>
      collectLogs(this.api, [...(await this.containers(ref)).values()], opts.tailLines),
    );
  }

  /** Requests from the edge proxy's access log, by host (edge/access-log.ts). */
  readTraffic(input: { cursor: string | null }): Promise<TrafficReading> {
    return boundary(async () => {
      const hosts = await this.edge.hostTable();
      const read = this.edge.proxy.readTraffic(input.cursor, hosts);
      return { ...read, source: 'edge' as const, notice: null };
    });
  }

  metrics(ref: ApplicationRef): Promise<ApplicationMetrics | null> {
    return boundary(async () =>
      collectMetrics(this.api, [...(await this.containers(ref)).values()], ref.stackServices),
    );
  }

  /** The volumes' sizes from the host's last `/system/df` (volume-usage.ts). */
  volumeUsage(ref: ApplicationRef): Promise<VolumeUsage | null> {
    return boundary(() => this.volumes.of(ref.deploymentId));
  }

  /** Containers (replicas, database, setup task) and volumes, out of the proxy first; the network stays. */
  remove(ref: ApplicationRef): Promise<void> {
    return this.serial(ref.deploymentId, async () => {
      await this.ctx.publish(ref, new Set([...(await this.containers(ref)).keys()]));
      const all = [...(await this.containers(ref)).values()];
      const published = all.some((c) => parseTemplate(c.Config.Labels ?? null)?.publish);
      for (const c of all) await this.api.removeContainer(c.Id);
      const volumes = await this.api.listVolumes({
        label: [`${LABELS.deploymentId}=${ref.deploymentId}`],
      });
      for (const v of volumes) await this.api.removeVolume(v.Name);
      await this.edge.forget(ref.deploymentId);
      // A database's public endpoint's rules go with its container.
      if (published) await this.guard?.sync();
    });
  }

  /** The network, and anything still labelled with the environment (applications not removed). */
  removeEnvironment(env: EnvironmentSpec): Promise<void> {
    return boundary(async () => {
      const label = { label: [`${LABELS.environmentId}=${env.environmentId}`] };
      for (const c of await this.api.listContainers(label)) {
        const deploymentId = c.Labels?.[LABELS.deploymentId];
        await this.api.removeContainer(c.Id);
        if (deploymentId) await this.edge.forget(deploymentId);
      }
      for (const v of await this.api.listVolumes(label)) await this.api.removeVolume(v.Name);
      await this.edge.proxy.disconnect(env.namespace);
      await this.api.removeNetwork(env.namespace);
      await this.guard?.sync();
    });
  }

  /**
   * At start: the guard runs with every platform network's subnet (those made before too), and
   * the engine's container events keep the proxy's routes current (edge/replica-events.ts).
   */
  async start(): Promise<void> {
    await this.guard?.sync();
    this.replicaEvents.start();
  }

  async ping(): Promise<void> {
    await this.api.client.request('GET', '/_ping');
  }

  /** What operators must know about this runtime (GET /platform): a guard that does not run. */
  problems(): string[] {
    return this.guard?.problem ? [this.guard.problem] : [];
  }

  /** Runs beside the application's other changes, after any apply or restart in progress. */
  /** Beside the application, not in its queue: a long task never holds up a deploy (task-run.ts). */
  runTask(spec: ApplicationSpec, request: TaskRunRequest): Promise<TaskRunOutcome> {
    return runTaskOnDocker(this.api, this.ctx.hashKey, spec, request);
  }

  openShell(ref: ApplicationRef, request: ShellRequest): Promise<ShellSession> {
    return boundary(() => openShellOnDocker(this.api, ref, request));
  }

  removeTaskRuns(runIds: string[]): Promise<void> {
    return removeTaskContainers(this.api, runIds);
  }

  backup(spec: ApplicationSpec, dir: string): Promise<BackupManifest> {
    return this.serial(spec.deploymentId, () => backupOnDocker(this.api, spec, dir));
  }

  restore(spec: ApplicationSpec, dir: string): Promise<void> {
    return this.serial(spec.deploymentId, async () => {
      await restoreOnDocker(this.api, spec, dir);
      // Restarted replicas may have new addresses on the network: the proxy learns them.
      await this.ctx.publish({
        deploymentId: spec.deploymentId,
        name: spec.name,
        namespace: spec.namespace,
      });
      if (spec.setup) {
        // The restored data carries the backed-up application's site URL and administrator
        // password (another application's, or older ones): its setup task runs again so they
        // are this application's (WordPress's home/siteurl, the password shown on its page).
        const done = await this.api.inspectContainer(spec.setup.name);
        if (done) await this.api.removeContainer(done.Id);
        await applySpec(this.ctx, spec);
      }
    });
  }

  /** Touches nothing of the application: a container of its own, removed afterwards. */
  testRestore(spec: ApplicationSpec, dir: string): Promise<TestRestoreResult> {
    return boundary(() => testRestoreOnDocker(this.api, spec, dir));
  }

  /**
   * The platform's pending HTTP-01 answers changed (an order presents or cleans up a
   * challenge): the proxy, which owns port 80, loads them now. Built from the database, so
   * whichever process reloads serves every process's pending answers.
   */
  challengesChanged(): Promise<void> {
    return boundary(() => this.edge.sync());
  }

  /** The edge proxy keeps running: it serves while this process restarts or is upgraded. */
  async close(): Promise<void> {
    this.replicaEvents.stop();
  }

  private containers(ref: ApplicationRef) {
    return applicationContainers(this.api, ref.deploymentId, ref.name);
  }

  /** One change at a time per application in this process (apply, scale, restart, remove). */
  private serial<T>(deploymentId: string, fn: () => Promise<T>): Promise<T> {
    return this.queues.run(deploymentId, () => boundary(fn));
  }
}

/** The engine refused (4xx): the application fails with that reason instead of retrying. */
async function boundary<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof RuntimeRejectedError || err instanceof RuntimeUnavailableError) throw err;
    if (err instanceof EngineError) throw new RuntimeRejectedError(err.message, { cause: err });
    throw err;
  }
}
