import type { RenderOptions } from '../../manifests/types';
import { clusterMessages } from '@nuage/shared/cluster-messages';
import type { ProjectQuotaSpec } from '../../driver';
import { QUOTA_NAME, renderQuota } from '../../manifests/namespace';
import {
  type Quantities,
  quotaShares,
  redistributionSteps,
  sameQuantities,
} from '../../quota/quota-shares';
import type { EnvironmentSpec } from '../../spec';
import { LABELS, MANAGED_BY } from '../../spec';
import { checkedNamespace, rendered } from './guards';
import { KubeApiRejection, type KubeClient, isNotFound } from './kube-client';
import type { ObjectWriter } from './object-writer';
import { objectPath } from './paths';
import { cpuMilli, ramMb } from './quantities';

/**
 * Each namespace's ResourceQuota to its share (engine/quota/quota-shares.ts): the quotas that go
 * down are applied first, then those that go up, so their sum never exceeds the project
 * quota at any instant. A namespace without a quota yet gets one at zero in the first step.
 *
 * An environment being deleted ("releasing") shares nothing: its quota goes to zero in the
 * first step, before any other is raised (issue 23, defect 5). One not created yet ("pending")
 * may have no namespace, or no RoleBinding yet — the API server then refuses the platform
 * with a 403, not a 404 (defect 6: two environments created 30 ms apart) —: it is left
 * alone, counting for nothing, until its own creation distributes the quota again. An active
 * environment must be reachable: a 403 there is retried (a binding just applied reaches the
 * authorizer within moments), then refused in French.
 */
export async function distributeQuota(
  client: KubeClient,
  writer: ObjectWriter,
  project: ProjectQuotaSpec,
  /** DATABASE_PUBLIC_SERVICE: the quotas keep its Services' room (namespace.ts renderQuota). */
  publicService?: RenderOptions['databasePublicService'],
): Promise<void> {
  const sharing = project.environments.filter((e) => e.state !== 'releasing');
  const shares = quotaShares(
    project.quota,
    sharing.map((e) => e.reserved),
  );
  const zero = { cpuMilli: 0, ramMb: 0, storageMb: 0 };
  const targets = project.environments.map((e) =>
    e.state === 'releasing' ? zero : shares[sharing.indexOf(e)]!,
  );
  const current = await Promise.all(project.environments.map((e) => currentQuota(client, e)));
  const [lowered, final] = redistributionSteps(
    current.map((c) => (c === UNREACHABLE ? null : c)),
    targets,
  );
  for (const step of [lowered, final]) {
    for (const [i, e] of project.environments.entries()) {
      const now = current[i]!;
      const target = step[i]!;
      if (now === UNREACHABLE || sameQuantities(now, target)) continue;
      // A quota not there any more in a namespace being deleted stays released.
      if (e.state === 'releasing' && now === null) continue;
      await applyQuota(
        writer,
        e.environment,
        target,
        publicService,
        e.state === 'pending' || e.state === 'releasing',
      );
      current[i] = target;
    }
  }
}

const UNREACHABLE = Symbol('unreachable');

async function applyQuota(
  writer: ObjectWriter,
  env: EnvironmentSpec,
  quota: Quantities,
  publicService: RenderOptions['databasePublicService'],
  /** Pending or releasing: its namespace (or binding) may not exist, or exist no more. */
  transient: boolean,
): Promise<void> {
  const labels = { ...env.labels, [LABELS.managedBy]: MANAGED_BY };
  try {
    await writer.apply(
      rendered(() => [renderQuota(env.namespace, labels, quota, publicService)])[0]!,
    );
  } catch (error) {
    // Releasing: the namespace controller took the quota (or the binding) away meanwhile.
    // Pending: its namespace or binding is not there yet; its own creation splits again.
    if (transient && error instanceof KubeApiRejection && [403, 404].includes(error.code)) return;
    throw error;
  }
}

/**
 * The namespace's ResourceQuota as the platform set it, null when it has none yet, or
 * UNREACHABLE for a namespace the platform may not read yet (pending) or any more (releasing).
 */
async function currentQuota(
  client: KubeClient,
  e: ProjectQuotaSpec['environments'][number],
): Promise<Quantities | null | typeof UNREACHABLE> {
  const namespace = checkedNamespace(e.environment.namespace);
  for (let attempt = 1; ; attempt++) {
    try {
      const quota = await client.json<{ spec?: { hard?: Record<string, string> } }>(
        'GET',
        objectPath({
          apiVersion: 'v1',
          kind: 'ResourceQuota',
          metadata: { name: QUOTA_NAME, namespace },
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
      if (!(error instanceof KubeApiRejection) || error.code !== 403) throw error;
      // Pending: its binding does not exist yet; releasing: gone with its namespace (its quota
      // was lowered to nothing before the namespace was deleted).
      if (e.state === 'pending' || e.state === 'releasing') return UNREACHABLE;
      if (attempt >= 5)
        throw new KubeApiRejection(clusterMessages.namespaceForbidden(namespace), 403, 'Forbidden');
      await new Promise((resolve) => setTimeout(resolve, 300 * attempt));
    }
  }
}
