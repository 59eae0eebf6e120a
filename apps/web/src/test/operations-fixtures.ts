import type {
  DashboardApplication,
  DashboardEnvironment,
  DashboardProject,
  DashboardResponse,
  DashboardSummaryResponse,
} from '@nuage/shared/dashboard-types';
import { dashboardUsage } from '@nuage/shared/dashboard-usage';
import type { ProjectCost } from '@nuage/shared/pricing-types';
import { buildProject } from './project-fixtures';

/** Factories for the operations screens (dashboard, status, deployment detail). */
export function buildApp(overrides: Partial<DashboardApplication> = {}): DashboardApplication {
  const id = overrides.id ?? 'app-1';
  return {
    id,
    nom: 'boutique',
    template: 'wordpress',
    image_url: 'docker.io/library/wordpress:6.4-apache',
    statut_deploiement: 'RUNNING',
    replicas: 1,
    cpu_requis: 0.5,
    ram_requise: 1,
    replicas_pretes: 1,
    ...overrides,
  };
}

export function buildDashboardEnvironment(
  overrides: Partial<DashboardEnvironment> = {},
): DashboardEnvironment {
  return {
    id: 'env-1',
    nom: 'production',
    type: 'prod',
    namespace_k8s_id: 'env-boutique-production',
    status: { status: 'active', message: null, gitlab_config: { created: true } },
    applications: [buildApp()],
    ...overrides,
  };
}

export function buildDashboardProject(overrides: Partial<DashboardProject> = {}): DashboardProject {
  return { ...buildProject(), environments: [buildDashboardEnvironment()], ...overrides };
}

export function buildProjectCost(overrides: Partial<ProjectCost> = {}): ProjectCost {
  const line = (quantity: number, unit_price: number, cost_xof: number) => ({
    quantity,
    unit_price,
    cost: quantity * unit_price,
    cost_xof,
  });
  return {
    project_id: buildProject().id,
    project_name: 'Boutique Dakar',
    monthly_cost: 17292,
    monthly_cost_base: 26.4,
    yearly_cost: 207504,
    resource_cost_xof: 15720,
    resource_cost_base: 24,
    platform_fee_xof: 1572,
    platform_fee_base: 2.4,
    usage: { cpu_used: 0.5, ram_used: 1, storage_used: 20 },
    costs: { cpu: line(0.5, 20, 6550), ram: line(1, 8, 5240), storage: line(20, 0.3, 3930) },
    sauvegardes: line(0, 0.3, 0),
    applications_count: 1,
    apercus: { nombre: 0, cout_mensuel_xof: 0 },
    ...overrides,
  };
}

/** The account's month (billing/month-costs.ts): plan, consumed so far, projection. */
export function buildMonthCosts(
  overrides: Partial<DashboardResponse['costs']['month']> = {},
): DashboardResponse['costs']['month'] {
  return {
    plan: { id: 'decouverte', name: 'Découverte', monthly_price_xof: 12_500, project_limit: 2 },
    period: {
      start: '2025-03-01T00:00:00.000Z',
      end: '2025-04-01T00:00:00.000Z',
      now: '2025-03-10T10:00:00.000Z',
    },
    resources_consumed_xof: 5_600,
    resources_projected_xof: 17_292,
    projected_xof: 29_792,
    ...overrides,
  };
}

/** A dashboard answer; totals follow the projects given. */
export function buildDashboard(
  overrides: Partial<Omit<DashboardResponse, 'totals'>> = {},
): DashboardResponse {
  const projects = overrides.projects ?? [buildDashboardProject()];
  const apps = projects.flatMap((p) => p.environments.flatMap((e) => e.applications));
  const costs = overrides.costs ?? {
    total_monthly_cost: 17292,
    total_yearly_cost: 207504,
    total_monthly_cost_base: 26.4,
    projects_count: 1,
    applications_count: 1,
    currency: 'XOF' as const,
    projects: [buildProjectCost()],
    trend: {
      current_month: '2025-03',
      previous_month: null,
      previous_monthly_cost: null,
      change_percent: null,
    },
    month: buildMonthCosts(),
  };
  return {
    runtime: { name: 'simulation', simulation: true },
    generated_at: '2025-03-10T10:00:00.000Z',
    sauvegardes_en_echec: [],
    projects,
    costs,
    totals: {
      projects: projects.length,
      environments: projects.reduce((n, p) => n + p.environments.length, 0),
      applications: apps.length,
      active_applications: apps.filter((a) =>
        ['RUNNING', 'DEPLOYED', 'HEALTHY'].includes(a.statut_deploiement),
      ).length,
    },
    ...overrides,
  };
}

/** GET /dashboard/summary as the server gives it for this tree: its figures and usage bars. */
export function summaryOf(tree: DashboardResponse): DashboardSummaryResponse {
  const { projects, ...figures } = tree;
  return {
    ...figures,
    usage: dashboardUsage(
      projects,
      projects.flatMap((p) => p.environments.flatMap((e) => e.applications)),
    ),
  };
}
