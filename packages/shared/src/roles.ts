/** Project roles (SPEC §3) and what each may do (ARCHITECTURE.md "Roles"). */
export const projectRoles = ['user', 'developer', 'admin'] as const;
export type ProjectRole = (typeof projectRoles)[number];

export const roleLabels: Record<ProjectRole, string> = {
  user: 'Utilisateur',
  developer: 'Développeur',
  admin: 'Administrateur',
};

const rank: Record<ProjectRole, number> = { user: 0, developer: 1, admin: 2 };

/** True when `role` includes every right of `required`. */
export function hasRole(role: ProjectRole, required: ProjectRole): boolean {
  return rank[role] >= rank[required];
}

/** The minimum role of each kind of action, so API and screens decide alike. */
export const requiredRole = {
  view: 'user',
  manageEnvironments: 'developer',
  manageApplications: 'developer',
  manageCertificates: 'developer',
  manageProject: 'admin',
  manageMembers: 'admin',
} as const satisfies Record<string, ProjectRole>;
