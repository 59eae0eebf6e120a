import type { Environment, Project } from '@nuage/shared/api-types';
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
  usageOf,
} from '../../../test/helpers/deploy-factories';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';

let t: TestApp;
let team: Team;

beforeAll(async () => {
  t = await createTestApp();
  ({ team } = await teamWithEnvironment(t));
});
afterAll(() => t.close());

const projectOf = (cpu: number, ram: number, storage: number) =>
  projectWithQuotas(t, team, cpu, ram, storage);
const usage = (project: Project) => usageOf(t, team, project);

describe('the quota check of POST …/deploy/erp', () => {
  let env: Environment;
  let project: Project;
  beforeAll(async () => {
    ({ project, env } = await projectOf(1, 2, 30));
    await deployApp(t, team.developer.token, env.id, {
      cpu: 0.5,
      ram: 1,
      storage: 20,
      replicas: 1,
    });
  });

  it('refuses with SPEC §3 quota error: every exceeded resource, both recommendations, the details', async () => {
    const res = await postDeploy(
      t,
      team.developer.token,
      env.id,
      erpBody({ cpu: 0.5, ram: 1, storage: 20, replicas: 2 }),
    );
    expect(quotaError(res)).toEqual({
      message: 'Ressources du projet insuffisantes pour cette application.',
      quota_exceeded: [
        'CPU : 1 core(s) demandé(s), 0,5 core(s) disponible(s) sur 1',
        'RAM : 2 GB demandé(s), 1 GB disponible(s) sur 2',
        'stockage : 20 GB demandé(s), 10 GB disponible(s) sur 30',
      ],
      recommendations: [
        {
          type: 'increase_project_quota',
          resource: 'CPU',
          current_quota: 1,
          needed_increase: 0.5,
          suggested_quota: 1.5,
        },
        {
          type: 'reduce_application_request',
          resource: 'CPU',
          current_quota: 0.5,
          needed_increase: 1,
          suggested_quota: 0.5,
        },
        {
          type: 'increase_project_quota',
          resource: 'RAM',
          current_quota: 2,
          needed_increase: 1,
          suggested_quota: 3,
        },
        {
          type: 'reduce_application_request',
          resource: 'RAM',
          current_quota: 1,
          needed_increase: 2,
          suggested_quota: 1,
        },
        {
          type: 'increase_project_quota',
          resource: 'stockage',
          current_quota: 30,
          needed_increase: 10,
          suggested_quota: 40,
        },
        {
          type: 'reduce_application_request',
          resource: 'stockage',
          current_quota: 10,
          needed_increase: 20,
          suggested_quota: 10,
        },
      ],
      quota_details: {
        quota_cpu: 1,
        used_cpu: 0.5,
        quota_ram: 2,
        used_ram: 1,
        quota_stockage: 30,
        used_stockage: 20,
        requested_cpu: 1,
        requested_ram: 2,
        requested_stockage: 20,
      },
    });
    expect(await usage(project)).toEqual({ cpu: 0.5, ram: 1, stockage: 20 });
  });

  it('names only the resources that do not fit', async () => {
    const detail = quotaError(
      await postDeploy(
        t,
        team.developer.token,
        env.id,
        erpBody({ cpu: 0.2, ram: 0.5, storage: 11, replicas: 1 }),
      ),
    );
    expect(detail.quota_exceeded).toEqual([
      'stockage : 11 GB demandé(s), 10 GB disponible(s) sur 30',
    ]);
    expect(detail.recommendations.map((r) => [r.type, r.resource])).toEqual([
      ['increase_project_quota', 'stockage'],
      ['reduce_application_request', 'stockage'],
    ]);
    expect(detail.recommendations[0]).toMatchObject({ needed_increase: 1, suggested_quota: 31 });
  });

  it('accepts what fits exactly, then refuses the next 0.1 core', async () => {
    await deployApp(t, team.developer.token, env.id, {
      cpu: 0.25,
      ram: 0.5,
      storage: 5,
      replicas: 2,
    });
    expect(await usage(project)).toEqual({ cpu: 1, ram: 2, stockage: 25 });
    const detail = quotaError(
      await postDeploy(
        t,
        team.developer.token,
        env.id,
        erpBody({ cpu: 0.1, ram: 0.5, storage: 1 }),
      ),
    );
    expect(detail.quota_exceeded[0]).toBe(
      'CPU : 0,1 core(s) demandé(s), 0 core(s) disponible(s) sur 1',
    );
  });

  it('counts the default 20 GB of storage when the inline form sends none', async () => {
    const other = await projectOf(4, 8, 19);
    const body = erpBody();
    delete (body as { storage?: number }).storage;
    const detail = quotaError(await postDeploy(t, team.developer.token, other.env.id, body));
    expect(detail.quota_details).toMatchObject({ requested_stockage: 20, quota_stockage: 19 });
  });

  it('frees what an application reserved as soon as its deletion is asked', async () => {
    const { project: p, env: e } = await projectOf(0.5, 1, 2);
    const a = await deployApp(t, team.developer.token, e.id, { cpu: 0.5, ram: 1, storage: 2 });
    expect(
      (await postDeploy(t, team.developer.token, e.id, erpBody({ cpu: 0.5, ram: 1, storage: 2 })))
        .statusCode,
    ).toBe(400);
    expect(
      (
        await call(t, 'DELETE', `${API}/deployments/deployment/${a.id}`, {
          token: team.developer.token,
        })
      ).statusCode,
    ).toBe(202);
    expect(await usage(p)).toEqual({ cpu: 0, ram: 0, stockage: 0 });
    await deployApp(t, team.developer.token, e.id, { cpu: 0.5, ram: 1, storage: 2 });
  });
});
