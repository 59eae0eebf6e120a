import { eq, inArray } from 'drizzle-orm';
import { batchedLookup } from '../../../lib/batched-lookup';
import type { Executor } from '../../../db/client';
import { simulatedApplications, simulatedEnvironments } from '../../../db/schema/simulation';
import { deployments } from '../../../db/schema/deployments';
import type {
  VolumeUsage,
  ApplicationMetrics,
  ApplicationObservation,
  ImagePreparation,
  RuntimeDriver,
  TaskRunOutcome,
  TaskRunRequest,
  TrafficReading,
} from '../../driver';
import { simulatedTraffic as computedTraffic } from './simulated-traffic';
import type { ApplicationRef, ApplicationSpec, EnvironmentSpec } from '../../spec';
import type { BackupManifest, TestRestoreResult } from '../../backup-parts';
import { checkSimulatedRestore, countSimulatedTables, writeSimulatedBackup } from './backup';
import { simulatedLogLines } from './simulated-logs';
import { SIMULATED_START_MS, simulatedPods, simulatedUsage } from './simulated-pods';
import { simulatedNetworkTotal, simulatedStackUsage } from './simulated-stack';
import { composeSettingsOf } from '../../specs/compose-settings';
import { simulationTexts } from '@nuage/shared/messages/simulation';
import { taskTexts } from '@nuage/shared/messages/tasks';

/** Images whose name or tag says so "fail to pull", so the FAILED path can be walked too. */
const FAILING_IMAGE = /(introuvable|inexistant|notfound)/i;

/**
 * The default runtime when no cluster or engine is found: a realistic pod lifecycle kept in the
 * database (starting → running, restarts, scaling, logs, metrics), so every screen can be
 * walked with nothing installed. Every pod name, status reason, log line and URL says it is
 * simulated.
 */
export class SimulationDriver implements RuntimeDriver {
  readonly name = 'simulation' as const;
  /**
   * A simulated application changes only when the engine applies, scales, restarts or removes
   * it (each of which passes it at once): looking every 30 s found nothing, and cost a settled
   * platform with 50 applications ~1 % of a core (issue 32). A slow look still repairs a row
   * edited by hand.
   */
  readonly observeRunningEveryMs = 10 * 60_000;

  constructor(
    private readonly db: Executor,
    /** Base of the simulated applications' pages (the platform serves /simulation/{id}). */
    private readonly publicUrl: string,
  ) {}

  async ensureEnvironment(env: EnvironmentSpec) {
    await this.db
      .insert(simulatedEnvironments)
      .values({ namespace: env.namespace, environmentId: env.environmentId })
      .onConflictDoNothing();
  }

  async removeEnvironment(env: EnvironmentSpec) {
    await this.db
      .delete(simulatedEnvironments)
      .where(eq(simulatedEnvironments.namespace, env.namespace));
  }

  async apply(spec: ApplicationSpec): Promise<{ preparations: ImagePreparation[] }> {
    const now = new Date();
    // A database of the environment (issue 25): its database pod alone, no simulated site.
    const databaseOnly = spec.template === 'database';
    // Stopped: its image alone, so no database pod is shown.
    const images = databaseOnly
      ? spec.database!.stopped
        ? [spec.database!.image]
        : [spec.database!.image, spec.database!.image]
      : [spec.app.image, ...(spec.database ? [spec.database.image] : [])];
    const failure = FAILING_IMAGE.test(spec.app.image)
      ? simulationTexts.imageMissing(spec.app.image)
      : null;
    const row = {
      deploymentId: spec.deploymentId,
      name: spec.name,
      namespace: spec.namespace,
      replicas: spec.replicas,
      images,
      podStarts: Array.from({ length: spec.replicas }, () => now.toISOString()),
      // 0: nothing serves HTTP, so no simulated site nor URL (status()).
      port: databaseOnly ? 0 : spec.service.port,
      failure,
      cpuMilli: spec.app.cpuMilli,
      ramMb: spec.app.ramMb,
      replacedPods: null,
    };
    const [existing] = await this.db
      .select()
      .from(simulatedApplications)
      .where(eq(simulatedApplications.deploymentId, spec.deploymentId));
    // As a real Deployment does: a change of replicas alone keeps the running pods; any other
    // change replaces them all.
    const unchangedPods =
      existing &&
      existing.cpuMilli === row.cpuMilli &&
      existing.ramMb === row.ramMb &&
      existing.failure === row.failure &&
      JSON.stringify(existing.images) === JSON.stringify(images);
    if (unchangedPods) {
      row.podStarts = row.podStarts.map((fresh, i) => existing.podStarts[i] ?? fresh);
    }
    const podGeneration = existing ? existing.podGeneration + (unchangedPods ? 0 : 1) : 1;
    const setupRuns = recordSetupRun(spec, existing?.setupRuns ?? [], now);
    await this.db
      .insert(simulatedApplications)
      .values({ ...row, podGeneration, setupRuns })
      .onConflictDoUpdate({
        target: simulatedApplications.deploymentId,
        set: { ...row, podGeneration, setupRuns },
      });
    // As a real engine does, only images not yet present are pulled (a scale pulls nothing);
    // an image that cannot be pulled never becomes present, so each attempt is a failed pull.
    const present = new Set(existing?.images.filter((image) => !FAILING_IMAGE.test(image)) ?? []);
    const preparations = images
      .filter((image) => !present.has(image))
      .map((image) => ({
        image,
        kind: 'pull' as const,
        status: failure && image === spec.app.image ? ('failed' as const) : ('success' as const),
        startedAt: now,
        completedAt: new Date(now.getTime() + 300),
        error: failure && image === spec.app.image ? failure : null,
      }));
    return { preparations };
  }

