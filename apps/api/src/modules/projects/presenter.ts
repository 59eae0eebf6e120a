import type { Project, ProjectMember } from '@nuage/shared/api-types';
import type { ProjectRole } from '@nuage/shared/roles';
import { fromMilli } from '@nuage/shared/quantities';
import type { projects } from '../../db/schema/projects';
import type { Reservation } from '../../lib/reservation';

type ProjectRow = typeof projects.$inferSelect;

/** The fields of a project the API shows, quantities back in cores and GB. */
export function presentProject(
  row: ProjectRow,
  extra: {
    role: ProjectRole;
    usage: Reservation;
    environmentsCount: number;
    applicationsCount: number;
  },
): Project {
  return {
    id: row.id,
    nom: row.nom,
    description: row.description,
    quota_cpu: fromMilli(row.quotaCpuMilli),
    quota_ram: fromMilli(row.quotaRamMb),
    quota_stockage: fromMilli(row.quotaStorageMb),
    date_creation: row.createdAt.toISOString(),
    role_projet: extra.role,
    usage: {
      cpu: fromMilli(extra.usage.cpuMilli),
      ram: fromMilli(extra.usage.ramMb),
      stockage: fromMilli(extra.usage.storageMb),
    },
    environments_count: extra.environmentsCount,
    applications_count: extra.applicationsCount,
  };
}

export function presentMember(row: {
  id: string;
  userId: string;
  prenom: string;
  nom: string;
  email: string;
  role: ProjectRole;
  createdAt: Date;
}): ProjectMember {
  return {
    id: row.id,
    user_id: row.userId,
    prenom: row.prenom,
    nom: row.nom,
    email: row.email,
    role_projet: row.role,
    date_ajout: row.createdAt.toISOString(),
  };
}
