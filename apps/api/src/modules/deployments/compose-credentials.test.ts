import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  deploymentRow,
  projectWithQuotas,
  teamWithEnvironment,
} from '../../../test/helpers/deploy-factories';
import { call } from '../../../test/helpers/factories';
import { API, type Team } from '../../../test/helpers/project-factories';
import { registryCredentialTexts } from '@nuage/shared/messages/images';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';

/**
 * A Compose application's private images (issue 30 item 2): each service is pulled with its
 * own project's credentials for its image's registry, as an image application is, and never
 * with another project's.
 */
let t: TestApp;
let team: Team;

beforeAll(async () => {
  t = await createTestApp();
  ({ team } = await teamWithEnvironment(t));
});
afterAll(() => t.close());

const FILE = `
services:
  web:
    image: ghcr.io/acme/web:2
  worker:
    image: registre.acme.sn/acme/worker:1
  cache:
    image: redis:7
`;

const addCredentials = async (projectId: string, registre: string, utilisateur: string) => {
  const res = await call(t, 'POST', `${API}/projects/${projectId}/registry-credentials`, {
    token: team.admin.token,
    body: { registre, utilisateur, mot_de_passe: `mdp-${utilisateur}` },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string }>().id;
};

const deleteCredentials = (projectId: string, id: string) =>
  call(t, 'DELETE', `${API}/projects/${projectId}/registry-credentials/${id}`, {
    token: team.admin.token,
  });

const credentialList = async (projectId: string) =>
  (
    await call(t, 'GET', `${API}/projects/${projectId}/registry-credentials`, {
      token: team.admin.token,
    })
  )
    .json<{ utilisateur: string }[]>()
    .map((c) => c.utilisateur);

describe('a Compose application’s registry credentials', () => {
  it('pulls each service with its project’s credentials for its registry, never another project’s', async () => {
    const own = await projectWithQuotas(t, team, 4, 8, 20);
    const other = await projectWithQuotas(t, team, 4, 8, 20);
    // Another project's credentials for both registries, added last: never used here.
    await addCredentials(own.project.id, 'ghcr.io', 'acme-bot');
    await addCredentials(other.project.id, 'ghcr.io', 'intrus');
    await addCredentials(other.project.id, 'registre.acme.sn', 'intrus-2');

    const res = await call(t, 'POST', `${API}/deployments/${own.env.id}/deploy/compose`, {
      token: team.developer.token,
      body: { nom: 'pile-privee', fichier_compose: FILE, service_expose: 'web', port: 8080 },
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json<{ id: string }>().id;
    // Never in the API's answers.
    expect(res.body).not.toContain('mdp-');

    const spec = await t.app.engine.specs.ofApplication((await deploymentRow(t, id))!);
    const pulls = Object.fromEntries(
      spec.stack!.services.map((s) => [s.serviceName, s.pullCredentials ?? null]),
    );
    expect(pulls).toEqual({
      web: { registry: 'ghcr.io', username: 'acme-bot', password: 'mdp-acme-bot' },
      // The project has none for these registries: anonymously.
      worker: null,
      cache: null,
    });

    // A credential the project adds later is used from the next apply on.
    await addCredentials(own.project.id, 'registre.acme.sn', 'ci');
    const again = await t.app.engine.specs.ofApplication((await deploymentRow(t, id))!);
    expect(again.stack!.services.find((s) => s.serviceName === 'worker')?.pullCredentials).toEqual({
      registry: 'registre.acme.sn',
      username: 'ci',
      password: 'mdp-ci',
    });
  });

  it('refuses to delete the last credential a service pulls with, lets one of two go, and any once the stack is gone', async () => {
    const { project, env } = await projectWithQuotas(t, team, 4, 8, 20);
    const first = await addCredentials(project.id, 'ghcr.io', 'ancien-jeton');
    const unused = await addCredentials(project.id, 'registre.exemple.sn', 'inutile');
    const res = await call(t, 'POST', `${API}/deployments/${env.id}/deploy/compose`, {
      token: team.developer.token,
      body: { nom: 'pile-jeton', fichier_compose: FILE, service_expose: 'web', port: 8080 },
    });
    expect(res.statusCode, res.body).toBe(201);

    const refused = await deleteCredentials(project.id, first);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json<{ detail: string }>().detail).toBe(
      registryCredentialTexts.inUseByStack('pile-jeton', 'web'),
    );
    expect(await credentialList(project.id)).toContain('ancien-jeton');
    // A registry no service uses: its credential goes.
    expect((await deleteCredentials(project.id, unused)).statusCode).toBe(204);

    // The token is replaced: the new one first, then the old one may go, and the service
    // pulls with the new one.
    const second = await addCredentials(project.id, 'ghcr.io', 'nouveau-jeton');
    expect((await deleteCredentials(project.id, first)).statusCode).toBe(204);
    const spec = await t.app.engine.specs.ofApplication(
      (await deploymentRow(t, res.json<{ id: string }>().id))!,
    );
    expect(
      spec.stack!.services.find((s) => s.serviceName === 'web')?.pullCredentials?.username,
    ).toBe('nouveau-jeton');
    // Now the last one for ghcr.io: refused again, until the application is being deleted.
    expect((await deleteCredentials(project.id, second)).statusCode).toBe(409);
    const removal = await call(
      t,
      'DELETE',
      `${API}/deployments/deployment/${res.json<{ id: string }>().id}`,
      { token: team.developer.token },
    );
    expect(removal.statusCode, removal.body).toBe(202);
    expect((await deleteCredentials(project.id, second)).statusCode).toBe(204);
    expect(await credentialList(project.id)).toEqual([]);
  });
});
