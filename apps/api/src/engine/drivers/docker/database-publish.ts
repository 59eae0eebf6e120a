import { runtimeErrorTexts } from '@nuage/shared/messages/runtime';
import { RuntimeRejectedError, RuntimeUnavailableError } from '../../driver';
import type { ApplicationSpec } from '../../spec';
import { applySpec, type DriverContext } from './converge';
import type { NetworkGuard } from './guard/network-guard';

/**
 * A database of an environment (issue 25) on docker: its public endpoint's allow-list is in
 * force before its port is published (the guard's `pending` rules win over those of the
 * container being replaced), and the rules follow the containers once applied
 * (guard/public-endpoint-rules.ts). Never published without a running guard: refused (the
 * reconciler retries) rather than open to every address.
 */
export async function applyDatabaseSpec(
  ctx: DriverContext,
  guard: NetworkGuard | null,
  spec: ApplicationSpec,
) {
  const p = spec.database?.publicEndpoint;
  // As databasePlan (container-spec.ts) publishes it: on DATABASE_PUBLIC_ADDRESS.
  const publishes = Boolean(p?.address && p.targetPort && !spec.database?.stopped);
  // Nothing published before nor now: the guard has nothing to change (no sync, no wait).
  if (!publishes && !guard?.publishing.has(spec.deploymentId)) return applySpec(ctx, spec);
  if (publishes && p?.address) {
    if (!guard) throw new RuntimeRejectedError(runtimeErrorTexts.publicNeedsGuard);
    guard.pending.set(spec.deploymentId, { address: p.address, port: p.port, sources: p.sources });
    const problem = await guard.sync();
    if (problem) {
      guard.pending.delete(spec.deploymentId);
      throw new RuntimeUnavailableError(`${runtimeErrorTexts.publicNeedsGuard} (${problem})`);
    }
  }
  try {
    return await applySpec(ctx, spec);
  } finally {
    guard?.pending.delete(spec.deploymentId);
    // What runs now (published, recreated with a new list, or withdrawn) is what is guarded.
    await guard?.sync();
  }
}
