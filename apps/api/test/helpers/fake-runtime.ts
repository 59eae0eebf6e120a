import {
  ReleaseNotReadyError,
  RuntimeRejectedError,
  RuntimeUnavailableError,
  type ApplicationObservation,
  type ImagePreparation,
  type RuntimeDriver,
  type TaskRunOutcome,
  type TaskRunRequest,
} from '../../src/engine/driver';
import type { BackupManifest, TestRestoreResult } from '../../src/engine/backup-parts';
import {
  checkSimulatedRestore,
  countSimulatedTables,
  writeSimulatedBackup,
} from '../../src/engine/drivers/simulation/backup';
import type { ApplicationRef, ApplicationSpec, EnvironmentSpec } from '../../src/engine/spec';

/** One application's objects in the fake runtime (keyed by namespace and object name). */
export interface FakeObject {
  deploymentId: string;
  namespace: string;
  name: string;
  generation: number;
  image: string;
  replicas: number;
  restarts: number;
}

type Operation =
  'ensureEnvironment' | 'apply' | 'remove' | 'removeEnvironment' | 'backup' | 'restore';

interface Hold {
  started: Promise<void>;
  release(): void;
}

/**
 * An in-memory runtime for the reconciler's failure paths: it can refuse to answer for a
 * number of calls, reject images, and hold an operation half-way (its objects already written)
 * until the test releases it, as a process killed mid-apply would leave it.
 */
export class FakeRuntime implements RuntimeDriver {
  readonly name = 'kubernetes' as const;
  readonly namespaces = new Set<string>();
  readonly objects = new Map<string, FakeObject>();
  /** Every call that reached the runtime, in order ('apply ns/name g1', 'remove ns/name'…). */
  readonly calls: string[] = [];
  readonly applies: { deploymentId: string; generation: number }[] = [];
  /** The next this-many calls answer RuntimeUnavailableError (the runtime is down). */
  unavailableCalls = 0;
  /** Images matching this are refused at apply, with the runtime's reason. */
  rejectImages: RegExp | null = null;
  /** Whether a refused apply reports the failed pull, as the Docker driver does. */
  reportFailedPulls = false;
  /** When set, restart() keeps the replicas and answers ReleaseNotReadyError with this reason. */
  restartNotReady: string | null = null;
  /** How long an apply takes (a slow registry, a busy API server). */
  applyDelayMs = 0;
  /**
   * A crash-looping application (by deployment id): its replicas' restart counter, and whether
   * they are ready; not ready means the runtime reports it failed.
   */
  readonly crashing = new Map<string, { restarts: number; ready: boolean }>();
  /** Drift status() reports for an application (by deployment id) until its next apply. */
  readonly drift = new Map<string, string[]>();
  private readonly holds = new Map<Operation, { started: () => void; gate: Promise<void> }>();

  /** The next `op` writes its objects, then waits for release() (or forever). */
  hold(op: Operation): Hold {
    let started!: () => void;
    let release!: () => void;
    const startedP = new Promise<void>((r) => (started = r));
    const gate = new Promise<void>((r) => (release = r));
    this.holds.set(op, { started, gate });
    return { started: startedP, release };
  }

  private async pause(op: Operation) {
    const hold = this.holds.get(op);
    if (!hold) return;
    this.holds.delete(op);
    hold.started();
    await hold.gate;
  }

  private reach(call: string) {
    if (this.unavailableCalls > 0) {
      this.unavailableCalls -= 1;
      throw new RuntimeUnavailableError('connect ECONNREFUSED 10.0.0.1:6443');
    }
    this.calls.push(call);
  }

  objectsIn(namespace: string): FakeObject[] {
    return [...this.objects.values()].filter((o) => o.namespace === namespace);
  }

  async ensureEnvironment(env: EnvironmentSpec) {
    this.reach(`ensureEnvironment ${env.namespace}`);
    this.namespaces.add(env.namespace);
    await this.pause('ensureEnvironment');
  }

  async apply(spec: ApplicationSpec): Promise<{ preparations: ImagePreparation[] }> {
    this.reach(`apply ${spec.namespace}/${spec.name} g${spec.generation}`);
    const now = new Date();
    if (this.rejectImages?.test(spec.app.image)) {
      const reason = `image ${spec.app.image} introuvable dans le registre`;
      const preparations: ImagePreparation[] = this.reportFailedPulls
        ? [
            {
              image: spec.app.image,
              kind: 'pull',
              status: 'failed',
              startedAt: now,
              completedAt: now,
              error: reason,
            },
          ]
        : [];
      // As the Docker driver's ImagePullError does: the failed pull rides on the refusal.
      throw Object.assign(new RuntimeRejectedError(reason), { preparations });
    }
    this.applies.push({ deploymentId: spec.deploymentId, generation: spec.generation });
    this.drift.delete(spec.deploymentId);
    if (this.applyDelayMs > 0) await new Promise((r) => setTimeout(r, this.applyDelayMs));
    const key = `${spec.namespace}/${spec.name}`;
    const previous = this.objects.get(key);
    this.objects.set(key, {
      deploymentId: spec.deploymentId,
      namespace: spec.namespace,
      name: spec.name,
      generation: spec.generation,
      image: spec.app.image,
      replicas: spec.replicas,
      restarts: previous?.restarts ?? 0,
    });
    await this.pause('apply');
    return { preparations: [] };
  }

  private find(ref: ApplicationRef) {
    return this.objects.get(`${ref.namespace}/${ref.name}`);
  }

