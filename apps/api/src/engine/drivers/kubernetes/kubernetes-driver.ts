import type { BackupManifest, TestRestoreResult } from '../../backup-parts';
import { KubeConfig } from '@kubernetes/client-node';
import type { IPod } from 'kubernetes-models/v1/Pod';
import {
  type ApplicationMetrics,
  type ApplicationObservation,
  type ImagePreparation,
  RuntimeRejectedError,
  type RuntimeDriver,
} from '../../driver';
import { renderApplication } from '../../manifests/application';
import { renderEnvironment } from '../../manifests/environment';
import { isDnsLabel } from '../../manifests/meta';
import type { KubeObject, RenderOptions } from '../../manifests/types';
import { CertManagerApi } from './cert-manager';
import { applicationSelector, checkedNamespace, rendered } from './guards';
import {
  LABELS,
  MANAGED_BY,
  type ApplicationRef,
  type ApplicationSpec,
  type EnvironmentSpec,
} from '../../spec';
import {
  CONTENT_TYPES,
  FIELD_MANAGER,
  KubeApiRejection,
  KubeClient,
  isNotFound,
} from './kube-client';
import { type KubeConnection, loadKubeConfig } from './kubeconfig';
import { observe, type ObservedObjects } from './observe';
import { collectionPath, objectPath, type ObjectRef } from './paths';
import { podLogs, podMetrics } from './pod-reads';

export interface KubernetesDriverOptions {
  connection: KubeConnection | KubeConfig;
  /** Storage class, ingress class, access mode of application claims (cluster-specific). */
  render?: RenderOptions;
  /** Per API call; past it the cluster is unavailable. */
  timeoutMs?: number;
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

const BACKGROUND = { propagationPolicy: 'Background' };

/**
 * RuntimeDriver on a Kubernetes cluster: one namespace per environment, the objects of
 * manifests/ applied with server-side apply, observed through the Deployment and its pods.
 */
const KUBERNETES_BACKUPS_UNAVAILABLE =
  'Les sauvegardes ne sont pas encore disponibles sur le runtime Kubernetes.';

export class KubernetesDriver implements RuntimeDriver {
  readonly name = 'kubernetes' as const;
  private readonly client: KubeClient;
  private readonly render: RenderOptions;

  constructor(options: KubernetesDriverOptions) {
    const config =
      options.connection instanceof KubeConfig
        ? options.connection
        : loadKubeConfig(options.connection);
    this.client = new KubeClient(config, options.timeoutMs);
    this.render = options.render ?? {};
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
    for (const object of rendered(() => renderEnvironment(env))) await this.applyObject(object);
  }

  /**
   * Preparations are empty: the kubelet pulls images on the node that runs each pod, after this
   * returns; a pull failure shows in status() as ImagePullBackOff (phase failed, with a reason).
   */
  async apply(spec: ApplicationSpec): Promise<{ preparations: ImagePreparation[] }> {
    for (const object of rendered(() => renderApplication(spec, this.render)))
      await this.applyObject(object);
    return { preparations: [] };
  }

  async status(ref: ApplicationRef): Promise<ApplicationObservation> {
    const selector = applicationSelector(ref);
    const list = <T>(apiVersion: string, kind: string, extra = '') =>
      this.list<T>(apiVersion, kind, ref.namespace, selector + extra);
    const objects: ObservedObjects = {
      deployments: await list('apps/v1', 'Deployment', `,${LABELS.component}=app`),
      statefulSets: await list('apps/v1', 'StatefulSet'),
      jobs: await list('batch/v1', 'Job'),
      pods: await list('v1', 'Pod'),
      ingresses: await list('networking.k8s.io/v1', 'Ingress'),
    };
    return observe(objects);
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
    const pods = await this.list<IPod>('v1', 'Pod', ref.namespace, applicationSelector(ref));
    return podLogs(this.client, ref.namespace, pods, Math.max(1, Math.floor(opts.tailLines)));
  }

  async metrics(ref: ApplicationRef): Promise<ApplicationMetrics | null> {
    return podMetrics(this.client, checkedNamespace(ref.namespace), applicationSelector(ref));
  }

  /**
   * Lists then deletes each object: deletecollection is not served for every kind (Services on
   * older clusters), and a per-object 404 just means it is already gone.
   */
  async remove(ref: ApplicationRef): Promise<void> {
    const selector = applicationSelector(ref);
    for (const [apiVersion, kind] of APPLICATION_KINDS) {
      const items = await this.list<{ metadata?: { name?: string } }>(
        apiVersion,
        kind,
        ref.namespace,
        selector,
      );
      for (const item of items) {
        const name = item.metadata?.name;
        if (name)
          await this.deleteObject({
            apiVersion,
            kind,
            metadata: { name, namespace: ref.namespace },
          });
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
    // No pooled connection: each call uses the agent the kubeconfig gives it.
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

  private async serverSideApply(object: KubeObject): Promise<void> {
    await this.client.json('PATCH', objectPath(object), {
      query: { fieldManager: FIELD_MANAGER, force: true },
      contentType: CONTENT_TYPES.apply,
      body: object,
    });
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
      query: { fieldManager: FIELD_MANAGER },
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
