import { LABELS } from '../../spec';

/** What the driver writes on engine objects besides the application's own labels (spec.labels). */
export const DOCKER_LABELS = {
  replica: 'nuagedeploy.io/replica',
  specHash: 'nuagedeploy.io/spec-hash',
  /** JSON ContainerTemplate: what scale() needs to add a replica and status() to probe it. */
  template: 'nuagedeploy.io/template',
  publicPort: 'nuagedeploy.io/public-port',
  namespace: 'nuagedeploy.io/namespace',
  sizeMb: 'nuagedeploy.io/size-mb',
  /** The application's host label (`<label>.localhost` when the platform gives no routes). */
  hostLabel: 'nuagedeploy.io/host-label',
  /**
   * On an environment's network: the chains (NETWORK_GUARD_CHAINS) of the guard that keeps
   * it, so that two platforms on one host (or two test servers) each guard their own networks.
   */
  guardChains: 'nuagedeploy.io/guard-chains',
  /**
   * On the edge proxy: the kernel settings it was created with (edge-proxy.ts; Podman's
   * inspect does not give a container's sysctls back).
   */
  edgeSettings: 'nuagedeploy.io/edge-settings',
} as const;

/** 'service': a Compose service other than the exposed one (stack.ts). */
export type ComponentKind = 'application' | 'database' | 'setup' | 'service';

/**
 * A replica has two name slots, `<name>-<i>` and `<name>-<i>-b`: an update starts the new
 * container in the free slot and removes the old one only once the new one is ready.
 */
export const replicaName = (name: string, index: number, slot: 0 | 1 = 0) =>
  slot === 0 ? `${name}-${index}` : `${name}-${index}-b`;

/** Names a crashed or manual run may have left for this application (exact, not a prefix). */
export function isApplicationContainerName(appName: string, containerName: string): boolean {
  const n = containerName.replace(/^\//, '');
  if (!n.startsWith(`${appName}-`)) return false;
  return /^(\d+|\d+-b|db|setup)$/.test(n.slice(appName.length + 1));
}

/** The labels every object of the application shares (no per-container ones). */
export function applicationLabels(labels: Record<string, string> | null): Record<string, string> {
  const keep = new Set<string>(Object.values(LABELS).filter((l) => l !== LABELS.component));
  keep.add(DOCKER_LABELS.namespace);
  return Object.fromEntries(Object.entries(labels ?? {}).filter(([k]) => keep.has(k)));
}
