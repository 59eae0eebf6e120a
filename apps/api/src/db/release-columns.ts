import type { deployments } from './schema/deployments';
import type { releases } from './schema/releases';
import { keepRequestedExposed } from '../engine/specs/compose-settings';

type ReleaseRow = typeof releases.$inferSelect;

/**
 * What an application's row takes from a release it rolls out, rolls back to or reverts to:
 * the image and configuration, and for a Compose application its file, settings and volumes.
 */
export function releaseColumns(
  release: Pick<ReleaseRow, 'imageUrl' | 'imageTag' | 'imageDigest' | 'configuration'>,
  /** The application's settings now (an exposed service asked for meanwhile is kept). */
  current: Record<string, unknown> = {},
): Partial<typeof deployments.$inferInsert> {
  const c = release.configuration;
  return {
    imageRegistryUrl: release.imageUrl,
    imageTag: release.imageTag,
    imageDigest: release.imageDigest,
    port: c.port,
    envVars: c.envVars,
    cpuMilli: c.cpuMilli,
    ramMb: c.ramMb,
    replicas: c.replicas,
    ...(c.compose
      ? {
          composeFileSealed: c.compose.fileSealed,
          settings: keepRequestedExposed(current, c.compose.settings),
          storageMb: c.compose.storageMb,
        }
      : {}),
  };
}