  /** Nothing runs: the run's log says so, line by line, and it « succeeds » (issue 29). */
  async runTask(_spec: ApplicationSpec, request: TaskRunRequest): Promise<TaskRunOutcome> {
    request.onLine(taskTexts.simulated);
    request.onLine(taskTexts.simulatedLine(request.command));
    request.onLine(taskTexts.simulatedDone);
    return { exitCode: 0, timedOut: false, simulated: true };
  }

  /** An application's simulated state; the lookups of one turn (a worker's pass) in one query. */
  private readonly loadById = batchedLookup(async (ids: string[]) => {
    const rows = await this.db
      .select()
      .from(simulatedApplications)
      .where(inArray(simulatedApplications.deploymentId, ids));
    return new Map(rows.map((row) => [row.deploymentId, row]));
  });

  private load(ref: ApplicationRef) {
    return this.loadById(ref.deploymentId);
  }

  /** The storage an application reserves (MB), batched as loadById. */
  private readonly storageById = batchedLookup(async (ids: string[]) => {
    const rows = await this.db
      .select({ id: deployments.id, storageMb: deployments.storageMb })
      .from(deployments)
      .where(inArray(deployments.id, ids));
    return new Map(rows.map((row) => [row.id, row.storageMb]));
  });

  async status(ref: ApplicationRef): Promise<ApplicationObservation> {
    const row = await this.load(ref);
    if (!row)
      return { phase: 'absent', pods: [], readyReplicas: 0, url: null, reason: null, images: [] };
    const now = new Date();
    const pods = simulatedPods({ ...row, now });
    // Replaced pods count while they serve (their successors still starting), never beyond.
    const readyReplicas = Math.min(
      row.replicas,
      pods.filter((p) => p.ready && !p.name.includes('-db-')).length,
    );
    return {
      phase: row.failure ? 'failed' : readyReplicas === row.replicas ? 'running' : 'starting',
      pods,
      readyReplicas,
      url: row.port === 0 ? null : `${this.publicUrl}/simulation/${ref.deploymentId}`,
      reason: row.failure,
      images: row.images,
    };
  }

  async scale(ref: ApplicationRef, replicas: number) {
    const row = await this.load(ref);
    if (!row) return;
    const now = new Date().toISOString();
    const podStarts = row.podStarts.slice(0, replicas);
    while (podStarts.length < replicas) podStarts.push(now);
    await this.db
      .update(simulatedApplications)
      .set({ replicas, podStarts })
      .where(eq(simulatedApplications.deploymentId, ref.deploymentId));
  }

  /**
   * As the real runtimes do: every pod gets a successor, and the pods it replaces keep serving
   * until the successors are ready, so the application stays RUNNING throughout.
   */
  async restart(ref: ApplicationRef) {
    await this.replacePods(ref, { keepServing: true });
  }

  private async replacePods(ref: ApplicationRef, opts: { keepServing: boolean }) {
    const row = await this.load(ref);
    if (!row) return;
    const now = new Date().toISOString();
    const serving = opts.keepServing && !row.failure;
    await this.db
      .update(simulatedApplications)
      .set({
        podGeneration: row.podGeneration + 1,
        podStarts: row.podStarts.map(() => now),
        replacedPods: serving ? { generation: row.podGeneration, starts: row.podStarts } : null,
      })
      .where(eq(simulatedApplications.deploymentId, ref.deploymentId));
  }

  async logs(ref: ApplicationRef, opts: { tailLines: number }): Promise<string> {
    const row = await this.load(ref);
    if (!row) return '';
    const now = new Date();
    const lines = simulatedPods({ ...row, replacedPods: null, now })
      .filter((p) => !p.name.includes('-db-'))
      .flatMap((pod, index) =>
        simulatedLogLines({
          pod: pod.name,
          template: row.name,
          image: row.images[0] ?? '',
          port: row.port,
          startedAt: new Date(row.podStarts[index] ?? row.createdAt),
          now,
        }).map((line) => `[${pod.name}] ${line}`),
      )
      .concat(row.setupRuns.map((run) => `[${row.name}-setup] ${setupRunLine(run)}`))
      .sort((a, b) => a.slice(a.indexOf('] ') + 2).localeCompare(b.slice(b.indexOf('] ') + 2)));
    return lines.slice(-opts.tailLines).join('\n');
  }

