import { databaseTexts } from '@nuage/shared/messages/databases';
import type { Deployment } from '@nuage/shared/api-types';
import type { DestinationSauvegarde, SauvegardesApplication } from '@nuage/shared/backup-types';
import type { DatabaseResource } from '@nuage/shared/schemas/responses/databases';
import {
  backupTexts as t,
  type BackupDestinationInput,
  type BackupScheduleInput,
  type RestoreBackupInput,
} from '@nuage/shared/schemas/backups';
import { and, desc, eq, inArray, ne, or } from 'drizzle-orm';
import { composeTexts } from '@nuage/shared/messages/compose';
import type { AppContext } from '../../app-context';
import { deployments } from '../../db/schema/deployments';
import { environments } from '../../db/schema/environments';
import { projectMembers, projects } from '../../db/schema/projects';
import {
  backupDestinations,
  backupRestores,
  backups,
  backupSchedules,
  type RestoreRow,
} from '../../db/schema/backups';
import { isUniqueViolation } from '../../db/errors';
import type { AuthUser } from '../../http/credential-records';
import { encryptSecret } from '../../lib/crypto';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { authorizeDeployment } from '../deployments/access';
import { authorizeProject } from '../projects/policy';
import type { BackupContext } from './context';
import { destinationRequired } from './destination-required';
import { checkS3Endpoint } from './destinations/endpoint-policy';
import { assertDatabaseRunning, createDatabaseRestoreTarget } from './database-backups';
import { createRestoreTarget } from './new-application';
import { DEFAULT_RETENTION } from './prune';
import { presentBackup, presentRestore } from './presenter';
import { recordAudit } from '../audit/record';
import { recordBackup, type BackupRow } from './run-backup';
import { recordRestore } from './restore';
import { createDefaultSchedule } from './schedules';
import { liveEnvironment } from '../../db/environment-sql';

const HISTORY = 50;

export async function listApplicationBackups(
  ctx: BackupContext,
  opts: { deploymentId: string; userId: string },
): Promise<SauvegardesApplication> {
  const app = await authorizeDeployment(ctx.db, { ...opts, need: 'user' });
  // An application created before schedules were written with it: its defaults, now.
  await createDefaultSchedule(ctx.db, { deploymentId: app.id, environmentId: app.environmentId });
  const [list, restores, [schedule], [destination], targets, envs] = await Promise.all([
    ctx.db
      .select()
      .from(backups)
      .where(eq(backups.deploymentId, app.id))
      .orderBy(desc(backups.startedAt))
      .limit(HISTORY),
    // Restores into this application, and of its backups into others (prod → staging).
    ctx.db
      .select({ restore: backupRestores })
      .from(backupRestores)
      .innerJoin(backups, eq(backups.id, backupRestores.backupId))
      .where(or(eq(backupRestores.targetDeploymentId, app.id), eq(backups.deploymentId, app.id)))
      .orderBy(desc(backupRestores.startedAt))
      .limit(HISTORY)
      .then((rows) => rows.map((r) => r.restore)),
    ctx.db.select().from(backupSchedules).where(eq(backupSchedules.deploymentId, app.id)),
    ctx.db
      .select({ endpoint: backupDestinations.endpoint, bucket: backupDestinations.bucket })
      .from(backupDestinations)
      .where(eq(backupDestinations.projectId, app.projectId)),
    ctx.db
      .select({ id: deployments.id, nom: deployments.nom, environnement: environments.nom })
      .from(deployments)
      .innerJoin(environments, eq(environments.id, deployments.environmentId))
      .where(
        and(
          eq(deployments.projectId, app.projectId),
          eq(deployments.template, app.template),
          eq(deployments.desiredState, 'present'),
          ne(deployments.id, app.id),
        ),
      )
      .orderBy(environments.nom, deployments.nom),
    restoreEnvironments(ctx, opts.userId),
  ]);
  // Nothing runs, nor is announced, until the project has somewhere to send backups.
  const blocked = destinationRequired(ctx.engine.driver) && !destination;
  const scheduled = Boolean(schedule?.enabled) && !blocked;
  return {
    sauvegardes: list.map(presentBackup),
    restaurations: restores.map(presentRestore),
    planification: {
      actif: schedule?.enabled ?? false,
      conservation_nombre: schedule?.keepCount ?? DEFAULT_RETENTION.keepCount,
      conservation_jours: schedule?.keepDays ?? DEFAULT_RETENTION.keepDays,
      prochaine_sauvegarde: scheduled ? schedule!.nextRunAt.toISOString() : null,
      prochaine_restauration_test: scheduled ? schedule!.nextTestRestoreAt.toISOString() : null,
    },
    destination_s3: destination ?? null,
    destination_manquante: blocked ? t.destinationMissing : null,
    cibles_restauration: targets,
    // This application's project first, then the others by name.
    environnements_restauration: [
      ...envs.filter((e) => e.projet_id === app.projectId),
      ...envs.filter((e) => e.projet_id !== app.projectId),
    ],
  };
}

