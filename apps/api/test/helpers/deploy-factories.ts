import type { AdminAccess } from '@nuage/shared/admin-access';
import type { DomainStatus, Environment, Project } from '@nuage/shared/api-types';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { deployments } from '../../src/db/schema/deployments';
import { call } from './factories';
import {
  API,
  createEnvironment,
  createTeamProject,
  createTeamUsers,
  type Team,
} from './project-factories';
import type { TestApp } from './test-app';

/** What the deploy API answers for an application (the fields tests read). */
export interface DeploymentView {
  id: string;
  nom: string;
  type_application: string;
  template: string;
  statut_deploiement: string;
  status_reason: string | null;
  cpu_requis: number;
  ram_requise: number;
  stockage_requis: number;
  replicas: number;
  image_registry_url: string;
  image_tag: string;
  application_url: string | null;
  nom_de_domaine: string | null;
  statut_domaine: DomainStatus | null;
  environnement_id: string;
  acces_admin: AdminAccess;
  change_pending: boolean;
  events: { at: string; message: string }[];
}

/** GET /deployments/deployment/{id}: SPEC §3's server-side detail shape. */
export interface DeploymentDetailView extends DeploymentView {
  application_name: string;
  status: string;
  cpu_required: number;
  ram_required: number;
  repository_url: string | null;
  image_url: string;
  created_at: string;
  updated_at: string;
  environment_id: string;
  domain: string | null;
  pods_status: { name: string; status: string }[];
  deployment_sync: { status: { summary: { images: string[] } } };
}

/** SPEC §3 "Quota error", answered as `detail` with HTTP 400. */
export interface QuotaErrorView {
  message: string;
  quota_exceeded: string[];
  recommendations: {
    type: string;
    resource: string;
    current_quota: number;
    needed_increase: number;
    suggested_quota: number;
  }[];
  quota_details: Record<string, number>;
}

let appCounter = 0;

/** A WordPress deploy as the wizard sends it (SPEC §7), with a name of its own. */
export function erpBody(overrides: Record<string, unknown> = {}) {
  appCounter += 1;
  return {
    nom: `Site ${appCounter}`,
    cpu: 0.5,
    ram: 1,
    storage: 2,
    replicas: 1,
    type_application: 'wordpress',
    image_registry_url: 'docker.io/library/wordpress',
    image_tag: '6.4-apache',
    helm_values: { service: { type: 'ClusterIP', port: 80 } },
    database_config: { engine: 'mariadb', database: 'wordpress', user: 'wordpress' },
    wordpress_email: 'admin@exemple.sn',
    wordpress_password: '',
    mariadb_root_password: '',
    mariadb_user_password: '',
    ...overrides,
  };
}

export function postDeploy(t: TestApp, token: string, envId: string, body: unknown) {
  return call(t, 'POST', `${API}/deployments/${envId}/deploy/erp`, { token, body });
}

/** Deploys through the API; fails the test unless the answer is 201. */
export async function deployApp(
  t: TestApp,
  token: string,
  envId: string,
  overrides: Record<string, unknown> = {},
): Promise<DeploymentView> {
  const res = await postDeploy(t, token, envId, erpBody(overrides));
  if (res.statusCode !== 201) throw new Error(`deploy: ${res.statusCode} ${res.body}`);
  return res.json<DeploymentView>();
}

export async function getDetail(t: TestApp, token: string, id: string) {
  const res = await call(t, 'GET', `${API}/deployments/deployment/${id}`, { token });
  if (res.statusCode !== 200) throw new Error(`detail: ${res.statusCode} ${res.body}`);
  return res.json<DeploymentDetailView>();
}

export function putDeployment(t: TestApp, token: string, id: string, body: unknown) {
  return call(t, 'PUT', `${API}/deployments/deployment/${id}`, { token, body });
}

export async function deploymentRow(t: TestApp, id: string) {
  const [row] = await t.database.db.select().from(deployments).where(eq(deployments.id, id));
  return row;
}

/** A team (admin, developer, user, outsider) with a project of these quotas and one environment. */
export async function teamWithEnvironment(
  t: TestApp,
  quotas: { quota_cpu?: number; quota_ram?: number; quota_stockage?: number } = {},
): Promise<{ team: Team; project: Project; env: Environment }> {
  const team = await createTeamUsers(t);
  const { project } = await createTeamProject(t, team, {
    quota_cpu: 8,
    quota_ram: 16,
    quota_stockage: 100,
    ...quotas,
  });
  const env = await createEnvironment(t, team.admin.token, project.id);
  return { team, project, env };
}

/** A project of these quotas (cores, GB) created by team.admin, with one environment. */
export async function projectWithQuotas(
  t: TestApp,
  team: Team,
  quota_cpu: number,
  quota_ram: number,
  quota_stockage: number,
) {
  const { project } = await createTeamProject(t, team, { quota_cpu, quota_ram, quota_stockage });
  const env = await createEnvironment(t, team.admin.token, project.id);
  return { project, env };
}

/** What the project's applications reserve, as GET /projects/{id} shows it. */
export async function usageOf(t: TestApp, team: Team, project: Project) {
  const res = await call(t, 'GET', `${API}/projects/${project.id}`, { token: team.admin.token });
  return res.json<Project>().usage;
}

/** The quota error of a 400 (fails the test on any other answer). */
export function quotaError(res: Awaited<ReturnType<typeof call>>): QuotaErrorView {
  expect(res.statusCode, res.body).toBe(400);
  return res.json<{ detail: QuotaErrorView }>().detail;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Drives the reconciler (tick after tick, with a short pause) until `done` holds: simulated pods
 * take about 1.5 s to start, and retries are scheduled a moment later.
 */
export async function reconcileUntil(
  t: TestApp,
  done: () => Promise<boolean>,
  opts: { timeoutMs?: number; tick?: () => Promise<unknown> } = {},
) {
  const deadline = Date.now() + (opts.timeoutMs ?? 10_000);
  const tick = opts.tick ?? (() => t.app.engine.reconciler.tick());
  for (;;) {
    await tick();
    if (await done()) return;
    if (Date.now() > deadline) throw new Error('the reconciler did not converge in time');
    await sleep(100);
  }
}

/**
 * Reconciles until the application shows `status` (read through the database), looking at it
 * at every pass rather than on its observation schedule.
 */
export async function reconcileToStatus(
  t: TestApp,
  id: string,
  status: string,
  timeoutMs?: number,
) {
  await reconcileUntil(t, async () => (await deploymentRow(t, id))?.status === status, {
    ...(timeoutMs ? { timeoutMs } : {}),
    tick: async () => {
      await makeDue(t, id);
      await t.app.engine.reconciler.tick();
    },
  });
}

/** Makes an application (and every environment) due now, as if its retry delay had passed. */
export async function makeDue(t: TestApp, id: string) {
  await t.database.db
    .update(deployments)
    .set({ nextAttemptAt: new Date() })
    .where(eq(deployments.id, id));
}
