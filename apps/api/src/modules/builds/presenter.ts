import type { BuildSummary, Release } from '@nuage/shared/build-types';
import { fromMilli } from '@nuage/shared/quantities';
import type { builds } from '../../db/schema/builds';
import type { releases } from '../../db/schema/releases';

export type BuildRow = typeof builds.$inferSelect;
export type ReleaseRow = typeof releases.$inferSelect;

/** Seconds with one decimal between two instants; null while unfinished. */
export function durationSeconds(start: Date | null, end: Date | null): number | null {
  if (!start || !end) return null;
  return Math.round((end.getTime() - start.getTime()) / 100) / 10;
}

export function presentBuild(row: BuildRow, queuePosition: number | null): BuildSummary {
  return {
    build_id: row.id,
    deployment_id: row.deploymentId,
    application_name: row.applicationName,
    numero: row.numero ?? 0,
    status: row.status,
    queue_position: row.status === 'queued' ? queuePosition : null,
    trigger: row.trigger ?? 'deploy',
    commit_sha: row.commitSha,
    commit_message: row.commitMessage,
    branch: row.branch,
    repository_url: row.repositoryUrl,
    image_url: row.imageUrl,
    image_tag: row.imageTag,
    created_at: row.createdAt.toISOString(),
    started_at: row.startedAt?.toISOString() ?? null,
    completed_at: row.completedAt?.toISOString() ?? null,
    duration_seconds: durationSeconds(row.startedAt, row.completedAt),
    error_message: row.errorMessage,
  };
}

export function presentRelease(row: ReleaseRow, currentReleaseId: string | null): Release {
  const c = row.configuration;
  return {
    id: row.id,
    numero: row.numero,
    build_id: row.buildId,
    image_url: `${row.imageUrl}:${row.imageTag}`,
    image_digest: row.imageDigest,
    commit_sha: row.commitSha,
    commit_message: row.commitMessage,
    branch: row.branch,
    configuration: {
      cpu: fromMilli(c.cpuMilli),
      ram: fromMilli(c.ramMb),
      replicas: c.replicas,
      port: c.port,
      env_var_names: c.envVars.map((v) => v.name),
    },
    created_at: row.createdAt.toISOString(),
    is_current: row.id === currentReleaseId,
    rollout_error: row.rolloutError,
  };
}
