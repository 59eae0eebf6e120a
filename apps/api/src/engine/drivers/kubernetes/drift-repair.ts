import type { ApplicationSpec, EnvironmentSpec } from '../../spec';
import { LABELS } from '../../spec';
import type { CacheEvent, WatchedKind } from './watch-cache';

/**
 * What the driver repairs from watch events: the objects that make an application serve.
 * Pods come and go with their workloads; a Job ends and is deleted by its TTL
 * (ttlSecondsAfterFinished): neither is drift, and re-creating a finished setup Job would run
 * the setup again.
 */
export const REPAIRED_KINDS: ReadonlySet<WatchedKind> = new Set<WatchedKind>([
  'Deployment',
  'StatefulSet',
  'Ingress',
]);

/**
 * Drift repair: what this process applied (environments and applications) is remembered and
 * applied again, periodically (a change made by hand is overwritten) and soon after one of its
 * watched objects is deleted by someone else (it comes back). After a restart of the platform
 * the reconciler hands over the spec of each application it observes (adopt), so deletions are
 * repaired at once then too, without applying anything until one happens.
 */
export class DriftRepair {
  /** By deployment id: the spec last applied and the objects it rendered. */
  private readonly applied = new Map<string, { spec: ApplicationSpec; keys: Set<string> }>();
  private readonly environments = new Map<string, EnvironmentSpec>();
  private readonly repairing = new Set<string>();
  /** Applications stopped on purpose (a backup or restore at 0 replicas), by hold count. */
  private readonly held = new Map<string, number>();
  /** Held applications one of whose objects was deleted meanwhile: repaired at release. */
  private readonly deletedWhileHeld = new Set<string>();
  private readonly unknown = new Set<(deploymentId: string) => void>();

  constructor(
    private readonly reapply: {
      environment(env: EnvironmentSpec): Promise<void>;
      application(spec: ApplicationSpec): Promise<unknown>;
    },
    private readonly delayMs = 1000,
  ) {}

  /** Deletions of objects of applications this process does not know (adoptForDriftRepair). */
  onUnknown(listener: (deploymentId: string) => void): void {
    this.unknown.add(listener);
  }

  rememberApplication(spec: ApplicationSpec, keys: Set<string>): void {
    this.applied.set(spec.deploymentId, { spec, keys });
  }

  remembers(deploymentId: string): boolean {
    return this.applied.has(deploymentId);
  }

  forgetApplication(deploymentId: string): void {
    this.applied.delete(deploymentId);
  }

  /**
   * Runs `fn` with the application left alone: a backup or restore scales its workloads to 0
   * while a Job reads or refills its volumes, and re-applying its spec meanwhile (the hourly
   * resync, a deleted object's repair) would start them again on the volumes being copied.
   */
  async holding<T>(deploymentId: string, fn: () => Promise<T>): Promise<T> {
    this.held.set(deploymentId, (this.held.get(deploymentId) ?? 0) + 1);
    try {
      return await fn();
    } finally {
      const left = (this.held.get(deploymentId) ?? 1) - 1;
      if (left > 0) this.held.set(deploymentId, left);
      else {
        this.held.delete(deploymentId);
        if (this.deletedWhileHeld.delete(deploymentId)) this.repairSoon(deploymentId);
      }
    }
  }

  rememberEnvironment(env: EnvironmentSpec): void {
    this.environments.set(env.namespace, env);
  }

  forgetEnvironment(namespace: string): void {
    this.environments.delete(namespace);
  }

  /**
   * Every environment and application remembered, applied again. Rate-limited like every
   * request, so 1,000 applications take a few minutes, not a burst.
   */
  async resync(): Promise<void> {
    for (const env of [...this.environments.values()]) await this.reapply.environment(env);
    for (const { spec } of [...this.applied.values()]) {
      if (!this.held.has(spec.deploymentId)) await this.reapply.application(spec);
    }
  }

  /** A watched object of an application this process applied was deleted by someone else. */
  seen(namespace: string, event: CacheEvent): void {
    if (event.type !== 'DELETED' || !REPAIRED_KINDS.has(event.kind)) return;
    const id = event.object.metadata?.labels?.[LABELS.deploymentId];
    const entry = id ? this.applied.get(id) : undefined;
    if (id && !entry) for (const listener of this.unknown) listener(id);
    if (!id || !entry || entry.spec.namespace !== namespace) return;
    if (!entry.keys.has(`${event.kind}/${event.object.metadata?.name}`)) return;
    if (this.held.has(id)) {
      this.deletedWhileHeld.add(id);
      return;
    }
    this.repairSoon(id);
  }

  private repairSoon(id: string): void {
    if (this.repairing.has(id)) return;
    this.repairing.add(id);
    setTimeout(() => {
      // Held meanwhile: repaired when the hold ends.
      if (this.held.has(id)) this.deletedWhileHeld.add(id);
      const current = this.held.has(id) ? undefined : this.applied.get(id);
      void (current ? this.reapply.application(current.spec) : Promise.resolve())
        .catch(() => undefined)
        .finally(() => this.repairing.delete(id));
    }, this.delayMs).unref();
  }
}
