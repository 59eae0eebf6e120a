import { planMessages, planOf } from '@nuage/shared/plans';
import { priceResources, toXof } from '@nuage/shared/pricing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deployments } from '../../db/schema/deployments';
import { expectDetail } from '../../../test/helpers/assertions';
import { call, createVerifiedUser } from '../../../test/helpers/factories';
import {
  addMemberWithRole,
  API,
  createEnvironment,
  createProject,
  insertApplication,
  projectBody,
} from '../../../test/helpers/project-factories';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import type { Bill, MonthCosts, ProjectMonthCosts } from '@nuage/shared/billing-types';

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

/** An account on `plan` owning one project with one application (1 CPU, 2 GB, 20 GB) created at `createdAt`. */
async function ownerWithApplication(
  plan: 'decouverte' | 'pro',
  quota: { quota_cpu: number; quota_ram: number; quota_stockage: number },
  createdAt: Date,
) {
  const user = await createVerifiedUser(t, { plan });
  const project = await createProject(t, user.token, quota);
  const env = await createEnvironment(t, user.token, project.id);
  const id = await insertApplication(t, {
    projectId: project.id,
    environmentId: env.id,
    cpu: 1,
    ram: 2,
    storage: 20,
    replicas: 1,
  });
  await t.database.db.update(deployments).set({ createdAt }).where(eq(deployments.id, id));
  return { user, project };
}

describe('GET /billing: this month in XOF, with the costs’ price table', () => {
  it('bills the plan plus each owned application from its creation in the month, and projects the month', async () => {
    const now = new Date();
    const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
    // Created before this month: it counts from the first of the month.
    const { user } = await ownerWithApplication(
      'pro',
      { quota_cpu: 8, quota_ram: 16, quota_stockage: 100 },
      new Date(monthStart.getTime() - 86_400_000),
    );

    const bill = await billOf(user.token);
    const monthly = priceResources({ cpu: 1, ram: 2, storage: 20 }).monthly;
    expect(bill.resources_monthly_xof).toBe(toXof(monthly));
    expect(bill.applications_count).toBe(1);
    // The whole month if nothing changes: the plan plus a full month of the application.
    expect(bill.resources_projected_xof).toBe(toXof(monthly));
    expect(bill.projected_xof).toBe(32_000 + toXof(monthly));
    const start = Date.parse(bill.period.start);
    const elapsed = (Date.parse(bill.period.now) - start) / (Date.parse(bill.period.end) - start);
    // Consumption is the resources' alone: the plan is its own line, a fixed price.
    expect(bill.resources_consumed_xof).toBe(toXof(monthly * elapsed));
    expect(bill.resources_consumed_xof).toBeLessThanOrEqual(bill.resources_projected_xof);
  });

  it('tells one price story: the billing card, the dashboard and the project page agree', async () => {
    // Running since before the month: a consumption worth comparing.
    const now = new Date();
    const { user, project } = await ownerWithApplication(
      'decouverte',
      { quota_cpu: 4, quota_ram: 8, quota_stockage: 100 },
      new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 20)),
    );
    const bill = await billOf(user.token);
    expect(bill.resources_consumed_xof).toBeGreaterThan(0);
    const dashboard = (await call(t, 'GET', `${API}/dashboard`, { token: user.token })).json<{
      costs: { month: MonthCosts };
    }>();
    const res = await call(t, 'GET', `${API}/projects/${project.id}/costs`, { token: user.token });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json<ProjectMonthCosts>();

    const story = (m: MonthCosts) => ({
      plan: m.plan,
      consumed: m.resources_consumed_xof,
      projected: m.projected_xof,
    });
    expect(story(dashboard.costs.month)).toEqual(story(bill));
    expect(page.plan).toEqual(bill.plan);
    expect(page.paid_by_you).toBe(true);
    // Its only project: the project's share is the whole account's (time moves between calls).
    expect(Math.abs(page.resources_consumed_xof - bill.resources_consumed_xof)).toBeLessThanOrEqual(
      1,
    );
    expect(page.resources_projected_xof).toBe(bill.resources_projected_xof);
    expect(bill.projected_xof).toBe(12_500 + bill.resources_projected_xof);
    // What the quota would cost if fully used, labelled apart: never the bill.
    expect(page.full_quota_monthly_xof).toBe(
      toXof(priceResources({ cpu: 4, ram: 8, storage: 100 }).monthly),
    );
    expect(page.full_quota_monthly_xof).not.toBe(bill.projected_xof);

    // A member sees the owner's plan, and that they do not pay for it.
    const member = await createVerifiedUser(t, { plan: 'pro' });
    await addMemberWithRole(t, user.token, project.id, member, 'user');
    const asMember = (
      await call(t, 'GET', `${API}/projects/${project.id}/costs`, { token: member.token })
    ).json<ProjectMonthCosts>();
    expect(asMember).toMatchObject({ paid_by_you: false, plan: { id: 'decouverte' } });
    const stranger = await createVerifiedUser(t);
    expect(
      (await call(t, 'GET', `${API}/projects/${project.id}/costs`, { token: stranger.token }))
        .statusCode,
    ).toBe(404);
  });

  it('still bills the owner on the dashboard after they left their project', async () => {
    const now = new Date();
    const { user, project } = await ownerWithApplication(
      'decouverte',
      { quota_cpu: 4, quota_ram: 8, quota_stockage: 100 },
      new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 20)),
    );
    const admin = await createVerifiedUser(t);
    const { id: adminMemberId } = await addMemberWithRole(
      t,
      user.token,
      project.id,
      admin,
      'admin',
    );
    const members = (
      await call(t, 'GET', `${API}/projects/${project.id}/members`, { token: admin.token })
    ).json<{ id: string; user_id: string }[]>();
    const own = members.find((m) => m.user_id === user.id && m.id !== adminMemberId)!;
    const left = await call(t, 'DELETE', `${API}/projects/${project.id}/members/${own.id}`, {
      token: user.token,
    });
    expect(left.statusCode, left.body).toBe(200);

    // The dashboard no longer lists the project, but its month still counts what the owner pays.
    const bill = await billOf(user.token);
    expect(bill.resources_projected_xof).toBeGreaterThan(0);
    const dashboard = (await call(t, 'GET', `${API}/dashboard`, { token: user.token })).json<{
      totals: { projects: number };
      costs: { month: MonthCosts };
    }>();
    expect(dashboard.totals.projects).toBe(0);
    expect(dashboard.costs.month.resources_projected_xof).toBe(bill.resources_projected_xof);
    expect(dashboard.costs.month.projected_xof).toBe(bill.projected_xof);
  });

  it('counts only the projects the account owns, not those it is a member of', async () => {
    const user = await createVerifiedUser(t, { plan: 'decouverte' });
    const bill = await billOf(user.token);
    expect(bill).toMatchObject({
      projects_owned: 0,
      applications_count: 0,
      resources_monthly_xof: 0,
      resources_consumed_xof: 0,
      projected_xof: 12_500,
    });
  });
});
