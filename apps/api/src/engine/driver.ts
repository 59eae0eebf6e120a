import type { QuotaShortfall } from '@nuage/shared/cluster-messages';
import type { ImagePart } from '@nuage/shared/schemas/responses/builds';
import type { PodState } from '../db/schema/deployments';
import type { BackupManifest, TestRestoreResult } from './backup-parts';
import type { Quantities } from './quota/quota-shares';
import type { ApplicationRef, ApplicationSpec, EnvironmentSpec } from './spec';
import type { ScheduledTaskRun, TaskSchedule } from './task-schedule';

export type { ScheduledTaskRun, TaskSchedule } from './task-schedule';

export type RuntimeName = 'kubernetes' | 'docker' | 'simulation';

/** A project's quota and what each of its environments' applications reserve. */
export interface ProjectQuotaSpec {
  projectId: string;
  quota: Quantities;
  environments: {
    environment: EnvironmentSpec;
    reserved: Quantities;
    /**
     * pending: not created in the runtime yet (its namespace may not exist, or not grant the
     * platform anything yet); releasing: being deleted, its share goes back to the others once
     * the runtime has released it; active otherwise (the default).
     */
    state?: 'pending' | 'active' | 'releasing';
  }[];
}

/** What a runtime reports about an application. */
export interface ApplicationObservation {
  /**
   * absent: nothing in the runtime; starting: objects exist, not every replica ready;
   * running: every replica ready; failed: the runtime says it cannot run (reason set).
   */
  phase: 'absent' | 'starting' | 'running' | 'failed';
  pods: PodState[];
  readyReplicas: number;
  /** Where users reach it, when the runtime gives an address. */
  url: string | null;
  reason: string | null;
  /** Image references actually running (deployment-sync summary). */
  images: string[];
  /**
   * What differs from the applied spec and the runtime will not bring back by itself (a
   * container removed or stopped by hand): French phrases for the application's events. The
   * reconciler applies the spec again (engine/reconcile/repair-drift.ts). Runtimes that repair drift on
   * their own (Kubernetes) leave it out.
   */
  drift?: string[];
}

export interface ApplicationMetrics {
  cpuMilli: number;
  ramMb: number;
  /** Per pod / container. */
  pods: { name: string; cpuMilli: number; ramMb: number }[];
  /**
   * Network totals since the containers started (bytes received / sent) and their restarts,
   * where the runtime tells them (the metrics history turns the totals into rates).
   */
  netRxBytes?: number | null;
  netTxBytes?: number | null;
  restarts?: number | null;
  /**
   * A Compose application's usage per service (issue 30 item 2), one entry per service the ref's
   * `stack` names, in its order; absent when the ref names none. The totals above stay the
   * application's (alerts, autoscaling and the dashboard read them).
   */
  services?: ServiceMetrics[];
  source: RuntimeName;
  collectedAt: string;
}

/** One Compose service's share: its containers or pods summed; null where the runtime is silent. */
export interface ServiceMetrics {
  service: string;
  cpuMilli: number;
  ramMb: number;
  netRxBytes: number | null;
  netTxBytes: number | null;
  restarts: number | null;
}

/**
 * How full an application's volumes are (issue 28 items 1 and 6): bytes used against the size
 * each one reserves. `notice` (French) says why nothing could be measured (then `volumes` is
 * empty); `measuredAt` may be older than now where the runtime measures less often (docker).
 */
export interface VolumeUsage {
  volumes: { name: string; usedBytes: number; capacityBytes: number }[];
  measuredAt: string;
  notice: string | null;
}

/** An HPA's replicas and what stops it (issue 28 item 5). */
export interface AutoscalerStatus {
  currentReplicas: number;
  desiredReplicas: number;
  /** The quota's refusal of the pods it asked for: what each resource lacks, or null. */
  quotaShortfalls: QuotaShortfall[] | null;
}

/** One application's requests in one minute, as the edge saw them (issue 28 item 2). */
export interface TrafficMinute {
  deploymentId: string;
  /** The minute's start, ms since 1970 (UTC). */
  at: number;
  requests: number;
  status2xx: number;
  status3xx: number;
  status4xx: number;
  status5xx: number;
  /** Responses per response-time bucket (lib/traffic-histogram.ts TRAFFIC_BOUNDS_MS). */
  buckets: number[];
}

