import { and, asc, eq, gt, inArray, isNotNull, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import type { DatabasePublicSettings } from '../specs/database-public-endpoint';
import type { FastifyBaseLogger } from 'fastify';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { Database } from '../../db/client';
import { deployments } from '../../db/schema/deployments';
import { environments } from '../../db/schema/environments';
import { projects } from '../../db/schema/projects';
import { settledBy } from '../../lib/deadline';
import { WorkLoop } from '../../lib/work-loop';
import type { RuntimeDriver } from '../driver';
import type { RenderOptions } from '../manifests/types';
import { ApplicationSpecs } from '../specs/application-specs';
import { EnvironmentReconciler } from './reconcile-environment';
import { reconcileApplication } from './reconcile-application';
import type { CrashLoopSettings } from './crash-loop';
import type { HostnamePolicy } from '../routing/reserved-hosts';
import type { ApplicationUrl, CertificateLookup } from '../specs/spec-for-deployment';
import { liveEnvironment } from '../../db/environment-sql';

export interface ReconcilerOptions {
  db: Database;
  driver: RuntimeDriver;
  secretsKey: Buffer;
  dataDir: string;
  log: FastifyBaseLogger;
  certificates?: CertificateLookup;
  applicationUrl?: ApplicationUrl;
  /** The names the platform allocates itself: never served as a custom domain. */
  hostnames?: HostnamePolicy;
  /** Databases' public endpoints (DATABASE_PUBLIC_*): absent, none is published. */
  databasePublic?: DatabasePublicSettings;
  /** Cluster-specific rendering (storage and ingress classes) of the manifests folder. */
  renderOptions?: RenderOptions;
  /**
   * How often to look for work when nobody wakes us and database notifications are down (or
   * not set up: tests); with them, passes run when work falls due, and every minute for safety.
   */
  pollMs?: number;
  /** How long a claim lasts; a process killed mid-apply loses it after this. */
  leaseMs?: number;
  batchSize?: number;
  /**
   * How long a pass holds up the loop (default 5 s). A pass still running then (a Kubernetes
   * rollout is awaited for up to K8S_ROLLOUT_TIMEOUT_SECONDS + 60 s, a Docker pull as long as
   * it takes) carries on in the background, its lease kept alive, while the next passes serve
   * the other applications and the environments.
   */
  passWaitMs?: number;
  /** Passes running at once, those carrying on in the background included (default 32). */
  maxRunning?: number;
  /** When restarts are a crash loop, and when it is over (CRASH_LOOP_* settings). */
  crashLoop?: CrashLoopSettings;
  /** Between two looks at a running application (OBSERVE_RUNNING_SECONDS). */
  observeRunningMs?: number;
}

/**
 * Converges the runtime to the desired state stored in the database. Work is claimed with
 * `SELECT … FOR UPDATE SKIP LOCKED` and held by a lease (owner + expiry) rather than an open
 * transaction, so several API processes share the work without applying anything twice, no
 * transaction spans a runtime call, and a killed process's claims simply expire.
 */
export class Reconciler {
  readonly owner = `${os.hostname()}-${process.pid}-${randomBytes(3).toString('hex')}`;
  /** How this engine turns a row into a spec: the same for applies, manifests and backups. */
  readonly specs: ApplicationSpecs;
  private readonly loop: WorkLoop;
  private readonly environments: EnvironmentReconciler;
  private readonly firstRunningListeners = new Set<(deploymentId: string) => void>();
  private readonly leaseMs: number;
  private readonly batchSize: number;
  private readonly passWaitMs: number;
  private readonly maxRunning: number;
  /** Application passes under way (with their application's id), waited for or not. */
  private readonly running = new Map<Promise<void>, string>();
  /** True while database notifications say when work falls due (db/wake-channels.ts). */
  private listening = false;

  constructor(private readonly opts: ReconcilerOptions) {
    const pollMs = opts.pollMs ?? 1000;
    this.loop = new WorkLoop(() => this.tick(), {
      pollMs: () => (this.listening ? Math.max(pollMs, SAFETY_POLL_MS) : pollMs),
      log: opts.log,
      failure: 'reconciler pass failed',
      nextDueMs: () => this.nextDueMs(),
    });
    this.leaseMs = opts.leaseMs ?? 60_000;
    // Four applications at a time: a burst of applies must leave the API's database connections
    // and event loop to the users' requests.
    this.batchSize = opts.batchSize ?? 4;
    this.passWaitMs = opts.passWaitMs ?? 5000;
    this.maxRunning = Math.max(this.batchSize, opts.maxRunning ?? 32);
    this.specs = new ApplicationSpecs(opts);
    this.environments = new EnvironmentReconciler({
      db: opts.db,
      driver: opts.driver,
      dataDir: opts.dataDir,
      log: opts.log,
      specs: this.specs,
      ...(opts.renderOptions ? { renderOptions: opts.renderOptions } : {}),
      owner: this.owner,
      leaseMs: this.leaseMs,
    });
  }

  start() {
    if (this.opts.driver.adoptForDriftRepair) {
      // The runtime repairs drift only for applications it knows: after a restart each one is
      // passed at once rather than at its next observation (up to 30 s), and one whose objects
      // are deleted meanwhile is passed as soon as the runtime says so.
      this.opts.driver.onUnknownDrift?.((id) => void this.passSoon(id));
      void this.opts.db
        .update(deployments)
        .set({ nextAttemptAt: new Date() })
        .where(
          and(eq(deployments.desiredState, 'present'), gt(deployments.nextAttemptAt, new Date())),
        )
        .catch((err: unknown) => this.opts.log.warn({ err }, 'could not schedule the first passes'))
        .finally(() => this.loop.wake());
    }
    this.loop.start();
  }

  /** An application looked at now rather than at its next observation. */
  private async passSoon(id: string) {
    await this.opts.db
      .update(deployments)
      .set({ nextAttemptAt: new Date() })
      .where(and(eq(deployments.id, id), eq(deployments.desiredState, 'present')))
      .catch((err: unknown) => this.opts.log.warn({ err, id }, 'could not schedule a pass'));
    this.loop.wake();
  }

  /**
   * Stops looking for work and waits for the passes under way, until `deadline` (epoch ms) at
   * most. A pass still running then (a rollout, a pull, a setup task: minutes) is left to the
   * exit, and its claim given back now: its application is taken up at once by another
   * process or the next start, and the pass's own late writes, fenced by the claim, change
   * nothing.
   */
  async stop(deadline = Number.POSITIVE_INFINITY) {
    await this.loop.stop(deadline);
    if (await settledBy(this.settled(), deadline)) return;
    const cut = [...new Set(this.running.values())];
    this.opts.log.warn({ applications: cut.length }, 'engine passes cut by the shutdown');
    await Promise.all(cut.map((id) => this.release(id)));
  }

  /** Looks for work now (called after the API writes desired state). */
  /** Told when this process sees an application running for the first time. */
  onFirstRunning(listener: (deploymentId: string) => void) {
    this.firstRunningListeners.add(listener);
  }

  wake() {
    this.loop.wake();
  }

  /** Work falls due at `epochMs` (a database notification), now when unknown. */
  wakeAt(epochMs?: number) {
    if (epochMs === undefined) this.loop.wake();
    else this.loop.wakeAt(epochMs);
  }

  setListening(listening: boolean) {
    this.listening = listening;
    // Back to polling: the next look comes at the short interval, not after a long sleep.
    if (!listening) this.loop.wake();
  }

  /**
   * In how many ms the next application or environment falls due (its next attempt, or its
   * lease's end when another process holds it), for the loop to sleep until then; a project
   * being deleted is looked at every second, as its deletion progresses on every pass.
   */
  private async nextDueMs(): Promise<number | null> {
    const due = (next: unknown, lease: unknown) =>
      sql`greatest(${next}, coalesce(${lease}, ${next}))`;
    const result = (await this.opts.db.execute(sql`select
      (select extract(epoch from min(${due(deployments.nextAttemptAt, deployments.leaseExpiresAt)})) * 1000
        from ${deployments} inner join ${environments} on ${environments.id} = ${deployments.environmentId}
        where ${claimableApplication()})::float8 as applications,
      (select extract(epoch from min(${due(environments.nextAttemptAt, environments.leaseExpiresAt)})) * 1000
        from ${environments} where ${inArray(environments.status, ['pending', 'failed', 'deleting'])})::float8 as environments,
      exists (select 1 from ${projects} where ${projects.deletingAt} is not null) as deleting`)) as unknown as {
      rows: { applications: number | null; environments: number | null; deleting: boolean }[];
    };
    const row = result.rows[0];
    if (!row) return null;
    if (row.deleting) return 1000;
    const times = [row.applications, row.environments].filter((t): t is number => t !== null);
    return times.length ? Math.min(...times) - Date.now() : null;
  }

  /**
   * One pass: environments first (they host applications), then a batch of applications. The
   * batch is awaited for passWaitMs at most: a pass that waits longer on the runtime (a
   * rollout, a pull) goes on in the background, so it never holds up the others' passes. Only
   * the application's own lease is held meanwhile (no lock, no transaction).
   */
  async tick(): Promise<number> {
    const envWork = await this.environments.tick();
    const room = Math.min(this.batchSize, this.maxRunning - this.running.size);
    const claimed = room > 0 ? await this.claimApplications(room) : [];
    if (claimed.length > 0) {
      const passes = Promise.all(claimed.map((row) => this.startPass(row)));
      let timer: NodeJS.Timeout | undefined;
      const waited = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, this.passWaitMs);
        timer.unref();
      });
      await Promise.race([passes, waited]);
      clearTimeout(timer);
    }
    return envWork + claimed.length;
  }

  /** Every application pass under way, finished (tests, stop()). */
  async settled(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running.keys()]);
  }

  private startPass(row: Awaited<ReturnType<Reconciler['claimApplications']>>[number]) {
    // A long apply (image pulls, a rollout, a setup job) keeps its claim alive; a killed
    // process stops renewing and its claim expires.
    const heartbeat = setInterval(
      () => void this.renew(row.deployment.id),
      Math.max(1000, this.leaseMs / 3),
    );
    heartbeat.unref();
    // The pass gives the claim back in its last write; only a pass that failed outright (the
    // database itself gone) leaves it to be released here, or to expire.
    const pass: Promise<void> = reconcileApplication(
      {
        db: this.opts.db,
        driver: this.opts.driver,
        specs: this.specs,
        log: this.opts.log,
        owner: this.owner,
        ensureEnvironment: (id, opts) => this.environments.ensureReady(id, opts),
        quotaChanged: (id) => this.environments.quotaChanged(id),
        manifestApplied: (id, spec) => this.environments.manifestApplied(id, spec),
        manifestRemoved: (id, name) => this.environments.manifestRemoved(id, name),
        ...(this.opts.crashLoop ? { crashLoop: this.opts.crashLoop } : {}),
        ...(this.opts.observeRunningMs ? { observeRunningMs: this.opts.observeRunningMs } : {}),
        firstRunning: (id) => {
          for (const listener of this.firstRunningListeners) listener(id);
        },
      },
      row.deployment,
      row.namespace,
    )
      .catch((err: unknown) => {
        this.opts.log.error({ err, deploymentId: row.deployment.id }, 'reconcile pass failed');
        return this.release(row.deployment.id);
      })
      .finally(() => {
        clearInterval(heartbeat);
        this.running.delete(pass);
        // Its slot is free, and what it recorded may call for another pass.
        this.loop.wake();
      });
    this.running.set(pass, row.deployment.id);
    return pass;
  }

  /** Runs passes until nothing is due (tests; never used by the server loop). */
  async runUntilIdle(maxPasses = 100): Promise<void> {
    for (let i = 0; i < maxPasses; i++) {
      const work = await this.tick();
      await this.settled();
      if (work === 0) return;
    }
  }

  private async claimApplications(limit: number) {
    const now = new Date();
    return this.opts.db.transaction(async (tx) => {
      const due = await tx
        .select({ id: deployments.id, namespace: environments.namespace })
        .from(deployments)
        .innerJoin(environments, eq(environments.id, deployments.environmentId))
        .where(
          and(
            lte(deployments.nextAttemptAt, now),
            or(isNull(deployments.leaseExpiresAt), lt(deployments.leaseExpiresAt, now)),
            claimableApplication(),
          ),
        )
        .orderBy(asc(deployments.nextAttemptAt))
        .limit(limit)
        .for('update', { of: deployments, skipLocked: true });
      if (due.length === 0) return [];
      const namespaces = new Map(due.map((d) => [d.id, d.namespace]));
      const rows = await tx
        .update(deployments)
        .set({ leaseOwner: this.owner, leaseExpiresAt: new Date(now.getTime() + this.leaseMs) })
        .where(inArray(deployments.id, [...namespaces.keys()]))
        .returning();
      return rows.map((deployment) => ({ deployment, namespace: namespaces.get(deployment.id)! }));
    });
  }

  private async renew(id: string) {
    await this.opts.db
      .update(deployments)
      .set({ leaseExpiresAt: new Date(Date.now() + this.leaseMs) })
      .where(and(eq(deployments.id, id), eq(deployments.leaseOwner, this.owner)))
      .catch((err: unknown) => this.opts.log.warn({ err, id }, 'could not renew lease'));
  }

  private async release(id: string) {
    await this.opts.db
      .update(deployments)
      .set({ leaseOwner: null, leaseExpiresAt: null })
      .where(and(eq(deployments.id, id), eq(deployments.leaseOwner, this.owner)))
      .catch((err: unknown) => this.opts.log.warn({ err, id }, 'could not release lease'));
  }
}

/**
 * The longest sleep while database notifications say when work falls due: only a missed
 * notification waits this long (a lost LISTEN connection turns polling back to `pollMs`).
 */
const SAFETY_POLL_MS = 60_000;

/** What makes an application the engine's to pass, once due and not leased. */
function claimableApplication() {
  return and(
    // Applications of an environment being removed are only ever removed. Those of an
    // environment still waiting for its namespace are claimed too: their pass ensures the
    // namespace itself, and records why they wait when the runtime does not answer.
    or(liveEnvironment(), eq(deployments.desiredState, 'absent')),
    // An application built from Git (code, or a Compose file read from its repository) has
    // nothing to run before its first release (the build pipeline sets it and wakes the
    // engine); its removal is still carried out.
    or(
      and(
        ne(deployments.sourceKind, 'code'),
        or(ne(deployments.sourceKind, 'compose'), isNull(deployments.repoUrl)),
      ),
      isNotNull(deployments.currentReleaseId),
      isNotNull(deployments.desiredReleaseId),
      eq(deployments.desiredState, 'absent'),
    ),
  );
}
