import { adminAccessTexts as texts, adminLogins } from '@nuage/shared/admin-access';
import { templateOf } from '@nuage/shared/catalog';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import { deployments } from '../../db/schema/deployments';
import { users } from '../../db/schema/users';
import { randomPassword } from '../../lib/crypto';
import { badRequest, conflict } from '../../lib/errors';
import { RateLimiter } from '../../db/rate-limiter';
import { recordAudit } from '../audit/record';
import { verifyPassword } from '../auth/passwords';
import { authorizeDeployment } from './access';
import { withEvent } from '../../db/deployment-events';
import { sealSecrets, unsealSecrets } from '../../engine/specs/sealed-secrets';
import { deploymentEventTexts } from '@nuage/shared/messages/deployments';

interface Input {
  deploymentId: string;
  userId: string;
  /** The caller's own account password (re-authentication). */
  motDePasse: string;
}

const REAUTH_LIMIT = { windowMs: 15 * 60_000, max: 10 };

/**
 * Revealing or changing an application's admin password asks for the account password again
 * (a stolen session alone is not enough), counted per account so it cannot be guessed there.
 */
export async function reauthenticate(ctx: AppContext, userId: string, motDePasse: string) {
  await new RateLimiter(ctx.db, ctx.secrets.hashKey).acquire([
    {
      bucket: 'app-admin-password',
      subject: userId,
      ...REAUTH_LIMIT,
      detail: texts.tooManyAttempts,
    },
  ]);
  const [user] = await ctx.db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId));
  if (!user || !(await verifyPassword(user.passwordHash, motDePasse)))
    throw badRequest(texts.wrongPassword);
}

async function managedApplication(ctx: AppContext, input: Input) {
  const row = await authorizeDeployment(ctx.db, { ...input, need: 'developer' });
  if (row.desiredState === 'absent') throw conflict(texts.deleting);
  if (row.sourceKind !== 'template' || !adminLogins[templateOf(row.template).id].managedPassword)
    throw conflict(texts.notManaged);
  await reauthenticate(ctx, input.userId, input.motDePasse);
  return row;
}

/** The admin password, decrypted for the caller; the reveal is written to the audit log. */
export async function revealAdminPassword(ctx: AppContext, input: Input): Promise<string> {
  const row = await managedApplication(ctx, input);
  const { adminPassword } = unsealSecrets(ctx.secrets.secretsKey, row.secretsSealed);
  await recordAudit(ctx.db, {
    projectId: row.projectId,
    action: 'deployment.password_reveal',
    target: { type: 'deployment', id: row.id, name: row.nom },
  });
  ctx.log.info({ deploymentId: row.id }, 'application admin password revealed');
  return adminPassword;
}

/**
 * A new random admin password, stored encrypted; the revision in the settings makes the
 * engine run the application's setup task again, which sets it in the application.
 */
export async function regenerateAdminPassword(ctx: AppContext, input: Input): Promise<void> {
  const row = await managedApplication(ctx, input);
  await ctx.db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(deployments)
      .where(eq(deployments.id, row.id))
      .for('update');
    if (!current || current.desiredState === 'absent') throw conflict(texts.deleting);
    const secrets = unsealSecrets(ctx.secrets.secretsKey, current.secretsSealed);
    const revision = Number(current.settings.adminPasswordRevision ?? 0) + 1;
    await tx
      .update(deployments)
      .set({
        secretsSealed: sealSecrets(ctx.secrets.secretsKey, {
          ...secrets,
          adminPassword: randomPassword(),
        }),
        settings: { ...current.settings, adminPasswordRevision: revision },
        generation: sql`${deployments.generation} + 1`,
        nextAttemptAt: new Date(),
        attempts: 0,
        updatedAt: new Date(),
        events: withEvent(deploymentEventTexts.adminPasswordRequested),
      })
      .where(eq(deployments.id, row.id));
    await recordAudit(tx, {
      projectId: row.projectId,
      action: 'deployment.password_regenerate',
      target: { type: 'deployment', id: row.id, name: row.nom },
    });
  });
  ctx.log.info({ deploymentId: row.id }, 'application admin password regenerated');
  ctx.engine.wake();
}
