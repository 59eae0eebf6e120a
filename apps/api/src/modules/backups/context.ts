import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import { decryptSecret } from '../../lib/crypto';
import { backupDestinations } from '../../db/schema/backups';
import { deployments } from '../../db/schema/deployments';
import type { DeploymentRow } from '../../engine/specs/spec-for-deployment';
import type { ApplicationSpec } from '../../engine/spec';
import type { S3Destination } from './destinations/s3';

/** What the backup use cases need from the application context. */
export type BackupContext = Pick<
  AppContext,
  'config' | 'db' | 'secrets' | 'mailer' | 'engine' | 'log'
>;

export const backupRoot = (ctx: BackupContext) =>
  ctx.config.backupDir ?? join(ctx.config.dataDir, 'backups');

/**
 * Local copies: BACKUP_DIR/<project>/<application>/<file>; nothing user-chosen in the path. A
 * deleted database's final backup stays where it was written (its former id is kept).
 */
export const localPath = (
  ctx: BackupContext,
  b: {
    projectId: string;
    deploymentId: string | null;
    retainedSource?: { deploymentId: string } | null;
    fileName: string;
  },
) =>
  join(
    backupRoot(ctx),
    b.projectId,
    b.deploymentId ?? b.retainedSource?.deploymentId ?? 'detached',
    b.fileName,
  );

/**
 * The application exactly as the engine deploys it: a restore applies it again (its setup task
 * re-sets the site's URL and administrator), so it must be the deployed spec, never a sketch.
 */
export function applicationSpec(ctx: BackupContext, row: DeploymentRow): Promise<ApplicationSpec> {
  return ctx.engine.specs.ofApplication(row);
}

export async function loadDeployment(ctx: BackupContext, id: string) {
  const [row] = await ctx.db.select().from(deployments).where(eq(deployments.id, id));
  return row ?? null;
}

/** The project's S3 destination with its secret unsealed, or null when it has none. */
export async function s3DestinationOf(
  ctx: BackupContext,
  projectId: string,
): Promise<S3Destination | null> {
  const [row] = await ctx.db
    .select()
    .from(backupDestinations)
    .where(eq(backupDestinations.projectId, projectId));
  if (!row) return null;
  return {
    endpoint: row.endpoint,
    region: row.region,
    bucket: row.bucket,
    prefix: row.prefix,
    accessKeyId: row.accessKeyId,
    secretAccessKey: decryptSecret(ctx.secrets.secretsKey, row.secretAccessKeySealed),
    allowPrivateEndpoint: ctx.config.s3AllowPrivateEndpoints,
  };
}
