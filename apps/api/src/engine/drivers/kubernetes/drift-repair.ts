import type { ApplicationSpec, EnvironmentSpec } from '../../spec';
import { LABELS } from '../../spec';
import type { CacheEvent } from './watch-cache';

/**
 * Drift repair: what this process applied (environments and applications) is remembered and
 * applied again, periodically (a change made by hand is overwritten) and soon after one of its
 * watched objects is deleted by someone else (it comes back).
 */
export class DriftRepair {
  /** By deployment id: the spec last applied and the objects it rendered. */
  private readonly applied = new Map<string, { spec: ApplicationSpec; keys: Set<string> }>();
  private readonly environments = new Map<string, EnvironmentSpec>();
  private readonly repairing = new Set<string>();

  constructor(
    private readonly reapply: {
      environment(env: EnvironmentSpec): Promise<void>;
      application(spec: ApplicationSpec): Promise<unknown>;
    },
  ) {}

  rememberApplication(spec: ApplicationSpec, keys: Set<string>): void {
    this.applied.set(spec.deploymentId, { spec, keys });
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
    if (event.type !== 'DELETED' || event.kind === 'Pod') return;
    const id = event.object.metadata?.labels?.[LABELS.deploymentId];
    const entry = id ? this.applied.get(id) : undefined;
    if (!id || !entry || entry.spec.namespace !== namespace) return;
    if (!entry.keys.has(`${event.kind}/${event.object.metadata?.name}`)) return;
    if (this.repairing.has(id)) return;
    this.repairing.add(id);
    setTimeout(() => {
      const current = this.applied.get(id);
      void (current ? this.reapply.application(current.spec) : Promise.resolve())
        .catch(() => undefined)
        .finally(() => this.repairing.delete(id));
    }, 1000).unref();
  }
}
