import type { IPod } from 'kubernetes-models/v1/Pod';
import { SERVICE_LABEL } from '../../manifests/stack';
import type { KubeObject } from '../../manifests/types';
import { LABELS, MANAGED_BY, type ApplicationSpec, type StackServiceSpec } from '../../spec';
import { volumeWriters } from '../../stack-volumes';
import { RuntimeRejectedError } from '../../driver';
import { checkedNamespace } from './guards';
import type { ObjectWriter } from './object-writer';
import type { WatchCache } from './watch-cache';
import { composeTexts } from '@nuage/shared/messages/compose';

/**
 * The services of a Compose application that mount a named volume, stopped while a backup or
 * restore Job reads or refills their claims (stack-backup-job.ts) and started again whatever
 * happened: Kubernetes has no freezer, the claims are ReadWriteOnce (a Job's pod on another
 * node could not mount them), and a copy taken while a database writes is not one instant.
 */
export class StackQuiesce {
  constructor(
    private readonly deps: { writer: ObjectWriter; cache: WatchCache },
    private readonly opts: { pollMs: number; waitMs: number },
  ) {}

  /** Runs `fn` with the volumes' services at 0 replicas; 1 again afterwards, in start order. */
  async around<T>(spec: ApplicationSpec, fn: () => Promise<T>): Promise<T> {
    const writers = volumeWriters(spec);
    for (const s of [...writers].reverse()) await this.scale(spec, s, 0);
    try {
      await this.waitGone(spec, writers);
      return await fn();
    } finally {
      for (const s of writers) await this.scale(spec, s, 1);
    }
  }

  private scale(spec: ApplicationSpec, s: StackServiceSpec, replicas: number) {
    // As manifests/stack.ts names them: the exposed service is the application's Deployment,
    // another service with volumes its StatefulSet.
    const exposed = s.serviceName === spec.stack?.exposed;
    const object = {
      apiVersion: 'apps/v1',
      kind: exposed ? 'Deployment' : 'StatefulSet',
      metadata: {
        name: exposed ? spec.app.name : s.name,
        namespace: checkedNamespace(spec.namespace),
      },
    } as KubeObject;
    return this.deps.writer.mergePatch(object, { spec: { replicas } });
  }

  private async waitGone(spec: ApplicationSpec, writers: StackServiceSpec[]): Promise<void> {
    const deadline = Date.now() + this.opts.waitMs;
    const base = { [LABELS.managedBy]: MANAGED_BY, [LABELS.deploymentId]: spec.deploymentId };
    for (;;) {
      let left: string | null = null;
      for (const s of writers) {
        const labels =
          s.serviceName === spec.stack?.exposed
            ? { ...base, [LABELS.component]: 'app' }
            : { ...base, [LABELS.component]: 'service', [SERVICE_LABEL]: s.serviceName };
        const pods = await this.deps.cache.objects<IPod>(spec.namespace, 'Pod', labels);
        if (pods.length > 0) left = s.serviceName;
      }
      if (!left) return;
      if (Date.now() >= deadline) {
        throw new RuntimeRejectedError(composeTexts.serviceStillRunning(left));
      }
      await new Promise((r) => setTimeout(r, this.opts.pollMs));
    }
  }
}