export interface TrafficReading {
  /** Where the next reading starts (opaque; the platform keeps it in its database). */
  cursor: string | null;
  minutes: TrafficMinute[];
  source: 'edge' | 'ingress' | 'simulation';
  /** Why nothing can be measured (French, shown on the traffic card); null when it can. */
  notice: string | null;
}

/** One image preparation (pull or build), for the built-images history. */
export interface ImagePreparation {
  image: string;
  kind: 'pull' | 'build';
  /** Which part runs it: set by the reconciler from the spec (drivers only know images). */
  part?: ImagePart;
  status: 'success' | 'failed';
  startedAt: Date;
  completedAt: Date;
  error: string | null;
}

/**
 * The runtime does not answer (connection refused, timeout): the reconciler retries with
 * backoff and the application stays PENDING.
 */
export class RuntimeUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'RuntimeUnavailableError';
  }
}

/** The runtime answered and refused (invalid object, image missing…): the application FAILS with this reason. */
export class RuntimeRejectedError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'RuntimeRejectedError';
  }
}

/** A refusal to open a shell whose message is French, for the user as it is (no shell…). */
export class ShellRefusedError extends RuntimeRejectedError {
  constructor(message: string) {
    super(message);
    this.name = 'ShellRefusedError';
  }
}

/**
 * An update whose new replica never became ready (exited, crash-looped, or did not answer its
 * probe in time) while the previous one still served: the driver removed the new replica and
 * the previous release keeps serving. `reason` is a French sentence fragment for the user.
 */
export class ReleaseNotReadyError extends RuntimeRejectedError {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'ReleaseNotReadyError';
  }
}

/**
 * The image preparations a refusal carries (a driver whose pull failed attaches what it did,
 * the failed pull included, as a `preparations` array), for the built-images history.
 */
export function preparationsCarriedBy(err: RuntimeRejectedError): ImagePreparation[] {
  const carried: unknown = (err as { preparations?: unknown }).preparations;
  return Array.isArray(carried) ? (carried as ImagePreparation[]) : [];
}

/** A command run once in a fresh container of an application's image (issue 29). */
export interface TaskRunRequest {
  runId: string;
  command: string;
  timeoutSeconds: number;
  /** Each line of output (stdout and stderr interleaved), as it comes. */
  onLine(line: string): void;
  /** Aborted when someone stops the run (« Arrêter ») or the platform stops. */
  signal: AbortSignal;
}

export interface TaskRunOutcome {
  /** Null when the runtime could not tell (the container vanished). */
  exitCode: number | null;
  /** Stopped because it overran its timeout. */
  timedOut: boolean;
  /** Nothing really ran (the simulation runtime). */
  simulated: boolean;
  /** Why, in French, when it never ran (a runtime-scheduled run refused by the quota). */
  reason?: string;
}

/** What a browser terminal asks for (issue 29): a shell in one running replica. */
export interface ShellRequest {
  /** A replica the caller names (a pod or container name); the first running one otherwise. */
  replica?: string;
  cols: number;
  rows: number;
}

/**
 * An interactive shell with a TTY in a running replica: bytes typed go in, the terminal's
 * output comes out. Ends when the shell exits or `close` is called; `onExit` fires once.
 */
export interface ShellSession {
  /** The replica the shell runs in. */
  readonly replica: string;
  write(input: Buffer | string): void;
  onData(listener: (output: Buffer) => void): void;
  onExit(listener: (exitCode: number | null) => void): void;
  resize(cols: number, rows: number): void;
  close(): void;
}

/**
 * One interface for every runtime (ARCHITECTURE.md "Deployment engine"). Every method is
 * idempotent: calling it twice, or after a crash half-way, converges to the same state
 * without duplicates.
 */
