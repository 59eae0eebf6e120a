import type { ApplicationObservation, ImagePreparation } from '../../src/engine/driver';
import type { ApplicationRef, ApplicationSpec } from '../../src/engine/spec';
import { FakeRuntime } from './fake-runtime';

/** One run of an application's setup task, as the runtime carried it out. */
export interface SetupRun {
  deploymentId: string;
  /** WP_URL it ran with: what WordPress's home and siteurl become. */
  url: string | null;
  /** What ran it: an apply, or the runtime's restore (both real runtimes run it again). */
  after: 'apply' | 'restore';
  ok: boolean;
}

const setupUrl = (spec: ApplicationSpec) => {
  const v = spec.setup?.env.find((e) => e.name === 'WP_URL');
  return v && 'value' in v ? v.value : null;
};

/**
 * The fake runtime with what the docker runtime and the WordPress image do to a setup task:
 * the task (wp-cli) needs the application's files, which the image copies into its empty
 * volume when a replica first starts, or which a restore unpacks there; without them it fails
 * ("no wp-config.php"), and a failed task is a note on an application that keeps starting,
 * never its failure. It is run again when its environment changed or it failed, and by every
 * restore. Every spec applied and restored is kept for the tests to compare.
 */
export class SetupFilesRuntime extends FakeRuntime {
  readonly setupRuns: SetupRun[] = [];
  readonly appliedSpecs: ApplicationSpec[] = [];
  readonly restoredSpecs: ApplicationSpec[] = [];
  private readonly filesIn = new Set<string>();
  private readonly lastSetup = new Map<string, { env: string; ok: boolean }>();

  override async apply(spec: ApplicationSpec): Promise<{ preparations: ImagePreparation[] }> {
    const applied = await super.apply(spec);
    this.appliedSpecs.push(spec);
    if (spec.replicas > 0) this.filesIn.add(spec.deploymentId);
    const last = this.lastSetup.get(spec.deploymentId);
    if (spec.setup && (!last?.ok || last.env !== JSON.stringify(spec.setup.env))) {
      this.runSetup(spec, 'apply');
    }
    return applied;
  }

  override async restore(spec: ApplicationSpec, dir: string): Promise<void> {
    await super.restore(spec, dir);
    this.restoredSpecs.push(spec);
    // The backup's files volume holds the application's files.
    this.filesIn.add(spec.deploymentId);
    if (spec.setup) this.runSetup(spec, 'restore');
  }

  override async status(ref: ApplicationRef): Promise<ApplicationObservation> {
    const observed = await super.status(ref);
    if (observed.phase === 'absent') return observed;
    const setup = this.lastSetup.get(ref.deploymentId);
    return {
      ...observed,
      // No replica yet: the docker runtime says "starting", whatever else is ready.
      phase: observed.readyReplicas > 0 ? 'running' : 'starting',
      pods: [
        ...observed.pods,
        { name: `${ref.name}-db`, status: 'Running', ready: true, restarts: 0 },
        ...(setup
          ? [
              {
                name: `${ref.name}-setup`,
                status: setup.ok ? ('Succeeded' as const) : ('Failed' as const),
                ready: false,
                restarts: 0,
              },
            ]
          : []),
      ],
      reason: setup && !setup.ok ? 'setup task failed: no wp-config.php in /var/www/html' : null,
    };
  }

  private runSetup(spec: ApplicationSpec, after: SetupRun['after']) {
    const ok = this.filesIn.has(spec.deploymentId);
    this.setupRuns.push({ deploymentId: spec.deploymentId, url: setupUrl(spec), after, ok });
    this.lastSetup.set(spec.deploymentId, { env: JSON.stringify(spec.setup!.env), ok });
  }
}
