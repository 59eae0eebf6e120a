import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { reservationSums, reservesResources } from '../../db/reservation-sql';
import { deployments } from '../../db/schema/deployments';
import { NO_RESERVATION, type Reservation } from '../../lib/reservation';

/**
 * What a project's applications reserve (lib/reservation.ts), over every application not
 * deleted (ARCHITECTURE.md "Deployment engine").
 */
export async function projectUsage(
  db: Executor,
  projectId: string,
  excludeDeploymentId?: string,
): Promise<Reservation> {
  const [row] = await db
    .select(reservationSums())
    .from(deployments)
    .where(
      and(
        eq(deployments.projectId, projectId),
        reservesResources(),
        excludeDeploymentId ? sql`${deployments.id} <> ${excludeDeploymentId}` : undefined,
      ),
    );
  return row ?? NO_RESERVATION;
}
