import { readFile } from 'node:fs/promises';
import type { BuildSettings } from '../build-settings';
import {
  CONTENT_TYPES,
  FIELD_MANAGER,
  isNotFound,
  KubeClient,
} from '../../drivers/kubernetes/kube-client';
import { loadKubeConfig, type KubeConnection } from '../../drivers/kubernetes/kubeconfig';
import { collectionPath, objectPath, podLogPath } from '../../drivers/kubernetes/paths';
import { validateObject } from '../../manifests/validate';
import {
  BuildCancelledError,
  BuildFailedError,
  type BuildIo,
  type BuildOutcome,
  type BuildRequest,
  type ImageBuilder,
  type ResolvedCommit,
  type SourceFile,
  type SourceSpec,
} from '../builder';
import { planBuild } from '../compose-build-plan';
import type { BuildPlan } from '../detect/plan';
import { readSourceFile } from '../source/read-source-file';
import { renderDockerfile } from '../render-dockerfile';
import { sourceTooLarge } from '../limits/size-limits';
import { checkoutCommit } from '../source/checkout';
import { resolveCommit } from '../source/resolve-commit';
import {
  CHECKOUT_CONTAINER,
  DEFAULT_MAX_SOURCE_BYTES,
  GIT_CHECKOUT_IMAGE,
  SOURCE_VOLUME,
} from './kaniko-checkout';
import { imageRefFor, renderKanikoObjects } from './kaniko-job';
import { type PodStatus, pause, waitingReason } from './build-pod';
import { assertBuildFits } from './build-room';
import { kanikoUsageProbe } from './build-usage';
import { builderFailureTexts, builderLogTexts } from '@nuage/shared/messages/builder';

/** How long a build Job may stay without a pod, the quota short, before it fails (ms). */
const NO_ROOM_GRACE_MS = 10_000;

type Obj = Record<string, unknown>;
interface JobStatus {
  conditions?: { type: string; status: string; reason?: string; message?: string }[];
}

/**
 * Kubernetes builds: the API process reads the commit (shallow) to detect how to build, then a
 * Kaniko Job in the application's namespace builds it and pushes to REGISTRY_URL. Logs are
 * followed from the build pod; a cancel deletes the Job (Foreground: its pod goes first).
 */
export class KanikoImageBuilder implements ImageBuilder {
  constructor(
    private readonly client: KubeClient,
    private readonly settings: BuildSettings,
    /** How often the Job, its pod and the log are read (ms). */
    private readonly pollMs = 2000,
    /** IMAGE_OVERRIDES, for the Git checkout's image (kaniko-checkout.ts). */
    private readonly imageOverrides: ReadonlyMap<string, string> = new Map(),
  ) {}

  static connect(
    connection: KubeConnection,
    settings: BuildSettings,
    imageOverrides?: ReadonlyMap<string, string>,
  ): KanikoImageBuilder {
    return new KanikoImageBuilder(
      new KubeClient(loadKubeConfig(connection)),
      settings,
      2000,
      imageOverrides,
    );
  }

  resolveCommit(source: SourceSpec): Promise<ResolvedCommit> {
    return resolveCommit(source, {
      allowPrivateHosts: this.settings.allowPrivateGitHosts,
      extraCaFile: this.settings.extraCaFile,
    });
  }

  readSourceFile(
    source: SourceSpec & { commitSha: string },
    filePath: string,
    maxBytes: number,
    io: Pick<BuildIo, 'signal' | 'onLog'>,
  ): Promise<SourceFile> {
    return readSourceFile(source, filePath, maxBytes, this.checkoutOptions(io));
  }

  /** Checkouts in the API process: the address policy, BUILD_MAX_SOURCE_MB, the build's signal. */
  private checkoutOptions(io: Pick<BuildIo, 'signal' | 'onLog'>) {
    return {
      allowPrivateHosts: this.settings.allowPrivateGitHosts,
      extraCaFile: this.settings.extraCaFile,
      workDir: this.settings.workDir,
      maxBytes: this.settings.maxSourceBytes ?? DEFAULT_MAX_SOURCE_BYTES,
      signal: io.signal,
      onLog: io.onLog,
    };
  }

