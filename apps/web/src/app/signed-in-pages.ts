/**
 * The screens behind sign-in and their frame, by name (router.tsx's `signedIn`). A chunk of its own: each
 * `import()` here carries the list of chunks its screen needs, preloaded in parallel with it, and
 * keeping those lists out of the entry keeps them off the login page (its JS budget, bench/).
 */
export const signedInPages = {
  /** The signed-in frame (menus, dialogs), fetched in parallel with the screen it frames. */
  appShell: () => import('./shell/app-shell'),
  dashboard: () => import('./routes/dashboard'),
  deployWizard: () => import('./routes/deploy/deploy-wizard'),
  projectsList: () => import('./routes/projects/projects-list'),
  projectDetail: () => import('./routes/projects/project-detail'),
  projectNotifications: () => import('./routes/projects/project-notifications'),
  projectAudit: () => import('./routes/projects/project-audit'),
  environments: () => import('./routes/environments/environments'),
  environmentApps: () => import('./routes/environments/environment-apps'),
  deploymentDetail: () => import('./routes/deployment-detail/deployment-detail'),
  deploymentTerminal: () => import('./routes/deployment-detail/deployment-terminal'),
  databaseDetail: () => import('./routes/databases/database-detail'),
  projectApplications: () => import('./routes/projects/project-applications'),
  status: () => import('./routes/status'),
  certificates: () => import('./routes/certificates/certificates'),
  builtImages: () => import('./routes/built-images'),
  profile: () => import('./routes/profile'),
} satisfies Record<string, () => Promise<{ default: React.ComponentType }>>;

export type SignedInPage = keyof typeof signedInPages;
