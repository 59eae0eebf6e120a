import { projectTexts } from '@nuage/shared/messages/projects';
import { uptimeTexts } from '@nuage/shared/messages/uptime';
import type { ApplicationUptime } from '@nuage/shared/schemas/responses/uptime';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deployments } from '../../db/schema/deployments';
import { uptimeChecks, uptimeDays } from '../../db/schema/uptime';
import { utcDay } from '@nuage/shared/uptime-math';
import { pruneChecks } from './check-store';
import { teamWithEnvironment } from '../../../test/helpers/deploy-factories';
import { call } from '../../../test/helpers/factories';
import { API, expectDetail, expectIssue, type Team } from '../../../test/helpers/project-factories';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import {
  liveApp as liveAppAt,
  serveAt,
  slot,
  startSite,
  type Site,
} from '../../../test/helpers/uptime-site';

/** What is kept and for how long, the check's settings, the public status page. */
let t: TestApp;
let team: Team;
let projectId: string;
let envId: string;
let site: Site;

beforeAll(async () => {
  site = await startSite();
  t = await createTestApp({ uptime: { intervalMs: 60_000, failuresBeforeIncident: 2 } });
  const created = await teamWithEnvironment(t);
  team = created.team;
  projectId = created.project.id;
  envId = created.env.id;
});
afterAll(async () => {
  await t.close();
  await site.close();
});

async function uptimeOf(id: string, token = team.user.token) {
  const res = await call(t, 'GET', `${API}/deployments/${id}/uptime`, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ApplicationUptime>();
}

/** A live application served by `site`, its first check due at slot(0). */
const liveApp = (nom: string) => liveAppAt(t, { projectId, envId, url: site.url }, nom);

describe('retention', () => {
  it('drops checks after 48 h and days after 13 months, keeps the rest', async () => {
    const id = await liveApp('ancienne');
    const now = new Date();
    await t.database.db.insert(uptimeChecks).values([
      {
        deploymentId: id,
        slotAt: new Date(now.getTime() - 49 * 3_600_000),
        ok: true,
        durationMs: 5,
      },
      {
        deploymentId: id,
        slotAt: new Date(now.getTime() - 47 * 3_600_000),
        ok: true,
        durationMs: 5,
      },
    ]);
    await t.database.db.insert(uptimeDays).values([
      { deploymentId: id, day: utcDay(now, 400), checks: 1440, failures: 0 },
      { deploymentId: id, day: utcDay(now, 380), checks: 1440, failures: 0 },
    ]);
    await pruneChecks(t.database.db, now);
    const checks = await t.database.db
      .select()
      .from(uptimeChecks)
      .where(eq(uptimeChecks.deploymentId, id));
    const days = await t.database.db
      .select()
      .from(uptimeDays)
      .where(eq(uptimeDays.deploymentId, id));
    expect(checks).toHaveLength(1);
    expect(days.map((d) => d.day)).toEqual([utcDay(now, 380)]);
  });
});

describe('PUT /deployments/{id}/uptime-check', () => {
  it('401, 422 in French, 403 for a user, then the next check uses the path', async () => {
    const id = await liveApp('reglee');
    const url = `${API}/deployments/${id}/uptime-check`;
    const body = { chemin: '/sante', code_attendu: 204, delai_secondes: 5 };
    expect((await call(t, 'PUT', url, { body })).statusCode).toBe(401);
    const dev = team.developer.token;
    expectIssue(
      await call(t, 'PUT', url, { token: dev, body: { ...body, chemin: 'sante' } }),
      ['body', 'chemin'],
      uptimeTexts.pathInvalid,
    );
    expectIssue(
      await call(t, 'PUT', url, { token: dev, body: { ...body, delai_secondes: 0 } }),
      ['body', 'delai_secondes'],
      uptimeTexts.timeoutInvalid,
    );
    expectIssue(
      await call(t, 'PUT', url, { token: dev, body: { ...body, code_attendu: 700 } }),
      ['body', 'code_attendu'],
      uptimeTexts.expectedStatusInvalid,
    );
    const forbidden = await call(t, 'PUT', url, { token: team.user.token, body });
    expect(forbidden.statusCode).toBe(403);
    const saved = await call(t, 'PUT', url, { token: dev, body });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ ...body, intervalle_secondes: 60 });

    const own = await startSite();
    await serveAt(t, id, own.url);
    await t.app.uptimeWorker.pass(slot(0));
    await own.close();
    expect(own.paths).toEqual(['/sante']);
    // 200 is not the 204 asked for.
    expect((await uptimeOf(id)).derniere_verification?.raison).toBe('code HTTP 200');
  });
});

describe('the public status page', () => {
  it('admins enable it; anyone reads it without login; nothing secret; disabled is gone', async () => {
    const url = `${API}/projects/${projectId}/status-page`;
    expect((await call(t, 'GET', url, { token: team.user.token })).json()).toEqual({
      active: false,
      url: null,
    });
    expectDetail(
      await call(t, 'PUT', url, { token: team.developer.token, body: { active: true } }),
      403,
      projectTexts.adminOnly,
    );
    const on = await call(t, 'PUT', url, { token: team.admin.token, body: { active: true } });
    expect(on.statusCode, on.body).toBe(200);
    const page = on.json<{ active: boolean; url: string }>();
    const token = page.url.split('/statut/')[1]!;
    expect(token.length).toBeGreaterThanOrEqual(22);
    expect(page.url).toBe(`http://plateforme.test/statut/${token}`);

    const json = await call(t, 'GET', `${API}/public/status/${token}`);
    expect(json.statusCode, json.body).toBe(200);
    const status = json.json<{ applications: { nom: string; jours: unknown[]; etat: string }[] }>();
    const reglee = status.applications.find((a) => a.nom === 'reglee')!;
    expect(reglee.jours).toHaveLength(90);
    const html = await call(t, 'GET', `/statut/${token}`);
    expect(html.statusCode).toBe(200);
    expect(html.headers['content-type']).toMatch(/text\/html/);
    expect(html.body).toContain('Statut des services');
    expect(html.body).toContain('reglee');
    const [row] = await t.database.db
      .select()
      .from(deployments)
      .where(eq(deployments.projectId, projectId));
    for (const body of [json.body, html.body]) {
      expect(body).not.toContain(row!.id);
      expect(body).not.toContain(row!.hostLabel);
      expect(body).not.toContain('127.0.0.1');
      expect(body).not.toContain(projectId);
      expect(body).not.toMatch(/[\w.-]+@[\w-]+\.[\w.]+/);
    }

    await call(t, 'PUT', url, { token: team.admin.token, body: { active: false } });
    expect((await call(t, 'GET', `${API}/public/status/${token}`)).statusCode).toBe(404);
    const gone = await call(t, 'GET', `/statut/${token}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.body).toContain(uptimeTexts.statusPageNotFound);
  });
});
