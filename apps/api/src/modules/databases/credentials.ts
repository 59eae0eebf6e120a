import { connectionString, DATABASE_USER } from '@nuage/shared/database-engines';
import { databaseTexts as t } from '@nuage/shared/messages/databases';
import type { DatabaseCredentials } from '@nuage/shared/schemas/responses/databases';
import { eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import { withEvent } from '../../db/deployment-events';
import { databaseLinks } from '../../db/schema/database-links';
import { deployments } from '../../db/schema/deployments';
import { databaseSettings, databaseSettingsOf } from '../../engine/specs/database-settings';
import { sealSecrets, unsealSecrets } from '../../engine/specs/sealed-secrets';
import { randomPassword } from '../../lib/crypto';
import { conflict } from '../../lib/errors';
import { recordAudit } from '../audit/record';
import { reauthenticate } from '../deployments/admin-password';
import { authorizeDatabase } from './access';

interface Input {
  databaseId: string;
  userId: string;
  /** The caller's own account password (re-authentication). */
  motDePasse: string;
}

/**
 * The password and connection string in clear: project administrators only, after their
 * account password (as an application's admin password is revealed), written to the audit
 * log. The one answer of the API that carries it.
 */
export async function revealDatabaseCredentials(
  ctx: AppContext,
  input: Input,
): Promise<DatabaseCredentials> {
  const row = await authorizeDatabase(ctx.db, { ...input, need: 'admin' });
  if (row.desiredState === 'absent') throw conflict(t.deleting);
  await reauthenticate(ctx, input.userId, input.motDePasse);
  const s = databaseSettingsOf(row.settings);
  const password = unsealSecrets(ctx.secrets.secretsKey, row.secretsSealed).dbPassword;
  await recordAudit(ctx.db, {
    projectId: row.projectId,
    action: 'database.credentials_reveal',
    target: { type: 'database', id: row.id, name: row.nom },
  });
  ctx.log.info({ deploymentId: row.id }, 'database credentials revealed');
  return {
    utilisateur: s.engine === 'redis' ? null : DATABASE_USER,
    mot_de_passe: password,
    chaine_connexion: connectionString({ engine: s.engine, host: s.host, password }),
  };
}

/**
 * A new password, sealed; the revision makes the engine set it in the server (PostgreSQL,
 * MariaDB: the password task's ALTER; Redis: a restart with the new requirepass), and every
 * linked application gets a new generation: its next apply carries the new connection string
 * and rolls its replicas.
 */
export async function regenerateDatabasePassword(ctx: AppContext, input: Input): Promise<void> {
  const authorized = await authorizeDatabase(ctx.db, { ...input, need: 'admin' });
  if (authorized.desiredState === 'absent') throw conflict(t.deleting);
  await reauthenticate(ctx, input.userId, input.motDePasse);
  await ctx.db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(deployments)
      .where(eq(deployments.id, authorized.id))
      .for('update');
    if (!current || current.desiredState === 'absent') throw conflict(t.deleting);
    const secrets = unsealSecrets(ctx.secrets.secretsKey, current.secretsSealed);
    const s = databaseSettingsOf(current.settings);
    await tx
      .update(deployments)
      .set({
        secretsSealed: sealSecrets(ctx.secrets.secretsKey, {
          ...secrets,
          dbPassword: randomPassword(32),
        }),
        settings: databaseSettings({ ...s, passwordRevision: s.passwordRevision + 1 }),
        generation: sql`${deployments.generation} + 1`,
        nextAttemptAt: new Date(),
        attempts: 0,
        updatedAt: new Date(),
        events: withEvent(t.passwordRequested),
      })
      .where(eq(deployments.id, current.id));
    const linked = await tx
      .select({ id: databaseLinks.applicationId })
      .from(databaseLinks)
      .where(eq(databaseLinks.databaseId, current.id));
    if (linked.length)
      await tx
        .update(deployments)
        .set({
          generation: sql`${deployments.generation} + 1`,
          nextAttemptAt: new Date(),
          attempts: 0,
          updatedAt: new Date(),
          events: withEvent(t.credentialsEvent(current.nom)),
        })
        .where(
          inArray(
            deployments.id,
            linked.map((l) => l.id),
          ),
        );
    await recordAudit(tx, {
      projectId: current.projectId,
      action: 'database.credentials_regenerate',
      target: { type: 'database', id: current.id, name: current.nom },
    });
  });
  ctx.log.info({ deploymentId: authorized.id }, 'database password regenerated');
  ctx.engine.wake();
}
