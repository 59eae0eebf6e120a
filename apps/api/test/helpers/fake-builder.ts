import { createHash } from 'node:crypto';
import {
  BuildCancelledError,
  BuildFailedError,
  SourceError,
  type BuildIo,
  type BuildOutcome,
  type BuildRequest,
  type ImageBuilder,
  type ResolvedCommit,
  type SourceFile,
  type SourceSpec,
} from '../../src/engine/builds/builder';

/** A test double of the runtime's image builder: repositories in memory, builds under the test's control. */
export interface FakeRepository {
  branches: Record<string, string>;
  /** When set, the repository is private and only this token reads it. */
  token?: string;
  messages?: Record<string, string>;
  /** Commits whose build fails (a syntax error), with the builder's French message. */
  failing?: Record<string, string>;
  port?: number;
  /** Files of each commit (a Compose file read from the repository): sha → path → text. */
  files?: Record<string, Record<string, string>>;
}

export const FAKE_TEXTS = {
  unreachable: 'Le repository est injoignable : vérifiez son URL.',
  auth: 'Accès refusé au repository : le token est invalide ou n’a pas les droits de lecture.',
  branch: (b: string) => `La branche « ${b} » n’existe pas dans ce repository.`,
} as const;

interface RunningBuild {
  request: BuildRequest;
  io: BuildIo;
  release: () => void;
  signalAborted: () => boolean;
}

export class FakeImageBuilder implements ImageBuilder {
  readonly repos = new Map<string, FakeRepository>();
  readonly requests: BuildRequest[] = [];
  readonly running = new Map<string, RunningBuild>();
  /** When true, builds wait for `finish(buildId)` (or their signal); otherwise they end at once. */
  hold = false;
  /** Builds stopped by their signal (the real builder would have killed its process). */
  readonly stopped: string[] = [];
  resolveCalls = 0;

  async resolveCommit(source: SourceSpec): Promise<ResolvedCommit> {
    this.resolveCalls += 1;
    const repo = this.repos.get(source.repositoryUrl);
    if (!repo) throw new SourceError('unreachable', FAKE_TEXTS.unreachable);
    if (repo.token !== undefined && source.token !== repo.token)
      throw new SourceError('auth', FAKE_TEXTS.auth);
    const sha = repo.branches[source.branch];
    if (!sha) throw new SourceError('branch', FAKE_TEXTS.branch(source.branch));
    return { sha, message: repo.messages?.[sha] ?? null };
  }

  async readSourceFile(
    source: SourceSpec & { commitSha: string },
    filePath: string,
    maxBytes: number,
  ): Promise<SourceFile> {
    const repo = this.repos.get(source.repositoryUrl);
    if (!repo) throw new SourceError('unreachable', FAKE_TEXTS.unreachable);
    if (repo.token !== undefined && source.token !== repo.token)
      throw new SourceError('auth', FAKE_TEXTS.auth);
    const text = repo.files?.[source.commitSha]?.[filePath];
    if (text === undefined) return { found: false, reason: 'missing' };
    if (Buffer.byteLength(text) > maxBytes) return { found: false, reason: 'too-large' };
    return { found: true, text, commitMessage: repo.messages?.[source.commitSha] ?? null };
  }

  async build(request: BuildRequest, io: BuildIo): Promise<BuildOutcome> {
    this.requests.push(request);
    const repo = this.repos.get(request.source.repositoryUrl);
    if (!repo) throw new SourceError('unreachable', FAKE_TEXTS.unreachable);
    io.onLog(`Clonage de ${request.source.repositoryUrl} au commit ${request.source.commitSha}`);
    io.onLog('Étape 1/2 : installation des dépendances');
    if (this.hold) {
      await new Promise<void>((resolve, reject) => {
        const onAbort = () => {
          this.stopped.push(request.buildId);
          this.running.delete(request.buildId);
          reject(new BuildCancelledError());
        };
        if (io.signal.aborted) return onAbort();
        io.signal.addEventListener('abort', onAbort, { once: true });
        this.running.set(request.buildId, {
          request,
          io,
          release: () => {
            io.signal.removeEventListener('abort', onAbort);
            this.running.delete(request.buildId);
            resolve();
          },
          signalAborted: () => io.signal.aborted,
        });
      });
    }
    const failure = repo.failing?.[request.source.commitSha];
    if (failure) {
      io.onLog(failure);
      throw new BuildFailedError(`La construction a échoué : ${failure}`);
    }
    io.onLog('Étape 2/2 : image prête');
    const digest = `sha256:${createHash('sha256').update(`${request.buildId}:${request.imageName}`).digest('hex')}`;
    return {
      imageRef: `registry.test/${request.imageName}:${request.tag}`,
      imageDigest: digest,
      commitSha: request.source.commitSha,
      detected: { kind: 'node', framework: 'express', port: repo.port ?? 3000 },
    };
  }

  /** Lets a held build end. */
  finish(buildId: string) {
    const b = this.running.get(buildId);
    if (!b) throw new Error(`build ${buildId} is not running in the fake builder`);
    b.release();
  }

  /** Waits until `n` builds are held (the worker started them). */
  async waitRunning(n: number, timeoutMs = 5000) {
    const deadline = Date.now() + timeoutMs;
    while (this.running.size < n) {
      if (Date.now() > deadline)
        throw new Error(`${this.running.size} builds running, ${n} expected`);
      await new Promise((r) => setTimeout(r, 10));
    }
  }
}
