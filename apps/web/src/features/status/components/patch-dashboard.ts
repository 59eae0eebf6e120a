import type {
  DashboardApplication,
  DashboardEnvironment,
  DashboardProject,
  DashboardResponse,
} from '@nuage/shared/dashboard-types';
import { isActiveStatus } from '@nuage/shared/status-display';

/**
 * Pure updates of the cached GET /dashboard answer when one card is refreshed from its own
 * endpoint, so only that card changes and the totals follow.
 */
type Dashboard = DashboardResponse;

export function totalsOf(projects: DashboardProject[]): Dashboard['totals'] {
  const envs = projects.flatMap((p) => p.environments);
  const apps = envs.flatMap((e) => e.applications);
  return {
    projects: projects.length,
    environments: envs.length,
    applications: apps.length,
    active_applications: apps.filter((a) => isActiveStatus(a.statut_deploiement)).length,
  };
}

function withProjects(data: Dashboard, projects: DashboardProject[]): Dashboard {
  return { ...data, projects, totals: totalsOf(projects) };
}

const mapEnvironments = (
  data: Dashboard,
  fn: (env: DashboardEnvironment) => DashboardEnvironment | null,
): Dashboard =>
  withProjects(
    data,
    data.projects.map((p) => ({
      ...p,
      environments: p.environments.map(fn).filter((e): e is DashboardEnvironment => e !== null),
    })),
  );

/** One application as its detail now reads; null removes it (deleted meanwhile). */
export function patchApplication(
  data: Dashboard,
  id: string,
  next: DashboardApplication | null,
): Dashboard {
  return mapEnvironments(data, (env) =>
    env.applications.some((a) => a.id === id)
      ? {
          ...env,
          applications: env.applications
            .map((a) => (a.id === id ? next : a))
            .filter((a): a is DashboardApplication => a !== null),
        }
      : env,
  );
}

/** One environment as its own endpoints now read; null removes it. */
export function patchEnvironment(
  data: Dashboard,
  id: string,
  next: DashboardEnvironment | null,
): Dashboard {
  return mapEnvironments(data, (env) => (env.id === id ? next : env));
}

/** One project as its own endpoints now read; null removes it. */
export function patchProject(
  data: Dashboard,
  id: string,
  next: DashboardProject | null,
): Dashboard {
  return withProjects(
    data,
    data.projects
      .map((p) => (p.id === id ? next : p))
      .filter((p): p is DashboardProject => p !== null),
  );
}
