import type { Project } from '@nuage/shared/api-types';
import { hasRole, requiredRole } from '@nuage/shared/roles';

/** Deploying needs the developer role in the project (ARCHITECTURE.md "Roles"). */
export const canDeployIn = (project: Pick<Project, 'role_projet'>) =>
  hasRole(project.role_projet, requiredRole.manageApplications);
