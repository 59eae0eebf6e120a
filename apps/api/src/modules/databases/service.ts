import { databaseEngines } from '@nuage/shared/database-engines';
import { databaseTexts as t } from '@nuage/shared/messages/databases';
import { fromMilli, toMilli } from '@nuage/shared/quantities';
import type { CreateDatabaseInput, ResizeDatabaseInput } from '@nuage/shared/schemas/databases';
import type { DatabaseResource } from '@nuage/shared/schemas/responses/databases';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../app-context';
import type { Executor } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { withEvent } from '../../db/deployment-events';
import { databaseLinks } from '../../db/schema/database-links';
import { deployments } from '../../db/schema/deployments';
import { databaseSettings, databaseSettingsOf } from '../../engine/specs/database-settings';
import { sealSecrets } from '../../engine/specs/sealed-secrets';
import type { AuthUser } from '../../http/credential-records';
import { randomPassword } from '../../lib/crypto';
import { badRequest, conflict, FieldValidationError } from '../../lib/errors';
import { reservationOf } from '../../lib/reservation';
import { ENVIRONMENT_DELETING } from '../deployments/deploy';
import { assertNameFree } from '../deployments/name-check';
import { checkQuota, lockProject, lockProjectAndCheckQuota } from '../deployments/quota';
import { authorizeEnvironment } from '../environments/service';
import { authorizeDatabase, type DatabaseRow } from './access';
import { presentDatabase, type PresentedLink } from './presenter';
import { publicOffer } from './public-presenter';
import { DEFAULT_DATABASE_VERSIONS } from './versions';

export const versionsOf = (ctx: AppContext) =>
  ctx.config.databaseVersions ?? DEFAULT_DATABASE_VERSIONS;

/** What the engine list offers: the operator's versions of each engine (none: not offered). */
export function databaseOffers(ctx: AppContext) {
  const versions = versionsOf(ctx);
  return Object.values(databaseEngines)
    .filter((e) => versions[e.id].length > 0)
    .map((e) => ({ id: e.id, libelle: e.label, versions: versions[e.id], port: e.port }));
}

/** The applications linked to each database, by database id. */
export async function linksOf(
  db: Executor,
  databaseIds: string[],
): Promise<Map<string, PresentedLink[]>> {
  const out = new Map<string, PresentedLink[]>();
  if (!databaseIds.length) return out;
  const rows = await db
    .select({
      databaseId: databaseLinks.databaseId,
      applicationId: databaseLinks.applicationId,
      applicationNom: deployments.nom,
      variable: databaseLinks.variable,
    })
    .from(databaseLinks)
    .innerJoin(deployments, eq(deployments.id, databaseLinks.applicationId))
    .where(inArray(databaseLinks.databaseId, databaseIds))
    .orderBy(asc(deployments.nom));
  for (const r of rows) out.set(r.databaseId, [...(out.get(r.databaseId) ?? []), r]);
  return out;
}

export async function presentOne(ctx: AppContext, row: DatabaseRow): Promise<DatabaseResource> {
  return presentDatabase(
    row,
    (await linksOf(ctx.db, [row.id])).get(row.id) ?? [],
    publicOffer(ctx),
  );
}

/**
 * POST /environments/{envId}/databases: checked like an application (the developer's role,
 * the name free in the environment, the project's quota under its lock), then written as a
 * deployments row of category DATABASE, so quotas, prices, costs, status and the engine treat
 * it as every other resource. Its passwords are generated and sealed; none is answered.
 */
export async function createDatabase(
  ctx: AppContext,
  input: {
    environmentId: string;
    user: AuthUser;
    data: CreateDatabaseInput;
    /** Internal settings at creation (a restore target's hold: backups/database-backups.ts). */
    extraSettings?: Record<string, unknown>;
  },
): Promise<DatabaseResource> {
  const env = await authorizeEnvironment(ctx.db, {
    environmentId: input.environmentId,
    userId: input.user.id,
    need: 'developer',
  });
  if (env.status === 'deleting') throw conflict(ENVIRONMENT_DELETING);
  const row = await insertDatabase(ctx, {
    env,
    data: input.data,
    createdBy: input.user.id,
    ...(input.extraSettings ? { extraSettings: input.extraSettings } : {}),
  });
  return presentDatabase(row, [], publicOffer(ctx));
}

/**
 * The database's row in `env`, checked as at creation (the operator's versions, the project's
 * quota under its lock, a free name), for the engine to start. Also the database of a pull
 * request's preview (modules/previews), which the platform creates itself.
 */