  async metrics(ref: ApplicationRef): Promise<ApplicationMetrics | null> {
    const row = await this.load(ref);
    if (!row) return null;
    const now = new Date();
    const pods = simulatedPods({ ...row, now })
      .filter((p) => p.ready && !p.name.includes('-db-'))
      .map((p, i) => ({
        name: p.name,
        cpuMilli: simulatedUsage(row.cpuMilli, i, now, 0.15, 0.55),
        ramMb: simulatedUsage(row.ramMb, i + 1, now, 0.35, 0.7),
      }));
    const sinceStart = (now.getTime() - new Date(row.createdAt).getTime()) / 1000;
    const measured: ApplicationMetrics = {
      cpuMilli: pods.reduce((s, p) => s + p.cpuMilli, 0),
      ramMb: pods.reduce((s, p) => s + p.ramMb, 0),
      pods,
      netRxBytes: simulatedNetworkTotal(sinceStart, 1_500 * pods.length),
      netTxBytes: simulatedNetworkTotal(sinceStart, 6_000 * pods.length),
      restarts: 0,
      source: 'simulation',
      collectedAt: now.toISOString(),
    };
    if (!ref.stackServices) return measured;
    // A stack: every service computed within its own limits, the totals their sums.
    const services = simulatedStackUsage({
      stack: ref.stackServices,
      sizes: await this.serviceSizes(ref),
      running: pods.length > 0,
      now,
      secondsSinceStart: sinceStart,
    });
    const sum = (pick: (s: (typeof services)[number]) => number | null) =>
      services.reduce((total, s) => total + (pick(s) ?? 0), 0);
    return {
      ...measured,
      cpuMilli: sum((s) => s.cpuMilli),
      ramMb: sum((s) => s.ramMb),
      netRxBytes: sum((s) => s.netRxBytes),
      netTxBytes: sum((s) => s.netTxBytes),
      services,
    };
  }

  /** What each Compose service reserves, as its application's row keeps it. */
  private async serviceSizes(ref: ApplicationRef) {
    const [app] = await this.db
      .select({ settings: deployments.settings })
      .from(deployments)
      .where(eq(deployments.id, ref.deploymentId));
    const services = app ? composeSettingsOf(app.settings).services : [];
    return new Map(services.map((s) => [s.name, { cpuMilli: s.cpuMilli, ramMb: s.ramMb }]));
  }

  /**
   * Computed use of one volume of the application's storage: a fifth of it at the start,
   * growing by about 1 % a day and swinging a little within the hour (never above 60 %).
   */
  async volumeUsage(ref: ApplicationRef): Promise<VolumeUsage | null> {
    const [row, storageMb] = await Promise.all([
      this.load(ref),
      this.storageById(ref.deploymentId),
    ]);
    if (!row || !storageMb || storageMb <= 0) return null;
    const now = new Date();
    const days = (now.getTime() - new Date(row.createdAt).getTime()) / 86_400_000;
    const ratio = Math.min(0.6, 0.2 + 0.01 * days) + simulatedUsage(20, 3, now, 0, 1) / 1000;
    const capacityBytes = storageMb * 1e6;
    return {
      volumes: [
        { name: `${row.name}-data`, usedBytes: Math.round(capacityBytes * ratio), capacityBytes },
      ],
      measuredAt: now.toISOString(),
      notice: null,
    };
  }

  /** Computed traffic for the running applications (simulated-traffic.ts). */
  async readTraffic(input: {
    cursor: string | null;
    now: Date;
    running: string[];
  }): Promise<TrafficReading> {
    return computedTraffic(input);
  }

  backup(spec: ApplicationSpec, dir: string): Promise<BackupManifest> {
    return writeSimulatedBackup(spec, dir);
  }

  /**
   * As a real restore does: the application is stopped while the data is loaded, then its
   * pods start again (nothing serves the half-loaded data meanwhile).
   */
  async restore(spec: ApplicationSpec, dir: string): Promise<void> {
    await checkSimulatedRestore(spec, dir);
    await this.replacePods(spec, { keepServing: false });
  }

  async testRestore(spec: ApplicationSpec, dir: string): Promise<TestRestoreResult> {
    return { tablesCount: await countSimulatedTables(spec, dir) };
  }

  async remove(ref: ApplicationRef) {
    await this.db
      .delete(simulatedApplications)
      .where(eq(simulatedApplications.deploymentId, ref.deploymentId));
  }
}

export { SIMULATED_START_MS };

/**
 * The setup task runs when its revision changes (first install, then each regenerated admin
 * password), as the real runtimes do: recorded with its time, at most the last 20.
 */
function recordSetupRun(
  spec: ApplicationSpec,
  runs: { revision: number; at: string }[],
  now: Date,
): { revision: number; at: string }[] {
  if (!spec.setup) return runs;
  const literal = spec.setup.env.find((e) => e.name === 'NUAGE_PASSWORD_REVISION');
  const revision = Number(literal && 'value' in literal ? literal.value : 0);
  if (runs.at(-1)?.revision === revision) return runs;
  return [...runs, { revision, at: now.toISOString() }].slice(-20);
}

function setupRunLine(run: { revision: number; at: string }): string {
  return simulationTexts.setupRun(run.at, run.revision);
}
