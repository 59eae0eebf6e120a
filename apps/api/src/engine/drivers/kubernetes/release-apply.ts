import type { IPodTemplateSpec } from 'kubernetes-models/v1/PodTemplateSpec';
import { ReleaseNotReadyError } from '../../driver';
import { renderApplication } from '../../manifests/application';
import type { DeploymentObject, RenderOptions } from '../../manifests/types';
import type { ApplicationSpec } from '../../spec';
import { objectKey, pruneApplication } from './application-objects';
import type { DriftRepair } from './drift-repair';
import { rendered } from './guards';
import type { KubeClient } from './kube-client';
import type { ObjectWriter } from './object-writer';
import { pruneReleaseSecrets, secretsOfTemplate } from './release-secrets';
import {
  type RolloutWatchOptions,
  revertedDeployment,
  servingBefore,
  templateChanged,
  watchRollout,
} from './rollout-gate';
import { strategyFor } from './rollout-room';
import { TEMPLATE_HASH, templateHash } from './template-hash';
import { assertSetupFits } from './setup-room';
import type { WatchCache } from './watch-cache';

export interface ReleaseApplyDeps {
  client: KubeClient;
  cache: WatchCache;
  writer: ObjectWriter;
  drift: DriftRepair;
  render: RenderOptions;
  rollout: RolloutWatchOptions;
}

/**
 * One apply of an application: its rendered objects applied (server-side), what is no longer
 * rendered pruned, and, health-gated (rollout-gate.ts), when pods serve and the pod template
 * changed, the rollout awaited; a failed one is rolled back to the serving template and throws
 * ReleaseNotReadyError, so the release never becomes the current one. The template carries
 * the whole release (its image, its release Secret, its port by name: manifests/secrets.ts
 * renderReleaseSecret), so applying the serving template back reverts every part of the
 * release the serving pods depend on. Release Secrets no template refers to go afterwards.
 */
export async function applyRelease(
  deps: ReleaseApplyDeps,
  spec: ApplicationSpec,
  opts: { repair?: boolean } = {},
): Promise<void> {
  const objects = rendered(() => renderApplication(spec, deps.render));
  const serving = await servingBefore(deps.cache, spec);
  // Refusals come before anything is applied: nothing half-done, and the reason in French.
  await assertSetupFits(deps, spec, objects, serving !== null);
  for (const object of objects) {
    if (object.kind !== 'Deployment' || !object.spec) continue;
    (object.metadata.annotations ??= {})[TEMPLATE_HASH] = templateHash(object);
    const strategy = await strategyFor(deps, spec, object, serving !== null);
    if (strategy) object.spec.strategy = strategy;
  }
  let deployment: { rendered: DeploymentObject; stored: Record<string, unknown> } | undefined;
  for (const object of objects) {
    // Drift repair (resync, a deleted workload) re-applies the same spec: its setup Job ran when
    // the spec was new, and is deleted by its TTL an hour after it finished; re-creating it would
    // run the setup again, for nothing, every hour. It stays in `keys`: not pruned either.
    if (opts.repair && object.kind === 'Job') continue;
    const stored = await deps.writer.apply(object);
    if (object.kind === 'Deployment') deployment = { rendered: object, stored };
  }
  const keys = new Set(objects.map(objectKey));
  const releaseSecrets = await pruneApplication(deps.writer, deps.cache, spec, keys);
  deps.drift.rememberApplication(spec, keys);
  let template: IPodTemplateSpec | undefined = deployment?.rendered.spec?.template;
  if (serving && deployment && templateChanged(serving, deployment.stored)) {
    const generation = Number(
      (deployment.stored.metadata as { generation?: number } | undefined)?.generation ?? 0,
    );
    const failure = await watchRollout(
      { cache: deps.cache, client: deps.client },
      spec,
      serving,
      generation,
      deps.rollout,
    );
    if (failure) {
      // Drift repair must not roll the failed template out again: it waits for the next apply.
      deps.drift.forgetApplication(spec.deploymentId);
      const reverted = revertedDeployment(deployment.rendered, serving);
      await deps.writer.apply(reverted);
      template = reverted.spec?.template;
      await pruneReleaseSecrets(deps.writer, spec, releaseSecrets, secretsOfTemplate(template));
      throw new ReleaseNotReadyError(failure);
    }
  }
  await pruneReleaseSecrets(deps.writer, spec, releaseSecrets, secretsOfTemplate(template));
}
