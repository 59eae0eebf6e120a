import type { Project } from '@nuage/shared/api-types';
import { deployMessages } from '@nuage/shared/schemas/deployments';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projects } from '../../db/schema/projects';
import { expectIssue, type Team } from '../../../test/helpers/project-factories';
import {
  deployApp,
  getDetail,
  projectWithQuotas,
  putDeployment,
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

const m = deployMessages;
const projectOf = (cpu: number, ram: number, storage: number) =>
  projectWithQuotas(t, team, cpu, ram, storage);
const usage = (project: Project) => usageOf(t, team, project);

describe('PUT /deployments/deployment/{id} validation', () => {
  const edits: { change: Record<string, unknown>; field: string; msg: string }[] = [
    { change: { replicas: 0 }, field: 'replicas', msg: 'Minimum 1 instance' },
    { change: { replicas: 1.5 }, field: 'replicas', msg: m.replicasInteger },
    { change: { cpu_requis: 8.5 }, field: 'cpu_requis', msg: 'Maximum 8 cores' },
    { change: { ram_requise: 0.2 }, field: 'ram_requise', msg: 'Minimum 0.5 GB' },
    { change: { stockage_requis: 0 }, field: 'stockage_requis', msg: 'Minimum 1 GB' },
    { change: { nom: '' }, field: 'nom', msg: "Le nom de l'application est requis" },
    { change: { image_tag: 'a b' }, field: 'image_tag', msg: m.tagInvalid },
    {
      change: { image_registry_url: 'UPPER/case' },
      field: 'image_registry_url',
      msg: m.imageInvalid,
    },
    { change: { nom_de_domaine: 'pas un domaine' }, field: 'nom_de_domaine', msg: m.domainInvalid },
    {
      change: { image_registry_url: 'docker.io/library/nginx' },
      field: 'image_registry_url',
      msg: m.imageOfOtherTemplate('WordPress'),
    },
  ];

  it('answers 422 with SPEC §5 wording and changes nothing', async () => {
    const { env } = await projectOf(4, 8, 20);
    const app = await deployApp(t, team.developer.token, env.id, { replicas: 2 });
    for (const { change, field, msg } of edits) {
      expectIssue(
        await putDeployment(t, team.developer.token, app.id, change),
        ['body', field],
        msg,
      );
    }
    expect(await getDetail(t, team.developer.token, app.id)).toMatchObject({
      replicas: 2,
      image_tag: '6.4-apache',
      nom: app.nom,
    });
  });
});

describe('the quota check of PUT /deployments/deployment/{id}', () => {
  it('refuses an edit that raises replicas beyond the quota, with the quota error, and changes nothing', async () => {
    const { project, env } = await projectOf(1, 4, 10);
    const app = await deployApp(t, team.developer.token, env.id, {
      cpu: 0.5,
      ram: 1,
      storage: 2,
      replicas: 1,
    });
    const detail = quotaError(
      await putDeployment(t, team.developer.token, app.id, { replicas: 3 }),
    );
    expect(detail.message).toBe('Ressources du projet insuffisantes pour cette application.');
    expect(detail.quota_exceeded).toEqual([
      'CPU : 1,5 core(s) demandé(s), 1 core(s) disponible(s) sur 1',
    ]);
    expect(detail.recommendations).toContainEqual({
      type: 'increase_project_quota',
      resource: 'CPU',
      current_quota: 1,
      needed_increase: 0.5,
      suggested_quota: 1.5,
    });
    // The modal shows what the project uses today: this application's 0.5 core included.
    expect(detail.quota_details).toMatchObject({
      quota_cpu: 1,
      used_cpu: 0.5,
      used_ram: 1,
      used_stockage: 2,
      requested_cpu: 1.5,
    });
    expect(await getDetail(t, team.developer.token, app.id)).toMatchObject({ replicas: 1 });

    const scaled = await putDeployment(t, team.developer.token, app.id, { replicas: 2 });
    expect(scaled.statusCode, scaled.body).toBe(200);
    expect(await usage(project)).toEqual({ cpu: 1, ram: 2, stockage: 2 });
  });

  it('refuses raising the CPU or the storage of one application beyond what the others leave', async () => {
    const { env } = await projectOf(2, 4, 10);
    await deployApp(t, team.developer.token, env.id, { cpu: 1, ram: 1, storage: 5 });
    const app = await deployApp(t, team.developer.token, env.id, { cpu: 0.5, ram: 1, storage: 2 });
    expect(
      quotaError(await putDeployment(t, team.developer.token, app.id, { cpu_requis: 1.5 }))
        .quota_exceeded,
    ).toEqual(['CPU : 1,5 core(s) demandé(s), 1 core(s) disponible(s) sur 2']);
    expect(
      quotaError(await putDeployment(t, team.developer.token, app.id, { stockage_requis: 6 }))
        .quota_exceeded,
    ).toEqual(['stockage : 6 GB demandé(s), 5 GB disponible(s) sur 10']);
    expect(
      (await putDeployment(t, team.developer.token, app.id, { cpu_requis: 1 })).statusCode,
    ).toBe(200);
  });

  it('always accepts lowering resources, and edits that raise nothing, even in a project above its quota', async () => {
    const { project, env } = await projectOf(2, 4, 10);
    const app = await deployApp(t, team.developer.token, env.id, {
      cpu: 0.5,
      ram: 1,
      storage: 2,
      replicas: 4,
    });
    // An operator lowered the quota below what is reserved (the API itself refuses to).
    await t.database.db
      .update(projects)
      .set({ quotaCpuMilli: 1000 })
      .where(eq(projects.id, project.id));

    const lowered = await putDeployment(t, team.developer.token, app.id, { replicas: 3 });
    expect(lowered.statusCode, lowered.body).toBe(200);
    const retagged = await putDeployment(t, team.developer.token, app.id, {
      image_tag: '6.5-apache',
      nom: 'Renommée',
    });
    expect(retagged.statusCode, retagged.body).toBe(200);
    const smaller = await putDeployment(t, team.developer.token, app.id, {
      cpu_requis: 0.3,
      ram_requise: 0.5,
    });
    expect(smaller.statusCode, smaller.body).toBe(200);
    expect(await getDetail(t, team.developer.token, app.id)).toMatchObject({
      replicas: 3,
      cpu_requis: 0.3,
      image_tag: '6.5-apache',
    });
    // Raising anything is still checked.
    expect((await putDeployment(t, team.developer.token, app.id, { replicas: 4 })).statusCode).toBe(
      400,
    );
  });
});

describe('edits at the same time', () => {
  it('a rename and a scale sent together both take effect', async () => {
    const { env } = await projectOf(8, 16, 20);
    for (let round = 0; round < 5; round++) {
      const app = await deployApp(t, team.developer.token, env.id, { replicas: 1 });
      const [scale, rename] = await Promise.all([
        putDeployment(t, team.developer.token, app.id, { replicas: 3 }),
        putDeployment(t, team.developer.token, app.id, { nom: `Renommée ${round}` }),
      ]);
      expect([scale.statusCode, rename.statusCode]).toEqual([200, 200]);
      expect(await getDetail(t, team.developer.token, app.id)).toMatchObject({
        replicas: 3,
        nom: `Renommée ${round}`,
      });
    }
  });
});
