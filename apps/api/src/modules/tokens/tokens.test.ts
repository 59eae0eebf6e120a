import type { DashboardSummaryResponse } from '@nuage/shared/dashboard-types';
import { apiTokenTexts, sessionTexts } from '@nuage/shared/security-messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectDetail } from '../../../test/helpers/assertions';
import { call, createVerifiedUser, type TestUser } from '../../../test/helpers/factories';
import type { ProjectPage } from '@nuage/shared/api-types';
import { API, createEnvironment, createProject } from '../../../test/helpers/project-factories';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { apiTokens } from '../../db/schema/sessions';

const TOKENS = `${API}/users/me/tokens`;

interface Created {
  token: string;
  jeton: { id: string; apercu: string; portee: string; projet_id: string | null };
}

describe('personal API tokens', () => {
  let t: TestApp;
  let owner: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await createVerifiedUser(t);
  });
  afterAll(() => t.close());

  const create = async (body: Record<string, unknown>, session = owner.token) => {
    const res = await call(t, 'POST', TOKENS, {
      token: session,
      body: { nom: 'Déploiement CI', portee: 'complet', expire_dans_jours: 30, ...body },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<Created>();
  };

  it('is shown once, stored as a keyed hash, and listed without its secret', async () => {
    const created = await create({});
    expect(created.token).toMatch(/^ndp_[\w-]{40,}$/);
    const [row] = await t.database.db
      .select()
      .from(apiTokens)
      .where(eq(apiTokens.id, created.jeton.id));
    expect(JSON.stringify(row)).not.toContain(created.token.slice(4));
    const list = await call(t, 'GET', TOKENS, { token: owner.token });
    expect(list.body).not.toContain(created.token);
    expect(list.json()).toContainEqual(
      expect.objectContaining({ id: created.jeton.id, apercu: `${created.token.slice(0, 10)}…` }),
    );
    expect(t.logs.lines.join('\n')).not.toContain(created.token);
  });

  it('acts as its owner on the API', async () => {
    const { token } = await create({});
    const project = await createProject(t, token, { nom: 'Créé par la CI' });
    const mine = await call(t, 'GET', `${API}/projects`, { token: owner.token });
    expect(mine.json<ProjectPage>().projects.map((p) => p.id)).toContain(project.id);
  });

  it('read-only: every GET works, any change is refused with a French 403', async () => {
    const project = await createProject(t, owner.token);
    const { token } = await create({ portee: 'lecture' });
    expect((await call(t, 'GET', `${API}/projects/${project.id}`, { token })).statusCode).toBe(200);
    for (const [method, url, body] of [
      ['POST', `${API}/projects`, { nom: 'X', quota_cpu: 1, quota_ram: 1, quota_stockage: 1 }],
      ['DELETE', `${API}/projects/${project.id}`, undefined],
      ['POST', `${API}/environments/${project.id}/environments`, { nom: 'prod', type: 'prod' }],
    ] as const) {
      expectDetail(await call(t, method, url, { token, body }), 403, apiTokenTexts.readOnly);
    }
    expect((await call(t, 'GET', `${API}/projects/${project.id}`, { token })).statusCode).toBe(200);
  });

  it('restricted to one project: sees only it, every other project is "not found"', async () => {
    const allowed = await createProject(t, owner.token, { nom: 'Autorisé' });
    const other = await createProject(t, owner.token, { nom: 'Interdit' });
    const otherEnv = await createEnvironment(t, owner.token, other.id);
    const { token } = await create({ projet_id: allowed.id });
    const list = await call(t, 'GET', `${API}/projects`, { token });
    expect(list.json<ProjectPage>().projects.map((p) => p.id)).toEqual([allowed.id]);
    // The total counts only what the token may see too.
    expect(list.json<ProjectPage>().pagination.total).toBe(1);
    expect((await call(t, 'GET', `${API}/projects/${allowed.id}`, { token })).statusCode).toBe(200);
    expect((await call(t, 'GET', `${API}/projects/${other.id}`, { token })).statusCode).toBe(404);
    expect((await call(t, 'GET', `${API}/environments/${otherEnv.id}`, { token })).statusCode).toBe(
      404,
    );
    const deploy = await call(t, 'POST', `${API}/environments/${other.id}/environments`, {
      token,
      body: { nom: 'staging', type: 'staging' },
    });
    expect(deploy.statusCode).toBe(404);
    const dashboard = await call(t, 'GET', `${API}/dashboard`, { token });
    expect(dashboard.body).not.toContain('Interdit');
    const summary = await call(t, 'GET', `${API}/dashboard/summary`, { token });
    expect(summary.json<DashboardSummaryResponse>().totals.projects).toBe(1);
    expect(summary.body).toContain('Autorisé');
    expect(summary.body).not.toContain('Interdit');
  });

  it('cannot be restricted to a project its owner is not a member of', async () => {
    const stranger = await createVerifiedUser(t);
    const theirs = await createProject(t, stranger.token);
    const res = await call(t, 'POST', TOKENS, {
      token: owner.token,
      body: { nom: 'x', portee: 'lecture', expire_dans_jours: 7, projet_id: theirs.id },
    });
    expect(res.statusCode).toBe(404);
  });

  it('stops working when revoked, and once expired', async () => {
    const revoked = await create({});
    const del = await call(t, 'DELETE', `${TOKENS}/${revoked.jeton.id}`, { token: owner.token });
    expect(del.json()).toEqual({ message: apiTokenTexts.revoked });
    expectDetail(
      await call(t, 'GET', `${API}/projects`, { token: revoked.token }),
      401,
      apiTokenTexts.invalid,
    );

    const expiring = await create({ expire_dans_jours: 7 });
    await t.database.db
      .update(apiTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiTokens.id, expiring.jeton.id));
    expectDetail(
      await call(t, 'GET', `${API}/projects`, { token: `${expiring.token}` }),
      401,
      apiTokenTexts.invalid,
    );
    expectDetail(
      await call(t, 'GET', `${API}/projects`, { token: 'ndp_invente' }),
      401,
      apiTokenTexts.invalid,
    );
  });

  it("cannot revoke someone else's token", async () => {
    const mine = await create({});
    const attacker = await createVerifiedUser(t);
    const res = await call(t, 'DELETE', `${TOKENS}/${mine.jeton.id}`, { token: attacker.token });
    expectDetail(res, 404, apiTokenTexts.notFound);
    expect((await call(t, 'GET', `${API}/projects`, { token: mine.token })).statusCode).toBe(200);
  });

  it('cannot manage the account: tokens, sessions, profile, deletion', async () => {
    const { token } = await create({});
    for (const [method, url] of [
      ['GET', TOKENS],
      ['POST', TOKENS],
      ['GET', `${API}/users/me/sessions`],
      ['POST', `${API}/auth/logout`],
      ['PUT', `${API}/users/me`],
      ['DELETE', `${API}/users/me`],
    ] as const) {
      const res = await call(t, method, url, {
        token,
        body: method === 'POST' || method === 'PUT' ? {} : undefined,
      });
      expectDetail(res, 403, sessionTexts.sessionRequired);
    }
    expect((await call(t, 'GET', `${API}/users/me`, { token })).statusCode).toBe(200);
  });

  it('validates its fields in French', async () => {
    const res = await call(t, 'POST', TOKENS, {
      token: owner.token,
      body: { nom: '', portee: 'admin', expire_dans_jours: 1000 },
    });
    expect(res.statusCode).toBe(422);
    const msgs = res.json<{ detail: { msg: string }[] }>().detail.map((d) => d.msg);
    expect(msgs).toEqual(
      expect.arrayContaining([
        apiTokenTexts.nameRequired,
        apiTokenTexts.scopeInvalid,
        apiTokenTexts.expiryInvalid,
      ]),
    );
  });
});
