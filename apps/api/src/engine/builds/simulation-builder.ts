import { createHash } from 'node:crypto';
import {
  BuildCancelledError,
  type BuildIo,
  type BuildOutcome,
  type BuildRequest,
  type ImageBuilder,
  type ResolvedCommit,
  type SourceFile,
  type SourceSpec,
} from './builder';
import { readSourceFile } from './source/read-source-file';
import { DEFAULT_PORT } from './detect/plan';
import { simulatedUsage } from './simulated-usage';
import { resolveCommit } from './source/resolve-commit';
import type { SourcePolicy } from './source/url-policy';
import { simulationBuildTexts } from '@nuage/shared/messages/builder';
import { composeTexts } from '@nuage/shared/messages/compose';

const NOTICE = simulationBuildTexts.notice;
const t = simulationBuildTexts;

/**
 * The simulation's builder: the repository is really read (so the user's errors — URL, token,
 * branch — are the real ones), nothing is built. Every log line says so; the digest is derived
 * from the commit, so a rebuild of a commit gives the same "image".
 */
export class SimulationImageBuilder implements ImageBuilder {
  constructor(
    private readonly policy: SourcePolicy,
    /** Pause between log lines (ms): a build that takes a little time can be watched and cancelled. */
    private readonly stepMs = 300,
  ) {}

  resolveCommit(source: SourceSpec): Promise<ResolvedCommit> {
    return resolveCommit(source, this.policy);
  }

  /** Read for real: the services a Compose file asks to build are the repository's. */
  readSourceFile(
    source: SourceSpec & { commitSha: string },
    filePath: string,
    maxBytes: number,
    io: Pick<BuildIo, 'signal' | 'onLog'>,
  ): Promise<SourceFile> {
    return readSourceFile(source, filePath, maxBytes, {
      ...this.policy,
      signal: io.signal,
      onLog: io.onLog,
    });
  }

  async build(request: BuildRequest, io: BuildIo): Promise<BuildOutcome> {
    const steps = [
      `${NOTICE} ${t.source(request.source.repositoryUrl, request.source.branch)}`,
      `${NOTICE} : ${t.commit(request.source.commitSha.slice(0, 12))}`,
      `${NOTICE} : ${t.limits(request.limits.cpuMilli, request.limits.ramMb)}`,
      `${NOTICE} : ${t.image(`${request.imageName}:${request.tag}`)}`,
    ];
    const service = request.composeService;
    if (service)
      steps.splice(
        1,
        0,
        `${NOTICE} : ${composeTexts.buildingService(service.service, service.context)}`,
      );
    io.onUsageProbe?.(simulatedUsage(request.limits));
    for (const line of steps) {
      if (io.signal.aborted) throw new BuildCancelledError();
      io.onLog(line);
      await pause(this.stepMs, io.signal);
    }
    if (io.signal.aborted) throw new BuildCancelledError();
    const digest = createHash('sha256')
      .update(`simulation:${request.source.commitSha}:${request.composeService?.service ?? ''}`)
      .digest('hex');
    return {
      imageRef: `${request.imageName}:${request.tag}`,
      imageDigest: `sha256:${digest}`,
      commitSha: request.source.commitSha,
      commitMessage: null,
      detected: { kind: hintKind(request.templateHint), framework: null, port: DEFAULT_PORT },
    };
  }
}

function hintKind(hint: BuildRequest['templateHint']): BuildOutcome['detected']['kind'] {
  if (hint === 'python' || hint === 'php' || hint === 'java') return hint;
  return 'node';
}

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
  });
}
