import type { Environment, EnvironmentStatus } from '@nuage/shared/api-types';
import type { environments } from '../../db/schema/environments';
import type { previews } from '../../db/schema/previews';

type EnvironmentRow = typeof environments.$inferSelect;
/** The pull request an environment previews, when it is one. */
export type EnvironmentPreviewRow = Pick<
  typeof previews.$inferSelect,
  'sourceDeploymentId' | 'number' | 'url'
>;

export function presentEnvironmentStatus(
  row: Pick<EnvironmentRow, 'status' | 'statusMessage' | 'manifestsWrittenAt'>,
): EnvironmentStatus {
  return {
    status: row.status,
    message: row.statusMessage,
    gitlab_config: { created: row.manifestsWrittenAt !== null },
  };
}

export function presentEnvironment(
  row: EnvironmentRow,
  applicationsCount: number,
  preview: EnvironmentPreviewRow | null = null,
): Environment {
  return {
    id: row.id,
    nom: row.nom,
    type: row.type,
    projet_id: row.projectId,
    namespace_k8s_id: row.namespace,
    nom_dossier_git: row.manifestsDir,
    date_creation: row.createdAt.toISOString(),
    status: presentEnvironmentStatus(row),
    applications_count: applicationsCount,
    apercu: preview
      ? {
          application_source_id: preview.sourceDeploymentId,
          numero_pr: preview.number,
          url_pr: preview.url,
        }
      : null,
  };
}