export interface RuntimeDriver {
  readonly name: RuntimeName;
  /** Namespace and its policies (K8s), network (Docker). */
  ensureEnvironment(env: EnvironmentSpec): Promise<void>;
  /**
   * Runtimes that cap each environment separately (Kubernetes: one ResourceQuota per
   * namespace) split the project quota between them (engine/quota/quota-shares.ts). The reconciler
   * calls it, one project at a time (a lock), after ensureEnvironment and whenever
   * applications change.
   */
  distributeQuota?(project: ProjectQuotaSpec): Promise<void>;
  /**
   * How often a running application is looked at again (default 30 s, reconcile/backoff.ts):
   * a runtime whose applications change only when the engine changes them says so with a
   * longer interval, and a settled platform then stays idle.
   */
  readonly observeRunningEveryMs?: number;
  /**
   * Runtimes that repair drift by themselves from watch events (Kubernetes) know an
   * application's spec only from their own applies: after a restart of the platform the
   * reconciler hands it over once per application it observes without applying it. `spec` is
   * called only when the runtime does not know the application yet. Answers what is already
   * missing from the runtime (French phrases, as `drift`): the reconciler applies it again.
   */
  adoptForDriftRepair?(
    deploymentId: string,
    spec: () => Promise<ApplicationSpec>,
  ): Promise<string[]>;
  /**
   * Such runtimes also say when an object of an application they do not know yet was deleted
   * by someone else: the reconciler passes that application at once (adopt, then repair).
   */
  onUnknownDrift?(listener: (deploymentId: string) => void): void;
  /** Creates or updates every object of the application to match `spec`. */
  apply(spec: ApplicationSpec): Promise<{ preparations: ImagePreparation[] }>;
  status(ref: ApplicationRef): Promise<ApplicationObservation>;
  scale(ref: ApplicationRef, replicas: number): Promise<void>;
  restart(ref: ApplicationRef): Promise<void>;
  /** The last `tailLines` lines of every pod/container of the application. */
  logs(ref: ApplicationRef, opts: { tailLines: number }): Promise<string>;
  /** Live usage, or null when the runtime has no metrics source. */
  metrics(ref: ApplicationRef): Promise<ApplicationMetrics | null>;
  /**
   * How full the application's volumes are (docker: the engine's `/system/df`, read for the
   * whole host at most once per period; Kubernetes: the kubelets' volume stats; simulation:
   * computed). Null when the application has no volume in the runtime.
   */
  volumeUsage?(ref: ApplicationRef): Promise<VolumeUsage | null>;
  /**
   * Kubernetes: the application's HorizontalPodAutoscaler as the control plane reports it, and
   * why pods it asked for are missing (the ReplicaSet's FailedCreate « exceeded quota »). Null
   * when there is no HPA.
   */
  autoscalerStatus?(ref: ApplicationRef): Promise<AutoscalerStatus | null>;
  /**
   * The requests served since `cursor` (null: from now on), per application and minute, read
   * from the edge (docker: Caddy's access log; Kubernetes: ingress-nginx's Prometheus metrics;
   * simulation: computed for `running`). One reader at a time (the caller holds a lock).
   */
  readTraffic?(input: {
    cursor: string | null;
    now: Date;
    running: string[];
  }): Promise<TrafficReading>;
  /** Removes every runtime object of the application (containers, volumes, claims…). */
  remove(ref: ApplicationRef): Promise<void>;
  removeEnvironment(env: EnvironmentSpec): Promise<void>;
  /**
   * Runtimes that finish an environment's removal later (a Kubernetes namespace finalises after
   * its DELETE): whether it is gone, its quota released. Absent: gone once removeEnvironment
   * returned.
   */
  environmentGone?(env: EnvironmentSpec): Promise<boolean>;
  /**
   * Writes the application's backup parts (backup-parts.ts) into `dir`: a consistent dump of
   * its database and a tar of its files volume. The application keeps running.
   */
  backup(spec: ApplicationSpec, dir: string): Promise<BackupManifest>;
  /**
   * Replaces the application's database and files with the parts in `dir`: stops the
   * application, loads the dump, unpacks the files, starts it again.
   */
  restore(spec: ApplicationSpec, dir: string): Promise<void>;
  /**
   * Loads the dump in `dir` into a throwaway database (removed afterwards) and counts its
   * tables: the weekly proof that the backup opens.
   */
  testRestore(spec: ApplicationSpec, dir: string): Promise<TestRestoreResult>;
  /**
   * Runtimes whose backups run inside them and go straight to object storage (Kubernetes: the
   * platform does not reach pod filesystems). The packed archive (backup-parts.ts) is PUT to
   * `uploadUrl` (presigned); answers its SHA-256 and size as measured where it was made.
   * Present only on those runtimes; `backup`/`restore` then refuse.
   */
  backupToStorage?(
    spec: ApplicationSpec,
    transfer: { uploadUrl: string; manifest: BackupManifest },
  ): Promise<{ sha256: string; sizeBytes: number }>;
  /** Restores from the archive at `downloadUrl` (presigned GET), refused unless its SHA-256 matches. */
  restoreFromStorage?(
    spec: ApplicationSpec,
    transfer: { downloadUrl: string; sha256: string },
  ): Promise<void>;
  /** The weekly test restore from the archive at `downloadUrl`, inside the runtime. */
  testRestoreFromStorage?(
    spec: ApplicationSpec,
    transfer: { downloadUrl: string; sha256: string },
  ): Promise<TestRestoreResult>;
  /**
   * The platform's own ACME orders changed their pending HTTP-01 answers (table
   * acme_challenges): runtimes whose port 80 is not the API's (docker: the edge proxy) publish
   * them now, before the authority is asked to validate. Absent where the API itself answers.
   */
  challengesChanged?(): Promise<void>;
  /**
   * Runs `request.command` with `/bin/sh -c` in a one-off container (a Job on Kubernetes) of
   * the application's current image, with its environment variables and secrets, its CPU and
   * memory limits and security options, on its environment's network; stopped at its timeout,
   * removed once it ended. Refuses (RuntimeRejectedError, French) what cannot run.
   */
  runTask(spec: ApplicationSpec, request: TaskRunRequest): Promise<TaskRunOutcome>;
  /**
   * Removes what is left of runs whose platform process died (docker: their containers, which
   * nobody stops or removes otherwise). Absent where the runtime ends them itself (a Job's
   * activeDeadlineSeconds and TTL on Kubernetes).
   */
  removeTaskRuns?(runIds: string[]): Promise<void>;
  /**
   * Opens a shell (`/bin/bash` when the image has one, else `/bin/sh`) with a TTY in a running
   * replica of the application. Refuses in French (RuntimeRejectedError) when no replica runs,
   * the named one is not the application's, or the image has no shell. Absent where no
   * container exists to enter (the simulation runtime).
   */
  openShell?(ref: ApplicationRef, request: ShellRequest): Promise<ShellSession>;
  /**
   * Runtimes that start scheduled runs themselves (Kubernetes: one CronJob per task in the
   * environment's namespace, under its policies and quota). The platform's scheduler then
   * starts none of those runs: it hands each application's tasks over (created, updated,
   * suspended when disabled, deleted when absent from `tasks`; applied again on a redeploy,
   * for the new image and variables), records the runs `scheduledTaskRuns` answers and
   * follows each with `followScheduledTaskRun`. Absent (docker, simulation): the platform's
   * scheduler runs every slot with runTask.
   */
  syncTaskSchedules?(spec: ApplicationSpec, tasks: TaskSchedule[]): Promise<void>;
  /** The runs the runtime started for the application's tasks, still present in it. */
  scheduledTaskRuns?(ref: ApplicationRef): Promise<ScheduledTaskRun[]>;
  /**
   * Follows a run the runtime started (`scheduledTaskRuns`) to its end, its output handed over
   * line by line; aborted with reason `stop` it is stopped, with `shutdown` it is left running.
   * `outcome.reason` says in French why it failed when it never ran (refused by the quota).
   */
  followScheduledTaskRun?(
    ref: ApplicationRef,
    run: ScheduledTaskRun,
    request: Omit<TaskRunRequest, 'command' | 'timeoutSeconds'>,
  ): Promise<TaskRunOutcome>;
  /** Releases connections (process shutdown). */
  close?(): Promise<void>;
  /** Once when the engine starts (docker: the network guard with every environment network). */
  start?(): Promise<void>;
  /**
   * What operators must know about the runtime right now, in French (docker: a network guard
   * that cannot run); empty when all is well. Shown by GET /platform.
   */
  problems?(): string[];
  /**
   * Resolves when the runtime answers (docker: the engine's `/_ping`; Kubernetes: `/version`);
   * rejects with why otherwise. The operators' alert on an unreachable runtime asks it.
   */
  ping?(): Promise<void>;
}
