import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { deployments } from '../../db/schema/deployments';
import { hostLabelCandidate, suffixedHostLabel } from '../../engine/routing/hostnames';
import { randomSuffix } from '../../lib/naming';

/**
 * A host label no existing application uses, one being deleted included (its host is still
 * routed until its objects are gone): the readable `<app>-<env>-<project>` when free, else the
 * same with a random suffix. Host labels are global (one APPS_DOMAIN serves every tenant); the
 * unique index `deployments_host_label_key` settles a race between two requests.
 */
export async function allocateHostLabel(
  tx: Executor,
  parts: { app: string; env: string; project: string },
): Promise<string> {
  const candidate = hostLabelCandidate(parts);
  const [taken] = await tx
    .select({ id: deployments.id })
    .from(deployments)
    .where(eq(deployments.hostLabel, candidate));
  return taken ? suffixedHostLabel(candidate, randomSuffix(6)) : candidate;
}
