import { and, eq, inArray, isNotNull, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { Database } from '../db/client';
import { deployments } from '../db/schema/deployments';
import { environments } from '../db/schema/environments';
import { projects } from '../db/schema/projects';
import { backoffMs, OBSERVE_EVERY_MS } from './backoff';
import { RuntimeUnavailableError, type RuntimeDriver } from './driver';
import { environmentSpecOf } from './environment-spec';
import { distributeProjectQuota, environmentShare } from './project-quota';
import type { ApplicationSpec } from './spec';
import type { RenderOptions } from './manifests/types';
import {
  removeApplicationManifest,
  writeApplicationManifest,
  writeEnvironmentManifests,
} from './manifests/write';
import { specForDeployment, type CertificateLookup } from './spec-for-deployment';

const ENSURED_TTL_MS = 60_000;

/**
 * Environments and projects: creates namespaces (or networks), keeps each environment's
 * manifests folder current, and carries deletions through in order: applications first, then
 * the environment's runtime objects, then the rows.
 */
export class EnvironmentReconciler {
  private readonly ensuredAt = new Map<string, number>();

  constructor(
    private readonly opts: {
      db: Database;
      driver: RuntimeDriver;
      secretsKey: Buffer;
      dataDir: string;
      log: FastifyBaseLogger;
      certificates: CertificateLookup;
      renderOptions?: RenderOptions;
      owner: string;
      leaseMs: number;
    },
  ) {}

  async tick(): Promise<number> {
    const projectsDone = await this.progressProjectDeletions();
    const claimed = await this.claim();
    for (const env of claimed) {
      try {
        if (env.status === 'deleting') await this.progressDeletion(env);
        else await this.ensure(env);
      } finally {
        await this.opts.db
          .update(environments)
          .set({ leaseOwner: null, leaseExpiresAt: null })
          .where(and(eq(environments.id, env.id), eq(environments.leaseOwner, this.opts.owner)));
      }
    }
    return projectsDone + claimed.length;
  }

  /** Called before an application is applied: (re)creates its environment at most once a minute. */
  async ensureReady(environmentId: string, opts: { force?: boolean } = {}): Promise<void> {
    const last = this.ensuredAt.get(environmentId);
    if (!opts.force && last && Date.now() - last < ENSURED_TTL_MS) return;
    const { env, project } = await this.load(environmentId);
    await this.opts.driver.ensureEnvironment(environmentSpecOf(env, project));
    await this.quotaChanged(environmentId, project.id);
    this.ensuredAt.set(environmentId, Date.now());
    if (env.status === 'pending' || env.status === 'failed') {
      // The namespace exists now (ensured for one of its applications): say so at once rather
      // than when the environment's own retry comes round.
      await this.opts.db
        .update(environments)
        .set({ status: 'active', statusMessage: null, attempts: 0 })
        .where(notDeleting(env.id));
    }
  }

  /**
   * The project's quota split again between its environments (runtimes with one quota per
   * environment): after an environment is ensured, before an application's new reservation is
   * applied, after one is removed.
   */
  async quotaChanged(environmentId: string, projectId?: string): Promise<void> {
    if (!this.opts.driver.distributeQuota) return;
    let id = projectId;
    if (!id) {
      const [env] = await this.opts.db
        .select({ projectId: environments.projectId })
        .from(environments)
        .where(eq(environments.id, environmentId));
      if (!env) return;
      id = env.projectId;
    }
    await distributeProjectQuota(this.opts.db, this.opts.driver, id);
  }

  /**
   * After an apply: that application's file only (a full rewrite renders every application);
   * the whole folder the first time, when the environment's own files are not there yet.
   */
  async manifestApplied(environmentId: string, spec: ApplicationSpec): Promise<void> {
    const env = await this.liveEnvironment(environmentId);
    if (!env) return;
    if (!env.manifestsWrittenAt) await this.writeManifests(environmentId);
    else await writeApplicationManifest(this.folderOf(env), spec, this.opts.renderOptions);
  }

  async manifestRemoved(environmentId: string, name: string): Promise<void> {
    const env = await this.liveEnvironment(environmentId);
    if (env) await removeApplicationManifest(this.folderOf(env), name);
  }

  private folderOf(env: { manifestsDir: string }) {
    return path.join(this.opts.dataDir, env.manifestsDir);
  }

  /** An environment not being deleted (writing could bring its removed folder back). */
  private async liveEnvironment(environmentId: string) {
    const [env] = await this.opts.db
      .select({
        status: environments.status,
        manifestsDir: environments.manifestsDir,
        manifestsWrittenAt: environments.manifestsWrittenAt,
      })
      .from(environments)
      .where(eq(environments.id, environmentId));
    return env && env.status !== 'deleting' ? env : null;
  }

  /** Rewrites the environment's folder with every application it holds. */
  async writeManifests(environmentId: string): Promise<void> {
    const { env, project } = await this.load(environmentId);
    // Its folder is being removed with it: writing now could bring the folder back.
    if (env.status === 'deleting') return;
    const rows = await this.opts.db
      .select()
      .from(deployments)
      .where(and(eq(deployments.environmentId, env.id), eq(deployments.desiredState, 'present')));
    const specs = await Promise.all(
      rows.map((row) =>
        specForDeployment({
          row,
          namespace: env.namespace,
          secretsKey: this.opts.secretsKey,
          certificates: this.opts.certificates,
        }),
      ),
    );
    // On a runtime that splits the project's quota, the folder shows this namespace's share.
    const share = this.opts.driver.distributeQuota
      ? await environmentShare(this.opts.db, project.id, env.id)
      : null;
    await writeEnvironmentManifests(
      path.join(this.opts.dataDir, env.manifestsDir),
      { ...environmentSpecOf(env, project), ...(share ? { quota: share } : {}) },
      specs,
      this.opts.renderOptions,
    );
    await this.opts.db
      .update(environments)
      .set({ manifestsWrittenAt: new Date() })
      .where(eq(environments.id, env.id));
  }

  private async load(environmentId: string) {
    const [found] = await this.opts.db
      .select({ env: environments, project: projects })
      .from(environments)
      .innerJoin(projects, eq(projects.id, environments.projectId))
      .where(eq(environments.id, environmentId));
    if (!found) throw new Error(`environment ${environmentId} not found`);
    return found;
  }

  /** Projects being deleted: their environments go first; the row goes once none is left. */
  private async progressProjectDeletions(): Promise<number> {
    const doomed = await this.opts.db
      .select({ id: projects.id })
      .from(projects)
      .where(isNotNull(projects.deletingAt));
    for (const { id } of doomed) {
      await this.opts.db
        .update(environments)
        .set({ status: 'deleting', nextAttemptAt: new Date() })
        .where(and(eq(environments.projectId, id), ne(environments.status, 'deleting')));
      const [left] = await this.opts.db
        .select({ n: sql<string>`count(*)` })
        .from(environments)
        .where(eq(environments.projectId, id));
      if (Number(left?.n ?? 0) === 0) {
        await this.opts.db.delete(projects).where(eq(projects.id, id));
        this.opts.log.info({ projectId: id }, 'project removed');
      }
    }
    return 0;
  }

  private async claim() {
    const now = new Date();
    return this.opts.db.transaction(async (tx) => {
      const due = await tx
        .select({ id: environments.id })
        .from(environments)
        .where(
          and(
            inArray(environments.status, ['pending', 'failed', 'deleting']),
            lte(environments.nextAttemptAt, now),
            or(isNull(environments.leaseExpiresAt), lt(environments.leaseExpiresAt, now)),
          ),
        )
        .limit(8)
        .for('update', { skipLocked: true });
      if (due.length === 0) return [];
      return tx
        .update(environments)
        .set({
          leaseOwner: this.opts.owner,
          leaseExpiresAt: new Date(now.getTime() + this.opts.leaseMs),
        })
        .where(
          inArray(
            environments.id,
            due.map((d) => d.id),
          ),
        )
        .returning();
    });
  }

  private async ensure(env: typeof environments.$inferSelect) {
    try {
      // The environment's own pass always reaches the runtime: it may carry a new quota.
      await this.ensureReady(env.id, { force: true });
      this.ensuredAt.set(env.id, Date.now());
      await this.opts.db
        .update(environments)
        .set({ status: 'active', statusMessage: null, attempts: 0 })
        .where(notDeleting(env.id));
      await this.writeManifests(env.id);
      this.opts.log.info(
        { environmentId: env.id, runtime: this.opts.driver.name },
        'environment ready',
      );
    } catch (err) {
      const attempts = env.attempts + 1;
      const unavailable = err instanceof RuntimeUnavailableError;
      const message = unavailable
        ? `Runtime injoignable (tentative ${attempts}) : nouvel essai automatique.`
        : `Le runtime a refusé l'environnement : ${(err as Error).message}`;
      this.opts.log.warn(
        { environmentId: env.id, err: (err as Error).message },
        'environment not ready',
      );
      await this.opts.db
        .update(environments)
        .set({
          status: unavailable ? 'pending' : 'failed',
          statusMessage: message,
          attempts,
          nextAttemptAt: new Date(
            Date.now() + (unavailable ? backoffMs(attempts) : OBSERVE_EVERY_MS.failed),
          ),
        })
        .where(notDeleting(env.id));
    }
  }

  private async progressDeletion(env: typeof environments.$inferSelect) {
    // Applications first: each is removed from the runtime by the application pass.
    await this.opts.db
      .update(deployments)
      .set({ desiredState: 'absent', status: 'DELETING', nextAttemptAt: new Date() })
      .where(and(eq(deployments.environmentId, env.id), eq(deployments.desiredState, 'present')));
    const [left] = await this.opts.db
      .select({ n: sql<string>`count(*)` })
      .from(deployments)
      .where(eq(deployments.environmentId, env.id));
    if (Number(left?.n ?? 0) > 0) {
      await this.opts.db
        .update(environments)
        .set({ nextAttemptAt: new Date(Date.now() + 500) })
        .where(eq(environments.id, env.id));
      return;
    }
    try {
      const { project } = await this.load(env.id);
      await this.opts.driver.removeEnvironment(environmentSpecOf(env, project));
      await rm(path.join(this.opts.dataDir, env.manifestsDir), { recursive: true, force: true });
      await this.opts.db.delete(environments).where(eq(environments.id, env.id));
      this.ensuredAt.delete(env.id);
      this.opts.log.info({ environmentId: env.id }, 'environment removed');
    } catch (err) {
      const attempts = env.attempts + 1;
      await this.opts.db
        .update(environments)
        .set({
          attempts,
          statusMessage: `Suppression en attente : ${(err as Error).message}`,
          nextAttemptAt: new Date(Date.now() + backoffMs(attempts)),
        })
        .where(eq(environments.id, env.id));
    }
  }
}

/**
 * The environment, unless its deletion was asked meanwhile: a namespace creation that was under
 * way when the user deleted the environment must not bring it back.
 */
function notDeleting(environmentId: string) {
  return and(eq(environments.id, environmentId), ne(environments.status, 'deleting'));
}
