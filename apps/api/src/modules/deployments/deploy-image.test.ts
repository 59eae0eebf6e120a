import { imageDeployTexts, registryCredentialTexts } from '@nuage/shared/messages/images';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  deploymentRow,
  getDetail,
  projectWithQuotas,
  putDeployment,
  quotaError,
  reconcileToStatus,
  teamWithEnvironment,
} from '../../../test/helpers/deploy-factories';
import { call } from '../../../test/helpers/factories';
import { API, expectDetail, expectIssue, type Team } from '../../../test/helpers/project-factories';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { REGISTRY_CREDENTIAL_IN_USE } from '../registry-credentials/service';

let t: TestApp;
let team: Team;
let projectId: string;
let envId: string;
const PASSWORD = 'ghp_tres-secret-jeton-0123456789';

beforeAll(async () => {
  t = await createTestApp();
  const created = await teamWithEnvironment(t);
  ({ team } = created);
  projectId = created.project.id;
  envId = created.env.id;
});
afterAll(() => t.close());

let counter = 0;
function imageBody(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    nom: `api-${counter}`,
    image: 'ghcr.io/acme/api:1.4',
    port: 8080,
    cpu: 0.5,
    ram: 1,
    replicas: 1,
    ...overrides,
  };
}
const postImage = (token: string, body: unknown, env = envId) =>
  call(t, 'POST', `${API}/deployments/${env}/deploy/image`, { token, body });
const credentials = (suffix = '', project = projectId) =>
  `${API}/projects/${project}/registry-credentials${suffix}`;

