import { planMessages, planOf } from '@nuage/shared/plans';
import { priceResources, toXof } from '@nuage/shared/pricing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deployments } from '../../db/schema/deployments';
import { expectDetail } from '../../../test/helpers/assertions';
import { call, createVerifiedUser } from '../../../test/helpers/factories';
import {
  API,
  createEnvironment,
  createProject,
  insertApplication,
  projectBody,
} from '../../../test/helpers/project-factories';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import type { Bill } from '@nuage/shared/billing-types';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const billOf = async (token: string) => {
  const res = await call(t, 'GET', `${API}/billing`, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Bill>();
};
const newProject = (token: string, nom: string) =>
  call(t, 'POST', `${API}/projects`, { token, body: projectBody({ nom }) });

describe('plans (SPEC §9): Découverte 2 projects, Pro 10, Enterprise unlimited', () => {
  it('starts a new account on Découverte and refuses its third project in French', async () => {
    const user = await createVerifiedUser(t, { plan: 'decouverte' });
    expect((await billOf(user.token)).plan).toEqual({
      id: 'decouverte',
      name: 'Découverte',
      monthly_price_xof: 12_500,
      project_limit: 2,
    });
    expect((await newProject(user.token, 'Un')).statusCode).toBe(201);
    expect((await newProject(user.token, 'Deux')).statusCode).toBe(201);
    expectDetail(
      await newProject(user.token, 'Trois'),
      403,
      planMessages.projectLimit(planOf('decouverte')),
    );
    expect((await billOf(user.token)).projects_owned).toBe(2);
  });

  it('lets two creations race for the last place: exactly one wins', async () => {
    const user = await createVerifiedUser(t, { plan: 'decouverte' });
    await createProject(t, user.token, { nom: 'Premier' });
    const results = await Promise.all([newProject(user.token, 'A'), newProject(user.token, 'B')]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 403]);
  });

  it('Pro allows 10; a downgrade below the projects owned is refused; Enterprise is unlimited', async () => {
    const user = await createVerifiedUser(t, { plan: 'pro' });
    for (let i = 1; i <= 10; i++) await createProject(t, user.token, { nom: `Projet ${i}` });
    expectDetail(
      await newProject(user.token, 'Onze'),
      403,
      planMessages.projectLimit(planOf('pro')),
    );
    const down = await call(t, 'PUT', `${API}/billing/plan`, {
      token: user.token,
      body: { plan: 'decouverte' },
    });
    expectDetail(down, 409, planMessages.downgradeTooManyProjects(planOf('decouverte'), 10));
    const up = await call(t, 'PUT', `${API}/billing/plan`, {
      token: user.token,
      body: { plan: 'enterprise' },
    });
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json<{ message: string }>().message).toBe(
      'Vous êtes maintenant sur l’offre Enterprise.',
    );
    expect((await newProject(user.token, 'Onze')).statusCode).toBe(201);
  });

  it('refuses an unknown plan in French, and a plan change without a signed-in user', async () => {
    const user = await createVerifiedUser(t);
    const res = await call(t, 'PUT', `${API}/billing/plan`, {
      token: user.token,
      body: { plan: 'gratuit' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.body).toContain(planMessages.unknownPlan);
    expect(
      (await call(t, 'PUT', `${API}/billing/plan`, { body: { plan: 'pro' } })).statusCode,
    ).toBe(401);
    expect((await call(t, 'GET', `${API}/billing`)).statusCode).toBe(401);
  });
});

describe('GET /billing: this month in XOF, with the costs’ price table', () => {
  it('bills the plan plus each owned application from its creation in the month, and projects the month', async () => {
    const user = await createVerifiedUser(t, { plan: 'pro' });
    const project = await createProject(t, user.token, {
      quota_cpu: 8,
      quota_ram: 16,
      quota_stockage: 100,
    });
    const env = await createEnvironment(t, user.token, project.id);
    const id = await insertApplication(t, {
      projectId: project.id,
      environmentId: env.id,
      cpu: 1,
      ram: 2,
      storage: 20,
      replicas: 1,
    });
    const now = new Date();
    const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
    // Created before this month: it counts from the first of the month.
    await t.database.db
      .update(deployments)
      .set({ createdAt: new Date(monthStart.getTime() - 86_400_000) })
      .where(eq(deployments.id, id));

    const bill = await billOf(user.token);
    const monthly = priceResources({ cpu: 1, ram: 2, storage: 20 }).monthly;
    expect(bill.resources_monthly_xof).toBe(toXof(monthly));
    expect(bill.applications_count).toBe(1);
    // The whole month if nothing changes: the plan plus a full month of the application.
    expect(bill.projected_xof).toBe(32_000 + toXof(monthly));
    const start = Date.parse(bill.period.start);
    const elapsed = (Date.parse(bill.period.now) - start) / (Date.parse(bill.period.end) - start);
    expect(bill.consumed_xof).toBe(32_000 + toXof(monthly * elapsed));
    expect(bill.consumed_xof).toBeLessThanOrEqual(bill.projected_xof);
  });

  it('counts only the projects the account owns, not those it is a member of', async () => {
    const user = await createVerifiedUser(t, { plan: 'decouverte' });
    const bill = await billOf(user.token);
    expect(bill).toMatchObject({
      projects_owned: 0,
      applications_count: 0,
      resources_monthly_xof: 0,
      consumed_xof: 12_500,
      projected_xof: 12_500,
    });
  });
});
