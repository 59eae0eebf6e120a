import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { BuildQueueSettings } from '../../config';
import type { Database } from '../../db/client';
import { builds } from '../../db/schema/builds';
import { deployments } from '../../db/schema/deployments';
import { environments } from '../../db/schema/environments';
import {
  BuildCancelledError,
  BuildFailedError,
  SourceError,
  type BuildUsageProbe,
  type ImageBuilder,
} from '../../engine/builds/builder';
import type { RegistryPolicy } from '../deployments/image-registry-policy';
import { buildComposeRelease } from './compose-build';
import { markGitTokenUsed, unsealGitToken } from '../git-tokens/service';
import { BuildUsageSampler, databaseSink, samplingOf } from '../build-metrics/sampler';
import { recordFailure, recordSuccess } from './finish-build';
import { buildLogWriter } from './log-writer';
import type { BatchedLogWriter } from '../../lib/batched-log-writer';
import type { BuildRow } from './presenter';
import { buildImageName } from './queue';
import type { CodeTemplateId } from '@nuage/shared/catalog';
import { codeTemplateIds } from '@nuage/shared/catalog';
import { buildErrorTexts, buildLogTexts } from '@nuage/shared/messages/builds';

export const BUILD_APPLICATION_GONE = buildErrorTexts.applicationDeletedDuring;
export const timeoutMessage = (seconds: number) =>
  buildErrorTexts.timeout(Math.round(seconds / 60));
export const SERVER_STOPPED = buildErrorTexts.serverStopped;
export const UNEXPECTED_FAILURE = buildErrorTexts.unexpected;

export interface RunDeps {
  db: Database;
  builder: ImageBuilder;
  secretsKey: Buffer;
  settings: BuildQueueSettings;
  log: FastifyBaseLogger;
  owner: string;
  /** The reconciler: a new release is waiting for it. */
  wakeEngine(): void;
  /** Where a Compose file's published images may come from (IMAGE_ALLOW_PRIVATE_REGISTRIES, REGISTRY_URL). */
  registryPolicy: RegistryPolicy;
}

/** Why a build's signal was aborted: the signal's `reason`. */
export type AbortReason = 'cancel' | 'timeout' | 'shutdown';

/**
 * Runs one claimed build to its end: resolve the commit, build with the runtime's builder
 * (its output into build_log_lines), then record the release or the failure. `signal` is the
 * cancel (local or polled from the database); the timeout aborts it too.
 */
export async function runBuild(deps: RunDeps, build: BuildRow, cancel: AbortController) {
  const logs = buildLogWriter(deps.db, build.id, build.logLines);
  // What the build uses while it runs (its graph on the application page).
  const usage = new BuildUsageSampler({
    sink: databaseSink(deps.db),
    buildId: build.id,
    log: deps.log,
    ...samplingOf(deps.settings),
  });
  const timer = setTimeout(
    () => cancel.abort('timeout' satisfies AbortReason),
    deps.settings.timeoutSeconds * 1000,
  );
  try {
    const outcome = await build_(deps, build, cancel.signal, logs, usage);
    await usage.stop();
    await logs.flush();
    if (!outcome) {
      await recordFailure(deps.db, {
        buildId: build.id,
        owner: deps.owner,
        status: 'failed',
        message: BUILD_APPLICATION_GONE,
        log: deps.log,
      });
      return;
    }
    const release = await recordSuccess(deps.db, {
      buildId: build.id,
      owner: deps.owner,
      outcome: outcome.result,
      commitMessage: outcome.commitMessage,
      compose: outcome.compose,
      secretsKey: deps.secretsKey,
    });
    if (release) deps.wakeEngine();
  } catch (err) {
    await usage.stop();
    const reason = cancel.signal.aborted ? (cancel.signal.reason as AbortReason) : null;
    const { status, message } = failureOf(err, reason, deps.settings.timeoutSeconds);
    if (status === 'failed' && !(err instanceof BuildFailedError) && !(err instanceof SourceError))
      deps.log.error({ err, buildId: build.id }, 'build failed unexpectedly');
    if (err instanceof SourceError && err.code === 'unreachable')
      deps.log.info(
        { buildId: build.id, reason: String((err.cause as Error | undefined)?.message) },
        'repository unreachable',
      );
    logs.write(status === 'cancelled' ? buildLogTexts.cancelled : buildLogTexts.failed(message));
    await logs.flush().catch(() => undefined);
    await recordFailure(deps.db, {
      buildId: build.id,
      owner: deps.owner,
      status,
      message,
      log: deps.log,
    });
  } finally {
    clearTimeout(timer);
    await usage.stop();
  }
}

