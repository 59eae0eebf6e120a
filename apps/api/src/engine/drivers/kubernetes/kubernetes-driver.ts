import type { BackupManifest, TestRestoreResult } from '../../backup-parts';
import { KubeConfig } from '@kubernetes/client-node';
import type { IDeployment } from 'kubernetes-models/apps/v1/Deployment';
import type { IStatefulSet } from 'kubernetes-models/apps/v1/StatefulSet';
import type { IJob } from 'kubernetes-models/batch/v1/Job';
import type { IIngress } from 'kubernetes-models/networking.k8s.io/v1/Ingress';
import type { IPod } from 'kubernetes-models/v1/Pod';
import {
  type ApplicationMetrics,
  type ApplicationObservation,
  type ImagePreparation,
  type ProjectQuotaSpec,
  RuntimeRejectedError,
  type RuntimeDriver,
  type ScheduledTaskRun,
  type ShellRequest,
  type ShellSession,
  type TaskRunOutcome,
  type TaskRunRequest,
  type TaskSchedule,
  type TrafficReading,
  type AutoscalerStatus,
  type VolumeUsage,
} from '../../driver';
import { readIngressTraffic } from './ingress-traffic';
import { runTaskJob } from './task-jobs';
import { followScheduledTaskRun, scheduledTaskRuns, syncTaskSchedules } from './task-schedules';
import { openShellOnKubernetes } from './shell';
import { renderApplication } from '../../manifests/application';
import type { RenderOptions } from '../../manifests/types';
import {
  LABELS,
  MANAGED_BY,
  type ApplicationRef,
  type ApplicationSpec,
  type EnvironmentSpec,
} from '../../spec';
import { objectKey, removeApplication } from './application-objects';
import { ClusterBackups } from './backup-jobs';
import { DriftRepair, REPAIRED_KINDS } from './drift-repair';
import { applyEnvironment, namespaceGone, removeNamespace } from './environment-objects';
import { CertManagerApi } from './cert-manager';
import { applicationSelector, checkedNamespace, rendered } from './guards';
import { KubeClient } from './kube-client';
import { type KubeConnection, loadKubeConfig } from './kubeconfig';
import { ObjectWriter } from './object-writer';
import { observe } from './observe';
import { podLogs, podMetrics } from './pod-reads';
import { autoscalerStatus } from './autoscaler-status';
import { KubeletVolumeStats } from './volume-stats';
import { distributeQuota } from './quota-distribution';
import { applyRelease } from './release-apply';
import type { RolloutWatchOptions } from './rollout-gate';
import { restartStrategy } from './rollout-room';
import { type Obj, WatchCache, isWatchedKind } from './watch-cache';
import { runtimeErrorTexts } from '@nuage/shared/messages/runtime';

export interface KubernetesDriverOptions {
  connection: KubeConnection | KubeConfig;
  /** Cluster-specific rendering (storage and ingress classes, APPS_DOMAIN and its TLS…). */
  render?: RenderOptions;
  /** Per API call; past it the cluster is unavailable. */
  timeoutMs?: number;
  /** Client-side rate limit of every request (default 50/s, burst 100). */
  rate?: { qps?: number; burst?: number };
  /** Drift repair: every object applied is applied again this often (default 1 h; 0 = never). */
  resyncMs?: number;
  /** Pause before a failed watch is retried. */
  watchRetryMs?: number;
  /** Backup and restore Jobs: how often their state is read from the watch cache, how long to wait. */
  backupJobs?: { pollMs?: number; waitMs?: number };
  /** Health gate: how the rollout of a changed pod template is watched (rollout-gate.ts). */
  rollout?: RolloutWatchOptions;
  /** ingress-nginx's Prometheus endpoint (INGRESS_METRICS_URL): the traffic metrics read it. */
  ingressMetricsUrl?: string;
  /** How long a kubelet's volume stats are kept before they are read again (300 s). */
  volumeStatsEveryMs?: number;
}

const HOUR_MS = 3_600_000;

/**
 * RuntimeDriver on a Kubernetes cluster: one namespace per environment, the objects of
 * manifests/ applied with server-side apply (strict field validation, the platform's field
 * manager), what is no longer rendered pruned, status read from watches.
 */
export const KUBERNETES_BACKUPS_NEED_S3 = runtimeErrorTexts.kubernetesBackupsNeedS3;

