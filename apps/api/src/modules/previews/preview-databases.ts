import { deployLimits } from '@nuage/shared/schemas/deployments';
import type { DatabaseServiceEngine } from '@nuage/shared/database-engines';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import { databaseLinks } from '../../db/schema/database-links';
import { deployments } from '../../db/schema/deployments';
import { insertDatabase } from '../databases/service';
import type { PreviewSettingsRow } from './settings-store';

/**
 * The preview's own databases: for each database the source application is linked to, an
 * empty one of the same engine and version in the preview's environment (the size of a
 * preview, the smallest volume), linked to the preview's application under the same variable.
 * A preview never reaches the source environment's data (its network is its own). Each counts
 * in the project's quota; a refusal refuses the preview (open-preview.ts).
 */
export async function copyLinkedDatabases(
  ctx: AppContext,
  input: {
    sourceId: string;
    createdBy: string | null;
    env: { id: string; projectId: string };
    applicationId: string;
    settings: PreviewSettingsRow;
  },
): Promise<number> {
  if (input.settings.databases === 'aucune') return 0;
  const linked = await ctx.db
    .select({ variable: databaseLinks.variable, database: deployments })
    .from(databaseLinks)
    .innerJoin(deployments, eq(deployments.id, databaseLinks.databaseId))
    .where(
      and(eq(databaseLinks.applicationId, input.sourceId), eq(deployments.desiredState, 'present')),
    );
  for (const { variable, database } of linked) {
    const copy = await insertDatabase(ctx, {
      env: input.env,
      data: {
        nom: database.nom,
        moteur: database.template as DatabaseServiceEngine,
        version: database.imageTag,
        cpu: input.settings.cpuMilli / 1000,
        ram: input.settings.ramMb / 1000,
        storage: deployLimits.storage.min,
      },
      createdBy: input.createdBy,
    });
    await ctx.db
      .insert(databaseLinks)
      .values({ databaseId: copy.id, applicationId: input.applicationId, variable });
  }
  return linked.length;
}
