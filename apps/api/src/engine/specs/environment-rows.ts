import { and, eq, inArray, isNull, lt, lte, or } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { environments } from '../../db/schema/environments';
import { projects } from '../../db/schema/projects';
import { liveEnvironment } from '../../db/environment-sql';

/** The environment's row with its project's (the runtime names and quota come from both). */
export async function loadEnvironment(db: Database, environmentId: string) {
  const [found] = await db
    .select({ env: environments, project: projects })
    .from(environments)
    .innerJoin(projects, eq(projects.id, environments.projectId))
    .where(eq(environments.id, environmentId));
  if (!found) throw new Error(`environment ${environmentId} not found`);
  return found;
}

/**
 * The environment, unless its deletion was asked meanwhile: a namespace creation that was under
 * way when the user deleted the environment must not bring it back.
 */
export function notDeleting(environmentId: string) {
  return and(eq(environments.id, environmentId), liveEnvironment());
}

/**
 * Up to 8 environments due for a pass (to create, retry or delete), leased to `owner`: another
 * process skips them until the lease ends (SKIP LOCKED, then the lease for the pass's length).
 */
export function claimDueEnvironments(db: Database, owner: string, leaseMs: number) {
  const now = new Date();
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: environments.id })
      .from(environments)
      .where(
        and(
          inArray(environments.status, ['pending', 'failed', 'deleting']),
          lte(environments.nextAttemptAt, now),
          or(isNull(environments.leaseExpiresAt), lt(environments.leaseExpiresAt, now)),
        ),
      )
      .limit(8)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(environments)
      .set({ leaseOwner: owner, leaseExpiresAt: new Date(now.getTime() + leaseMs) })
      .where(
        inArray(
          environments.id,
          due.map((d) => d.id),
        ),
      )
      .returning();
  });
}

/** The pass is over: its lease goes (only if still this process's). */
export async function releaseEnvironment(db: Database, environmentId: string, owner: string) {
  await db
    .update(environments)
    .set({ leaseOwner: null, leaseExpiresAt: null })
    .where(and(eq(environments.id, environmentId), eq(environments.leaseOwner, owner)));
}
