import {
  type ClusterResource,
  type QuotaShortfall,
  clusterMessages,
} from '@nuage/shared/cluster-messages';
import { cpuMilli, ramMb } from './quantities';

/**
 * The API server's refusal of a pod (as a ReplicaSet reports it in its ReplicaFailure
 * condition) in French, with its facts: which resource the quota lacks and by how much, a
 * namespace being deleted, PodSecurity, missing rights. Users never read the English.
 */

const QUOTA = /exceeded quota: [^,]+, requested: (\S+), used: (\S+), limited: (\S+?)$/;

const RESOURCES: Record<string, ClusterResource> = {
  'limits.cpu': 'cpu',
  'requests.cpu': 'cpu',
  cpu: 'cpu',
  'limits.memory': 'memory',
  'requests.memory': 'memory',
  memory: 'memory',
  'requests.storage': 'storage',
  pods: 'pods',
  'count/pods': 'pods',
  services: 'services',
};

const amount = (resource: ClusterResource, quantity: string) =>
  resource === 'cpu'
    ? cpuMilli(quantity)
    : resource === 'memory' || resource === 'storage'
      ? ramMb(quantity)
      : Number(quantity);

const pairs = (list: string) =>
  new Map(
    list.split(',').map((pair) => {
      const at = pair.indexOf('=');
      return [pair.slice(0, at), pair.slice(at + 1)] as const;
    }),
  );

/** The quota refusal's resources (limits and requests of one resource counted once), or null. */
export function quotaShortfalls(message: string): QuotaShortfall[] | null {
  const found = QUOTA.exec(message.trim());
  if (!found) return null;
  const [requested, used, limited] = [pairs(found[1]!), pairs(found[2]!), pairs(found[3]!)];
  const out = new Map<ClusterResource, QuotaShortfall>();
  for (const [key, value] of requested) {
    const resource = RESOURCES[key];
    if (!resource || out.has(resource)) continue;
    out.set(resource, {
      resource,
      requested: amount(resource, value),
      used: amount(resource, used.get(key) ?? '0'),
      limit: amount(resource, limited.get(key) ?? '0'),
    });
  }
  return [...out.values()];
}

/** Why Kubernetes does not create the application's pods, in French. */
export function podRefusalInFrench(
  message: string | undefined,
  reason: string | undefined,
): string {
  const text = message ?? '';
  const shortfalls = quotaShortfalls(text);
  if (shortfalls) return clusterMessages.podsRefusedByQuota(shortfalls);
  if (/because it is being terminated/.test(text)) return clusterMessages.podsRefusedTerminating;
  if (/violates PodSecurity/.test(text)) return clusterMessages.podsRefusedPodSecurity;
  if (/is forbidden: User /.test(text)) return clusterMessages.podsRefusedRights;
  return clusterMessages.podsRefused(reason ?? 'FailedCreate');
}
