import { RuntimeRejectedError } from '../../driver';
import { ManifestError, isDnsLabel, isLabelValue } from '../../manifests/meta';
import type { KubeObject } from '../../manifests/types';
import { LABELS, MANAGED_BY, type ApplicationRef } from '../../spec';
import { runtimeErrorTexts } from '@nuage/shared/messages/runtime';

/** Checks on what the driver puts into paths and selectors, and on rendering. */

/** Rendering refuses specs no cluster would accept: the application fails with that reason. */
export function rendered(render: () => KubeObject[]): KubeObject[] {
  try {
    return render();
  } catch (error) {
    if (error instanceof ManifestError)
      throw new RuntimeRejectedError(error.message, { cause: error });
    throw error;
  }
}
export function checkedNamespace(namespace: string): string {
  if (!isDnsLabel(namespace))
    throw new RuntimeRejectedError(`Namespace invalide : ${JSON.stringify(namespace)}`);
  return namespace;
}

/**
 * Managed-by and the deployment id: an empty or malformed id could otherwise select (and
 * delete) other applications' objects, so it must be a plain, non-empty label value.
 */
export function applicationSelector(ref: ApplicationRef): string {
  if (!ref.deploymentId || !isLabelValue(ref.deploymentId)) {
    throw new RuntimeRejectedError(
      runtimeErrorTexts.invalidDeploymentId(JSON.stringify(ref.deploymentId)),
    );
  }
  return `${LABELS.managedBy}=${MANAGED_BY},${LABELS.deploymentId}=${ref.deploymentId}`;
}
