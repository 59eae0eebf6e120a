import { and, eq } from 'drizzle-orm';
import path from 'node:path';
import type { Database } from '../../db/client';
import { deployments } from '../../db/schema/deployments';
import { environments } from '../../db/schema/environments';
import type { RuntimeDriver } from '../driver';
import { environmentSpecOf } from '../specs/environment-spec';
import { loadEnvironment } from '../specs/environment-rows';
import type { RenderOptions } from '../manifests/types';
import {
  removeApplicationManifest,
  writeApplicationManifest,
  writeEnvironmentManifests,
} from '../manifests/write';
import { environmentShare } from '../quota/project-quota';
import type { ApplicationSpec } from '../spec';
import type { ApplicationSpecs } from '../specs/application-specs';

export interface ManifestsFolderOptions {
  db: Database;
  driver: RuntimeDriver;
  dataDir: string;
  /** The engine's one way to build a row's spec (application-specs.ts). */
  specs: ApplicationSpecs;
  renderOptions?: RenderOptions;
}

/**
 * Each environment's manifests folder under DATA_DIR (the objects its applications would be on
 * Kubernetes), kept current after every apply and removal.
 */
export class ManifestsFolder {
  constructor(private readonly opts: ManifestsFolderOptions) {}

  folderOf(env: { manifestsDir: string }) {
    return path.join(this.opts.dataDir, env.manifestsDir);
  }

  /**
   * After an apply: that application's file only (a full rewrite renders every application);
   * the whole folder the first time, when the environment's own files are not there yet.
   */
  async applied(environmentId: string, spec: ApplicationSpec): Promise<void> {
    const env = await this.liveEnvironment(environmentId);
    if (!env) return;
    if (!env.manifestsWrittenAt) await this.writeAll(environmentId);
    else await writeApplicationManifest(this.folderOf(env), spec, this.opts.renderOptions);
  }

  async removed(environmentId: string, name: string): Promise<void> {
    const env = await this.liveEnvironment(environmentId);
    if (env) await removeApplicationManifest(this.folderOf(env), name);
  }

  /** Rewrites the environment's folder with every application it holds. */
  async writeAll(environmentId: string): Promise<void> {
    const { env, project } = await loadEnvironment(this.opts.db, environmentId);
    // Its folder is being removed with it: writing now could bring the folder back.
    if (env.status === 'deleting') return;
    const rows = await this.opts.db
      .select()
      .from(deployments)
      .where(and(eq(deployments.environmentId, env.id), eq(deployments.desiredState, 'present')));
    const specs = await Promise.all(rows.map((row) => this.opts.specs.of(row, env.namespace)));
    // On a runtime that splits the project's quota, the folder shows this namespace's share.
    const share = this.opts.driver.distributeQuota
      ? await environmentShare(this.opts.db, project.id, env.id)
      : null;
    await writeEnvironmentManifests(
      this.folderOf(env),
      { ...environmentSpecOf(env, project), ...(share ? { quota: share } : {}) },
      specs,
      this.opts.renderOptions,
    );
    await this.opts.db
      .update(environments)
      .set({ manifestsWrittenAt: new Date() })
      .where(eq(environments.id, env.id));
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
}
