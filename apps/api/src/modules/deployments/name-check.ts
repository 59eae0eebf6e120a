import { deployMessages } from '@nuage/shared/schemas/deployments';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { deployments } from '../../db/schema/deployments';
import { conflict } from '../../lib/errors';

/**
 * An application's name is unique in its environment, whatever the case: checked inside the
 * transaction that writes it (the unique index catches the race that remains).
 */
export async function assertNameFree(tx: Executor, environmentId: string, nom: string) {
  const [taken] = await tx
    .select({ id: deployments.id })
    .from(deployments)
    .where(
      and(
        eq(deployments.environmentId, environmentId),
        eq(deployments.desiredState, 'present'),
        sql`lower(${deployments.nom}) = lower(${nom})`,
      ),
    );
  if (taken) throw conflict(deployMessages.nameTaken);
}
