import type { Environment, Project } from '@nuage/shared/api-types';
import { adminAccessTexts as texts } from '@nuage/shared/admin-access';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema/audit';
import { simulatedApplications } from '../../db/schema/simulation';
import { proveDomain } from '../../../test/helpers/domain-factories';
import { call } from '../../../test/helpers/factories';
import { API, expectDetail, expectIssue, type Team } from '../../../test/helpers/project-factories';
import {
  deployApp,
  deploymentRow,
  getDetail,
  reconcileToStatus,
  teamWithEnvironment,
} from '../../../test/helpers/deploy-factories';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';

let t: TestApp;
let team: Team;
let project: Project;
let env: Environment;

beforeAll(async () => {
  t = await createTestApp();
  ({ team, project, env } = await teamWithEnvironment(t));
});
afterAll(() => t.close());

const WIZARD_PASSWORD = 'Choisi-dans-assistant-42';
const reveal = (id: string, token: string | undefined, mot_de_passe?: unknown) =>
  call(t, 'POST', `${API}/deployments/deployment/${id}/admin-password/reveal`, {
    ...(token ? { token } : {}),
    body: mot_de_passe === undefined ? {} : { mot_de_passe },
  });
const regenerate = (id: string, token: string, mot_de_passe: string) =>
  call(t, 'POST', `${API}/deployments/deployment/${id}/admin-password/regenerate`, {
    token,
    body: { mot_de_passe },
  });

describe('the application page’s admin access', () => {
  it('gives the login page, the login and the e-mail of each application, never the password', async () => {
    const wp = await deployApp(t, team.developer.token, env.id, {
      nom_domaine: 'boutique.exemple.sn',
      wordpress_email: 'gerant@boutique.sn',
      wordpress_password: WIZARD_PASSWORD,
    });
    const odoo = await deployApp(t, team.developer.token, env.id, {
      type_application: 'odoo',
      image_registry_url: 'docker.io/library/odoo',
      image_tag: '16.0',
      odoo_email: 'compta@boutique.sn',
      cpu: 1,
      ram: 2,
    });
    // Until its owner proves control of the domain, the address the runtime gives.
    expect(
      (await getDetail(t, team.user.token, wp.id)).acces_admin.url_connexion ?? '',
    ).not.toContain('boutique.exemple.sn');
    await proveDomain(t, team.developer.token, wp.id);
    expect((await getDetail(t, team.user.token, wp.id)).acces_admin).toEqual({
      url_connexion: 'http://boutique.exemple.sn/wp-admin',
      identifiant: 'admin',
      email: 'gerant@boutique.sn',
      mot_de_passe_gere: true,
    });
    await reconcileToStatus(t, odoo.id, 'RUNNING');
    const detail = await getDetail(t, team.user.token, odoo.id);
    expect(detail.acces_admin).toEqual({
      url_connexion: `${detail.application_url}/web/login`,
      identifiant: 'compta@boutique.sn',
      email: 'compta@boutique.sn',
      mot_de_passe_gere: true,
    });
    expect(JSON.stringify(detail)).not.toContain(WIZARD_PASSWORD);
  });

  it('reveals the password to a developer who confirms their account password, and audits it', async () => {
    const app = await deployApp(t, team.developer.token, env.id, {
      wordpress_password: WIZARD_PASSWORD,
    });
    expect((await reveal(app.id, undefined, 'x')).statusCode).toBe(401);
    expectIssue(
      await reveal(app.id, team.developer.token, ''),
      ['body', 'mot_de_passe'],
      texts.accountPasswordRequired,
    );
    expect((await reveal(app.id, team.user.token, team.user.password)).statusCode).toBe(403);
    expect((await reveal(app.id, team.outsider.token, team.outsider.password)).statusCode).toBe(
      404,
    );
    expectDetail(
      await reveal(app.id, team.developer.token, 'pas-le-bon'),
      400,
      texts.wrongPassword,
    );

    const res = await reveal(app.id, team.developer.token, team.developer.password);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ mot_de_passe: WIZARD_PASSWORD });
    expect(res.headers['cache-control']).toBe('no-store');

    const audit = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.projectId, project.id));
    const reveals = audit.filter((e) => e.action === 'deployment.password_reveal');
    expect(reveals).toHaveLength(1);
    expect(reveals[0]).toMatchObject({ actorUserId: team.developer.id, targetId: app.id });
    expect(JSON.stringify(reveals[0])).not.toContain(WIZARD_PASSWORD);
  });

  it('regenerates a password the application is given again (the simulation records the setup run)', async () => {
    const app = await deployApp(t, team.developer.token, env.id, {
      wordpress_password: WIZARD_PASSWORD,
    });
    await reconcileToStatus(t, app.id, 'RUNNING');
    const before = await deploymentRow(t, app.id);
    expectDetail(
      await regenerate(app.id, team.developer.token, 'pas-le-bon'),
      400,
      texts.wrongPassword,
    );
    expect((await regenerate(app.id, team.user.token, team.user.password)).statusCode).toBe(403);

    const res = await regenerate(app.id, team.admin.token, team.admin.password);
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toEqual({ message: texts.regenerated });
    const after = await deploymentRow(t, app.id);
    expect(after!.generation).toBe(before!.generation + 1);
    expect(after!.secretsSealed).not.toContain(WIZARD_PASSWORD);

    const revealed = (await reveal(app.id, team.admin.token, team.admin.password)).json<{
      mot_de_passe: string;
    }>().mot_de_passe;
    expect(revealed).not.toBe(WIZARD_PASSWORD);
    expect(revealed).toMatch(/^[A-Za-z0-9]{24}$/);

    await reconcileToStatus(t, app.id, 'RUNNING');
    await t.app.engine.reconciler.runUntilIdle();
    const [sim] = await t.database.db
      .select()
      .from(simulatedApplications)
      .where(eq(simulatedApplications.deploymentId, app.id));
    expect(sim!.setupRuns.map((r) => r.revision)).toEqual([0, 1]);
    const logs = await call(t, 'GET', `${API}/deployments/deployment/${app.id}/logs`, {
      token: team.developer.token,
    });
    expect(logs.json<{ logs: string }>().logs).toContain(
      'mot de passe administrateur changé (révision 1)',
    );
    const audit = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.targetId, app.id));
    expect(audit.map((e) => e.action)).toContain('deployment.password_regenerate');
  });

  it('says Matomo’s admin account is made in its own installer', async () => {
    const app = await deployApp(t, team.developer.token, env.id, {
      type_application: 'matomo',
      image_registry_url: 'docker.io/library/matomo',
      image_tag: '4.15-apache',
    });
    expect((await getDetail(t, team.user.token, app.id)).acces_admin).toMatchObject({
      mot_de_passe_gere: false,
      identifiant: null,
      email: null,
    });
    expectDetail(
      await reveal(app.id, team.developer.token, team.developer.password),
      409,
      texts.notManaged,
    );
  });

  it('limits the account-password confirmations per account', async () => {
    const { team: other, env: otherEnv } = await teamWithEnvironment(t);
    const app = await deployApp(t, other.developer.token, otherEnv.id);
    for (let i = 0; i < 10; i++) await reveal(app.id, other.developer.token, 'faux');
    expectDetail(
      await reveal(app.id, other.developer.token, other.developer.password),
      429,
      texts.tooManyAttempts,
    );
  });
});
