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
    for (const { spec } of [...this.applied.values()]) await this.reapply.application(spec);
  }

  /** A watched object of an application this process applied was deleted by someone else. */
  seen(namespace: string, event: CacheEvent): void {
    if (event.type !== 'DELETED' || !REPAIRED_KINDS.has(event.kind)) return;
    const id = event.object.metadata?.labels?.[LABELS.deploymentId];
    const entry = id ? this.applied.get(id) : undefined;
    if (id && !entry) for (const listener of this.unknown) listener(id);
    if (!id || !entry || entry.spec.namespace !== namespace) return;
    if (!entry.keys.has(`${event.kind}/${event.object.metadata?.name}`)) return;
    if (this.repairing.has(id)) return;
    this.repairing.add(id);
    setTimeout(() => {
      const current = this.applied.get(id);
      void (current ? this.reapply.application(current.spec) : Promise.resolve())
        .catch(() => undefined)
        .finally(() => this.repairing.delete(id));
    }, this.delayMs).unref();
  }
}
