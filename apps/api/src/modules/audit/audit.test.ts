import type { AuditEvent, AuditPage } from '@nuage/shared/audit-actions';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { expectDetail } from '../../../test/helpers/assertions';
import { CERTS, createCustom, customBody } from '../../../test/certificates/api';
import { makeCertificate } from '../../../test/certificates/pki';
import { deployApp, putDeployment } from '../../../test/helpers/deploy-factories';
import { call } from '../../../test/helpers/factories';
import {
  API,
  createEnvironment,
  createTeamProject,
  createTeamUsers,
  type Team,
} from '../../../test/helpers/project-factories';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { auditEvents } from '../../db/schema/audit';
import { purgeAuditEvents } from './retention';

describe('per-project audit log', () => {
  let t: TestApp;
  let team: Team;
  let projectId: string;
  let memberIds: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp();
    team = await createTeamUsers(t);
    const created = await createTeamProject(t, team, {
      quota_cpu: 8,
      quota_ram: 16,
      quota_stockage: 100,
    });
    projectId = created.project.id;
    memberIds = created.memberIds;
  });
  afterAll(() => t.close());

  const audit = async (query = '', token = team.admin.token) => {
    const res = await call(t, 'GET', `${API}/projects/${projectId}/audit${query}`, { token });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<AuditPage>();
  };
  const latest = async (action: string): Promise<AuditEvent | undefined> =>
    (await audit()).events.find((e) => e.action === action);

  it('records who deployed, scaled, restarted and deleted an application, when and from where', async () => {
    const env = await createEnvironment(t, team.developer.token, projectId, { nom: 'Production' });
    const app = await deployApp(t, team.developer.token, env.id, { nom: 'Boutique' });
    await call(t, 'PUT', `${API}/deployments/deployment/${app.id}`, {
      token: team.developer.token,
      body: { replicas: 3 },
      ip: '192.0.2.44',
    });
    await putDeployment(t, team.developer.token, app.id, { nom: 'Boutique-v2' });
    await call(t, 'POST', `${API}/deployments/deployment/${app.id}/sync`, {
      token: team.developer.token,
    });
    await call(t, 'DELETE', `${API}/deployments/deployment/${app.id}`, {
      token: team.developer.token,
    });

    const { events } = await audit();
    const actions = events.map((e) => e.action);
    for (const a of [
      'environment.create',
      'deployment.create',
      'deployment.scale',
      'deployment.update',
      'deployment.restart',
      'deployment.delete',
    ])
      expect(actions).toContain(a);
    const scale = events.find((e) => e.action === 'deployment.scale')!;
    expect(scale).toMatchObject({
      libelle: 'Mise à l’échelle',
      acteur: { id: team.developer.id, nom: 'Didier Dev', email: team.developer.email },
      cible: { type: 'deployment', id: app.id, nom: 'Boutique' },
      details: { replicas: 3 },
      jeton: null,
    });
    expect(scale.adresse_ip).toBe('192.0.2.44');
    const deleted = events.find((e) => e.action === 'deployment.delete')!;
    expect(deleted.cible.nom).toBe('Boutique-v2');
    expect(Date.now() - Date.parse(deleted.date)).toBeLessThan(60_000);
  });

  it('records member and role changes, and quota changes with before and after', async () => {
    await call(t, 'PUT', `${API}/projects/${projectId}/members/${memberIds.user}`, {
      token: team.admin.token,
      body: { role_projet: 'developer' },
    });
    await call(t, 'PUT', `${API}/projects/${projectId}`, {
      token: team.admin.token,
      body: { nom: 'Boutique en ligne', quota_cpu: 6, quota_ram: 16, quota_stockage: 100 },
    });
    expect(await latest('member.role')).toMatchObject({
      acteur: { id: team.admin.id },
      cible: { type: 'member', id: team.user.id },
      details: { avant: 'user', apres: 'developer' },
    });
    expect(await latest('project.quota')).toMatchObject({
      details: { avant: { quota_cpu: 8 }, apres: { quota_cpu: 6 } },
    });
    expect(await latest('member.join')).toMatchObject({ acteur: { id: team.user.id } });
    expect(await latest('member.invite')).toBeDefined();
  });

  it('records certificate changes', async () => {
    const issued = makeCertificate({ commonName: 'audit.exemple.sn', names: ['audit.exemple.sn'] });
    const cert = await createCustom(
      t,
      team.developer.token,
      customBody(projectId, issued, { nom: 'Audit' }),
    );
    await call(t, 'DELETE', `${CERTS}/${cert.id}`, { token: team.developer.token });
    expect(await latest('certificate.create')).toMatchObject({
      cible: { id: cert.id, nom: 'Audit' },
    });
    expect(await latest('certificate.delete')).toMatchObject({
      cible: { id: cert.id, nom: 'Audit' },
    });
  });

  it('records API token use, naming the token, and what the token changed', async () => {
    const created = await call(t, 'POST', `${API}/users/me/tokens`, {
      token: team.admin.token,
      body: { nom: 'Robot CI', portee: 'complet', expire_dans_jours: 7 },
    });
    const { token, jeton } = created.json<{ token: string; jeton: { id: string } }>();
    const env = await createEnvironment(t, token, projectId, { nom: 'Recette', type: 'staging' });
    // Token use is written after the response has gone (onResponse), so it may land a moment later.
    const use = await vi.waitFor(async () => {
      const found = await latest('api_token.use');
      if (!found) throw new Error('api_token.use not recorded yet');
      return found;
    });
    expect(use).toMatchObject({
      jeton: { id: jeton.id, nom: 'Robot CI' },
      acteur: { id: team.admin.id },
    });
    const made = (await audit()).events.find(
      (e) => e.action === 'environment.create' && e.cible.id === env.id,
    );
    expect(made?.jeton).toEqual({ id: jeton.id, nom: 'Robot CI' });
  });

  it('is for project admins only, and filterable', async () => {
    for (const who of [team.developer, team.user])
      expect(
        (await call(t, 'GET', `${API}/projects/${projectId}/audit`, { token: who.token }))
          .statusCode,
      ).toBe(403);
    expectDetail(
      await call(t, 'GET', `${API}/projects/${projectId}/audit`, { token: team.outsider.token }),
      404,
      'Projet non trouvé',
    );
    const members = await audit('?categorie=membres');
    expect(members.events.length).toBeGreaterThan(0);
    expect(members.events.every((e) => e.action.startsWith('member.'))).toBe(true);
    const byDev = await audit(`?acteur=${team.developer.id}`);
    expect(byDev.events.every((e) => e.acteur.id === team.developer.id)).toBe(true);
    const future = await audit('?depuis=2999-01-01');
    expect(future.events).toEqual([]);
    const page = await audit('?limit=2');
    expect(page.events).toHaveLength(2);
    expect(page.pagination.has_more).toBe(true);
    const bad = await call(t, 'GET', `${API}/projects/${projectId}/audit?categorie=tout`, {
      token: team.admin.token,
    });
    expect(bad.statusCode).toBe(422);
  });

  it('keeps entries for the retention period, and purges older ones', async () => {
    const before = (await audit()).pagination.total;
    await t.database.db.execute(
      sql`update ${auditEvents} set created_at = now() - interval '89 days' where id = (select min(id) from ${auditEvents})`,
    );
    await t.database.db.execute(
      sql`update ${auditEvents} set created_at = now() - interval '400 days' where id = (select max(id) from ${auditEvents})`,
    );
    expect(await purgeAuditEvents(t.database.db, 90)).toBe(1);
    expect((await audit()).pagination.total).toBe(before - 1);
  });
});