  async build(request: BuildRequest, io: BuildIo): Promise<BuildOutcome> {
    const registry = this.settings.registry;
    if (!registry) throw new BuildFailedError(builderFailureTexts.registryRequired);
    if (io.signal.aborted) throw new BuildCancelledError();
    const extraCaPem = await this.extraCaPem();
    // Detection reads the commit here, within BUILD_MAX_SOURCE_MB as on one host; the Job's
    // init container reads it again in the cluster, within the same limit (kaniko-checkout.ts).
    const maxSourceBytes = this.settings.maxSourceBytes ?? DEFAULT_MAX_SOURCE_BYTES;
    const checkout = await checkoutCommit(request.source, this.checkoutOptions(io));
    let plan: BuildPlan;
    let dockerfile: string | null = null;
    try {
      ({ plan } = await planBuild(checkout.dir, request));
      if (plan.template)
        dockerfile = await renderDockerfile(
          plan,
          this.settings.baseImages,
          Object.keys(request.buildArgs),
        );
    } finally {
      await checkout.dispose();
    }
    io.onLog(
      dockerfile
        ? builderLogTexts.detected(
            `${plan.detected.kind}${plan.detected.framework ? ` (${plan.detected.framework})` : ''}`,
            plan.template,
          )
        : builderLogTexts.repositoryDockerfile(plan.detected.port),
    );
    const objects = renderKanikoObjects({
      request,
      dockerfile,
      settings: {
        image: this.settings.kanikoImage,
        registry,
        extraCaPem,
        maxSourceBytes,
        gitImage: this.imageOverrides.get(GIT_CHECKOUT_IMAGE) ?? GIT_CHECKOUT_IMAGE,
        // Under the address policy the cluster fetches what the platform checked, pinned.
        pinnedSource: this.settings.allowPrivateGitHosts ? null : checkout.pinned,
      },
    });
    const all = [objects.secret, ...(objects.configMap ? [objects.configMap] : []), objects.job];
    for (const object of all) validateObject(object);
    // Nothing is created for a build the namespace's quota cannot hold.
    await assertBuildFits(this.client, request, objects.job.spec.template.spec);
    try {
      for (const object of all) await this.apply(object);
      io.onLog(builderLogTexts.jobStarted(objects.name, request.namespace));
      io.onUsageProbe?.(kanikoUsageProbe(this.client, request.namespace, objects.name));
      const digest = await this.follow(request, objects.name, io, objects.job.spec.template.spec);
      const imageRef = imageRefFor(request, registry.url);
      io.onLog(builderLogTexts.imagePushed(`${imageRef}@${digest}`));
      return {
        imageRef,
        imageDigest: digest,
        commitSha: checkout.commitSha,
        commitMessage: checkout.commitMessage,
        detected: plan.detected,
      };
    } finally {
      // Success, failure or cancel: nothing of the build stays (the Secret holds credentials).
      await this.remove(
        request.namespace,
        objects.name,
        all.map((o) => o.kind),
      ).catch((error: unknown) =>
        io.onLog(builderLogTexts.cleanupIncomplete((error as Error).message)),
      );
    }
  }

  /** TLS_EXTRA_CA_FILE's text, read at each build (the operator may renew it); null without it. */
  private async extraCaPem(): Promise<string | null> {
    const file = this.settings.extraCaFile;
    if (!file) return null;
    try {
      return await readFile(file, 'utf8');
    } catch (error) {
      throw new BuildFailedError(builderFailureTexts.extraCaUnreadable((error as Error).message));
    }
  }

  private async apply(object: {
    apiVersion: string;
    kind: string;
    metadata: { name: string; namespace: string };
  }) {
    await this.client.json<Obj>('PATCH', objectPath(object), {
      query: { fieldManager: FIELD_MANAGER, force: true, fieldValidation: 'Strict' },
      contentType: CONTENT_TYPES.apply,
      body: object,
    });
  }

