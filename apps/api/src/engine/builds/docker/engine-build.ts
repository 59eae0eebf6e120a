import { randomInt } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { EngineClient } from '../../drivers/docker/engine-client';
import {
  BuildFailedError,
  BuildStepKilledError,
  type BuildIo,
  type BuildRequest,
} from '../builder';
import type { PreparedEgress } from '../egress/build-egress';
import { ContextTooLargeError, contextTooLarge, limitStream } from '../limits/size-limits';
import { BuildProgressParser, failureMessage } from './build-progress';
import { streamEngineRequest } from './build-request';
import { builderFailureTexts, builderLogTexts } from '@nuage/shared/messages/builder';

const MIB = 1024 * 1024;
const CPU_PERIOD = 100_000;

/** One call of the Engine API's `/build`: the packed context in, the image's id out. */
export interface EngineBuild {
  request: BuildRequest;
  imageRef: string;
  /** The Dockerfile's path in the context. */
  dockerfile: string;
  context: Readable;
  maxContextBytes: number;
  egress: PreparedEgress;
  io: BuildIo;
  signal: AbortSignal;
  /**
   * Cancelled or timed out: stops what the build left running (`memory` marks its steps,
   * `since` when it started) and gives the error to throw.
   */
  onStopped(memory: number, since: number): Promise<Error>;
  /**
   * The engine killed a step on its own: stops what that left running. The engine kills the
   * step's runtime (`while running runtime: signal: killed`), not always the step's processes,
   * which then run on orphaned (seen in CI: a step's `sleep` outlived its build).
   */
  onStepKilled(memory: number, since: number): Promise<void>;
  /** The build is handed to the engine; `memory` marks its steps (their usage is read by it). */
  onStarted?(memory: number): void;
}

/**
 * Runs the build with its CPU and memory limits, its RUN steps on the isolated network, its
 * output streamed to the log; the image's id (sha256:…) once it is in the host's store.
 */
export async function runEngineBuild(
  client: EngineClient,
  socketPath: string,
  build: EngineBuild,
): Promise<string> {
  const { request, io, signal } = build;
  // A few pages under the asked memory: the mark by which a cancel finds this build's steps.
  const memory = request.limits.ramMb * MIB - randomInt(1, 256) * 4096;
  const limited = limitStream(build.maxContextBytes);
  build.context.on('error', (err) => limited.destroy(err));
  build.context.pipe(limited);
  const parser = new BuildProgressParser(io.onLog);
  const since = Date.now();
  build.onStarted?.(memory);
  let answer;
  try {
    answer = await streamEngineRequest(socketPath, 'POST', '/build', {
      query: buildQuery(request, build, memory),
      body: limited,
      signal,
      onData: (chunk) => parser.push(chunk),
    });
  } catch (err) {
    parser.end();
    if (signal.aborted) throw await build.onStopped(memory, since);
    if (err instanceof ContextTooLargeError) throw contextTooLarge(err.maxBytes);
    throw new BuildFailedError(builderFailureTexts.failed((err as Error).message), 'failed', {
      cause: err,
    });
  }
  const progress = parser.end();
  // Stopped while the engine was ending the stream: a step killed by the stop is not a failure.
  if (signal.aborted) throw await build.onStopped(memory, since);
  if (answer.status >= 400) {
    const detail = safeMessage(answer.errorBody);
    io.onLog(builderLogTexts.error(detail));
    throw new BuildFailedError(builderFailureTexts.failed(detail));
  }
  if (progress.error && /signal: killed/.test(progress.error)) {
    await build.onStepKilled(memory, since);
    throw new BuildStepKilledError(failureMessage(progress));
  }
  if (progress.error) throw new BuildFailedError(failureMessage(progress));
  const image = await client.optional<{ Id: string }>(
    'GET',
    `/images/${encodeURIComponent(build.imageRef)}/json`,
  );
  if (!image) throw new BuildFailedError(builderFailureTexts.imageMissing);
  return image.Id.startsWith('sha256:') ? image.Id : `sha256:${image.Id}`;
}

function buildQuery(
  request: BuildRequest,
  { imageRef, dockerfile, egress }: EngineBuild,
  memory: number,
): Record<string, string> {
  return {
    t: imageRef,
    dockerfile,
    // Predefined arguments of both builders: in RUN steps' environment, not in the image.
    buildargs: JSON.stringify({ ...request.buildArgs, ...proxyArgs(egress.proxyUrl) }),
    memory: String(memory),
    memswap: String(memory),
    cpuperiod: String(CPU_PERIOD),
    cpuquota: String(Math.max(1000, Math.round((request.limits.cpuMilli / 1000) * CPU_PERIOD))),
    rm: '1',
    forcerm: '1',
    labels: JSON.stringify({
      'nuagedeploy.build-id': request.buildId,
      'nuagedeploy.deployment-id': request.deploymentId,
    }),
    // RUN steps on the isolated network: Docker reads `networkmode`; Podman ignores it and
    // reads buildah's namespace options instead (a network name as the namespace's path).
    ...(egress.podman
      ? { nsoptions: JSON.stringify([{ Name: 'network', Host: false, Path: egress.network }]) }
      : { networkmode: egress.network }),
  };
}

/** The proxy in the variables every package manager reads (both spellings: curl reads lowercase). */
function proxyArgs(proxyUrl: string): Record<string, string> {
  return {
    HTTP_PROXY: proxyUrl,
    HTTPS_PROXY: proxyUrl,
    http_proxy: proxyUrl,
    https_proxy: proxyUrl,
    NO_PROXY: 'localhost,127.0.0.1',
    no_proxy: 'localhost,127.0.0.1',
  };
}

/** The engine's refusal: its JSON `message`, else the start of what it answered. */
function safeMessage(body: string): string {
  try {
    const parsed = JSON.parse(body) as { message?: string };
    if (parsed.message) return parsed.message;
  } catch {
    // not JSON
  }
  return body.trim().slice(0, 500) || builderFailureTexts.engineRefused;
}
