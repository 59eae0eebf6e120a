import type { ProjectQuotaSpec } from '../../driver';
import { QUOTA_NAME, renderQuota } from '../../manifests/environment';
import {
  type Quantities,
  quotaShares,
  redistributionSteps,
  sameQuantities,
} from '../../quota-shares';
import { LABELS, MANAGED_BY } from '../../spec';
import { checkedNamespace, rendered } from './guards';
import { type KubeClient, isNotFound } from './kube-client';
import type { ObjectWriter } from './object-writer';
import { objectPath } from './paths';
import { cpuMilli, ramMb } from './quantities';

/**
 * Each namespace's ResourceQuota to its share (engine/quota-shares.ts): the quotas that go
 * down are applied first, then those that go up, so their sum never exceeds the project
 * quota at any instant. A namespace without a quota yet gets one at zero in the first step.
 */
export async function distributeQuota(
  client: KubeClient,
  writer: ObjectWriter,
  project: ProjectQuotaSpec,
): Promise<void> {
  const envs = project.environments;
  const shares = quotaShares(
    project.quota,
    envs.map((e) => e.reserved),
  );
  const current = await Promise.all(envs.map((e) => currentQuota(client, e.environment.namespace)));
  const [lowered, final] = redistributionSteps(current, shares);
  for (const step of [lowered, final]) {
    for (const [i, e] of envs.entries()) {
      const target = step[i]!;
      if (sameQuantities(current[i]!, target)) continue;
      const env = e.environment;
      const labels = { ...env.labels, [LABELS.managedBy]: MANAGED_BY };
      await writer.apply(rendered(() => [renderQuota(env.namespace, labels, target)])[0]!);
      current[i] = target;
    }
  }
}

/** The namespace's ResourceQuota as the platform set it, or null when it has none yet. */
async function currentQuota(client: KubeClient, namespace: string): Promise<Quantities | null> {
  try {
    const quota = await client.json<{ spec?: { hard?: Record<string, string> } }>(
      'GET',
      objectPath({
        apiVersion: 'v1',
        kind: 'ResourceQuota',
        metadata: { name: QUOTA_NAME, namespace: checkedNamespace(namespace) },
      }),
    );
    const hard = quota.spec?.hard ?? {};
    return {
      cpuMilli: cpuMilli(hard['limits.cpu']),
      ramMb: ramMb(hard['limits.memory']),
      storageMb: ramMb(hard['requests.storage']),
    };
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}