export class KubernetesDriver implements RuntimeDriver {
  readonly name = 'kubernetes' as const;
  private readonly client: KubeClient;
  private readonly render: RenderOptions;
  private readonly cache: WatchCache;
  private readonly drift: DriftRepair;
  private resyncTimer: NodeJS.Timeout | undefined;
  private readonly backups: ClusterBackups;
  private readonly writer: ObjectWriter;
  private readonly rollout: RolloutWatchOptions;
  private readonly ingressMetricsUrl: string | undefined;
  private volumeStats: KubeletVolumeStats | undefined;
  private readonly volumeStatsEveryMs: number;

  constructor(options: KubernetesDriverOptions) {
    const config =
      options.connection instanceof KubeConfig
        ? options.connection
        : loadKubeConfig(options.connection);
    this.render = options.render ?? {};
    this.ingressMetricsUrl = options.ingressMetricsUrl;
    this.volumeStatsEveryMs = options.volumeStatsEveryMs ?? 300_000;
    if (!this.render.appsDomain) {
      // Without it an application has no Ingress: no address, ever (application_url unset).
      throw new Error(runtimeErrorTexts.appsDomainRequired);
    }
    this.client = new KubeClient(config, options.timeoutMs, options.rate);
    this.cache = new WatchCache(this.client, options.watchRetryMs);
    this.writer = new ObjectWriter(this.client, this.cache);
    this.rollout = options.rollout ?? {};
    this.drift = new DriftRepair({
      environment: (env) => this.ensureEnvironment(env),
      application: (spec) => applyRelease(this.releaseDeps, spec, { repair: true }),
    });
    this.cache.onEvent((namespace, event) => this.drift.seen(namespace, event));
    this.backups = new ClusterBackups(
      {
        client: this.client,
        cache: this.cache,
        render: this.render,
        writer: this.writer,
        scale: (spec, replicas) => this.scale(spec, replicas),
        holdingDrift: (deploymentId, fn) => this.drift.holding(deploymentId, fn),
        reapply: async (spec) => void (await this.apply(spec)),
      },
      options.backupJobs,
    );
    const resyncMs = options.resyncMs ?? HOUR_MS;
    if (resyncMs > 0) {
      this.resyncTimer = setInterval(() => void this.resync().catch(() => undefined), resyncMs);
      this.resyncTimer.unref();
    }
  }

  /**
   * Backups run in the cluster and go straight to the project's S3 storage (backupToStorage,
   * backup-jobs.ts): the platform never reads a pod's filesystem, so the ways that need the
   * parts on the platform's disk are refused, in French, never a silent success.
   */
  backup(): Promise<BackupManifest> {
    return Promise.reject(new RuntimeRejectedError(KUBERNETES_BACKUPS_NEED_S3));
  }

  restore(): Promise<void> {
    return Promise.reject(new RuntimeRejectedError(KUBERNETES_BACKUPS_NEED_S3));
  }

  testRestore(): Promise<TestRestoreResult> {
    return Promise.reject(new RuntimeRejectedError(KUBERNETES_BACKUPS_NEED_S3));
  }

  testRestoreFromStorage(
    spec: ApplicationSpec,
    transfer: { downloadUrl: string; sha256: string },
  ): Promise<TestRestoreResult> {
    return this.backups.testRestore(spec, transfer);
  }

  backupToStorage(
    spec: ApplicationSpec,
    transfer: { uploadUrl: string; manifest: BackupManifest },
  ): Promise<{ sha256: string; sizeBytes: number }> {
    return this.backups.backup(spec, transfer);
  }

  restoreFromStorage(
    spec: ApplicationSpec,
    transfer: { downloadUrl: string; sha256: string },
  ): Promise<void> {
    return this.backups.restore(spec, transfer);
  }

  /** A Job of the application's pod template in its namespace (task-jobs.ts). */
  runTask(spec: ApplicationSpec, request: TaskRunRequest): Promise<TaskRunOutcome> {
    return runTaskJob(this.taskDeps, spec, request);
  }

  /** Scheduled tasks are CronJobs in the namespace (task-schedules.ts); the platform records their Jobs. */
  syncTaskSchedules(spec: ApplicationSpec, tasks: TaskSchedule[]): Promise<void> {
    return syncTaskSchedules(this.taskDeps, spec, tasks);
  }

  scheduledTaskRuns(ref: ApplicationRef): Promise<ScheduledTaskRun[]> {
    return scheduledTaskRuns(this.taskDeps, ref);
  }

  followScheduledTaskRun(
    ref: ApplicationRef,
    run: ScheduledTaskRun,
    request: Omit<TaskRunRequest, 'command' | 'timeoutSeconds'>,
  ): Promise<TaskRunOutcome> {
    return followScheduledTaskRun(this.taskDeps, ref, run, request);
  }

  private get taskDeps() {
    return { client: this.client, cache: this.cache, render: this.render, writer: this.writer };
  }