function failureOf(err: unknown, reason: AbortReason | null, timeoutSeconds: number) {
  if (reason === 'timeout')
    return { status: 'failed' as const, message: timeoutMessage(timeoutSeconds) };
  if (reason === 'shutdown') return { status: 'failed' as const, message: SERVER_STOPPED };
  if (err instanceof BuildCancelledError || reason === 'cancel')
    return { status: 'cancelled' as const, message: new BuildCancelledError().message };
  if (err instanceof BuildFailedError || err instanceof SourceError)
    return { status: 'failed' as const, message: err.message };
  return { status: 'failed' as const, message: UNEXPECTED_FAILURE };
}

async function build_(
  deps: RunDeps,
  build: BuildRow,
  signal: AbortSignal,
  logs: BatchedLogWriter,
  usage: BuildUsageSampler,
) {
  if (!build.deploymentId) return null;
  const [row] = await deps.db
    .select({ d: deployments, namespace: environments.namespace })
    .from(deployments)
    .innerJoin(environments, eq(environments.id, deployments.environmentId))
    .where(eq(deployments.id, build.deploymentId));
  if (!row || row.d.desiredState === 'absent') return null;
  const d = row.d;
  const token = d.gitTokenId
    ? await unsealGitToken(deps.db, deps.secretsKey, {
        projectId: d.projectId,
        tokenId: d.gitTokenId,
      })
    : null;
  const source = {
    repositoryUrl: build.repositoryUrl ?? d.repoUrl ?? '',
    branch: build.branch ?? d.gitBranch ?? 'main',
    ...(token ? { token } : {}),
  };
  let commitSha = build.commitSha;
  let commitMessage = build.commitMessage;
  if (!commitSha) {
    logs.write(buildLogTexts.readingBranch(source.branch, source.repositoryUrl));
    const resolved = await deps.builder.resolveCommit(source);
    commitSha = resolved.sha;
    commitMessage = resolved.message;
    await deps.db.update(builds).set({ commitSha, commitMessage }).where(eq(builds.id, build.id));
  }
  if (d.gitTokenId && token) await markGitTokenUsed(deps.db, d.gitTokenId);
  if (signal.aborted) throw new BuildCancelledError();
  logs.write(buildLogTexts.building(build.numero, commitSha.slice(0, 12), commitMessage));
  const limits = {
    cpuMilli: deps.settings.cpuMilli,
    ramMb: deps.settings.ramMb,
    timeoutSeconds: deps.settings.timeoutSeconds,
  };
  const io = {
    signal,
    onLog: (line: string) => logs.write(line),
    onUsageProbe: (probe: BuildUsageProbe) => usage.attach(probe),
  };
  if (d.sourceKind === 'compose') {
    const built = await buildComposeRelease({
      db: deps.db,
      builder: deps.builder,
      registryPolicy: deps.registryPolicy,
      build,
      deployment: d,
      namespace: row.namespace,
      source: { ...source, commitSha },
      limits,
      io,
    });
    return { ...built, commitMessage: commitMessage ?? built.result.commitMessage ?? null };
  }
  const hint = (codeTemplateIds as readonly string[]).includes(d.template)
    ? (d.template as CodeTemplateId)
    : null;
  const result = await deps.builder.build(
    {
      buildId: build.id,
      deploymentId: d.id,
      namespace: row.namespace,
      source: { ...source, commitSha },
      templateHint: hint,
      buildArgs: build.buildArgs ?? d.buildArgs,
      imageName: buildImageName(d.id),
      tag: build.imageTag,
      limits,
    },
    io,
  );
  logs.write(`Image construite : ${result.imageRef} (${result.imageDigest}).`);
  return { result, commitMessage, compose: undefined };
}
