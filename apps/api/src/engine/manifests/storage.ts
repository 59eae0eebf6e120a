import type { ApplicationSpec } from '../spec';
import { type Component, dnsLabel, memory, objectMeta } from './meta';
import type { PersistentVolumeClaimObject, RenderOptions } from './types';

/**
 * A claim outside any StatefulSet template: claims in volumeClaimTemplates can never be resized
 * by a later apply (the field is immutable), a standalone claim can grow.
 */
export function renderClaim(
  spec: ApplicationSpec,
  volume: { claimName: string; sizeMb: number },
  component: Component,
  accessMode: 'ReadWriteOnce' | 'ReadWriteMany',
  options: RenderOptions,
): PersistentVolumeClaimObject {
  return {
    apiVersion: 'v1',
    kind: 'PersistentVolumeClaim',
    metadata: objectMeta(spec, dnsLabel(volume.claimName), component),
    spec: {
      accessModes: [accessMode],
      resources: { requests: { storage: memory(volume.sizeMb) } },
      ...(options.storageClassName ? { storageClassName: options.storageClassName } : {}),
    },
  };
}
