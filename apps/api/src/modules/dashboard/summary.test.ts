import type { DashboardResponse, DashboardSummaryResponse } from '@nuage/shared/dashboard-types';
import { dashboardUsage } from '@nuage/shared/dashboard-usage';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createVerifiedUser } from '../../../test/helpers/factories';
import {
  deployApp,
  projectWithQuotas,
  reconcileToStatus,
} from '../../../test/helpers/deploy-factories';
import {
  API,
  createEnvironment,
  createTeamUsers,
  type Team,
} from '../../../test/helpers/project-factories';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { backups } from '../../db/schema/backups';

// GET /dashboard/summary, the dashboard page's read: the figures of GET /dashboard (the status
// page's tree) without the tree, and the same figures.
let t: TestApp;
let team: Team;
let firstProjectId: string;

beforeAll(async () => {
  t = await createTestApp();
  team = await createTeamUsers(t);
  const first = await projectWithQuotas(t, team, 4, 8, 60);
  const second = await projectWithQuotas(t, team, 2, 4, 40);
  // An environment without applications still counts.
  await createEnvironment(t, team.admin.token, second.project.id, {
    nom: 'recette',
    type: 'staging',
  });
  const token = team.developer.token;
  const apps = [
    await deployApp(t, token, first.env.id, { cpu: 0.5, ram: 1, storage: 10, replicas: 2 }),
    await deployApp(t, token, first.env.id, { cpu: 0.25, ram: 0.5, storage: 5, replicas: 1 }),
    await deployApp(t, token, second.env.id, { cpu: 1, ram: 2, storage: 20, replicas: 1 }),
  ];
  for (const app of apps) await reconcileToStatus(t, app.id, 'RUNNING');
  // 2 GB of archives kept on the platform, billed; a copy only in S3 is not.
  const archive = (local: boolean, fileName: string) => ({
    deploymentId: apps[0]!.id,
    projectId: first.project.id,
    kind: 'manual' as const,
    status: 'success' as const,
    fileName,
    sizeBytes: 2 * 1024 ** 3,
    copies: [
      {
        kind: local ? ('local' as const) : ('s3' as const),
        location: fileName,
        status: 'success' as const,
        error: null,
      },
    ],
  });
  await t.database.db
    .insert(backups)
    .values([archive(true, 'a.tar.gz'), archive(false, 'b.tar.gz')]);
  firstProjectId = first.project.id;
});
afterAll(() => t.close());

const get = async <T>(path: string, token = team.admin.token): Promise<T> => {
  const res = await call(t, 'GET', `${API}${path}`, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
};

describe('GET /dashboard/summary', () => {
  it('gives the counts, the costs and the failed backups of GET /dashboard, without the tree', async () => {
    const summary = await get<DashboardSummaryResponse>('/dashboard/summary');
    const tree = await get<DashboardResponse>('/dashboard');
    expect(summary.totals).toEqual({
      projects: 2,
      environments: 3,
      applications: 3,
      active_applications: 3,
    });
    expect(summary.totals).toEqual(tree.totals);
    // The month's consumption so far moves with the clock between the two reads.
    const { month, ...costs } = summary.costs;
    const { month: treeMonth, ...treeCosts } = tree.costs;
    expect(costs).toEqual(treeCosts);
    expect(month.plan).toEqual(treeMonth.plan);
    expect(month.resources_projected_xof).toBe(treeMonth.resources_projected_xof);
    expect(month.projected_xof).toBe(treeMonth.projected_xof);
    expect(summary.costs.projects).toHaveLength(2);
    const first = summary.costs.projects.find((p) => p.project_id === firstProjectId);
    expect(first?.sauvegardes.quantity).toBe(2);
    expect(summary.sauvegardes_en_echec).toEqual(tree.sauvegardes_en_echec);
    expect(summary.runtime).toEqual(tree.runtime);
    expect(summary).not.toHaveProperty('projects');
  });

  it('gives the usage bars the tree gives (SPEC §9): active applications against summed quotas', async () => {
    const summary = await get<DashboardSummaryResponse>('/dashboard/summary');
    const tree = await get<DashboardResponse>('/dashboard');
    expect(summary.usage).toEqual({
      active_deployments: 3,
      // 0.5 × 2 + 0.25 + 1 cores of 4 + 2; 1 × 2 + 0.5 + 2 GB of 8 + 4.
      cpu: { percent: 37.5, used: 2.25, limit: 6 },
      ram: { percent: 37.5, used: 4.5, limit: 12 },
      // 5 GB estimated per active application, of 60 + 40.
      storage: { percent: 15, used: 15, limit: 100 },
      bandwidth: { percent: 45, used: null, limit: null },
    });
    expect(summary.usage).toEqual(
      dashboardUsage(
        tree.projects,
        tree.projects.flatMap((p) => p.environments.flatMap((e) => e.applications)),
      ),
    );
  });

  it('is empty, not an error, for an account without projects', async () => {
    const stranger = await createVerifiedUser(t);
    const summary = await get<DashboardSummaryResponse>('/dashboard/summary', stranger.token);
    expect(summary.totals).toEqual({
      projects: 0,
      environments: 0,
      applications: 0,
      active_applications: 0,
    });
    expect(summary.usage.active_deployments).toBe(0);
    expect(summary.usage.cpu).toEqual({ percent: 0, used: 0, limit: 0 });
    expect(summary.costs.projects).toEqual([]);
  });

  it('needs a signed-in user', async () => {
    const res = await call(t, 'GET', `${API}/dashboard/summary`);
    expect(res.statusCode).toBe(401);
  });
});
