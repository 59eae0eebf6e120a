import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { autoscalingPolicies } from '../../db/schema/autoscaling';
import type { AutoscalingSpec } from '../spec';

/**
 * The application's automatic scaling, as its spec carries it: null when its policy is off (its
 * HPA is deleted), undefined when it never had one (nothing to remove then).
 */
export async function autoscalingSpecOf(
  db: Executor,
  deploymentId: string,
): Promise<AutoscalingSpec | null | undefined> {
  const [policy] = await db
    .select()
    .from(autoscalingPolicies)
    .where(eq(autoscalingPolicies.deploymentId, deploymentId));
  if (!policy) return undefined;
  if (!policy.enabled) return null;
  return {
    minReplicas: policy.minReplicas,
    maxReplicas: policy.maxReplicas,
    cpuTargetPercent: policy.cpuTargetPercent,
    memoryTargetPercent: policy.memoryTargetPercent,
  };
}
