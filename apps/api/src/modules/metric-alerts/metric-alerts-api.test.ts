import { metricAlertTexts } from '@nuage/shared/messages/metric-alerts';
import type { MetricAlertRule, MetricAlerts } from '@nuage/shared/schemas/responses/metric-alerts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema/audit';
import { teamWithEnvironment } from '../../../test/helpers/deploy-factories';
import { call } from '../../../test/helpers/factories';
import {
  API,
  expectDetail,
  expectIssue,
  insertApplication,
  type Team,
} from '../../../test/helpers/project-factories';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';

/** The « Alertes » card's routes: who may read and change an application's rules, in French. */
let t: TestApp;
let team: Team;
let projectId: string;
let appId: string;

beforeAll(async () => {
  t = await createTestApp();
  const created = await teamWithEnvironment(t);
  team = created.team;
  projectId = created.project.id;
  appId = await insertApplication(t, { projectId, environmentId: created.env.id, nom: 'boutique' });
});
afterAll(() => t.close());

const url = (suffix = '') => `${API}/deployments/${appId}/metric-alerts${suffix}`;
const cpuRule = { type: 'cpu', seuil: 90, minutes: 10, active: true };

async function readOnlyToken() {
  const created = await call(t, 'POST', `${API}/users/me/tokens`, {
    token: team.developer.token,
    body: { nom: 'Lecture', portee: 'lecture', expire_dans_jours: 30, projet_id: projectId },
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json<{ token: string }>().token;
}

describe('metric alert rules', () => {
  it('refuse bad input with French messages', async () => {
    const token = team.developer.token;
    const post = (body: object) => call(t, 'POST', url(), { token, body });
    expectIssue(
      await post({ ...cpuRule, type: 'disque' }),
      ['body', 'type'],
      metricAlertTexts.kindInvalid,
    );
    expectIssue(
      await post({ ...cpuRule, seuil: 150 }),
      ['body', 'seuil'],
      metricAlertTexts.percentInvalid,
    );
    expectIssue(
      await post({ ...cpuRule, seuil: 0.5 }),
      ['body', 'seuil'],
      metricAlertTexts.percentInvalid,
    );
    expectIssue(
      await post({ ...cpuRule, minutes: 0 }),
      ['body', 'minutes'],
      metricAlertTexts.minutesInvalid,
    );
    expectIssue(
      await post({ type: 'disk', seuil: 101, minutes: 10, active: true }),
      ['body', 'seuil'],
      metricAlertTexts.percentInvalid,
    );
    expectIssue(
      await post({ type: 'restarts', seuil: 0, minutes: 5, active: true }),
      ['body', 'seuil'],
      metricAlertTexts.countInvalid,
    );
  });

  it('are added, changed and deleted by developers, audited, one per measure', async () => {
    const token = team.developer.token;
    const created = await call(t, 'POST', url(), { token, body: cpuRule });
    expect(created.statusCode, created.body).toBe(201);
    const rule = created.json<MetricAlertRule>();
    expect(rule).toMatchObject(cpuRule);
    expectDetail(
      await call(t, 'POST', url(), { token, body: cpuRule }),
      409,
      metricAlertTexts.duplicate,
    );
    const restarts = { type: 'restarts', seuil: 3, minutes: 5, active: true };
    expect((await call(t, 'POST', url(), { token, body: restarts })).statusCode).toBe(201);
    const disk = { type: 'disk', seuil: 90, minutes: 10, active: true };
    expect((await call(t, 'POST', url(), { token, body: disk })).statusCode).toBe(201);

    const changed = await call(t, 'PUT', url(`/${rule.id}`), {
      token: team.admin.token,
      body: { ...cpuRule, seuil: 80, minutes: 15 },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const list = await call(t, 'GET', url(), { token: team.user.token });
    expect(list.json<MetricAlerts>().regles).toEqual([
      { id: rule.id, type: 'cpu', seuil: 80, minutes: 15, active: true },
      expect.objectContaining(restarts),
      expect.objectContaining(disk),
    ]);

    expect((await call(t, 'DELETE', url(`/${rule.id}`), { token })).statusCode).toBe(204);
    expectDetail(
      await call(t, 'DELETE', url(`/${rule.id}`), { token }),
      404,
      metricAlertTexts.notFound,
    );
    const actions = await t.database.db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(and(eq(auditEvents.projectId, projectId), eq(auditEvents.targetId, appId)));
    expect(actions.map((a) => a.action)).toEqual(
      expect.arrayContaining([
        'deployment.metric_alert_create',
        'deployment.metric_alert_update',
        'deployment.metric_alert_delete',
      ]),
    );
  });

  it('are listed by every member and a read-only token, changed by neither a user nor that token', async () => {
    const memory = { type: 'memory', seuil: 90, minutes: 10, active: true };
    expect(
      (await call(t, 'POST', url(), { token: team.user.token, body: memory })).statusCode,
    ).toBe(403);
    const readOnly = await readOnlyToken();
    expect((await call(t, 'POST', url(), { token: readOnly, body: memory })).statusCode).toBe(403);
    const listed = await call(t, 'GET', url(), { token: readOnly });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json<MetricAlerts>().regles.map((r) => r.type)).toEqual(['restarts', 'disk']);
    expect((await call(t, 'GET', url(), { token: team.outsider.token })).statusCode).toBe(404);
  });
});
