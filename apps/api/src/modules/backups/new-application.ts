import type { Deployment } from '@nuage/shared/api-types';
import { backupTexts as t } from '@nuage/shared/schemas/backups';
import type { DeployErpInput } from '@nuage/shared/schemas/deployments';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import type { Executor } from '../../db/client';
import { deployments } from '../../db/schema/deployments';
import type { AuthUser } from '../../http/credential-records';
import { RESTORE_PENDING } from '../../engine/backup-parts';
import { deployErp } from '../deployments/deploy';
import { withEvent } from '../../db/deployment-events';
import { unsealSecrets } from '../../engine/specs/sealed-secrets';
import { pause } from '../../lib/deadline';
import type { BackupContext } from './context';
import { backupServerTexts } from '@nuage/shared/messages/backups';

type DeploymentRow = typeof deployments.$inferSelect;

/**
 * Restore into a new application (e.g. prod → staging): the application is created through the
 * ordinary deploy path, so the target environment's role (developer), the project's quota,
 * the name's uniqueness and the template's availability are checked exactly as for a deploy.
 * Same template, image and resources as the source; fresh database passwords (the dump holds
 * data, not server accounts). The administrator password is the source's: the restored data
 * holds the source's administrator account, and « Afficher le mot de passe » must match it.
 */
export async function createRestoreTarget(
  ctx: AppContext,
  opts: { source: DeploymentRow; user: AuthUser; environmentId: string; nom: string },
): Promise<Deployment> {
  const { source } = opts;
  const { adminPassword } = unsealSecrets(ctx.secrets.secretsKey, source.secretsSealed);
  const data: DeployErpInput = {
    nom: opts.nom,
    type_application: source.template,
    image_registry_url: source.imageRegistryUrl,
    image_tag: source.imageTag,
    cpu: source.cpuMilli / 1000,
    ram: source.ramMb / 1000,
    storage: source.storageMb / 1000,
    replicas: source.replicas,
    ...(source.template === 'odoo'
      ? { odoo_password: adminPassword }
      : source.template === 'wordpress'
        ? { wordpress_password: adminPassword }
        : { admin_password: adminPassword }),
  };
  const adminEmail = source.settings.adminEmail;
  if (typeof adminEmail === 'string' && adminEmail) {
    if (source.template === 'odoo') data.odoo_email = adminEmail;
    if (source.template === 'wordpress') data.wordpress_email = adminEmail;
  }
  // Created on hold: its database starts, no replica serves an empty site before the restore.
  return deployErp(ctx, {
    environmentId: opts.environmentId,
    user: opts.user,
    data,
    extraSettings: { [RESTORE_PENDING]: true },
  });
}

const WAIT_POLL_MS = 1000;
/** A first start pulls images and initialises the database: minutes on a slow host. */
export const NEW_APPLICATION_TIMEOUT_MS = 20 * 60_000;

export const isOnRestoreHold = (row: DeploymentRow) => row.settings[RESTORE_PENDING] === true;

/**
 * An application on hold is ready for its restore once the runtime applied it and everything
 * it runs (its database only) is ready: with no replica, a runtime may report it RUNNING
 * (nothing to wait for) or still starting (the replicas it does not have).
 */
function readyForRestore(row: DeploymentRow): boolean {
  if (row.status === 'RUNNING') return true;
  if (row.observedGeneration < row.generation || row.status !== 'DEPLOYING') return false;
  return row.pods.length > 0 && row.pods.every((p) => p.ready || p.status === 'Succeeded');
}

/**
 * Waits until the new application can take the dump (its database answers). Throws a French
 * reason when it failed, vanished or took too long.
 */
export async function waitUntilRestorable(
  ctx: BackupContext,
  deploymentId: string,
  timeoutMs = NEW_APPLICATION_TIMEOUT_MS,
  /** Stops the wait (a platform stop): rejects with Aborted. */
  signal?: AbortSignal,
): Promise<DeploymentRow> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await ctx.db.select().from(deployments).where(eq(deployments.id, deploymentId));
    if (!row || row.desiredState === 'absent') throw new Error(t.newApplicationGone);
    if (row.status === 'FAILED') {
      throw new Error(t.newApplicationFailed(row.statusReason ?? 'raison inconnue'));
    }
    if (readyForRestore(row)) return row;
    if (Date.now() >= deadline) throw new Error(t.newApplicationTimeout);
    await pause(WAIT_POLL_MS, signal);
  }
}

/**
 * The restore went through: the hold is lifted and a new generation starts the replicas on the
 * restored data (in the transaction that records the restore done, so a crash cannot leave a
 * restored application held). A failed restore keeps the hold (nothing serves a half-loaded
 * site); « Réessayer la restauration », or another restore into it that succeeds, lifts it.
 * Answers whether it was held (the caller then wakes the engine).
 */
export async function releaseRestoreHold(db: Executor, deploymentId: string): Promise<boolean> {
  const [released] = await db
    .update(deployments)
    .set({
      settings: sql`${deployments.settings} - ${RESTORE_PENDING}`,
      generation: sql`${deployments.generation} + 1`,
      events: withEvent(backupServerTexts.restoredEvent),
      updatedAt: new Date(),
    })
    .where(and(eq(deployments.id, deploymentId), sql`${deployments.settings} ? ${RESTORE_PENDING}`))
    .returning({ id: deployments.id });
  return released !== undefined;
}
