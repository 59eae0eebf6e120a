import type { Environment, EnvironmentStatus } from '@nuage/shared/api-types';
import type { environments } from '../../db/schema/environments';

type EnvironmentRow = typeof environments.$inferSelect;

export function presentEnvironmentStatus(row: EnvironmentRow): EnvironmentStatus {
  return {
    status: row.status,
    message: row.statusMessage,
    gitlab_config: { created: row.manifestsWrittenAt !== null },
  };
}

export function presentEnvironment(row: EnvironmentRow, applicationsCount: number): Environment {
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
  };
}
