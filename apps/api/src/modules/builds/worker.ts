import { and, count, eq, inArray, lt, min, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { BuildQueueSettings } from '../../config';
import type { Database } from '../../db/client';
import { builds } from '../../db/schema/builds';
import type { ImageBuilder } from '../../engine/builds/builder';
import { SAFETY_POLL_MS, WorkLoop } from '../../lib/work-loop';
import type { RegistryPolicy } from '../deployments/image-registry-policy';
import { recordFailure } from './finish-build';
import type { BuildRow } from './presenter';
import { queueOrder } from './queue';
import { runBuild, type AbortReason } from './run-build';
import { buildErrorTexts } from '@nuage/shared/messages/builds';

export const BUILD_PROCESS_DIED = buildErrorTexts.processDied;

/** Serialises claims over every API process, so BUILD_CONCURRENCY holds globally. */
const QUEUE_LOCK_KEY = 0x6e756167; // 'nuag'

export interface BuildWorkerOptions {
  db: Database;
  builder: ImageBuilder;
  secretsKey: Buffer;
  settings: BuildQueueSettings;
  log: FastifyBaseLogger;
  wakeEngine(): void;
  /** Where a Compose file's published images may come from. */
  registryPolicy?: RegistryPolicy;
  pollMs?: number;
  /** How often a running build's heartbeat is written and its cancel flag read. */
  heartbeatMs?: number;
  /** A running build whose heartbeat is older than this belongs to a dead process. */
  staleMs?: number;
}

/**
 * The build queue of one API process (like the reconciler): claims queued builds with
 * `FOR UPDATE SKIP LOCKED` up to the global concurrency, runs them, writes a heartbeat and
 * polls the cancel flag (a cancel may reach another process), and fails the builds of
 * processes that died.
 */
export class BuildWorker {
  readonly owner = `${os.hostname()}-${process.pid}-${randomBytes(3).toString('hex')}`;
  private readonly loop: WorkLoop;
  private readonly running = new Map<string, { cancel: AbortController; done: Promise<void> }>();
  private heartbeat: NodeJS.Timeout | undefined;
  private readonly heartbeatMs: number;
  private readonly staleMs: number;
  /** True while database notifications say when the queue changes (db/wake-channels.ts). */
  private listening = false;

  constructor(private readonly opts: BuildWorkerOptions) {
    const pollMs = opts.pollMs ?? 2000;
    this.loop = new WorkLoop(() => this.tick(), {
      // Notified, the queue is looked at when it changes, when a running build's heartbeat
      // would go stale (its process died: nextStaleMs), and at the safety poll for anything
      // missed.
      pollMs: () => (this.listening ? Math.max(pollMs, SAFETY_POLL_MS) : pollMs),
      log: opts.log,
      failure: 'build queue pass failed',
      nextDueMs: () => this.nextStaleMs(),
      // A heartbeat already stale (a process that died but whose build is not failed yet) is
      // looked at again in seconds, not at once in a loop.
      minIdleMs: 5000,
    });
    this.heartbeatMs = opts.heartbeatMs ?? 5000;
    this.staleMs = opts.staleMs ?? 60_000;
  }

  start() {
    this.loop.start();
    void this.removeLeftovers();
    this.heartbeat = setInterval(() => {
      this.beat().catch((err: unknown) => this.opts.log.error({ err }, 'build heartbeat failed'));
    }, this.heartbeatMs);
    this.heartbeat.unref();
  }

  wake() {
    this.loop.wake();
  }

  /** The queue changed (a database notification). */
  wakeAt() {
    this.loop.wake();
  }

  setListening(listening: boolean) {
    this.listening = listening;
    if (!listening) this.loop.wake();
  }

  /** Stops taking builds; those under way are stopped and failed as retryable. */
  async stop() {
    clearInterval(this.heartbeat);
    await this.loop.stop();
    for (const b of this.running.values()) b.cancel.abort('shutdown' satisfies AbortReason);
    await Promise.all([...this.running.values()].map((b) => b.done));
  }

  /** A cancel asked on this process: stops the build at once (others see the flag on their next beat). */
  cancelLocal(buildId: string) {
    this.running.get(buildId)?.cancel.abort('cancel' satisfies AbortReason);
  }

  /** Builds running in this process (tests wait on them). */
  async idle() {
    while (this.running.size > 0) await Promise.all([...this.running.values()].map((b) => b.done));
  }

  /** One pass: fail the builds of dead processes, claim what the concurrency allows, start them. */
  async tick(): Promise<number> {
    await this.recoverStale();
    const claimed = await this.claim();
    for (const build of claimed) this.launch(build);
    return claimed.length;
  }

  /** Writes the heartbeat of this process's builds and applies cancels asked elsewhere. */
  async beat() {
    const ids = [...this.running.keys()];
    if (ids.length === 0) return;
    const rows = await this.opts.db
      .update(builds)
      .set({ heartbeatAt: new Date() })
      .where(and(inArray(builds.id, ids), eq(builds.claimedBy, this.owner)))
      .returning({ id: builds.id, cancel: builds.cancelRequested });
    for (const r of rows) if (r.cancel) this.cancelLocal(r.id);
  }

  private launch(build: BuildRow) {
    const cancel = new AbortController();
    const done = runBuild(
      {
        db: this.opts.db,
        builder: this.opts.builder,
        secretsKey: this.opts.secretsKey,
        settings: this.opts.settings,
        log: this.opts.log,
        owner: this.owner,
        wakeEngine: this.opts.wakeEngine,
        registryPolicy: this.opts.registryPolicy ?? { allowPrivate: false },
      },
      build,
      cancel,
    )
      .catch((err: unknown) =>
        this.opts.log.error({ err, buildId: build.id }, 'build not recorded'),
      )
      .finally(() => {
        this.running.delete(build.id);
        this.loop.wake();
      });
    this.running.set(build.id, { cancel, done });
    // A cancel asked between the claim and now.
    if (build.cancelRequested) cancel.abort('cancel' satisfies AbortReason);
  }

  private async claim(): Promise<BuildRow[]> {
    return this.opts.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${QUEUE_LOCK_KEY})`);
      const [busy] = await tx
        .select({ n: count() })
        .from(builds)
        .where(and(eq(builds.kind, 'build'), eq(builds.status, 'running')));
      const free = this.opts.settings.concurrency - Number(busy?.n ?? 0);
      if (free <= 0) return [];
      const due = await tx
        .select({ id: builds.id })
        .from(builds)
        .where(and(eq(builds.kind, 'build'), eq(builds.status, 'queued')))
        .orderBy(...queueOrder)
        .limit(free)
        .for('update', { skipLocked: true });
      if (due.length === 0) return [];
      const now = new Date();
      return tx
        .update(builds)
        .set({ status: 'running', startedAt: now, heartbeatAt: now, claimedBy: this.owner })
        .where(
          inArray(
            builds.id,
            due.map((d) => d.id),
          ),
        )
        .returning();
    });
  }

  /**
   * What builds of dead processes left on this host (their checkouts): at start, then after a
   * pass that failed such builds. Those running anywhere (another process) are kept.
   */
  async removeLeftovers(): Promise<void> {
    if (!this.opts.builder.removeLeftovers) return;
    try {
      const running = await this.opts.db
        .select({ id: builds.id })
        .from(builds)
        .where(and(eq(builds.kind, 'build'), eq(builds.status, 'running')));
      const removed = await this.opts.builder.removeLeftovers(new Set(running.map((r) => r.id)));
      if (removed.length) this.opts.log.info({ removed }, 'build leftovers removed');
    } catch (err) {
      this.opts.log.warn({ err }, 'build leftovers not removed');
    }
  }

  /**
   * In how many ms the oldest heartbeat of a build another process runs goes stale; null: none
   * runs (this process's own builds beat while they run).
   */
  private async nextStaleMs(): Promise<number | null> {
    const [row] = await this.opts.db
      .select({ oldest: min(builds.heartbeatAt) })
      .from(builds)
      .where(
        and(
          eq(builds.kind, 'build'),
          eq(builds.status, 'running'),
          ne(builds.claimedBy, this.owner),
        ),
      );
    if (!row?.oldest) return null;
    return Math.max(0, row.oldest.getTime() + this.staleMs - Date.now());
  }

  private async recoverStale() {
    const staleBefore = new Date(Date.now() - this.staleMs);
    const stale = await this.opts.db
      .select({ id: builds.id })
      .from(builds)
      .where(
        and(
          eq(builds.kind, 'build'),
          eq(builds.status, 'running'),
          lt(builds.heartbeatAt, staleBefore),
        ),
      );
    for (const s of stale) {
      if (this.running.has(s.id)) continue;
      await recordFailure(this.opts.db, {
        buildId: s.id,
        owner: null,
        status: 'failed',
        message: BUILD_PROCESS_DIED,
        staleBefore,
        log: this.opts.log,
      });
    }
    if (stale.length > 0) await this.removeLeftovers();
  }
}