/**
 * Where « Dans une nouvelle application » may create one: every environment of every project
 * in which the caller may deploy (developer or admin); the deploy path checks it again.
 */
function restoreEnvironments(ctx: BackupContext, userId: string) {
  return ctx.db
    .select({
      id: environments.id,
      nom: environments.nom,
      type: environments.type,
      projet_id: projects.id,
      projet: projects.nom,
    })
    .from(environments)
    .innerJoin(projects, eq(projects.id, environments.projectId))
    .innerJoin(
      projectMembers,
      and(eq(projectMembers.projectId, projects.id), eq(projectMembers.userId, userId)),
    )
    .where(and(liveEnvironment(), inArray(projectMembers.role, ['developer', 'admin'])))
    .orderBy(projects.nom, environments.nom);
}

/** « Sauvegarder maintenant »: one backup at a time per application. */
export async function requestBackup(
  ctx: BackupContext,
  opts: { deploymentId: string; userId: string },
): Promise<BackupRow> {
  const app = await authorizeDeployment(ctx.db, { ...opts, need: 'developer' });
  assertDatabaseRunning(app);
  if (destinationRequired(ctx.engine.driver)) {
    const [destination] = await ctx.db
      .select({ projectId: backupDestinations.projectId })
      .from(backupDestinations)
      .where(eq(backupDestinations.projectId, app.projectId));
    if (!destination) throw badRequest(t.inClusterNeedsS3);
  }
  const [running] = await ctx.db
    .select({ id: backups.id })
    .from(backups)
    .where(and(eq(backups.deploymentId, app.id), eq(backups.status, 'running')));
  if (running) throw conflict(t.alreadyRunning);
  try {
    return await recordBackup(ctx, {
      deploymentId: app.id,
      projectId: app.projectId,
      kind: 'manual',
      requestedBy: opts.userId,
    });
  } catch (err) {
    // Two requests at once: the partial unique index lets one through.
    if (isUniqueViolation(err, 'backups_one_running_key')) throw conflict(t.alreadyRunning);
    throw err;
  }
}

/**
 * Restore into the same application, into another one of the same template (e.g. prod →
 * staging) or into a new application created for it; the caller is a developer of the source
 * and of the target (checked by the deploy path for a new application).
 */
export async function requestRestore(
  ctx: AppContext,
  opts: { deploymentId: string; backupId: string; user: AuthUser; input: RestoreBackupInput },
): Promise<{
  restore: RestoreRow;
  created: Deployment | null;
  createdDatabase: DatabaseResource | null;
}> {
  const userId = opts.user.id;
  const source = await authorizeDeployment(ctx.db, {
    deploymentId: opts.deploymentId,
    userId,
    need: 'developer',
  });
  if (!isUuid(opts.backupId)) throw notFound(t.backupNotFound);
  const [backup] = await ctx.db
    .select()
    .from(backups)
    .where(and(eq(backups.id, opts.backupId), eq(backups.deploymentId, source.id)));
  if (!backup) throw notFound(t.backupNotFound);
  if (backup.status !== 'success') throw badRequest(t.backupNotUsable);
  const { application_cible_id: targetId, nouvelle_application: fresh } = opts.input;
  if (targetId && fresh) throw badRequest(t.oneTargetOnly);

  if (fresh) {
    // A new application is made from its source's template; a stack's is its file, which the
    // backup does not hold (its volumes only).
    if (source.sourceKind === 'compose') throw badRequest(composeTexts.restoreIntoNewApplication);
    const target = { source, user: opts.user, environmentId: fresh.environment_id, nom: fresh.nom };
    // A database of an environment: a new database of its engine (database-backups.ts).
    const isDatabase = source.category === 'DATABASE';
    const createdDatabase = isDatabase ? await createDatabaseRestoreTarget(ctx, target) : null;
    const created = isDatabase ? null : await createRestoreTarget(ctx, target);
    const restore = await recordRestore(ctx, {
      backupId: backup.id,
      targetDeploymentId: (created ?? createdDatabase)!.id,
      kind: 'new',
      requestedBy: userId,
    });
    return { restore, created, createdDatabase };
  }

  const target =
    !targetId || targetId === source.id
      ? source
      : await authorizeDeployment(ctx.db, { deploymentId: targetId, userId, need: 'developer' });
  if (target.template !== source.template || target.category !== source.category) {
    throw badRequest(
      source.category === 'DATABASE' ? databaseTexts.restoreTargetEngine : t.targetTemplateMismatch,
    );
  }
  assertDatabaseRunning(target);
  try {
    const restore = await recordRestore(ctx, {
      backupId: backup.id,
      targetDeploymentId: target.id,
      kind: target.id === source.id ? 'same' : 'other',
      requestedBy: userId,
    });
    return { restore, created: null, createdDatabase: null };
  } catch (err) {
    // One restore at a time into an application: the partial unique index says so.
    if (isUniqueViolation(err, 'backup_restores_one_running_key')) {
      throw conflict(t.restoreAlreadyRunning);
    }
    throw err;
  }
}

