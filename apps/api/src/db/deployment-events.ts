// The short event history of an application (deployments.events): written by the engine and by
// the modules alike, so it sits with the schema below both.
import { eq, sql } from 'drizzle-orm';
import type { Executor } from './client';
import type { DeploymentEvent } from './schema/deployments';
import { deployments } from './schema/deployments';

export const MAX_EVENTS = 20;

/** SQL that prepends a French event to an application's short history (newest first). */
export function withEvent(message: string) {
  const event: DeploymentEvent = { at: new Date().toISOString(), message };
  return sql`(jsonb_build_array(${JSON.stringify(event)}::jsonb) || ${deployments.events}) #- '{${sql.raw(String(MAX_EVENTS))}}'`;
}

/** Writes one event in the application's history, nothing else of its row. */
export async function noteEvent(db: Executor, deploymentId: string, message: string) {
  await db
    .update(deployments)
    .set({ events: withEvent(message) })
    .where(eq(deployments.id, deploymentId));
}
