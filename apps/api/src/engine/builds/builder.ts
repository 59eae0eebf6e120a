import type { CodeTemplateId } from '@nuage/shared/catalog';
import { builderFailureTexts } from '@nuage/shared/messages/builder';

/** What reading one file of a commit found (ImageBuilder.readSourceFile). */
export type SourceFile =
  | { found: true; text: string; commitMessage: string | null }
  | { found: false; reason: 'missing' | 'too-large' };

/**
 * The contract between the build pipeline (modules/builds: queue, logs, releases) and the
 * runtime's image builder (engine/builds: clone, detect, build). One implementation per runtime:
 * the Docker Engine `/build` API on one host, a Kaniko Job on Kubernetes, and the simulation's,
 * which says in every log line that nothing real is built.
 */

/** Where the code comes from. The token is never logged nor put in a command line. */
export interface SourceSpec {
  repositoryUrl: string;
  branch: string;
  /** Build exactly this commit (a rebuild of a release); otherwise the branch's head. */
  commitSha?: string;
  /** A Git access token for a private repository (decrypted, in memory only). */
  token?: string;
}

export interface ResolvedCommit {
  sha: string;
  /** First line of the commit message, when the builder could read it. */
  message: string | null;
}

/** One service of a Compose file read from the repository, built from its `build:` section. */
export interface ComposeServiceBuild {
  service: string;
  /** Folder of the repository (normalised, never leaving it; '.' for the root). */
  context: string;
  /** The Dockerfile, relative to `context`. */
  dockerfile: string;
}

export interface BuildRequest {
  buildId: string;
  deploymentId: string;
  /** Runtime namespace of the application's environment (Kubernetes builds run there). */
  namespace: string;
  source: SourceSpec & { commitSha: string };
  /** The wizard's choice; detection may refine it (a Dockerfile always wins). */
  templateHint: CodeTemplateId | null;
  /** A Compose service's build: that folder and Dockerfile, no detection. */
  composeService?: ComposeServiceBuild;
  buildArgs: Record<string, string>;
  /** Image name without tag, chosen by the pipeline (e.g. `nuage-builds/<deploymentId>`); the builder prefixes its registry. */
  imageName: string;
  tag: string;
  limits: { cpuMilli: number; ramMb: number; timeoutSeconds: number };
}

export interface DetectedBuild {
  /** 'dockerfile' when the repository has one; else what was detected ('node', 'python', 'php', 'java', 'static'). */
  kind: 'dockerfile' | 'node' | 'python' | 'php' | 'java' | 'static';
  /** Framework when known ('next', 'vite', 'express', 'django', 'flask', 'fastapi', 'laravel', 'spring'…). */
  framework: string | null;
  /** Port the image listens on (EXPOSE of the Dockerfile, or the template's). */
  port: number;
}

export interface BuildOutcome {
  /** Full reference the runtime can run (registry/name:tag). */
  imageRef: string;
  /** Content digest (`sha256:…`) of the built image: a release pins it. */
  imageDigest: string;
  commitSha: string;
  detected: DetectedBuild;
  /** First line of the built commit's message (read by the checkout; absent where not read). */
  commitMessage?: string | null;
}

/** What a build uses at one moment (the build's resource graph, modules/build-metrics). */
export interface BuildUsage {
  cpuMilli: number;
  ramMb: number;
  /** Computed by the simulation, not measured. */
  simulated?: boolean;
}

/**
 * Reads what the build uses now: a reading; null when nothing of it runs at this instant
 * (between two steps, its pod not started); `{ notice }` when it cannot be measured (French).
 */
export type BuildUsageProbe = () => Promise<BuildUsage | { notice: string } | null>;

export interface BuildIo {
  /** Aborted by a cancel or the pipeline's timeout: the builder stops the real build process. */
  signal: AbortSignal;
  /** One line of build output (no trailing newline), in order; secrets never appear. */
  onLog(line: string): void;
  /**
   * Called by the builder once the work that uses CPU and memory has started (the engine's
   * build, the Kaniko pod): the pipeline reads the probe every few seconds until the end.
   */
  onUsageProbe?(probe: BuildUsageProbe): void;
}

export interface ImageBuilder {
  /** Checks the repository, the token and the branch; resolves the commit to build. Throws SourceError. */
  resolveCommit(source: SourceSpec): Promise<ResolvedCommit>;
  /**
   * One file of a commit, at most `maxBytes` (a Compose file read from the repository); reads
   * the repository as `build` does, within the same policy. Throws SourceError.
   */
  readSourceFile(
    source: SourceSpec & { commitSha: string },
    filePath: string,
    maxBytes: number,
    io: Pick<BuildIo, 'signal' | 'onLog'>,
  ): Promise<SourceFile>;
  /** Builds the image; throws SourceError, BuildFailedError or BuildCancelledError. */
  build(request: BuildRequest, io: BuildIo): Promise<BuildOutcome>;
  /**
   * Removes what builds no longer running left on this host (working copies of a process that
   * died mid-build); `runningBuildIds` are the builds running anywhere. Returns what it removed.
   */
  removeLeftovers?(runningBuildIds: ReadonlySet<string>): Promise<string[]>;
}

export type SourceErrorCode = 'unreachable' | 'auth' | 'branch' | 'invalid-url';

/** The repository cannot be read: `message` is the French sentence shown to the user. */
export class SourceError extends Error {
  constructor(
    readonly code: SourceErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'SourceError';
  }
}

/** The build ran and failed (compile error, timeout…): `message` is French, shown with the build. */
export class BuildFailedError extends Error {
  constructor(
    message: string,
    readonly reason: 'failed' | 'timeout' = 'failed',
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'BuildFailedError';
  }
}

/**
 * A step's process was killed (SIGKILL) while nothing of the platform asked for it: the engine
 * or the host did (seen under heavy load on Podman; an out-of-memory kill reads the same).
 */
export class BuildStepKilledError extends BuildFailedError {
  constructor(message: string) {
    super(message, 'failed');
    this.name = 'BuildStepKilledError';
  }
}

/** The build was stopped by its signal; nothing of it is left running. */
export class BuildCancelledError extends Error {
  constructor() {
    super(builderFailureTexts.cancelled);
    this.name = 'BuildCancelledError';
  }
}