export async function insertDatabase(
  ctx: AppContext,
  input: {
    env: { id: string; projectId: string };
    data: CreateDatabaseInput;
    createdBy: string | null;
    extraSettings?: Record<string, unknown>;
  },
): Promise<DatabaseRow> {
  const { env, data } = input;
  const engine = databaseEngines[data.moteur];
  const offered = versionsOf(ctx)[data.moteur];
  const version = data.version ?? offered[0];
  if (!version || !offered.includes(version))
    throw new FieldValidationError([
      {
        loc: ['body', 'version'],
        msg: t.versionUnavailable(engine.label, offered),
        type: 'version',
      },
    ]);
  const resources = {
    cpuMilli: toMilli(data.cpu),
    ramMb: toMilli(data.ram),
    storageMb: toMilli(data.storage),
    replicas: 1,
  };
  const id = randomUUID();
  const compact = id.replace(/-/g, '');
  try {
    const row = await ctx.db.transaction(async (tx) => {
      await lockProjectAndCheckQuota(tx, {
        projectId: env.projectId,
        requested: reservationOf(resources),
      });
      await assertNameFree(tx, env.id, data.nom).catch(() => {
        throw conflict(t.nameTaken);
      });
      const [created] = await tx
        .insert(deployments)
        .values({
          id,
          projectId: env.projectId,
          environmentId: env.id,
          nom: data.nom,
          runtimeName: `db-${compact.slice(0, 12)}`,
          // Never served: unique only because the column is.
          hostLabel: `db-${compact}`,
          category: 'DATABASE',
          sourceKind: 'template',
          template: data.moteur,
          imageRegistryUrl: engine.repository,
          imageTag: version,
          ...resources,
          settings: {
            ...databaseSettings({
              engine: data.moteur,
              version,
              host: data.nom,
              passwordRevision: 0,
              restartRevision: 0,
              stopped: false,
            }),
            ...input.extraSettings,
          },
          secretsSealed: sealSecrets(ctx.secrets.secretsKey, {
            adminPassword: randomPassword(),
            dbPassword: randomPassword(32),
            dbRootPassword: randomPassword(32),
          }),
          createdBy: input.createdBy,
          events: [{ at: new Date().toISOString(), message: t.createRequested }],
        })
        .returning();
      return created!;
    });
    ctx.log.info({ deploymentId: row.id, engine: data.moteur, version }, 'database requested');
    ctx.engine.wake();
    return row;
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(t.nameTaken);
    throw err;
  }
}

export async function listDatabases(
  ctx: AppContext,
  input: { environmentId: string; userId: string },
): Promise<DatabaseResource[]> {
  const env = await authorizeEnvironment(ctx.db, { ...input, need: 'user' });
  const rows = await ctx.db
    .select()
    .from(deployments)
    .where(and(eq(deployments.environmentId, env.id), eq(deployments.category, 'DATABASE')))
    .orderBy(asc(deployments.createdAt));
  const links = await linksOf(
    ctx.db,
    rows.map((r) => r.id),
  );
  const offer = publicOffer(ctx);
  return rows.map((r) => presentDatabase(r, links.get(r.id) ?? [], offer));
}

export async function getDatabase(
  ctx: AppContext,
  input: { databaseId: string; userId: string },
): Promise<DatabaseResource> {
  const row = await authorizeDatabase(ctx.db, { ...input, need: 'user' });
  return presentOne(ctx, row);
}

/** Locks a live database row (the caller holds the project's lock when it changes the quota). */
export async function lockLive(tx: Executor, id: string): Promise<DatabaseRow> {
  const [row] = await tx.select().from(deployments).where(eq(deployments.id, id)).for('update');
  if (!row || row.desiredState === 'absent') throw conflict(t.deleting);
  return row;
}

/** The desired state changed: the engine applies the next generation. */
export const nextGeneration = (event: string) => ({
  generation: sql`${deployments.generation} + 1`,
  nextAttemptAt: new Date(),
  attempts: 0,
  updatedAt: new Date(),
  events: withEvent(event),
});