  async ensureEnvironment(env: EnvironmentSpec): Promise<void> {
    await applyEnvironment(this.writer, env, this.render);
    this.drift.rememberEnvironment(env);
  }

  /** Each namespace's ResourceQuota to its share of the project quota (quota-distribution.ts). */
  distributeQuota(project: ProjectQuotaSpec): Promise<void> {
    return distributeQuota(this.client, this.writer, project, this.render.databasePublicService);
  }

  /**
   * Preparations are empty: the kubelet pulls images on the node that runs each pod, after this
   * returns; a pull failure shows in status() as ImagePullBackOff (phase failed, with a reason).
   * Health-gated (release-apply.ts, rollout-gate.ts): when pods serve and the pod template
   * changes, this returns only once the rollout is complete; a failed one is rolled back to the
   * serving template and throws ReleaseNotReadyError, so the release never becomes current.
   */
  async apply(spec: ApplicationSpec): Promise<{ preparations: ImagePreparation[] }> {
    await applyRelease(this.releaseDeps, spec);
    return { preparations: [] };
  }

  private get releaseDeps() {
    return {
      client: this.client,
      cache: this.cache,
      writer: this.writer,
      drift: this.drift,
      render: this.render,
      rollout: this.rollout,
    };
  }

  /**
   * The spec of an application this process did not apply (it was applied before a restart),
   * remembered for drift repair; the serving objects it renders that are already gone (deleted
   * while the platform was stopped) are answered, for the reconciler to apply it again. No
   * request: the watch cache answers.
   */
  async adoptForDriftRepair(
    deploymentId: string,
    spec: () => Promise<ApplicationSpec>,
  ): Promise<string[]> {
    if (this.drift.remembers(deploymentId)) return [];
    const adopted = await spec();
    const objects = rendered(() => renderApplication(adopted, this.render));
    const keys = new Set(objects.map(objectKey));
    const missing: string[] = [];
    for (const object of objects) {
      if (!isWatchedKind(object.kind) || !REPAIRED_KINDS.has(object.kind)) continue;
      const present = await this.cache.objects(checkedNamespace(adopted.namespace), object.kind, {
        [LABELS.managedBy]: MANAGED_BY,
        [LABELS.deploymentId]: deploymentId,
      });
      if (!present.some((o) => (o as Obj).metadata?.name === object.metadata.name))
        missing.push(runtimeErrorTexts.objectMissing(object.kind, object.metadata.name));
    }
    this.drift.rememberApplication(adopted, keys);
    return missing;
  }

  onUnknownDrift(listener: (deploymentId: string) => void): void {
    this.drift.onUnknown(listener);
  }

  async status(ref: ApplicationRef): Promise<ApplicationObservation> {
    applicationSelector(ref);
    const namespace = checkedNamespace(ref.namespace);
    const labels = { [LABELS.managedBy]: MANAGED_BY, [LABELS.deploymentId]: ref.deploymentId };
    return observe({
      deployments: await this.cache.objects<IDeployment>(namespace, 'Deployment', {
        ...labels,
        [LABELS.component]: 'app',
      }),
      statefulSets: await this.cache.objects<IStatefulSet>(namespace, 'StatefulSet', labels),
      jobs: await this.cache.objects<IJob>(namespace, 'Job', {
        ...labels,
        [LABELS.component]: 'setup',
      }),
      // Backup and restore pods come and go beside the application: not its pods.
      pods: (await this.cache.objects<IPod>(namespace, 'Pod', labels)).filter(
        (p) => p.metadata?.labels?.[LABELS.component] !== 'backup',
      ),
      ingresses: await this.cache.objects<IIngress>(namespace, 'Ingress', labels),
    });
  }

  async scale(ref: ApplicationRef, replicas: number): Promise<void> {
    if (!Number.isInteger(replicas) || replicas < 0)
      throw new RuntimeRejectedError(runtimeErrorTexts.invalidReplicas(replicas));
    await this.writer.patchDeployment(ref, { spec: { replicas } });
  }

  /**
   * What `kubectl rollout restart` does: a new template annotation rolls every pod, at the pace
   * the namespace's quota allows (rollout-room.ts restartStrategy).
   */
  async restart(ref: ApplicationRef): Promise<void> {
    const restartedAt = new Date().toISOString();
    const strategy = await restartStrategy(
      { client: this.client, cache: this.cache },
      {
        namespace: checkedNamespace(ref.namespace),
        deploymentId: ref.deploymentId,
        deploymentName: ref.name,
      },
    );
    await this.writer.patchDeployment(ref, {
      spec: {
        ...(strategy ? { strategy } : {}),
        template: {
          metadata: { annotations: { 'kubectl.kubernetes.io/restartedAt': restartedAt } },
        },
      },
    });
  }

