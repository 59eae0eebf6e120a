import { volumePart } from './backup-parts';
import type { ApplicationSpec, StackServiceSpec } from './spec';

/** One named volume of a Compose application, as its backups see it. */
export interface StackVolume {
  /** Its name in the file (`pgdata`): how a restore finds it again, in this or another stack. */
  name: string;
  /** Its object: the Docker volume or the Kubernetes claim. */
  claimName: string;
  /** The archive's part holding it (`volume-<i>.tar`). */
  part: string;
  /** The first service mounting it, in start order: its image tars and untars it. */
  service: StackServiceSpec;
  mountPath: string;
}

/**
 * A Compose application's named volumes, by name (issue 30 item 2). Their objects are named
 * `<application>-<volume>` (compose-spec.ts), so the name is what follows the application's.
 * Empty for any other application.
 */
export function stackVolumes(spec: ApplicationSpec): StackVolume[] {
  const found = new Map<string, Omit<StackVolume, 'part'>>();
  for (const service of spec.stack?.services ?? []) {
    for (const v of service.volumes) {
      if (found.has(v.claimName)) continue;
      const name = v.claimName.startsWith(`${spec.name}-`)
        ? v.claimName.slice(spec.name.length + 1)
        : v.claimName;
      found.set(v.claimName, { name, claimName: v.claimName, service, mountPath: v.mountPath });
    }
  }
  return [...found.values()]
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((v, i) => ({ ...v, part: volumePart(i) }));
}

/** The services that write the volumes: stopped (or frozen) while they are copied or refilled. */
export function volumeWriters(spec: ApplicationSpec): StackServiceSpec[] {
  return (spec.stack?.services ?? []).filter((s) => s.volumes.length > 0);
}
