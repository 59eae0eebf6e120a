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
} from '../../driver';
import { renderApplication } from '../../manifests/application';
import { QUOTA_NAME, renderEnvironmentObjects, renderQuota } from '../../manifests/environment';
import { isDnsLabel } from '../../manifests/meta';
import type { KubeObject, RenderOptions } from '../../manifests/types';
import {
  type Quantities,
  quotaShares,
  redistributionSteps,
  sameQuantities,
} from '../../quota-shares';
import {
  LABELS,
  MANAGED_BY,
  type ApplicationRef,
  type ApplicationSpec,
  type EnvironmentSpec,
} from '../../spec';
import { CertManagerApi } from './cert-manager';
import { applicationSelector, checkedNamespace, rendered } from './guards';
import {
  CONTENT_TYPES,
  FIELD_MANAGER,
  KubeApiRejection,
  KubeClient,
  isNotFound,
} from './kube-client';
import { type KubeConnection, loadKubeConfig } from './kubeconfig';
import { observe } from './observe';
import { collectionPath, objectPath, type ObjectRef } from './paths';
import { podLogs, podMetrics } from './pod-reads';
import { cpuMilli, ramMb } from './quantities';
import { type CacheEvent, type Obj, WatchCache, isWatchedKind } from './watch-cache';

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
}

/** What remove() deletes, front (traffic) to back (data), so nothing is left serving a removed claim. */
const APPLICATION_KINDS: [apiVersion: string, kind: string][] = [
  ['networking.k8s.io/v1', 'Ingress'],
  ['apps/v1', 'Deployment'],
  ['batch/v1', 'Job'],
  ['apps/v1', 'StatefulSet'],
  ['v1', 'Service'],
  ['v1', 'PersistentVolumeClaim'],
  ['v1', 'Secret'],
];

/**
 * Kinds whose objects come and go with the spec's shape (a domain, its certificate, a setup
 * job): what is not rendered any more is pruned. Claims, Services and workloads exist for
 * every application and are never pruned (a claim holds data).
 */
const PRUNED: { apiVersion: string; kind: string; component?: string }[] = [
  { apiVersion: 'networking.k8s.io/v1', kind: 'Ingress' },
  { apiVersion: 'batch/v1', kind: 'Job' },
  { apiVersion: 'v1', kind: 'Secret', component: 'tls' },
];

const BACKGROUND = { propagationPolicy: 'Background' };
const HOUR_MS = 3_600_000;

const key = (o: { kind: string; metadata: { name: string } }) => `${o.kind}/${o.metadata.name}`;

/**
 * RuntimeDriver on a Kubernetes cluster: one namespace per environment, the objects of
 * manifests/ applied with server-side apply (strict field validation, the platform's field
 * manager), what is no longer rendered pruned, status read from watches.
 */
const KUBERNETES_BACKUPS_UNAVAILABLE =
  'Les sauvegardes ne sont pas encore disponibles sur le runtime Kubernetes.';

export class KubernetesDriver implements RuntimeDriver {
  readonly name = 'kubernetes' as const;
  private readonly client: KubeClient;
  private readonly render: RenderOptions;
  private readonly cache: WatchCache;
  /** What this process applied, for drift repair: by deployment id. */
  private readonly applied = new Map<string, { spec: ApplicationSpec; keys: Set<string> }>();
  private readonly environments = new Map<string, EnvironmentSpec>();
  private readonly repairing = new Set<string>();
  private resyncTimer: NodeJS.Timeout | undefined;

  constructor(options: KubernetesDriverOptions) {
    const config =
      options.connection instanceof KubeConfig
        ? options.connection
        : loadKubeConfig(options.connection);
    this.render = options.render ?? {};
    if (!this.render.appsDomain) {
      // Without it an application has no Ingress: no address, ever (application_url unset).
      throw new Error('APPS_DOMAIN est requis avec RUNTIME=kubernetes');
    }
    this.client = new KubeClient(config, options.timeoutMs, options.rate);
    this.cache = new WatchCache(this.client, options.watchRetryMs);
    this.cache.onEvent((namespace, event) => this.driftSeen(namespace, event));
    const resyncMs = options.resyncMs ?? HOUR_MS;
    if (resyncMs > 0) {
      this.resyncTimer = setInterval(() => void this.resync().catch(() => undefined), resyncMs);
      this.resyncTimer.unref();
    }
  }