  async logs(ref: ApplicationRef, opts: { tailLines: number }): Promise<string> {
    applicationSelector(ref);
    const pods = await this.cache.objects<IPod>(checkedNamespace(ref.namespace), 'Pod', {
      [LABELS.managedBy]: MANAGED_BY,
      [LABELS.deploymentId]: ref.deploymentId,
    });
    return podLogs(this.client, ref.namespace, pods, Math.max(1, Math.floor(opts.tailLines)));
  }

  async openShell(ref: ApplicationRef, request: ShellRequest): Promise<ShellSession> {
    applicationSelector(ref);
    const pods = await this.cache.objects<IPod>(checkedNamespace(ref.namespace), 'Pod', {
      [LABELS.managedBy]: MANAGED_BY,
      [LABELS.deploymentId]: ref.deploymentId,
    });
    return openShellOnKubernetes(this.client, pods, request);
  }

  /** Requests from ingress-nginx's metrics, attributed by namespace and Ingress (ingress-traffic.ts). */
  readTraffic(input: { cursor: string | null; now: Date }): Promise<TrafficReading> {
    return readIngressTraffic({
      url: this.ingressMetricsUrl,
      cursor: input.cursor,
      now: input.now,
      deploymentOf: async (namespace, ingress) => {
        // Namespaces the platform does not watch are not its own (or hold no running application).
        if (!this.cache.watches(namespace)) return undefined;
        const objects = await this.cache.objects<Obj>(namespace, 'Ingress', {
          [LABELS.managedBy]: MANAGED_BY,
        });
        return objects.find((o) => o.metadata?.name === ingress)?.metadata?.labels?.[
          LABELS.deploymentId
        ];
      },
    });
  }

  async metrics(ref: ApplicationRef): Promise<ApplicationMetrics | null> {
    return podMetrics(
      this.client,
      checkedNamespace(ref.namespace),
      applicationSelector(ref),
      ref.stackServices,
    );
  }

  /** The claims' use from the kubelets of the pods' nodes (volume-stats.ts). */
  async volumeUsage(ref: ApplicationRef): Promise<VolumeUsage | null> {
    applicationSelector(ref);
    const pods = await this.cache.objects<IPod>(checkedNamespace(ref.namespace), 'Pod', {
      [LABELS.managedBy]: MANAGED_BY,
      [LABELS.deploymentId]: ref.deploymentId,
    });
    this.volumeStats ??= new KubeletVolumeStats(this.client, this.volumeStatsEveryMs);
    return this.volumeStats.of(
      ref.namespace,
      pods.filter((p) => p.status?.phase === 'Running'),
    );
  }

  /** The HPA's replicas and the quota's refusal of its pods (autoscaler-status.ts). */
  async autoscalerStatus(ref: ApplicationRef): Promise<AutoscalerStatus | null> {
    const selector = applicationSelector(ref);
    const namespace = checkedNamespace(ref.namespace);
    const [deployment] = await this.cache.objects<IDeployment>(namespace, 'Deployment', {
      [LABELS.managedBy]: MANAGED_BY,
      [LABELS.deploymentId]: ref.deploymentId,
      [LABELS.component]: 'app',
    });
    return autoscalerStatus(this.client, namespace, selector, deployment);
  }

  /** Deletes every object of the application (application-objects.ts). */
  async remove(ref: ApplicationRef): Promise<void> {
    applicationSelector(ref);
    this.drift.forgetApplication(ref.deploymentId);
    await removeApplication(this.writer, this.cache, ref);
  }

  /** Deletes the namespace (and everything in it), only if the platform created it. */
  async removeEnvironment(env: EnvironmentSpec): Promise<void> {
    checkedNamespace(env.namespace);
    this.cache.stop(env.namespace);
    this.drift.forgetEnvironment(env.namespace);
    await removeNamespace(this.client, this.writer, env);
  }

  /** Whether the namespace has been finalised (its quota released with it). */
  environmentGone(env: EnvironmentSpec): Promise<boolean> {
    return namespaceGone(this.client, env);
  }

  /** The cluster as the certificates module uses it for cert-manager issuance. */
  certManager(): CertManagerApi {
    return new CertManagerApi(this.client);
  }

  async ping(): Promise<void> {
    await this.client.text('GET', '/version');
  }

  async close(): Promise<void> {
    if (this.resyncTimer) clearInterval(this.resyncTimer);
    this.cache.close();
    this.client.close();
  }

  /** Drift repair now: every environment and application this process applied, applied again. */
  resync(): Promise<void> {
    return this.drift.resync();
  }
}
