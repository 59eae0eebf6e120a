import type { environments } from '../../db/schema/environments';
import type { projects } from '../../db/schema/projects';
import { LABELS, MANAGED_BY, type EnvironmentSpec } from '../spec';

/** An environment as runtimes see it: its namespace with the project's quota. */
export function environmentSpecOf(
  env: typeof environments.$inferSelect,
  project: Pick<typeof projects.$inferSelect, 'quotaCpuMilli' | 'quotaRamMb' | 'quotaStorageMb'>,
): EnvironmentSpec {
  return {
    environmentId: env.id,
    projectId: env.projectId,
    namespace: env.namespace,
    labels: {
      [LABELS.managedBy]: MANAGED_BY,
      [LABELS.environmentId]: env.id,
      [LABELS.projectId]: env.projectId,
      'nuagedeploy.io/environment-type': env.type,
    },
    quota: {
      cpuMilli: project.quotaCpuMilli,
      ramMb: project.quotaRamMb,
      storageMb: project.quotaStorageMb,
    },
  };
}