  /** Until the Job completes or fails; emits the pod's new log lines at each look. */
  private async follow(
    request: BuildRequest,
    name: string,
    io: BuildIo,
    podSpec: Parameters<typeof assertBuildFits>[2],
  ): Promise<string> {
    const ns = request.namespace;
    // The checkout's lines, then Kaniko's.
    const seen = new Map<string, number>();
    let lastWaiting: string | null = null;
    const emitLog = async (pod: string, container: string) => {
      const text = await this.client
        .text('GET', podLogPath(ns, pod), { query: { container } })
        .catch(() => null); // not started yet
      if (text === null) return;
      const lines = text.split('\n').filter((l) => l.length > 0);
      for (const line of lines.slice(seen.get(container) ?? 0)) io.onLog(line);
      seen.set(container, Math.max(seen.get(container) ?? 0, lines.length));
    };
    // The Job's activeDeadlineSeconds stops the build in the cluster; this is the API side's.
    const deadline = Date.now() + (request.limits.timeoutSeconds + 120) * 1000;
    let podless: number | null = null;
    for (;;) {
      if (io.signal.aborted) throw new BuildCancelledError();
      // The Job before its pod: a Job seen complete has a pod already showing how it ended.
      const job = await this.client.json<{ status?: JobStatus }>(
        'GET',
        objectPath({ apiVersion: 'batch/v1', kind: 'Job', metadata: { name, namespace: ns } }),
      );
      const pods = await this.client.json<{
        items: { metadata: { name: string }; status?: PodStatus }[];
      }>('GET', collectionPath('v1', 'Pod', ns), {
        query: { labelSelector: `nuagedeploy.io/build=${name}` },
      });
      const pod = pods.items[0];
      // No pod yet: the quota may have filled up since the check (a pod the API server
      // refuses, the Job waiting on): after a grace period, said at once rather than a timeout.
      podless = pod ? null : (podless ?? Date.now());
      if (podless !== null && Date.now() - podless >= NO_ROOM_GRACE_MS)
        await assertBuildFits(this.client, request, podSpec);
      const checkout = pod?.status?.initContainerStatuses?.find(
        (c) => c.name === CHECKOUT_CONTAINER,
      )?.state;
      if (pod && (checkout?.running || checkout?.terminated))
        await emitLog(pod.metadata.name, CHECKOUT_CONTAINER);
      if (pod) await emitLog(pod.metadata.name, 'kaniko');
      // Why the build does not start (image pull, scheduling, quota) is told once, when it changes.
      const waiting = pod ? waitingReason(pod.status) : null;
      if (waiting && waiting !== lastWaiting) io.onLog(builderLogTexts.waitingForPod(waiting));
      lastWaiting = waiting;
      const done = job.status?.conditions?.find(
        (c) => (c.type === 'Complete' || c.type === 'Failed') && c.status === 'True',
      );
      const terminated = pod?.status?.containerStatuses?.find((c) => c.name === 'kaniko')?.state
        ?.terminated;
      if (done?.type === 'Failed' && done.reason === 'DeadlineExceeded')
        throw new BuildFailedError(
          builderFailureTexts.timeout(Math.round(request.limits.timeoutSeconds / 60)),
          'timeout',
        );
      // The checkout's own French sentence (the repository too large, unreachable), or the
      // kubelet's eviction once the source volume went past its sizeLimit.
      if (pod?.status?.reason === 'Evicted' && pod.status.message?.includes(`"${SOURCE_VOLUME}"`))
        throw sourceTooLarge(this.settings.maxSourceBytes ?? DEFAULT_MAX_SOURCE_BYTES);
      const lastLine = (text: string | undefined) =>
        (text ?? '').trim().split('\n').filter(Boolean).pop();
      if (checkout?.terminated && checkout.terminated.exitCode !== 0)
        throw new BuildFailedError(
          lastLine(checkout.terminated.message) ?? builderFailureTexts.checkoutFailed,
        );
      if (done?.type === 'Failed' || (terminated && terminated.exitCode !== 0)) {
        const last = lastLine(terminated?.message ?? done?.message);
        throw new BuildFailedError(
          builderFailureTexts.failed(last ?? builderFailureTexts.jobFailed),
        );
      }
      if (done?.type === 'Complete' || terminated?.exitCode === 0) {
        const digest = /sha256:[0-9a-f]{64}/.exec(terminated?.message ?? '')?.[0];
        if (!digest) throw new BuildFailedError(builderFailureTexts.kanikoWithoutDigest);
        return digest;
      }
      if (Date.now() > deadline)
        throw new BuildFailedError(builderFailureTexts.timeoutStopped, 'timeout');
      await pause(this.pollMs, io.signal);
    }
  }

  /** The Job (Foreground: its pod is deleted before it), its Secret and ConfigMap. */
  private async remove(namespace: string, name: string, kinds: string[]): Promise<void> {
    for (const kind of ['Job', ...kinds.filter((k) => k !== 'Job')]) {
      const apiVersion = kind === 'Job' ? 'batch/v1' : 'v1';
      await this.client
        .json('DELETE', objectPath({ apiVersion, kind, metadata: { name, namespace } }), {
          ...(kind === 'Job' ? { query: { propagationPolicy: 'Foreground' } } : {}),
        })
        .catch((error: unknown) => {
          if (!isNotFound(error)) throw error;
        });
    }
  }
}
