import { databaseEngines } from '@nuage/shared/database-engines';
import { databaseTexts as t } from '@nuage/shared/messages/databases';
import type { LinkDatabaseInput } from '@nuage/shared/schemas/databases';
import type { DatabaseResource } from '@nuage/shared/schemas/responses/databases';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import type { Executor } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { withEvent } from '../../db/deployment-events';
import { databaseLinks } from '../../db/schema/database-links';
import { deployments } from '../../db/schema/deployments';
import { databaseSettingsOf } from '../../engine/specs/database-settings';
import { conflict, FieldValidationError, notFound } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { authorizeDatabase } from './access';
import { presentOne } from './service';

const fieldError = (field: string, msg: string, type: string) =>
  new FieldValidationError([{ loc: ['body', field], msg, type }]);

/** The application's next generation carries (or drops) the link's variable: it rolls. */
async function reapply(tx: Executor, applicationId: string, event: string) {
  await tx
    .update(deployments)
    .set({
      generation: sql`${deployments.generation} + 1`,
      nextAttemptAt: new Date(),
      attempts: 0,
      updatedAt: new Date(),
      events: withEvent(event),
    })
    .where(eq(deployments.id, applicationId));
}

/**
 * POST /databases/{id}/links: an application of the database's own environment (code or any
 * image: they run the user's variables) receives the connection string as a secret variable,
 * `DATABASE_URL` / `REDIS_URL` unless the user names another, and restarts with it.
 */
export async function linkApplication(
  ctx: AppContext,
  input: { databaseId: string; userId: string; data: LinkDatabaseInput },
): Promise<DatabaseResource> {
  const database = await authorizeDatabase(ctx.db, { ...input, need: 'developer' });
  if (database.desiredState === 'absent') throw conflict(t.deleting);
  const appId = input.data.application_id;
  if (!isUuid(appId)) throw fieldError('application_id', t.applicationNotFound, 'unknown');
  const engine = databaseSettingsOf(database.settings).engine;
  const variable = input.data.variable ?? databaseEngines[engine].defaultVariable;
  try {
    await ctx.db.transaction(async (tx) => {
      const [app] = await tx
        .select()
        .from(deployments)
        .where(eq(deployments.id, appId))
        .for('update');
      if (!app || app.environmentId !== database.environmentId || app.desiredState === 'absent')
        throw fieldError('application_id', t.applicationNotFound, 'unknown');
      if (app.category === 'DATABASE' || app.sourceKind === 'template')
        throw fieldError('application_id', t.applicationNotLinkable, 'kind');
      if (app.envVars.some((v) => v.name === variable))
        throw fieldError('variable', t.variableTaken(variable), 'taken');
      const [pair] = await tx
        .select({ id: databaseLinks.id })
        .from(databaseLinks)
        .where(
          and(eq(databaseLinks.databaseId, database.id), eq(databaseLinks.applicationId, app.id)),
        );
      if (pair) throw conflict(t.alreadyLinked);
      await tx
        .insert(databaseLinks)
        .values({ databaseId: database.id, applicationId: app.id, variable });
      await reapply(tx, app.id, t.linkEvent(database.nom, variable));
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw fieldError('variable', t.variableTaken(variable), 'taken');
    throw err;
  }
  ctx.engine.wake();
  return presentOne(ctx, database);
}

/** DELETE /databases/{id}/links/{applicationId}: the application restarts without the variable. */
export async function unlinkApplication(
  ctx: AppContext,
  input: { databaseId: string; applicationId: string; userId: string },
): Promise<DatabaseResource> {
  const database = await authorizeDatabase(ctx.db, { ...input, need: 'developer' });
  if (!isUuid(input.applicationId)) throw notFound(t.linkNotFound);
  await ctx.db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(databaseLinks)
      .where(
        and(
          eq(databaseLinks.databaseId, database.id),
          eq(databaseLinks.applicationId, input.applicationId),
        ),
      )
      .returning({ id: databaseLinks.id });
    if (!removed) throw notFound(t.linkNotFound);
    await reapply(tx, input.applicationId, t.unlinkEvent(database.nom));
  });
  ctx.engine.wake();
  return presentOne(ctx, database);
}
