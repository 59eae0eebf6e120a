import type { Environment, Project } from '@nuage/shared/api-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/helpers/factories';
import { API, type Team } from '../../../test/helpers/project-factories';
import {
  deployApp,
  reconcileToStatus,
  teamWithEnvironment,
  type DeploymentView,
} from '../../../test/helpers/deploy-factories';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';

interface Usage {
  used: number;
  limit: number;
  percent: number;
}
interface AppMetrics {
  application_id: string;
  status: string;
  available: boolean;
  message: string | null;
  source: string;
  cpu: Usage;
  ram: Usage;
  storage: { reserved: number };
  pods: { name: string; cpu: number; ram: number }[];
}

let t: TestApp;
let team: Team;
let project: Project;
let env: Environment;
let running: DeploymentView;
let pending: DeploymentView;

beforeAll(async () => {
  t = await createTestApp();
  ({ team, project, env } = await teamWithEnvironment(t, {
    quota_cpu: 4,
    quota_ram: 8,
    quota_stockage: 50,
  }));
  running = await deployApp(t, team.developer.token, env.id, {
    nom: 'Mesurée',
    cpu: 0.5,
    ram: 1,
    storage: 5,
    replicas: 2,
  });
  await reconcileToStatus(t, running.id, 'RUNNING');
  pending = await deployApp(t, team.developer.token, env.id, {
    nom: 'En attente',
    cpu: 1,
    ram: 2,
    storage: 10,
  });
});
afterAll(() => t.close());

describe('GET /monitoring/applications/{id}/metrics', () => {
  it('answers 401, 404 to a non-member, and the metrics to every member', async () => {
    const url = `${API}/monitoring/applications/${running.id}/metrics`;
    expect((await call(t, 'GET', url)).statusCode).toBe(401);
    expect((await call(t, 'GET', url, { token: team.outsider.token })).statusCode).toBe(404);
    expect((await call(t, 'GET', url, { token: team.user.token })).statusCode).toBe(200);
  });

  it('measures a running application against what it reserves, per pod', async () => {
    const res = await call(t, 'GET', `${API}/monitoring/applications/${running.id}/metrics`, {
      token: team.user.token,
    });
    const m = res.json<AppMetrics>();
    expect(m).toMatchObject({
      status: 'RUNNING',
      available: true,
      message: null,
      source: 'simulation',
      storage: { reserved: 5 },
    });
    expect(m.cpu.limit).toBe(1);
    expect(m.ram.limit).toBe(2);
    expect(m.cpu.used).toBeGreaterThan(0);
    expect(m.cpu.used).toBeLessThanOrEqual(m.cpu.limit);
    expect(m.ram.used).toBeLessThanOrEqual(m.ram.limit);
    expect(m.pods).toHaveLength(2);
    expect(m.pods.every((p) => p.name.includes('simule'))).toBe(true);
  });

  it('says why there is nothing to measure for an application not deployed yet', async () => {
    const res = await call(t, 'GET', `${API}/monitoring/applications/${pending.id}/metrics`, {
      token: team.user.token,
    });
    expect(res.json<AppMetrics>()).toMatchObject({
      status: 'PENDING',
      available: false,
      message: 'Métriques indisponibles : le serveur ne fournit pas de mesures pour le moment.',
      cpu: { used: 0, limit: 1, percent: 0 },
      pods: [],
    });
  });
});

describe('GET /monitoring/projects/{id}/metrics and /statistics/projects/{id}/statistics', () => {
  it('sum the applications of the project against its quota', async () => {
    const res = await call(t, 'GET', `${API}/monitoring/projects/${project.id}/metrics`, {
      token: team.user.token,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<{
      applications: AppMetrics[];
      totals: Record<string, number>;
      quota: Record<string, number>;
    }>();
    expect(body.applications.map((a) => a.application_id).sort()).toEqual(
      [running.id, pending.id].sort(),
    );
    expect(body.totals).toMatchObject({ cpu_reserved: 2, ram_reserved: 4, storage_reserved: 15 });
    expect(body.quota).toEqual({ cpu: 4, ram: 8, stockage: 50 });
    expect(
      (
        await call(t, 'GET', `${API}/monitoring/projects/${project.id}/metrics`, {
          token: team.outsider.token,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('count environments, applications by status, reservations, builds and cost', async () => {
    const res = await call(t, 'GET', `${API}/statistics/projects/${project.id}/statistics`, {
      token: team.user.token,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      environments_count: 1,
      applications: { total: 2, active: 1, by_status: { RUNNING: 1, PENDING: 1 } },
      resources: {
        quota: { cpu: 4, ram: 8, stockage: 50 },
        reserved: { cpu: 2, ram: 4, stockage: 15 },
        percent: { cpu: 50, ram: 50, stockage: 30 },
      },
      builds: { total: 2, success: 2, failed: 0, running: 0 },
    });
    expect(res.json<{ cost: { monthly_xof: number } }>().cost.monthly_xof).toBeGreaterThan(0);
    expect(
      (
        await call(t, 'GET', `${API}/statistics/projects/${project.id}/statistics`, {
          token: team.outsider.token,
        })
      ).statusCode,
    ).toBe(404);
  });
});
