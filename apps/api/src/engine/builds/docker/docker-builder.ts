import { readFile } from 'node:fs/promises';
import { composeTexts } from '@nuage/shared/messages/compose';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { EngineClient } from '../../drivers/docker/engine-client';
import type { BaseImages } from '../base-images';
import {
  BuildCancelledError,
  BuildFailedError,
  BuildStepKilledError,
  type BuildIo,
  type BuildOutcome,
  type BuildRequest,
  type BuildUsageProbe,
  type ImageBuilder,
  type ResolvedCommit,
  type SourceFile,
  type SourceSpec,
} from '../builder';
import { planBuild } from '../compose-build-plan';
import { readSourceFile } from '../source/read-source-file';
import { packContext } from '../context';
import { BuildEgress, type BuildEgressSettings } from '../egress/build-egress';
import { removeCheckoutLeftovers } from '../limits/checkout-leftovers';
import { ContextTooLargeError, contextTooLarge, measureStream } from '../limits/size-limits';
import { renderDockerfile } from '../render-dockerfile';
import { checkoutCommit } from '../source/checkout';
import { resolveCommit } from '../source/resolve-commit';
import type { SourcePolicy } from '../source/url-policy';
import { runEngineBuild } from './engine-build';
import { runKilledStepsAgain } from './killed-step-retry';
import { markBuildRunning } from '../host-builds';
import { fromImages } from './podman-leftovers';
import { pushImage, type RegistrySettings } from './push';
import { stopBuildLeftovers } from './stop-leftovers';
import { stepUsageProbe } from './step-usage';
import { buildMetricsNotices } from '@nuage/shared/messages/build-metrics';
import { builderFailureTexts, builderLogTexts } from '@nuage/shared/messages/builder';

export interface DockerBuilderOptions {
  socketPath: string;
  baseImages: BaseImages;
  policy: SourcePolicy;
  /** Where checkouts are made (default: the system's temporary directory). */
  workDir?: string;
  /** REGISTRY_URL set: built images are pushed there; otherwise they stay on this host. */
  registry?: RegistrySettings;
  /** BUILD_MAX_SOURCE_MB, BUILD_MAX_CONTEXT_MB (bytes; default 500 MB each). */
  maxSourceBytes?: number | undefined;
  maxContextBytes?: number | undefined;
  /** The isolated network of RUN steps and its egress proxy (default: `nuage-builds`). */
  egress?: BuildEgressSettings | undefined;
  /**
   * false: this process does not see the host's processes (no `--pid=host`); a cancel on Podman
   * then stops the running step through the engine's socket only. Default: it tries both.
   */
  seesHostProcesses?: boolean;
}

const DEFAULT_MAX_BYTES = 500 * 1024 * 1024;

/**
 * The one-host builder: checkout, detection, then the Engine API `/build` (Docker's builder,
 * buildah on Podman) with the build's CPU and memory limits, its output streamed to the log.
 * The image stays in the host's store (no registry needed to run it there).
 */
export class DockerImageBuilder implements ImageBuilder {
  private readonly client: EngineClient;
  private readonly egress: BuildEgress;

  constructor(private readonly opts: DockerBuilderOptions) {
    this.client = new EngineClient(opts.socketPath, 60_000);
    this.egress = new BuildEgress(
      this.client,
      opts.egress ?? { network: 'nuage-builds', proxyImage: opts.baseImages.node, allow: [] },
    );
  }

  removeLeftovers(runningBuildIds: ReadonlySet<string>): Promise<string[]> {
    return removeCheckoutLeftovers(this.opts.workDir ?? tmpdir(), runningBuildIds);
  }

  resolveCommit(source: SourceSpec): Promise<ResolvedCommit> {
    return resolveCommit(source, this.opts.policy);
  }

  readSourceFile(
    source: SourceSpec & { commitSha: string },
    filePath: string,
    maxBytes: number,
    io: Pick<BuildIo, 'signal' | 'onLog'>,
  ): Promise<SourceFile> {
    return readSourceFile(source, filePath, maxBytes, this.checkoutOptions(io));
  }

  /** Checkouts on this host: the address policy, BUILD_MAX_SOURCE_MB, the build's signal. */
  private checkoutOptions(io: Pick<BuildIo, 'signal' | 'onLog'>) {
    return {
      ...this.opts.policy,
      signal: io.signal,
      onLog: io.onLog,
      maxBytes: this.opts.maxSourceBytes ?? DEFAULT_MAX_BYTES,
      ...(this.opts.workDir ? { workDir: this.opts.workDir } : {}),
    };
  }