  /**
   * The dump Job is rendered and validated (manifests/backup-job.ts), but bringing its output
   * back to the platform (a pod reading the backup claim, streamed out) is not built yet:
   * refused in French, never a silent success.
   */
  backup(): Promise<BackupManifest> {
    return Promise.reject(new RuntimeRejectedError(KUBERNETES_BACKUPS_UNAVAILABLE));
  }

  restore(): Promise<void> {
    return Promise.reject(new RuntimeRejectedError(KUBERNETES_BACKUPS_UNAVAILABLE));
  }

  testRestore(): Promise<TestRestoreResult> {
    return Promise.reject(new RuntimeRejectedError(KUBERNETES_BACKUPS_UNAVAILABLE));
  }

  async ensureEnvironment(env: EnvironmentSpec): Promise<void> {
    const objects = rendered(() => {
      const o = renderEnvironmentObjects(env, this.render);
      return [o.namespace, ...o.policies];
    });
    const [namespace, binding, ...policies] = objects;
    await this.applyObject(namespace!);
    await this.applyObject(binding!);
    // The rights the binding just gave reach the API server's authorizer within moments: a
    // 403 right after it is retried a few times before it counts as a refusal.
    for (const object of policies) {
      for (let attempt = 1; ; attempt++) {
        try {
          await this.applyObject(object);
          break;
        } catch (error) {
          if (!(error instanceof KubeApiRejection) || error.code !== 403 || attempt >= 5)
            throw error;
          await new Promise((resolve) => setTimeout(resolve, 300 * attempt));
        }
      }
    }
    this.environments.set(env.namespace, env);
  }

  /**
   * Each namespace's ResourceQuota to its share (engine/quota-shares.ts): the quotas that go
   * down are applied first, then those that go up, so their sum never exceeds the project
   * quota at any instant. A namespace without a quota yet gets one at zero in the first step.
   */
  async distributeQuota(project: ProjectQuotaSpec): Promise<void> {
    const envs = project.environments;
    const shares = quotaShares(
      project.quota,
      envs.map((e) => e.reserved),
    );
    const current = await Promise.all(envs.map((e) => this.currentQuota(e.environment.namespace)));
    const [lowered, final] = redistributionSteps(current, shares);
    for (const step of [lowered, final]) {
      for (const [i, e] of envs.entries()) {
        const target = step[i]!;
        if (sameQuantities(current[i]!, target)) continue;
        const env = e.environment;
        const labels = { ...env.labels, [LABELS.managedBy]: MANAGED_BY };
        await this.applyObject(rendered(() => [renderQuota(env.namespace, labels, target)])[0]!);
        current[i] = target;
      }
    }
  }

