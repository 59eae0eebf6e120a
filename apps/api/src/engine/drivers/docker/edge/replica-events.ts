import { LABELS, type ApplicationRef } from '../../../spec';
import { ContainerEventWatch, type ContainerEvent } from '../engine-events';
import { DOCKER_LABELS } from '../labels';
import type { EdgeRouter } from './edge-router';

/** Container events of one application closer than this make one routes refresh. */
const REFRESH_DELAY_MS = 250;

/** `<name>-<i>` or `<name>-<i>-b` (labels.ts replicaName) → `<name>`. */
const applicationNameOf = (containerName: string) => containerName.replace(/-\d+(-b)?$/, '');

/**
 * A replica of an application this platform routes started or ended outside any change of the
 * platform's (a crash and the engine's restart, an operator's `podman start`): the proxy learns
 * its address now, not at the next observation. A restarted container gets a new address on its
 * network, and the proxy answered 503 until the observation (about 30 s) republished it.
 * `refresh` queues after any change of the application in progress, which publishes its own.
 */
export class ReplicaEventRoutes {
  private readonly watch: ContainerEventWatch;
  private readonly pending = new Map<string, NodeJS.Timeout>();

  constructor(
    socketPath: string,
    private readonly router: EdgeRouter,
    private readonly refresh: (ref: ApplicationRef) => Promise<void>,
    private readonly log?: { warn?(obj: object, msg: string): void },
  ) {
    this.watch = new ContainerEventWatch(socketPath, (event) => this.onEvent(event));
  }

  start(): void {
    this.watch.start();
  }

  stop(): void {
    this.watch.stop();
    for (const timer of this.pending.values()) clearTimeout(timer);
    this.pending.clear();
  }

  private onEvent(event: ContainerEvent) {
    if (event.labels[LABELS.component] !== 'application') return;
    const deploymentId = event.labels[LABELS.deploymentId];
    const namespace = event.labels[DOCKER_LABELS.namespace];
    if (!deploymentId || !namespace || !this.router.isRouting(deploymentId)) return;
    const ref = { deploymentId, namespace, name: applicationNameOf(event.name) };
    clearTimeout(this.pending.get(deploymentId));
    const timer = setTimeout(() => {
      this.pending.delete(deploymentId);
      this.refresh(ref).catch((err: unknown) =>
        this.log?.warn?.(
          { err, deploymentId },
          'edge routes not refreshed after a container event',
        ),
      );
    }, REFRESH_DELAY_MS);
    timer.unref();
    this.pending.set(deploymentId, timer);
  }
}