  async status(ref: ApplicationRef): Promise<ApplicationObservation> {
    this.reach(`status ${ref.namespace}/${ref.name}`);
    const o = this.find(ref);
    if (!o)
      return { phase: 'absent', pods: [], readyReplicas: 0, url: null, reason: null, images: [] };
    // As the Docker driver does: fewer replicas than the application runs is drift.
    const missing = Array.from(
      { length: Math.max(0, (ref.replicas ?? 0) - o.replicas) },
      (_, i) => `instance ${o.name}-${o.replicas + i} absente`,
    );
    const drift = [...(this.drift.get(ref.deploymentId) ?? []), ...missing];
    const crash = this.crashing.get(ref.deploymentId);
    const ready = crash?.ready ?? true;
    return {
      phase: ready ? 'running' : 'failed',
      pods: Array.from({ length: o.replicas }, (_, i) => ({
        name: `${o.name}-r${o.restarts}-${i}`,
        status: ready ? 'Running' : 'Failed',
        ready,
        restarts: crash?.restarts ?? 0,
      })),
      readyReplicas: ready ? o.replicas : 0,
      url: `https://${o.name}.fake.test`,
      reason: ready ? null : `exit code 1 (restarted ${crash?.restarts ?? 0} times)`,
      images: [o.image],
      ...(drift.length ? { drift } : {}),
    };
  }

  async scale(ref: ApplicationRef, replicas: number) {
    this.reach(`scale ${ref.namespace}/${ref.name}`);
    const o = this.find(ref);
    if (o) o.replicas = replicas;
  }

  async restart(ref: ApplicationRef) {
    this.reach(`restart ${ref.namespace}/${ref.name}`);
    // As the docker runtime does when a replica's copy never becomes ready: the old one stays.
    if (this.restartNotReady) throw new ReleaseNotReadyError(this.restartNotReady);
    const o = this.find(ref);
    if (o) o.restarts += 1;
  }

  async logs(ref: ApplicationRef) {
    this.reach(`logs ${ref.namespace}/${ref.name}`);
    return this.find(ref) ? 'fake log line' : '';
  }

  async metrics() {
    return null;
  }

  /** Every task run that reached the runtime: its run id and command. */
  readonly taskRuns: { runId: string; command: string; cpuMilli: number; ramMb: number }[] = [];

  /**
   * A tiny shell for task runs (issue 29): `echo …`, `sleep N` (seconds, cut by the timeout
   * and by a stop) and `exit N`, separated by `;` or `&&`.
   */
  async runTask(spec: ApplicationSpec, request: TaskRunRequest): Promise<TaskRunOutcome> {
    this.reach(`task ${spec.namespace}/${spec.name}`);
    this.taskRuns.push({
      runId: request.runId,
      command: request.command,
      cpuMilli: spec.app.cpuMilli,
      ramMb: spec.app.ramMb,
    });
    const deadline = Date.now() + request.timeoutSeconds * 1000;
    for (const step of request.command.split(/;|&&/).map((x) => x.trim())) {
      if (step.startsWith('echo ')) request.onLine(step.slice(5).replace(/^'|'$/g, ''));
      const sleep = /^sleep (\d+(?:\.\d+)?)$/.exec(step);
      if (sleep) {
        const until = Math.min(deadline, Date.now() + Number(sleep[1]) * 1000);
        while (Date.now() < until && !request.signal.aborted)
          await new Promise((r) => setTimeout(r, 20));
        if (Date.now() >= deadline) return { exitCode: 143, timedOut: true, simulated: false };
        if (request.signal.aborted) return { exitCode: 143, timedOut: false, simulated: false };
      }
      const exit = /^exit (\d+)$/.exec(step);
      if (exit) return { exitCode: Number(exit[1]), timedOut: false, simulated: false };
    }
    return { exitCode: 0, timedOut: false, simulated: false };
  }

  /** Runs of dead processes whose leftovers the platform asked to remove. */
  readonly removedTaskRuns: string[] = [];

  async removeTaskRuns(runIds: string[]): Promise<void> {
    this.removedTaskRuns.push(...runIds);
  }

  /** Backups write the simulation runtime's synthetic parts, so the whole flow runs. */
  async backup(spec: ApplicationSpec, dir: string): Promise<BackupManifest> {
    this.reach(`backup ${spec.namespace}/${spec.name}`);
    await this.pause('backup');
    return { ...(await writeSimulatedBackup(spec, dir)), runtime: this.name };
  }

  async restore(spec: ApplicationSpec, dir: string): Promise<void> {
    this.reach(`restore ${spec.namespace}/${spec.name}`);
    await this.pause('restore');
    await checkSimulatedRestore(spec, dir);
  }

  async testRestore(spec: ApplicationSpec, dir: string): Promise<TestRestoreResult> {
    this.reach(`test-restore ${spec.namespace}/${spec.name}`);
    return { tablesCount: await countSimulatedTables(spec, dir) };
  }

  async remove(ref: ApplicationRef) {
    this.reach(`remove ${ref.namespace}/${ref.name}`);
    this.objects.delete(`${ref.namespace}/${ref.name}`);
    await this.pause('remove');
  }

  async removeEnvironment(env: EnvironmentSpec) {
    this.reach(`removeEnvironment ${env.namespace}`);
    if (this.objectsIn(env.namespace).length > 0) {
      // A namespace deleted under its applications would take them down unrecorded.
      throw new RuntimeRejectedError(`namespace ${env.namespace} still holds applications`);
    }
    this.namespaces.delete(env.namespace);
    await this.pause('removeEnvironment');
  }
}