  async build(request: BuildRequest, io: BuildIo): Promise<BuildOutcome> {
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(), request.limits.timeoutSeconds * 1000);
    const signal = AbortSignal.any([io.signal, deadline.signal]);
    const stopped = () =>
      deadline.signal.aborted && !io.signal.aborted
        ? new BuildFailedError(
            builderFailureTexts.timeout(Math.round(request.limits.timeoutSeconds / 60)),
            'timeout',
          )
        : new BuildCancelledError();
    const unmark = await markBuildRunning(request.buildId);
    try {
      const checkout = await checkoutCommit(request.source, {
        ...this.checkoutOptions({ signal, onLog: io.onLog }),
        label: request.buildId,
      }).catch((err: unknown) => {
        throw err instanceof BuildCancelledError ? stopped() : err;
      });
      try {
        const { plan, service } = await planBuild(checkout.dir, request);
        const contextDir = service?.contextDir ?? checkout.dir;
        const extra: Record<string, string> = {};
        if (service) {
          io.onLog(
            composeTexts.buildingService(
              request.composeService!.service,
              request.composeService!.context,
            ),
          );
        } else if (plan.template) {
          extra.Dockerfile = await renderDockerfile(
            plan,
            this.opts.baseImages,
            Object.keys(request.buildArgs),
          );
          io.onLog(builderLogTexts.detected(describe(plan.detected), plan.template));
        } else {
          io.onLog(builderLogTexts.repositoryDockerfile(plan.detected.port));
        }
        const imageRef = `${this.opts.registry ? `${this.opts.registry.url}/` : ''}${request.imageName}:${request.tag}`;
        const dockerfile =
          service?.dockerfileText ??
          extra.Dockerfile ??
          (await readFile(path.join(checkout.dir, 'Dockerfile'), 'utf8'));
        const egress = await this.egress.prepare().catch((err: unknown) => {
          if (err instanceof BuildFailedError) throw err;
          throw new BuildFailedError(
            builderFailureTexts.networkNotReady((err as Error).message),
            'failed',
            { cause: err },
          );
        });
        io.onLog(builderLogTexts.isolatedNetwork);
        // Installed dependencies committed by mistake would replace the image's own.
        const context = () =>
          packContext(contextDir, extra, plan.detected.kind === 'node' ? 'node_modules\n' : '');
        const maxContext = this.opts.maxContextBytes ?? DEFAULT_MAX_BYTES;
        await measureStream(context(), maxContext).catch((err: unknown) => {
          throw err instanceof ContextTooLargeError ? contextTooLarge(maxContext) : err;
        });
        // Nothing of a stopped or killed attempt may keep running (stop-leftovers.ts).
        const stopLeftovers = (memory: number, since: number) =>
          stopBuildLeftovers(
            {
              client: this.client,
              socketPath: this.opts.socketPath,
              helperImage: this.opts.baseImages.static,
              seesHostProcesses: this.opts.seesHostProcesses,
            },
            { buildId: request.buildId, memory, since, fromImages: fromImages(dockerfile) },
            io,
          );
        const runOnce = () =>
          runEngineBuild(this.client, this.opts.socketPath, {
            request,
            imageRef,
            dockerfile: service?.dockerfile ?? 'Dockerfile',
            context: context(),
            maxContextBytes: maxContext,
            egress,
            io,
            signal,
            onStarted: (memory) => io.onUsageProbe?.(this.usageProbe(memory)),
            onStopped: async (memory, since) => {
              await stopLeftovers(memory, since);
              return stopped();
            },
            onStepKilled: stopLeftovers,
          });
        const imageId = await runKilledStepsAgain(runOnce, signal, io).catch((err: unknown) => {
          // Stopped while waiting to run a killed step again: nothing of it runs any more.
          throw err instanceof BuildStepKilledError && signal.aborted ? stopped() : err;
        });
        const digest = this.opts.registry
          ? await pushImage(
              this.opts.socketPath,
              imageRef,
              this.opts.registry,
              io.onLog,
              signal,
            ).catch((err: unknown) => {
              if (signal.aborted) throw stopped();
              if (err instanceof BuildFailedError) throw err;
              throw new BuildFailedError(
                builderFailureTexts.pushFailed((err as Error).message),
                'failed',
                { cause: err },
              );
            })
          : imageId;
        io.onLog(`Image construite : ${imageRef} (${digest.slice(0, 19)}…)`);
        return {
          imageRef,
          imageDigest: digest,
          commitSha: checkout.commitSha,
          commitMessage: checkout.commitMessage,
          detected: plan.detected,
        };
      } finally {
        await checkout.dispose();
        await this.pruneLayers(request.deploymentId);
      }
    } finally {
      clearTimeout(timer);
      await unmark();
    }
  }

  /** What the build's steps use (step-usage.ts); said unmeasurable where the host's processes are hidden. */
  private usageProbe(memory: number): BuildUsageProbe {
    if (this.opts.seesHostProcesses === false)
      return () => Promise.resolve({ notice: buildMetricsNotices.hostHidden });
    return stepUsageProbe(memory);
  }

  /**
   * Layers of this application's failed or replaced builds that no image uses any more (the
   * cache of the current image is its parents, not dangling, and stays).
   */
  private async pruneLayers(deploymentId: string): Promise<void> {
    const filters = JSON.stringify({
      dangling: ['true'],
      label: [`nuagedeploy.deployment-id=${deploymentId}`],
    });
    await this.client
      .request('POST', '/images/prune', { query: { filters }, timeoutMs: 120_000 })
      .catch(() => undefined); // best effort: the next build prunes again
  }
}

function describe(d: BuildOutcome['detected']): string {
  const names: Record<string, string> = {
    node: 'Node.js',
    python: 'Python',
    php: 'PHP',
    java: 'Java',
    static: 'site statique',
  };
  return `${names[d.kind] ?? d.kind}${d.framework ? ` (${d.framework})` : ''}, port ${d.port}`;
}
