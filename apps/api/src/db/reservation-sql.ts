import { eq, sql } from 'drizzle-orm';
import { deployments } from './schema/deployments';

/**
 * The deployments that reserve resources: every application not being deleted (an application
 * whose deletion was asked gives its room back at once).
 */
export const reservesResources = () => eq(deployments.desiredState, 'present');

/**
 * The reservation (lib/reservation.ts's rule: cpu × replicas, ram × replicas, storage) summed
 * over the selected deployment rows, as numbers: spread it into a select, with a groupBy for
 * one sum per group.
 */
export const reservationSums = () => ({
  cpuMilli:
    sql<number>`coalesce(sum(${deployments.cpuMilli} * ${deployments.replicas}), 0)`.mapWith(
      Number,
    ),
  ramMb: sql<number>`coalesce(sum(${deployments.ramMb} * ${deployments.replicas}), 0)`.mapWith(
    Number,
  ),
  storageMb: sql<number>`coalesce(sum(${deployments.storageMb}), 0)`.mapWith(Number),
});
