import { databaseEngines } from '@nuage/shared/database-engines';
import { compareVersions, majorOf } from '@nuage/shared/database-versions';
import { databaseUpgradeTexts as t } from '@nuage/shared/messages/database-upgrades';
import type { UpgradeDatabaseInput } from '@nuage/shared/schemas/database-upgrade';
import type { DatabaseResource } from '@nuage/shared/schemas/responses/databases';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import { deployments } from '../../db/schema/deployments';
import { databaseSettings, databaseSettingsOf } from '../../engine/specs/database-settings';
import { conflict, FieldValidationError } from '../../lib/errors';
import { authorizeDatabase } from './access';
import { lockLive, nextGeneration, presentOne, versionsOf } from './service';

const refuse = (msg: string) =>
  new FieldValidationError([{ loc: ['body', 'version'], msg, type: 'version' }]);

/**
 * PUT /databases/{id}/version: the database's image moves to a newer tag of its major, on the
 * same volume (database-versions.ts says why only within a major). The next generation
 * recreates its container (docker) or rolls its StatefulSet's pod (Kubernetes) on that image;
 * its reservation does not change, so the quota has nothing to check.
 */
export async function upgradeDatabase(
  ctx: AppContext,
  input: { databaseId: string; userId: string; data: UpgradeDatabaseInput },
): Promise<DatabaseResource> {
  const authorized = await authorizeDatabase(ctx.db, { ...input, need: 'developer' });
  const target = input.data.version;
  const row = await ctx.db.transaction(async (tx) => {
    const current = await lockLive(tx, authorized.id);
    const s = databaseSettingsOf(current.settings);
    if (s.stopped) throw conflict(t.stoppedFirst);
    if (target === s.version) throw refuse(t.sameVersion(target));
    if (!versionsOf(ctx)[s.engine].includes(target)) throw refuse(t.notOffered(target));
    if (majorOf(s.engine, target) !== majorOf(s.engine, s.version))
      throw refuse(t.otherMajor(s.version, target));
    if (compareVersions(target, s.version) < 0) throw refuse(t.downgrade(s.version, target));
    const [updated] = await tx
      .update(deployments)
      .set({
        imageRegistryUrl: databaseEngines[s.engine].repository,
        imageTag: target,
        settings: databaseSettings({ ...s, version: target }),
        ...nextGeneration(t.requested(s.version, target)),
      })
      .where(eq(deployments.id, current.id))
      .returning();
    return updated!;
  });
  ctx.log.info({ deploymentId: row.id, version: target }, 'database version upgrade requested');
  ctx.engine.wake();
  return presentOne(ctx, row);
}