export async function updateSchedule(
  ctx: BackupContext,
  opts: { deploymentId: string; userId: string; input: BackupScheduleInput },
) {
  const app = await authorizeDeployment(ctx.db, { ...opts, need: 'developer' });
  // An application older than its schedule row gets the defaults first; « actif » left out of
  // the request (the customer did not touch it) keeps what is stored, never « off » by default.
  await createDefaultSchedule(ctx.db, {
    deploymentId: app.id,
    environmentId: app.environmentId,
  });
  const values = {
    ...(opts.input.actif === undefined ? {} : { enabled: opts.input.actif }),
    keepCount: opts.input.conservation_nombre,
    keepDays: opts.input.conservation_jours,
    updatedAt: new Date(),
  };
  await ctx.db.update(backupSchedules).set(values).where(eq(backupSchedules.deploymentId, app.id));
  return listApplicationBackups(ctx, { deploymentId: app.id, userId: opts.userId });
}

export async function getDestination(
  ctx: BackupContext,
  opts: { projectId: string; userId: string },
): Promise<DestinationSauvegarde | null> {
  await authorizeProject(ctx.db, { ...opts, need: 'admin' });
  const [row] = await ctx.db
    .select()
    .from(backupDestinations)
    .where(eq(backupDestinations.projectId, opts.projectId));
  return row ? presentDestination(row) : null;
}

/**
 * Admins only; the secret key is sealed with SECRETS_KEY and never answered. Where backups go is
 * in the project's audit log, old and new place (never a key), so an admin cannot redirect them
 * unseen.
 */
export async function setDestination(
  ctx: BackupContext,
  opts: { projectId: string; userId: string; input: BackupDestinationInput },
): Promise<DestinationSauvegarde> {
  await authorizeProject(ctx.db, { projectId: opts.projectId, userId: opts.userId, need: 'admin' });
  const i = opts.input;
  await checkS3Endpoint(i.endpoint, ctx.config.s3AllowPrivateEndpoints);
  const values = {
    endpoint: i.endpoint,
    region: i.region || 'us-east-1',
    bucket: i.bucket,
    prefix: i.prefixe ?? '',
    accessKeyId: i.access_key_id,
    secretAccessKeySealed: encryptSecret(ctx.secrets.secretsKey, i.secret_access_key),
    updatedAt: new Date(),
  };
  const row = await ctx.db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(backupDestinations)
      .where(eq(backupDestinations.projectId, opts.projectId))
      .for('update');
    const [saved] = await tx
      .insert(backupDestinations)
      .values({ projectId: opts.projectId, ...values })
      .onConflictDoUpdate({ target: backupDestinations.projectId, set: values })
      .returning();
    await recordAudit(tx, {
      projectId: opts.projectId,
      action: 'backup.destination_set',
      target: { type: 'project', id: opts.projectId },
      details: {
        destination: presentDestination(saved!),
        precedente: before ? presentDestination(before) : null,
      },
    });
    return saved!;
  });
  return presentDestination(row);
}

export async function removeDestination(
  ctx: BackupContext,
  opts: { projectId: string; userId: string },
): Promise<void> {
  await authorizeProject(ctx.db, { ...opts, need: 'admin' });
  await ctx.db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(backupDestinations)
      .where(eq(backupDestinations.projectId, opts.projectId))
      .returning();
    if (!gone) return;
    await recordAudit(tx, {
      projectId: opts.projectId,
      action: 'backup.destination_remove',
      target: { type: 'project', id: opts.projectId },
      details: { precedente: presentDestination(gone) },
    });
  });
}

function presentDestination(row: typeof backupDestinations.$inferSelect): DestinationSauvegarde {
  return {
    endpoint: row.endpoint,
    region: row.region,
    bucket: row.bucket,
    prefixe: row.prefix,
    access_key_id: row.accessKeyId,
  };
}