async function addCredential(registre: string, utilisateur = 'acme') {
  const res = await call(t, 'POST', credentials(), {
    token: team.admin.token,
    body: { registre, utilisateur, mot_de_passe: PASSWORD },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string }>().id;
}

describe('POST /deployments/{envId}/deploy/image', () => {
  it("refuses an image from the host's own network at its field, in French, creating nothing", async () => {
    const res = await postImage(
      team.developer.token,
      imageBody({ nom: 'interne', image: '169.254.169.254/latest:1' }),
    );
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json<{ detail: { loc: string[]; msg: string }[] }>().detail).toEqual([
      expect.objectContaining({
        loc: ['body', 'image'],
        msg: imageDeployTexts.privateRegistry('169.254.169.254'),
      }),
    ]);
  });

  it('deploys any image with its command, variables, secret and health path, and runs it', async () => {
    const res = await postImage(
      team.developer.token,
      imageBody({
        nom: 'api-publique',
        image: 'ghcr.io/acme/python-api:2.1',
        commande: ['gunicorn', '-b', '0.0.0.0:8080', 'app:app'],
        env_vars: [
          { name: 'MODE', value: 'production' },
          { name: 'API_KEY', value: 'cle-tres-secrete', secret: true },
        ],
        chemin_sante: '/healthz',
        replicas: 2,
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json<{
      id: string;
      source_kind: string;
      template_name: string;
      image_registry_url: string;
      image_tag: string;
      port: number;
      acces_admin: { mot_de_passe_gere: boolean };
      image_settings: unknown;
    }>();
    expect(created).toMatchObject({
      source_kind: 'image',
      template_name: 'Image',
      image_registry_url: 'ghcr.io/acme/python-api',
      image_tag: '2.1',
      port: 8080,
      acces_admin: { mot_de_passe_gere: false },
      image_settings: {
        commande: ['gunicorn', '-b', '0.0.0.0:8080', 'app:app'],
        chemin_sante: '/healthz',
        chemin_donnees: '/data',
        registry_credential_id: null,
      },
    });
    expect(res.body).not.toContain('cle-tres-secrete');

    const row = await deploymentRow(t, created.id);
    const spec = await t.app.engine.specs.ofApplication(row!);
    // Labelled by its image (SPEC §4), run like a code application's release.
    expect(spec.labels['app.kubernetes.io/name']).toBe('python');
    expect(spec.app.image).toBe('ghcr.io/acme/python-api:2.1');
    expect(spec.app.command).toEqual(['gunicorn', '-b', '0.0.0.0:8080', 'app:app']);
    expect(spec.app.readiness.check).toEqual({ kind: 'http', path: '/healthz', port: 8080 });
    expect(spec.app.env).toEqual(
      expect.arrayContaining([
        { name: 'MODE', value: 'production' },
        { name: 'API_KEY', secretKey: 'env-API_KEY' },
      ]),
    );
    expect(spec.secretData['env-API_KEY']).toBe('cle-tres-secrete');
    expect(spec.userImage).toEqual({ credentials: null });
    expect(spec.database).toBeNull();
    expect(spec.replicas).toBe(2);

    await reconcileToStatus(t, created.id, 'RUNNING');
    const detail = await getDetail(t, team.user.token, created.id);
    expect(detail.application_url).toMatch(/^https?:\/\//);
  });

  it('counts the image against the project quota with the same refusal as other applications', async () => {
    const { env } = await projectWithQuotas(t, team, 1, 2, 10);
    const detail = quotaError(
      await postImage(team.admin.token, imageBody({ cpu: 0.5, ram: 0.5, replicas: 3 }), env.id),
    );
    expect(detail.quota_exceeded).toEqual([
      'CPU : 1,5 core(s) demandé(s), 1 core(s) disponible(s) sur 1',
    ]);
  });

  it('refuses a user (403) and a stranger (404); a developer may deploy', async () => {
    expect((await postImage(team.user.token, imageBody())).statusCode).toBe(403);
    expect((await postImage(team.outsider.token, imageBody())).statusCode).toBe(404);
  });

  it.each([
    [{ image: '' }, ['body', 'image'], imageDeployTexts.imageRequired],
    [{ image: 'Ghcr.io/Acme/API:1' }, ['body', 'image'], imageDeployTexts.imageInvalid],
    [
      { image: 'ghcr.io/acme/api@sha256:' + 'a'.repeat(64) },
      ['body', 'image'],
      imageDeployTexts.imageDigestRefused,
    ],
    [{ image: 'https://ghcr.io/acme/api' }, ['body', 'image'], imageDeployTexts.imageInvalid],
    [{ port: undefined }, ['body', 'port'], imageDeployTexts.portRequired],
    [{ port: 70000 }, ['body', 'port'], imageDeployTexts.portRequired],
    [{ chemin_sante: 'healthz' }, ['body', 'chemin_sante'], imageDeployTexts.healthPathInvalid],
    [{ chemin_donnees: '/' }, ['body', 'chemin_donnees'], imageDeployTexts.dataPathInvalid],
    [
      { chemin_donnees: '/etc/passwd' },
      ['body', 'chemin_donnees'],
      imageDeployTexts.dataPathInvalid,
    ],
    [
      { chemin_donnees: '/data/../proc' },
      ['body', 'chemin_donnees'],
      imageDeployTexts.dataPathInvalid,
    ],
    [
      { env_vars: [{ name: 'A B', value: 'x' }] },
      ['body', 'env_vars', '0', 'name'],
      'Nom de variable invalide',
    ],
  ])('refuses %j with its French reason at the field', async (change, loc, msg) => {
    expectIssue(await postImage(team.developer.token, imageBody(change)), loc, msg);
  });

  it('has no field for a privilege, a host path or the host network: they are refused as unknown', async () => {
    for (const extra of [
      { privileged: true },
      { volumes: ['/etc:/host-etc'] },
      { network_mode: 'host' },
      { cap_add: ['SYS_ADMIN'] },
    ]) {
      const res = await postImage(team.developer.token, imageBody(extra));
      // Unknown fields are dropped, never obeyed: what runs has the code applications' hardening.
      expect(res.statusCode, res.body).toBe(201);
      const row = await deploymentRow(t, res.json<{ id: string }>().id);
      const spec = await t.app.engine.specs.ofApplication(row!);
      expect(spec.app.security.capabilities).not.toContain('SYS_ADMIN');
      expect(JSON.stringify(spec)).not.toContain('/host-etc');
      expect(JSON.stringify(spec)).not.toContain('privileged');
    }
  });

  it('pulls with the chosen credentials of the image registry, and refuses those of another registry', async () => {
    const ghcr = await addCredential('ghcr.io', 'acme-bot');
    const other = await addCredential('registre.exemple.sn:5000');
    expectIssue(
      await postImage(team.developer.token, imageBody({ registry_credential_id: other })),
      ['body', 'registry_credential_id'],
      imageDeployTexts.credentialOtherRegistry('registre.exemple.sn:5000', 'ghcr.io'),
    );
    expectIssue(
      await postImage(
        team.developer.token,
        imageBody({ registry_credential_id: '00000000-0000-4000-8000-000000000000' }),
      ),
      ['body', 'registry_credential_id'],
      imageDeployTexts.credentialUnknown,
    );
    const res = await postImage(
      team.developer.token,
      imageBody({ image: 'ghcr.io/acme/prive:3', registry_credential_id: ghcr }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.body).not.toContain(PASSWORD);
    const id = res.json<{ id: string }>().id;
    const spec = await t.app.engine.specs.ofApplication((await deploymentRow(t, id))!);
    expect(spec.userImage?.credentials).toEqual({
      registry: 'ghcr.io',
      username: 'acme-bot',
      password: PASSWORD,
    });
    // The detail shows which credentials, never their password.
    const detail = await call(t, 'GET', `${API}/deployments/deployment/${id}`, {
      token: team.user.token,
    });
    expect(detail.body).toContain(ghcr);
    expect(detail.body).not.toContain(PASSWORD);
    // An edit may change the tag, or the image within the same registry only.
    expect((await putDeployment(t, team.developer.token, id, { image_tag: '4' })).statusCode).toBe(
      200,
    );
    expectIssue(
      await putDeployment(t, team.developer.token, id, {
        image_registry_url: 'docker.io/acme/prive',
      }),
      ['body', 'image_registry_url'],
      imageDeployTexts.credentialOtherRegistry('ghcr.io', 'docker.io'),
    );
    // Credentials in use are kept.
    expectDetail(
      await call(t, 'DELETE', credentials(`/${ghcr}`), { token: team.admin.token }),
      409,
      REGISTRY_CREDENTIAL_IN_USE,
    );
  });

  it('changes an image application’s variables as an edit the engine applies', async () => {
    const res = await postImage(team.developer.token, imageBody());
    const id = res.json<{ id: string }>().id;
    const before = (await deploymentRow(t, id))!.generation;
    const put = await call(t, 'PUT', `${API}/deployments/${id}/env-vars`, {
      token: team.developer.token,
      body: [{ name: 'NOUVELLE', value: 'oui' }],
    });
    expect(put.statusCode, put.body).toBe(200);
    expect((await deploymentRow(t, id))!.generation).toBe(before + 1);
  });
});

describe('/projects/{id}/registry-credentials', () => {
  it('lets administrators add and delete credentials; stores the password sealed, never answers it', async () => {
    const res = await call(t, 'POST', credentials(), {
      token: team.admin.token,
      body: { registre: 'Registry-1.Docker.io', utilisateur: 'acme', mot_de_passe: PASSWORD },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(String),
      registre: 'docker.io',
      utilisateur: 'acme',
      created_at: expect.any(String),
      last_used_at: null,
    });
    const id = res.json<{ id: string }>().id;
    for (const token of [team.admin.token, team.developer.token, team.user.token]) {
      const list = await call(t, 'GET', credentials(), { token });
      expect(list.statusCode).toBe(200);
      expect(list.body).toContain(id);
      expect(list.body).not.toContain(PASSWORD);
    }
    expect(t.logs.text).not.toContain(PASSWORD);
    const audit = await call(t, 'GET', `${API}/projects/${projectId}/audit`, {
      token: team.admin.token,
    });
    expect(audit.body).toContain('registry_credential.create');
    expect(audit.body).not.toContain(PASSWORD);
    expect(
      (await call(t, 'DELETE', credentials(`/${id}`), { token: team.admin.token })).statusCode,
    ).toBe(204);
    expectDetail(
      await call(t, 'DELETE', credentials(`/${id}`), { token: team.admin.token }),
      404,
      registryCredentialTexts.notFound,
    );
  });

  it('refuses developers and users (403) and strangers (404)', async () => {
    const body = { registre: 'ghcr.io', utilisateur: 'x', mot_de_passe: 'y' };
    for (const token of [team.developer.token, team.user.token]) {
      expect((await call(t, 'POST', credentials(), { token, body })).statusCode).toBe(403);
    }
    expect(
      (await call(t, 'POST', credentials(), { token: team.outsider.token, body })).statusCode,
    ).toBe(404);
    expect((await call(t, 'GET', credentials(), { token: team.outsider.token })).statusCode).toBe(
      404,
    );
  });

  it('refuses a URL or a path for the registry, and a missing user or password, in French', async () => {
    const post = (body: Record<string, unknown>) =>
      call(t, 'POST', credentials(), {
        token: team.admin.token,
        body: { registre: 'ghcr.io', utilisateur: 'acme', mot_de_passe: 'x', ...body },
      });
    expectIssue(
      await post({ registre: 'https://ghcr.io' }),
      ['body', 'registre'],
      registryCredentialTexts.registryInvalid,
    );
    expectIssue(
      await post({ registre: 'ghcr.io/acme' }),
      ['body', 'registre'],
      registryCredentialTexts.registryInvalid,
    );
    expectIssue(
      await post({ utilisateur: ' ' }),
      ['body', 'utilisateur'],
      registryCredentialTexts.usernameRequired,
    );
    expectIssue(
      await post({ mot_de_passe: '' }),
      ['body', 'mot_de_passe'],
      registryCredentialTexts.passwordRequired,
    );
  });
});
