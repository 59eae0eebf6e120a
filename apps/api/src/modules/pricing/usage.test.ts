import { serverDetails } from '@nuage/shared/messages';
import type { UsageSummary } from '@nuage/shared/pricing-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectDetail } from '../../../test/helpers/assertions';
import { call, createVerifiedUser, type TestUser } from '../../../test/helpers/factories';
import {
  API,
  addMemberWithRole,
  createEnvironment,
  createProject,
  insertApplication,
} from '../../../test/helpers/project-factories';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';

let t: TestApp;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;
const ids: Record<string, string> = {};

const big = { quota_cpu: 8, quota_ram: 16, quota_stockage: 100 };

async function deploy(
  token: string,
  envId: string,
  body: Record<string, unknown>,
): Promise<string> {
  const res = await call(t, 'POST', `${API}/deployments/${envId}/deploy/erp`, {
    token,
    body: { type_application: 'wordpress', ...body },
  });
  if (res.statusCode !== 201) throw new Error(`deploy: ${res.statusCode} ${res.body}`);
  return res.json<{ id: string }>().id;
}

async function usageOf(user: TestUser) {
  const res = await call(t, 'GET', `${API}/pricing/my-usage`, { token: user.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<UsageSummary>();
}

beforeAll(async () => {
  t = await createTestApp();
  [alice, bob, carol] = [
    await createVerifiedUser(t),
    await createVerifiedUser(t),
    await createVerifiedUser(t),
  ];

  // Alice's shop: three applications, one with 3 replicas, one under the fee minimum, and a
  // fourth deleted through the API.
  const shop = await createProject(t, alice.token, { nom: 'Boutique', ...big });
  const shopEnv = await createEnvironment(t, alice.token, shop.id);
  await insertApplication(t, {
    projectId: shop.id,
    environmentId: shopEnv.id,
    cpu: 0.5,
    ram: 1,
    storage: 20,
  });
  await deploy(alice.token, shopEnv.id, {
    nom: 'boutique',
    cpu: 1,
    ram: 2,
    storage: 10,
    replicas: 3,
  });
  await insertApplication(t, {
    projectId: shop.id,
    environmentId: shopEnv.id,
    cpu: 0.1,
    ram: 0.5,
    storage: 1,
  });
  const removed = await deploy(alice.token, shopEnv.id, {
    nom: 'ancien-site',
    cpu: 2,
    ram: 4,
    storage: 50,
    replicas: 1,
  });
  const del = await call(t, 'DELETE', `${API}/deployments/deployment/${removed}`, {
    token: alice.token,
  });
  expect(del.statusCode, del.body).toBe(202);

  // Alice's ERP: one Odoo with 2 replicas.
  const erp = await createProject(t, alice.token, { nom: 'ERP', ...big });
  const erpEnv = await createEnvironment(t, alice.token, erp.id);
  await insertApplication(t, {
    projectId: erp.id,
    environmentId: erpEnv.id,
    cpu: 1,
    ram: 2,
    storage: 20,
    replicas: 2,
  });

  // An empty project, and one being deleted (hidden with its application).
  const empty = await createProject(t, alice.token, { nom: 'Brouillon' });
  const gone = await createProject(t, alice.token, { nom: 'Abandonné', ...big });
  const goneEnv = await createEnvironment(t, alice.token, gone.id);
  await insertApplication(t, {
    projectId: gone.id,
    environmentId: goneEnv.id,
    cpu: 4,
    ram: 8,
    storage: 50,
  });
  expect(
    (await call(t, 'DELETE', `${API}/projects/${gone.id}`, { token: alice.token })).statusCode,
  ).toBe(200);

  // Carol's project, where Alice is a plain member: it is one of Alice's projects too.
  const shared = await createProject(t, carol.token, { nom: 'Partagé' });
  const sharedEnv = await createEnvironment(t, carol.token, shared.id);
  await insertApplication(t, {
    projectId: shared.id,
    environmentId: sharedEnv.id,
    cpu: 0.5,
    ram: 0.5,
    storage: 5,
  });
  await addMemberWithRole(t, carol.token, shared.id, alice, 'user');

  // Bob's project: never Alice's.
  const bobs = await createProject(t, bob.token, { nom: 'Chez Bob', ...big });
  const bobsEnv = await createEnvironment(t, bob.token, bobs.id);
  await insertApplication(t, {
    projectId: bobs.id,
    environmentId: bobsEnv.id,
    cpu: 8,
    ram: 16,
    storage: 100,
  });

  Object.assign(ids, {
    shop: shop.id,
    erp: erp.id,
    empty: empty.id,
    shared: shared.id,
    bobs: bobs.id,
  });
});
afterAll(() => t.close());

describe('GET /pricing/my-usage', () => {
  it('answers 401 without a token or with a forged one', async () => {
    expectDetail(
      await call(t, 'GET', `${API}/pricing/my-usage`),
      401,
      serverDetails.notAuthenticated,
    );
    expectDetail(
      await call(t, 'GET', `${API}/pricing/my-usage`, { token: 'faux.jeton' }),
      401,
      serverDetails.sessionInvalid,
    );
  });

  it('answers zeros for a caller without projects', async () => {
    const nobody = await createVerifiedUser(t);
    expect(await usageOf(nobody)).toEqual({
      total_monthly_cost: 0,
      total_yearly_cost: 0,
      total_monthly_cost_base: 0,
      projects_count: 0,
      applications_count: 0,
      currency: 'XOF',
      projects: [],
    });
  });

  it("sums every application not deleted over the caller's projects, most expensive first", async () => {
    const u = await usageOf(alice);
    expect(u.projects.map((p) => p.project_id)).toEqual([ids.shop, ids.erp, ids.shared, ids.empty]);
    // 155.8 + 85.8 + 17.05 + 0 = 258.65 base = 169 415.75 → 169 416 XOF; × 12 = 3 103.8 base
    expect(u).toMatchObject({
      total_monthly_cost: 169416,
      total_monthly_cost_base: 258.65,
      total_yearly_cost: 2032989,
      projects_count: 4,
      applications_count: 5,
      currency: 'XOF',
    });
  });

  it('prices a project as the sum of its applications, fee minimum per application', async () => {
    const shop = (await usageOf(alice)).projects[0]!;
    // 26.4 (0.5/1/20) + 122.1 (1/2/10 × 3) + 7.3 (0.1/0.5/1, fee 1 not 0.63) = 155.8 base
    expect(shop).toEqual({
      project_id: ids.shop,
      project_name: 'Boutique',
      monthly_cost: 102049, // 155.8 × 655
      monthly_cost_base: 155.8,
      yearly_cost: 1224588, // 1 869.6 base
      resource_cost_xof: 92552, // 141.3 base = 92 551.5
      resource_cost_base: 141.3,
      platform_fee_xof: 102049 - 92552, // 2.4 + 11.1 + 1 = 14.5 base
      platform_fee_base: 14.5,
      usage: { cpu_used: 3.6, ram_used: 7.5, storage_used: 31 },
      costs: {
        cpu: { quantity: 3.6, unit_price: 20, cost: 72, cost_xof: 47160 },
        ram: { quantity: 7.5, unit_price: 8, cost: 60, cost_xof: 39300 },
        storage: { quantity: 31, unit_price: 0.3, cost: 9.3, cost_xof: 6092 },
      },
      // No backup kept yet (modules/backups/backup-cost.test.ts prices them).
      sauvegardes: { quantity: 0, unit_price: 0.3, cost: 0, cost_xof: 0 },
      applications_count: 3,
      apercus: { nombre: 0, cout_mensuel_xof: 0 },
    });
  });

  it('counts replicas in cpu and ram, and shows empty projects at zero', async () => {
    const u = await usageOf(alice);
    const erp = u.projects.find((p) => p.project_id === ids.erp)!;
    // 1×2×20 + 2×2×8 + 20×0.3 = 78; fee 7.8 → 85.8 base = 56 199 XOF
    expect(erp).toMatchObject({
      monthly_cost: 56199,
      usage: { cpu_used: 2, ram_used: 4, storage_used: 20 },
    });
    const shared = u.projects.find((p) => p.project_id === ids.shared)!;
    expect(shared).toMatchObject({ project_name: 'Partagé', monthly_cost: 11168 }); // 17.05 base
    const empty = u.projects.find((p) => p.project_id === ids.empty)!;
    expect(empty).toMatchObject({ monthly_cost: 0, platform_fee_base: 0, applications_count: 0 });
  });

  it("never shows another user's projects", async () => {
    const u = await usageOf(bob);
    expect(u.projects.map((p) => p.project_id)).toEqual([ids.bobs]);
    // 160 + 128 + 30 = 318; fee 31.8 → 349.8 base = 229 119 XOF
    expect(u.total_monthly_cost).toBe(229119);
    const carols = await usageOf(carol);
    expect(carols.projects.map((p) => p.project_id)).toEqual([ids.shared]);
  });
});