  private async currentQuota(namespace: string): Promise<Quantities | null> {
    try {
      const quota = await this.client.json<{ spec?: { hard?: Record<string, string> } }>(
        'GET',
        objectPath({
          apiVersion: 'v1',
          kind: 'ResourceQuota',
          metadata: { name: QUOTA_NAME, namespace: checkedNamespace(namespace) },
        }),
      );
      const hard = quota.spec?.hard ?? {};
      return {
        cpuMilli: cpuMilli(hard['limits.cpu']),
        ramMb: ramMb(hard['limits.memory']),
        storageMb: ramMb(hard['requests.storage']),
      };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  /**
   * Preparations are empty: the kubelet pulls images on the node that runs each pod, after this
   * returns; a pull failure shows in status() as ImagePullBackOff (phase failed, with a reason).
   */
  async apply(spec: ApplicationSpec): Promise<{ preparations: ImagePreparation[] }> {
    const objects = rendered(() => renderApplication(spec, this.render));
    for (const object of objects) await this.applyObject(object);
    await this.prune(spec, new Set(objects.map(key)));
    this.applied.set(spec.deploymentId, { spec, keys: new Set(objects.map(key)) });
    return { preparations: [] };
  }

  /** Deletes the application's objects of the shape-dependent kinds that were not just applied. */
  private async prune(spec: ApplicationSpec, keep: Set<string>): Promise<void> {
    const labels = { [LABELS.managedBy]: MANAGED_BY, [LABELS.deploymentId]: spec.deploymentId };
    for (const { apiVersion, kind, component } of PRUNED) {
      const selected = component ? { ...labels, [LABELS.component]: component } : labels;
      const existing = isWatchedKind(kind)
        ? await this.cache.objects<Obj>(spec.namespace, kind, selected)
        : await this.list<Obj>(apiVersion, kind, spec.namespace, selectorOf(selected));
      for (const o of existing) {
        const name = o.metadata?.name;
        if (name && !keep.has(`${kind}/${name}`))
          await this.deleteObject({
            apiVersion,
            kind,
            metadata: { name, namespace: spec.namespace },
          });
      }
    }
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
      jobs: await this.cache.objects<IJob>(namespace, 'Job', labels),
      pods: await this.cache.objects<IPod>(namespace, 'Pod', labels),
      ingresses: await this.cache.objects<IIngress>(namespace, 'Ingress', labels),
    });
  }

  async scale(ref: ApplicationRef, replicas: number): Promise<void> {
    if (!Number.isInteger(replicas) || replicas < 0)
      throw new RuntimeRejectedError(`Nombre de réplicas invalide : ${replicas}`);
    await this.patchDeployment(ref, { spec: { replicas } });
  }