/** PUT /databases/{id}/resources: CPU and RAM freely within the quota, storage only up. */
export async function resizeDatabase(
  ctx: AppContext,
  input: { databaseId: string; userId: string; data: ResizeDatabaseInput },
): Promise<DatabaseResource> {
  const authorized = await authorizeDatabase(ctx.db, { ...input, need: 'developer' });
  const { data } = input;
  if (data.cpu === undefined && data.ram === undefined && data.storage === undefined)
    throw badRequest(t.nothingToChange);
  const row = await ctx.db.transaction(async (tx) => {
    const project = await lockProject(tx, authorized.projectId);
    const current = await lockLive(tx, authorized.id);
    const next = {
      cpuMilli: data.cpu === undefined ? current.cpuMilli : toMilli(data.cpu),
      ramMb: data.ram === undefined ? current.ramMb : toMilli(data.ram),
      storageMb: data.storage === undefined ? current.storageMb : toMilli(data.storage),
      replicas: 1,
    };
    if (next.storageMb < current.storageMb)
      throw new FieldValidationError([
        {
          loc: ['body', 'storage'],
          msg: t.storageShrink(fromMilli(current.storageMb)),
          type: 'storage',
        },
      ]);
    await checkQuota(tx, project, {
      requested: reservationOf(next),
      excludeDeploymentId: current.id,
      current: reservationOf(current),
    });
    const [updated] = await tx
      .update(deployments)
      .set({
        cpuMilli: next.cpuMilli,
        ramMb: next.ramMb,
        storageMb: next.storageMb,
        ...nextGeneration(t.resizeRequested),
      })
      .where(eq(deployments.id, current.id))
      .returning();
    return updated!;
  });
  ctx.engine.wake();
  return presentOne(ctx, row);
}

/** POST /databases/{id}/restart: a new revision recreates its container or rolls its pod. */
export async function restartDatabase(
  ctx: AppContext,
  input: { databaseId: string; userId: string },
): Promise<void> {
  const authorized = await authorizeDatabase(ctx.db, { ...input, need: 'developer' });
  await ctx.db.transaction(async (tx) => {
    const current = await lockLive(tx, authorized.id);
    const s = databaseSettingsOf(current.settings);
    if (s.stopped) throw conflict(t.stopped);
    await tx
      .update(deployments)
      .set({
        settings: databaseSettings({ ...s, restartRevision: s.restartRevision + 1 }),
        ...nextGeneration(t.restartRequested),
      })
      .where(eq(deployments.id, current.id));
  });
  ctx.engine.wake();
}

/**
 * POST /databases/{id}/stop and /start: nothing of it runs while stopped (its data, objects and
 * reservation stay: the quota keeps its room for the start).
 */
export async function setDatabaseStopped(
  ctx: AppContext,
  input: { databaseId: string; userId: string; stopped: boolean },
): Promise<void> {
  const authorized = await authorizeDatabase(ctx.db, { ...input, need: 'developer' });
  await ctx.db.transaction(async (tx) => {
    const current = await lockLive(tx, authorized.id);
    const s = databaseSettingsOf(current.settings);
    if (s.stopped === input.stopped)
      throw conflict(input.stopped ? t.alreadyStopped : t.alreadyStarted);
    await tx
      .update(deployments)
      .set({
        settings: databaseSettings({ ...s, stopped: input.stopped }),
        ...nextGeneration(input.stopped ? t.stopRequested : t.startRequested),
      })
      .where(eq(deployments.id, current.id));
  });
  ctx.engine.wake();
}

/**
 * DELETE /databases/{id}: refused while applications are linked to it (they would lose their
 * database without a word); otherwise removed like an application, its volume with it.
 */
export async function deleteDatabase(
  ctx: AppContext,
  input: { databaseId: string; userId: string },
  /** Done in the deletion's transaction (final-backup.ts keeps the final backup in it). */
  alsoInTransaction?: (tx: Executor, database: DatabaseRow) => Promise<void>,
): Promise<void> {
  const authorized = await authorizeDatabase(ctx.db, { ...input, need: 'developer' });
  await ctx.db.transaction(async (tx) => {
    await lockProject(tx, authorized.projectId);
    const current = await lockLive(tx, authorized.id);
    const links = (await linksOf(tx, [current.id])).get(current.id) ?? [];
    if (links.length) throw conflict(t.inUse(links.map((l) => `« ${l.applicationNom} »`)));
    await tx
      .update(deployments)
      .set({ desiredState: 'absent', ...nextGeneration(t.deletionStarted) })
      .where(eq(deployments.id, current.id));
    await alsoInTransaction?.(tx, current);
  });
  ctx.log.info({ deploymentId: authorized.id }, 'database deletion requested');
  ctx.engine.wake();
}
