import type { EnvVarInput } from '@nuage/shared/schemas/code';
import type { ProjectRole } from '@nuage/shared/roles';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import { deployments } from '../../db/schema/deployments';
import { authorizeDeployment } from '../deployments/access';
import { storeEnvVars, viewEnvVars } from '../deployments/env-vars-store';
import { authorizeCodeApplication, lockLiveApplication } from './application-builds';
import { releaseWithConfiguration } from './releases';
import { buildEventTexts } from '@nuage/shared/messages/builds';

/** A code application, or an image one (issue 30): both run the user's variables. */
async function authorizeVariablesOf(
  ctx: AppContext,
  input: { deploymentId: string; userId: string; need: ProjectRole },
) {
  const row = await authorizeDeployment(ctx.db, input);
  if (row.sourceKind === 'image') return row;
  return authorizeCodeApplication(ctx, input);
}

export async function getEnvVars(ctx: AppContext, input: { deploymentId: string; userId: string }) {
  const d = await authorizeVariablesOf(ctx, { ...input, need: 'user' });
  return viewEnvVars(d.envVars);
}

/**
 * Replaces the application's variables. When a release is running, the change becomes a new
 * release with the same image (rolled out health-gated, and listed so it can be rolled back).
 */
export async function putEnvVars(
  ctx: AppContext,
  input: { deploymentId: string; userId: string; vars: EnvVarInput[] },
) {
  const authorized = await authorizeVariablesOf(ctx, { ...input, need: 'developer' });
  const { row, rolledOut } = await ctx.db.transaction(async (tx) => {
    const d = await lockLiveApplication(tx, authorized.id);
    const envVars = storeEnvVars(ctx.secrets.secretsKey, input.vars, d.envVars, ['body']);
    if (d.sourceKind === 'image') {
      // No releases for an image: the new variables are the desired state, applied as an edit.
      const [updated] = await tx
        .update(deployments)
        .set({
          envVars,
          generation: sql`${deployments.generation} + 1`,
          nextAttemptAt: new Date(),
          attempts: 0,
          updatedAt: new Date(),
        })
        .where(eq(deployments.id, d.id))
        .returning();
      return { row: updated!, rolledOut: true };
    }
    const released = await releaseWithConfiguration(tx, d, envVars, buildEventTexts.envVarsChanged);
    if (released) return { row: released, rolledOut: true };
    const [updated] = await tx
      .update(deployments)
      .set({ envVars, updatedAt: new Date() })
      .where(eq(deployments.id, d.id))
      .returning();
    return { row: updated!, rolledOut: false };
  });
  if (rolledOut) ctx.engine.wake();
  return viewEnvVars(row.envVars);
}