  /** What `kubectl rollout restart` does: a new template annotation rolls every pod. */
  async restart(ref: ApplicationRef): Promise<void> {
    const restartedAt = new Date().toISOString();
    await this.patchDeployment(ref, {
      spec: {
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

  async metrics(ref: ApplicationRef): Promise<ApplicationMetrics | null> {
    return podMetrics(this.client, checkedNamespace(ref.namespace), applicationSelector(ref));
  }

  /**
   * Deletes each object of the application: the watched kinds from memory, the others listed.
   * deletecollection is not served for every kind (Services on older clusters), and a
   * per-object 404 just means it is already gone.
   */
  async remove(ref: ApplicationRef): Promise<void> {
    const selector = applicationSelector(ref);
    const namespace = checkedNamespace(ref.namespace);
    this.applied.delete(ref.deploymentId);
    const labels = { [LABELS.managedBy]: MANAGED_BY, [LABELS.deploymentId]: ref.deploymentId };
    for (const [apiVersion, kind] of APPLICATION_KINDS) {
      const items = isWatchedKind(kind)
        ? await this.cache.objects<Obj>(namespace, kind, labels)
        : await this.list<Obj>(apiVersion, kind, namespace, selector);
      for (const item of items) {
        const name = item.metadata?.name;
        if (name) await this.deleteObject({ apiVersion, kind, metadata: { name, namespace } });
      }
    }
  }

  /** Deletes the namespace (and everything in it), only if the platform created it. */
  async removeEnvironment(env: EnvironmentSpec): Promise<void> {
    const ref: ObjectRef = {
      apiVersion: 'v1',
      kind: 'Namespace',
      metadata: { name: checkedNamespace(env.namespace) },
    };
    this.cache.stop(env.namespace);
    this.environments.delete(env.namespace);
    let namespace: { metadata?: { labels?: Record<string, string> } };
    try {
      namespace = await this.client.json('GET', objectPath(ref));
    } catch (error) {
      if (isNotFound(error)) return;
      throw error;
    }
    if (namespace.metadata?.labels?.[LABELS.managedBy] !== MANAGED_BY) {
      throw new RuntimeRejectedError(
        `Le namespace ${env.namespace} n’a pas été créé par NuageDeploy : il n’est pas supprimé.`,
      );
    }
    await this.deleteObject(ref);
  }

  /** The cluster as the certificates module uses it for cert-manager issuance. */
  certManager(): CertManagerApi {
    return new CertManagerApi(this.client);
  }

  async close(): Promise<void> {
    if (this.resyncTimer) clearInterval(this.resyncTimer);
    this.cache.close();
    this.client.close();
  }

  /**
   * Drift repair: every environment and application this process applied, applied again (a
   * change made by hand is overwritten, a deleted object comes back). Rate-limited like every
   * request, so 1,000 applications take a few minutes, not a burst.
   */
  async resync(): Promise<void> {
    for (const env of [...this.environments.values()]) await this.ensureEnvironment(env);
    for (const { spec } of [...this.applied.values()]) await this.apply(spec);
  }

  /** A watched object of an application this process applied was deleted by someone else. */
  private driftSeen(namespace: string, event: CacheEvent): void {
    if (event.type !== 'DELETED' || event.kind === 'Pod') return;
    const id = event.object.metadata?.labels?.[LABELS.deploymentId];
    const entry = id ? this.applied.get(id) : undefined;
    if (!id || !entry || entry.spec.namespace !== namespace) return;
    if (!entry.keys.has(`${event.kind}/${event.object.metadata?.name}`)) return;
    if (this.repairing.has(id)) return;
    this.repairing.add(id);
    setTimeout(() => {
      const current = this.applied.get(id);
      void (current ? this.apply(current.spec) : Promise.resolve())
        .catch(() => undefined)
        .finally(() => this.repairing.delete(id));
    }, 1000).unref();
  }

  private async applyObject(object: KubeObject): Promise<void> {
    try {
      await this.serverSideApply(object);
    } catch (error) {
      // A Job's pod template is immutable; the setup is idempotent, so a changed one is recreated.
      if (
        object.kind !== 'Job' ||
        !(error instanceof KubeApiRejection) ||
        !/immutable/.test(error.message)
      )
        throw error;
      await this.deleteObject(object);
      await this.serverSideApply(object);
    }
  }

  /**
   * Strict: a field the API server does not know is an error, not a silent drop. force: the
   * platform owns what it renders; a change made by hand (another field manager) is taken back.
   */
  private async serverSideApply(object: KubeObject): Promise<void> {
    const answer = await this.client.json<Obj>('PATCH', objectPath(object), {
      query: { fieldManager: FIELD_MANAGER, force: true, fieldValidation: 'Strict' },
      contentType: CONTENT_TYPES.apply,
      body: object,
    });
    if (isWatchedKind(object.kind) && object.metadata.namespace)
      this.cache.upsert(object.metadata.namespace, object.kind, answer);
  }

  private async patchDeployment(ref: ApplicationRef, patch: object): Promise<void> {
    if (!isDnsLabel(ref.name))
      throw new RuntimeRejectedError(`Nom d’application invalide : ${JSON.stringify(ref.name)}`);
    const path = objectPath({
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: ref.name, namespace: checkedNamespace(ref.namespace) },
    });
    await this.client.json('PATCH', path, {
      query: { fieldManager: FIELD_MANAGER, fieldValidation: 'Strict' },
      contentType: CONTENT_TYPES.merge,
      body: patch,
    });
  }

  private async deleteObject(ref: ObjectRef): Promise<void> {
    try {
      await this.client.json('DELETE', objectPath(ref), { query: BACKGROUND });
    } catch (error) {
      if (!isNotFound(error)) throw error;
    }
  }

  private async list<T>(
    apiVersion: string,
    kind: string,
    namespace: string,
    labelSelector: string,
  ): Promise<T[]> {
    const path = collectionPath(apiVersion, kind, checkedNamespace(namespace));
    const answer = await this.client.json<{ items?: T[] | null }>('GET', path, {
      query: { labelSelector },
    });
    return answer.items ?? [];
  }
}

const selectorOf = (labels: Record<string, string>) =>
  Object.entries(labels)
    .map(([k, v]) => `${k}=${v}`)
    .join(',');
