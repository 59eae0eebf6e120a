import type { Release } from '@nuage/shared/build-types';
import type { Environment } from '@nuage/shared/api-types';
import { composeTexts } from '@nuage/shared/messages/compose';
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeSettingsOf } from '../../engine/specs/compose-settings';
import { decryptSecret } from '../../lib/crypto';
import {
  codeTestApp,
  deployCodeApp,
  getBuild,
  REPO as CODE_REPO,
  runBuildToEnd,
  SHA1,
  SHA2,
} from '../../../test/helpers/code-factories';
import {
  deploymentRow,
  projectWithQuotas,
  reconcileToStatus,
  teamWithEnvironment,
  usageOf,
} from '../../../test/helpers/deploy-factories';
import type { FakeImageBuilder } from '../../../test/helpers/fake-builder';
import { call } from '../../../test/helpers/factories';
import { API, type Team } from '../../../test/helpers/project-factories';
import type { TestApp } from '../../../test/helpers/test-app';

/**
 * A Compose file read from the application's Git repository (issue 30 item 2): each build reads
 * it at the commit, builds its `build:` services, and the release runs it with their images.
 */
let t: TestApp;
let builder: FakeImageBuilder;
let team: Team;
let env: Environment;

const REPO = 'https://git.exemple.sn/equipe/pile.git';
const SHA3 = '3333333333333333333333333333333333333333';
const PASSWORD = 'mot-de-passe-de-la-pile-42';

const STACK = (webLimit: string) => `services:
  web:
    build:
      context: ./web
      args:
        NODE_ENV: production
    environment:
      DB_PASSWORD: ${PASSWORD}
    deploy:
      resources:
        limits:
          cpus: "${webLimit}"
          memory: 256M
  db:
    image: postgres:16
    environment:
      POSTGRES_PASSWORD: ${PASSWORD}
    volumes:
      - pgdata:/var/lib/postgresql/data
volumes:
  pgdata:
    x-taille: 2G
`;

beforeAll(async () => {
  ({ t, builder } = await codeTestApp());
  ({ team, env } = await teamWithEnvironment(t));
  builder.repos.set(REPO, {
    branches: { main: SHA1 },
    messages: { [SHA1]: 'Pile', [SHA2]: 'Plus de CPU', [SHA3]: 'Sans fichier' },
    files: {
      [SHA1]: { 'deploy/compose.yaml': STACK('0.25').replace('./web', '../web') },
      [SHA2]: { 'deploy/compose.yaml': STACK('1').replace('./web', '../web') },
      [SHA3]: {},
    },
  });
});
afterAll(() => t.close());

const dev = () => team.developer.token;
let counter = 0;
const body = (overrides: Record<string, unknown> = {}) => ({
  nom: `pile-git-${++counter}`,
  depot_git: { repository_url: REPO, git_branch: 'main', chemin_compose: 'deploy/compose.yaml' },
  service_expose: 'web',
  port: 8080,
  ...overrides,
});
/** Service names are the environment's DNS names: each stack of these tests gets its own. */
const freshEnv = async () => (await projectWithQuotas(t, team, 8, 16, 50)).env.id;
const post = async (b: unknown, envId?: string, token = dev()) =>
  call(t, 'POST', `${API}/deployments/${envId ?? (await freshEnv())}/deploy/compose`, {
    token,
    body: b,
  });
const releasesOf = async (id: string) =>
  (await call(t, 'GET', `${API}/deployments/${id}/releases`, { token: dev() })).json<Release[]>();
const pushTo = (sha: string) => (builder.repos.get(REPO)!.branches.main = sha);
const redeploy = async (id: string) => {
  const res = await call(t, 'POST', `${API}/deployments/${id}/redeploy`, { token: dev() });
  expect(res.statusCode, res.body).toBe(202);
  return res.json<{ build_id: string }>().build_id;
};
const fileOf = async (id: string) =>
  decryptSecret(t.secrets.secretsKey, (await deploymentRow(t, id))!.composeFileSealed!);

