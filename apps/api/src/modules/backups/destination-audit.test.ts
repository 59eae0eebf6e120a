import type { AuditPage } from '@nuage/shared/audit-actions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/helpers/factories';
import {
  API,
  createTeamProject,
  createTeamUsers,
  type Team,
} from '../../../test/helpers/project-factories';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';

/**
 * An admin who redirects the project's backups to a bucket of their own, or stops them leaving
 * the platform, does it in the open: the other admins read it in the project's audit log.
 */
let t: TestApp;
let team: Team;
let projectId: string;

beforeAll(async () => {
  t = await createTestApp();
  team = await createTeamUsers(t);
  projectId = (await createTeamProject(t, team)).project.id;
});
afterAll(() => t.close());

const destination = (endpoint: string, bucket: string, secret: string) => ({
  endpoint,
  bucket,
  region: 'eu-west-3',
  access_key_id: 'AKIAEXEMPLE',
  secret_access_key: secret,
});
const log = async () =>
  (
    await call(t, 'GET', `${API}/projects/${projectId}/audit?categorie=projet`, {
      token: team.admin.token,
    })
  ).json<AuditPage>().events;

describe('the S3 backup destination in the audit log', () => {
  it('records who set it, where backups went before and where they go now, never the secret key', async () => {
    const first = await call(t, 'PUT', `${API}/projects/${projectId}/backup-destination`, {
      token: team.admin.token,
      body: destination('https://203.0.113.10', 'sauvegardes', 'secret-un'),
    });
    expect(first.statusCode, first.body).toBe(200);
    const redirected = await call(t, 'PUT', `${API}/projects/${projectId}/backup-destination`, {
      token: team.admin.token,
      body: destination('https://203.0.113.99', 'bucket-de-l-attaquant', 'secret-deux'),
      ip: '198.51.100.7',
    });
    expect(redirected.statusCode, redirected.body).toBe(200);

    const events = (await log()).filter((e) => e.action === 'backup.destination_set');
    expect(events).toHaveLength(2);
    expect(events[0]).toMatchObject({
      libelle: 'Destination S3 des sauvegardes définie',
      acteur: { id: team.admin.id },
      adresse_ip: '198.51.100.7',
      details: {
        destination: { endpoint: 'https://203.0.113.99', bucket: 'bucket-de-l-attaquant' },
        precedente: { endpoint: 'https://203.0.113.10', bucket: 'sauvegardes' },
      },
    });
    expect(events[1]!.details).toMatchObject({ precedente: null });
    expect(JSON.stringify(events)).not.toMatch(/secret-un|secret-deux/);
  });

  it('records its removal, and only when there was one', async () => {
    const removed = await call(t, 'DELETE', `${API}/projects/${projectId}/backup-destination`, {
      token: team.admin.token,
    });
    expect(removed.statusCode).toBe(204);
    await call(t, 'DELETE', `${API}/projects/${projectId}/backup-destination`, {
      token: team.admin.token,
    });
    const events = (await log()).filter((e) => e.action === 'backup.destination_remove');
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      libelle: 'Destination S3 des sauvegardes supprimée',
      acteur: { id: team.admin.id },
      details: {
        precedente: { endpoint: 'https://203.0.113.99', bucket: 'bucket-de-l-attaquant' },
      },
    });
  });
});
