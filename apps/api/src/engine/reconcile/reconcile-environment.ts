import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { environments } from '../../db/schema/environments';
import { backoffMs, OBSERVE_EVERY_MS } from './backoff';
import { RuntimeUnavailableError } from '../driver';
import { progressEnvironmentDeletion, progressProjectDeletions } from './environment-deletion';
import { ManifestsFolder, type ManifestsFolderOptions } from './manifests-folder';
import {
  claimDueEnvironments,
  loadEnvironment,
  notDeleting,
  releaseEnvironment,
} from '../specs/environment-rows';
import { environmentSpecOf } from '../specs/environment-spec';
import { distributeProjectQuota } from '../quota/project-quota';
import type { ApplicationSpec } from '../spec';
import { environmentReconcileTexts } from '@nuage/shared/messages/reconcile';

/**
 * Environments and projects: creates namespaces (or networks), keeps each environment's
 * manifests folder current (environment-manifests.ts), and carries deletions through in order
 * (environment-deletion.ts): applications first, then the environment's runtime objects, then
 * the rows.
 */
export class EnvironmentReconciler {
  /**
   * Environments this process ensured. Their objects are not applied again on every pass (in
   * steady state the platform sends the cluster nothing but watch renewals): a change of the
   * project's quota comes through the environment's own pass (force), drift from the driver's
   * repair and resync, a vanished application through a forced ensure.
   */
  private readonly ensured = new Set<string>();
  private readonly manifests: ManifestsFolder;

  constructor(
    private readonly opts: ManifestsFolderOptions & {
      log: FastifyBaseLogger;
      owner: string;
      leaseMs: number;
    },
  ) {
    this.manifests = new ManifestsFolder(opts);
  }

  async tick(): Promise<number> {
    const projectsDone = await progressProjectDeletions(this.opts.db, this.opts.log);
    const claimed = await claimDueEnvironments(this.opts.db, this.opts.owner, this.opts.leaseMs);
    for (const env of claimed) {
      try {
        if (env.status === 'deleting') await this.progressDeletion(env);
        else await this.ensure(env);
      } finally {
        await releaseEnvironment(this.opts.db, env.id, this.opts.owner);
      }
    }
    return projectsDone + claimed.length;
  }

  /** Called before an application is applied or observed: creates its environment once per process. */
  async ensureReady(environmentId: string, opts: { force?: boolean } = {}): Promise<void> {
    if (!opts.force && this.ensured.has(environmentId)) return;
    const { env, project } = await loadEnvironment(this.opts.db, environmentId);
    await this.opts.driver.ensureEnvironment(environmentSpecOf(env, project));
    await this.quotaChanged(environmentId, project.id);
    this.ensured.add(environmentId);
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

  manifestApplied(environmentId: string, spec: ApplicationSpec): Promise<void> {
    return this.manifests.applied(environmentId, spec);
  }

  manifestRemoved(environmentId: string, name: string): Promise<void> {
    return this.manifests.removed(environmentId, name);
  }

  /** Rewrites the environment's folder with every application it holds. */
  writeManifests(environmentId: string): Promise<void> {
    return this.manifests.writeAll(environmentId);
  }

  private async ensure(env: typeof environments.$inferSelect) {
    try {
      // The environment's own pass always reaches the runtime: it may carry a new quota.
      await this.ensureReady(env.id, { force: true });
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
        ? environmentReconcileTexts.runtimeUnreachable(attempts)
        : environmentReconcileTexts.refused((err as Error).message);
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
    const removed = await progressEnvironmentDeletion(this.opts, env, this.manifests.folderOf(env));
    if (removed) this.ensured.delete(env.id);
  }
}