describe('deploy/compose from a Git repository', () => {
  it('builds the build: service at the commit, runs the file with its image, and reserves the file’s sum', async () => {
    pushTo(SHA1);
    const res = await post(body());
    expect(res.statusCode, res.body).toBe(201);
    const app = res.json<{ id: string; build_id: string; repo_url: string; compose: unknown }>();
    expect(app).toMatchObject({
      repo_url: REPO,
      compose: { services: [], chemin_compose: 'deploy/compose.yaml' },
    });
    // Nothing runs before the first release.
    await t.app.engine.reconciler.runUntilIdle();
    expect((await deploymentRow(t, app.id))!.status).toBe('PENDING');

    const build = await runBuildToEnd(t, dev(), app.build_id);
    expect(build.status, build.error_message ?? '').toBe('success');
    expect(builder.requests.at(-1)).toMatchObject({
      imageName: `nuage-builds/${app.id}/web`,
      tag: 'build-1',
      buildArgs: { NODE_ENV: 'production' },
      composeService: { service: 'web', context: 'web', dockerfile: 'Dockerfile' },
      source: { repositoryUrl: REPO, commitSha: SHA1 },
    });
    const logs = await call(t, 'GET', `${API}/builds/${app.build_id}/logs`, { token: dev() });
    expect(logs.body).toContain(composeTexts.composeRead('deploy/compose.yaml', ['web']));

    await reconcileToStatus(t, app.id, 'RUNNING');
    const built = `registry.test/nuage-builds/${app.id}/web:build-1`;
    const file = await fileOf(app.id);
    expect(file).not.toContain('build:');
    expect(file).toContain(`image: ${built}`);
    const row = (await deploymentRow(t, app.id))!;
    expect(row.composeFileSealed).not.toContain(PASSWORD);
    expect(composeSettingsOf(row.settings)).toMatchObject({
      exposedService: 'web',
      composePath: 'deploy/compose.yaml',
      services: [
        { name: 'db', image: 'postgres:16' },
        { name: 'web', image: built, built: true, cpuMilli: 250 },
      ],
    });
    expect(composeSettingsOf(row.settings).services[0]).not.toHaveProperty('built');
    // web 0.25 + db's default 0.5 cores; 256 MiB + 512 MB; the 2 GiB volume.
    expect(row).toMatchObject({ cpuMilli: 750, ramMb: 781, storageMb: 2148, replicas: 1 });
    // Its releases are its own: none to promote elsewhere, and no error asking.
    const targets = await call(t, 'GET', `${API}/deployments/${app.id}/promotion-targets`, {
      token: dev(),
    });
    expect(targets.statusCode, targets.body).toBe(200);
    expect(targets.json()).toEqual([]);
    const [release] = await releasesOf(app.id);
    expect(release).toMatchObject({ numero: 1, is_current: true, commit_sha: SHA1 });
    expect(JSON.stringify(release)).not.toContain(PASSWORD);
    const detail = await call(t, 'GET', `${API}/deployments/deployment/${app.id}`, {
      token: dev(),
    });
    expect(
      detail.json<{ compose: { services: { nom: string; construit: boolean }[] } }>().compose
        .services,
    ).toEqual([
      expect.objectContaining({ nom: 'db', construit: false }),
      expect.objectContaining({ nom: 'web', construit: true }),
    ]);
  });

  it('a new commit is a new release with its file; a rollback brings back the first file and size', async () => {
    pushTo(SHA1);
    const app = (await post(body())).json<{ id: string; build_id: string }>();
    await runBuildToEnd(t, dev(), app.build_id);
    await reconcileToStatus(t, app.id, 'RUNNING');
    pushTo(SHA2);
    const second = await runBuildToEnd(t, dev(), await redeploy(app.id));
    expect(second.status, second.error_message ?? '').toBe('success');
    await t.app.engine.reconciler.runUntilIdle();
    expect((await deploymentRow(t, app.id))!.cpuMilli).toBe(1500);
    expect(await fileOf(app.id)).toContain('cpus: "1"');
    const releases = await releasesOf(app.id);
    expect(releases.map((r) => [r.numero, r.is_current])).toEqual([
      [2, true],
      [1, false],
    ]);
    const back = await call(
      t,
      'POST',
      `${API}/deployments/${app.id}/releases/${releases[1]!.id}/rollback`,
      { token: dev() },
    );
    expect(back.statusCode, back.body).toBe(202);
    await t.app.engine.reconciler.runUntilIdle();
    const row = (await deploymentRow(t, app.id))!;
    expect(row.cpuMilli).toBe(750);
    expect(await fileOf(app.id)).toContain('cpus: "0.25"');
    expect(await fileOf(app.id)).toContain(`nuage-builds/${app.id}/web:build-1`);
  });

  it('a signed push to its webhook builds the pushed commit into a new release', async () => {
    pushTo(SHA1);
    const app = (await post(body())).json<{ id: string; build_id: string }>();
    await runBuildToEnd(t, dev(), app.build_id);
    const created = await call(t, 'POST', `${API}/deployments/${app.id}/webhook/secret`, {
      token: dev(),
    });
    expect(created.statusCode, created.body).toBe(200);
    const secret = created.json<{ secret: string }>().secret;
    pushTo(SHA2);
    const payload = JSON.stringify({
      ref: 'refs/heads/main',
      after: SHA2,
      head_commit: { message: 'Plus de CPU' },
    });
    const res = await t.app.inject({
      method: 'POST',
      url: `${API}/webhooks/git/${app.id}`,
      payload,
      headers: {
        'content-type': 'application/json',
        'x-github-event': 'push',
        'x-hub-signature-256': `sha256=${createHmac('sha256', secret).update(payload).digest('hex')}`,
      },
    });
    expect(res.statusCode, res.body).toBe(202);
    const build = await runBuildToEnd(t, dev(), res.json<{ build_id: string }>().build_id);
    expect(build).toMatchObject({ status: 'success', commit_sha: SHA2 });
    expect((await releasesOf(app.id)).map((r) => r.numero)).toEqual([2, 1]);
  });

  it('its branch changes through PUT source (a build of the new head); build arguments stay in the file', async () => {
    pushTo(SHA1);
    builder.repos.get(REPO)!.branches.plus = SHA2;
    const app = (await post(body())).json<{ id: string; build_id: string }>();
    await runBuildToEnd(t, dev(), app.build_id);
    const source = { repository_url: REPO, git_branch: 'plus', git_token_id: null, port: null };
    const refused = await call(t, 'PUT', `${API}/deployments/${app.id}/source`, {
      token: dev(),
      body: { ...source, build_args: { NODE_ENV: 'test' } },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json<{ detail: { loc: string[]; msg: string }[] }>().detail).toEqual([
      expect.objectContaining({ loc: ['body', 'build_args'], msg: composeTexts.buildArgsInFile }),
    ]);
    const res = await call(t, 'PUT', `${API}/deployments/${app.id}/source`, {
      token: dev(),
      body: { ...source, build_args: {} },
    });
    expect(res.statusCode, res.body).toBe(200);
    const build = await runBuildToEnd(t, dev(), res.json<{ build_id: string }>().build_id);
    expect(build).toMatchObject({ status: 'success', commit_sha: SHA2, branch: 'plus' });
    // No port given: the exposed service's is kept.
    expect((await deploymentRow(t, app.id))!).toMatchObject({ cpuMilli: 1500, port: 8080 });
  });

  it('its exposed service changes through PUT source with the release that change builds; a service the file lacks fails that build only', async () => {
    pushTo(SHA1);
    const app = (await post(body())).json<{ id: string; build_id: string }>();
    await runBuildToEnd(t, dev(), app.build_id);
    await reconcileToStatus(t, app.id, 'RUNNING');
    const put = (service_expose: string, port: number) =>
      call(t, 'PUT', `${API}/deployments/${app.id}/source`, {
        token: dev(),
        body: {
          repository_url: REPO,
          git_branch: 'main',
          git_token_id: null,
          build_args: {},
          port,
          service_expose,
        },
      });
    const res = await put('db', 5432);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ service_expose: 'db', port: 5432 });
    // The running release still serves web until the build of the change is released.
    expect(composeSettingsOf((await deploymentRow(t, app.id))!.settings)).toMatchObject({
      exposedService: 'web',
      requestedExposedService: 'db',
    });
    expect(await runBuildToEnd(t, dev(), res.json<{ build_id: string }>().build_id)).toMatchObject({
      status: 'success',
    });
    const released = composeSettingsOf((await deploymentRow(t, app.id))!.settings);
    expect(released.exposedService).toBe('db');
    expect(released).not.toHaveProperty('requestedExposedService');

    const unknown = await put('cache', 6379);
    const failed = await runBuildToEnd(t, dev(), unknown.json<{ build_id: string }>().build_id);
    expect(failed).toMatchObject({
      status: 'failed',
      error_message: composeTexts.fileRefusedInRepository('deploy/compose.yaml', [
        composeTexts.exposedServiceUnknown('cache'),
      ]),
    });
    expect(composeSettingsOf((await deploymentRow(t, app.id))!.settings).exposedService).toBe('db');
  });

  it('a code application has no exposed service to change', async () => {
    const code = await deployCodeApp(t, dev(), env);
    const res = await call(t, 'PUT', `${API}/deployments/${code.id}/source`, {
      token: dev(),
      body: {
        repository_url: CODE_REPO,
        git_branch: 'main',
        git_token_id: null,
        build_args: {},
        port: null,
        service_expose: 'web',
      },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json<{ detail: { loc: string[]; msg: string }[] }>().detail).toEqual([
      expect.objectContaining({
        loc: ['body', 'service_expose'],
        msg: composeTexts.exposedServiceNotCompose,
      }),
    ]);
  });

  it('a commit without the file, or with a file the platform refuses, fails its build in French and runs nothing', async () => {
    pushTo(SHA3);
    const missing = (await post(body())).json<{ id: string; build_id: string }>();
    const failed = await runBuildToEnd(t, dev(), missing.build_id);
    expect(failed).toMatchObject({
      status: 'failed',
      error_message: composeTexts.fileMissingInRepository('deploy/compose.yaml', SHA3.slice(0, 7)),
    });
    expect((await deploymentRow(t, missing.id))!.status).toBe('FAILED');

    builder.repos.get(REPO)!.files![SHA3] = {
      'deploy/compose.yaml': `services:\n  web:\n    build: .\n    privileged: true\n`,
    };
    const refused = (await post(body())).json<{ build_id: string }>();
    expect(await runBuildToEnd(t, dev(), refused.build_id)).toMatchObject({
      status: 'failed',
      error_message: composeTexts.fileRefusedInRepository('deploy/compose.yaml', [
        composeTexts.privileged('web'),
      ]),
    });
    builder.repos.get(REPO)!.files![SHA3] = {};
  });

  it('a release whose services another stack of the environment already names fails its build, naming that stack', async () => {
    pushTo(SHA1);
    const envId = await freshEnv();
    const first = (await post(body(), envId)).json<{ nom: string; build_id: string }>();
    expect((await runBuildToEnd(t, dev(), first.build_id)).status).toBe('success');
    const second = (await post(body(), envId)).json<{ build_id: string }>();
    expect(await runBuildToEnd(t, dev(), second.build_id)).toMatchObject({
      status: 'failed',
      error_message: composeTexts.fileRefusedInRepository('deploy/compose.yaml', [
        composeTexts.serviceNameTaken('db', first.nom),
        composeTexts.serviceNameTaken('web', first.nom),
      ]),
    });
  });

  it('a release the quota cannot hold fails its build; the serving release keeps serving', async () => {
    const { env: small, project } = await projectWithQuotas(t, team, 1, 8, 20);
    pushTo(SHA1);
    const app = (await post(body(), small.id)).json<{ id: string; build_id: string }>();
    await runBuildToEnd(t, dev(), app.build_id);
    await reconcileToStatus(t, app.id, 'RUNNING');
    pushTo(SHA2);
    const build = await runBuildToEnd(t, dev(), await redeploy(app.id));
    expect(build.status).toBe('failed');
    expect(build.error_message).toMatch(
      new RegExp(`^${composeTexts.releaseQuota('').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}CPU`),
    );
    expect((await releasesOf(app.id)).map((r) => r.numero)).toEqual([1]);
    expect(await usageOf(t, team, project)).toMatchObject({ cpu: 0.75 });
    expect((await deploymentRow(t, app.id))!.status).toBe('RUNNING');
  });

  it('says in French where each problem of the request is, and refuses the pasted-file edit', async () => {
    const both = await post({ ...body(), fichier_compose: STACK('1') });
    expect(both.statusCode).toBe(422);
    expect(both.json<{ detail: { loc: string[]; msg: string }[] }>().detail).toEqual([
      expect.objectContaining({ loc: ['body', 'depot_git'], msg: composeTexts.fileOrRepository }),
    ]);
    const path = await post(
      body({ depot_git: { repository_url: REPO, chemin_compose: '../x.yml' } }),
    );
    expect(path.json<{ detail: { loc: string[]; msg: string }[] }>().detail).toEqual([
      expect.objectContaining({
        loc: ['body', 'depot_git', 'chemin_compose'],
        msg: composeTexts.pathInvalid,
      }),
    ]);
    const branch = await post(
      body({ depot_git: { repository_url: REPO, git_branch: 'nulle-part' } }),
    );
    expect(branch.statusCode).toBe(422);
    expect(branch.json<{ detail: { loc: string[] }[] }>().detail[0]!.loc).toEqual([
      'body',
      'depot_git',
      'git_branch',
    ]);

    pushTo(SHA1);
    const app = (await post(body())).json<{ id: string; build_id: string }>();
    await runBuildToEnd(t, dev(), app.build_id);
    const edit = await call(t, 'PUT', `${API}/deployments/deployment/${app.id}/compose`, {
      token: dev(),
      body: { fichier_compose: STACK('1'), service_expose: 'web', port: 8080 },
    });
    expect(edit.statusCode).toBe(422);
    expect(edit.json<{ detail: { msg: string }[] }>().detail[0]!.msg).toBe(
      composeTexts.fileFromRepository,
    );
    expect((await getBuild(t, dev(), app.build_id)).status).toBe('success');
  });
});
