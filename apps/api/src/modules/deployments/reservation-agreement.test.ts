import type { Project, ProjectPage } from '@nuage/shared/api-types';
import type { DashboardResponse } from '@nuage/shared/dashboard-types';
import type { UsageSummary } from '@nuage/shared/pricing-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/helpers/factories';
import { API, type Team } from '../../../test/helpers/project-factories';
import {
  deployApp,
  erpBody,
  postDeploy,
  projectWithQuotas,
  quotaError,
  teamWithEnvironment,
} from '../../../test/helpers/deploy-factories';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';

// Every read of "what the project reserves" counts the same rule (cpu × replicas,
// ram × replicas, storage): the quota check, the project, its list, the dashboard, the
// statistics and the usage summary must all agree on the same applications.
let t: TestApp;
let team: Team;
let project: Project;
let envId: string;
const reserved = { cpu: 1.75, ram: 3.5, stockage: 15 };

beforeAll(async () => {
  t = await createTestApp();
  ({ team } = await teamWithEnvironment(t));
  const created = await projectWithQuotas(t, team, 2.25, 4.5, 50);
  project = created.project;
  envId = created.env.id;
  const token = team.developer.token;
  await deployApp(t, token, envId, { cpu: 0.5, ram: 1, storage: 10, replicas: 3 });
  await deployApp(t, token, envId, { cpu: 0.25, ram: 0.5, storage: 5, replicas: 1 });
});
afterAll(() => t.close());

const get = async <T>(path: string): Promise<T> => {
  const res = await call(t, 'GET', `${API}${path}`, { token: team.admin.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
};

describe('the reservation of a project with replicas and storage', () => {
  it('is the same in the project, the project list and the dashboard', async () => {
    expect((await get<Project>(`/projects/${project.id}`)).usage).toEqual(reserved);
    const listed = (await get<ProjectPage>('/projects')).projects.find((p) => p.id === project.id);
    expect(listed?.usage).toEqual(reserved);
    const onDashboard = (await get<DashboardResponse>('/dashboard')).projects.find(
      (p) => p.id === project.id,
    );
    expect(onDashboard?.usage).toEqual(reserved);
  });

  it('is the same in the statistics and the usage summary', async () => {
    const stats = await get<{ resources: { reserved: typeof reserved } }>(
      `/statistics/projects/${project.id}/statistics`,
    );
    expect(stats.resources.reserved).toEqual(reserved);
    const cost = (await get<UsageSummary>('/pricing/my-usage')).projects.find(
      (p) => p.project_id === project.id,
    );
    expect(cost?.usage).toEqual({ cpu_used: 1.75, ram_used: 3.5, storage_used: 15 });
  });

  it('is what the quota check counts as used', async () => {
    const detail = quotaError(
      await postDeploy(
        t,
        team.developer.token,
        envId,
        erpBody({ cpu: 0.25, ram: 0.5, storage: 36, replicas: 2 }),
      ),
    );
    expect(detail.quota_details).toMatchObject({
      used_cpu: 1.75,
      used_ram: 3.5,
      used_stockage: 15,
      requested_cpu: 0.5,
      requested_ram: 1,
      requested_stockage: 36,
    });
    expect(detail.quota_exceeded).toEqual([
      'stockage : 36 GB demandé(s), 35 GB disponible(s) sur 50',
    ]);
    // What is left is exactly the quota minus that reservation: it fits to the last unit.
    await deployApp(t, team.developer.token, envId, {
      cpu: 0.25,
      ram: 0.5,
      storage: 35,
      replicas: 2,
    });
  });
});
