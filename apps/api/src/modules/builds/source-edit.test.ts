import type { Environment } from '@nuage/shared/api-types';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema/audit';
import { builds } from '../../db/schema/builds';
import { deployments } from '../../db/schema/deployments';
import {
  codeTeam,
  codeTestApp,
  deployCodeApp,
  getBuild,
  REPO,
  SHA1,
  SHA2,
} from '../../../test/helpers/code-factories';
import { FAKE_TEXTS, type FakeImageBuilder } from '../../../test/helpers/fake-builder';
import { call } from '../../../test/helpers/factories';
import { API, expectDetail, expectIssue, type Team } from '../../../test/helpers/project-factories';
import type { TestApp } from '../../../test/helpers/test-app';
import { DEPLOYMENT_NOT_FOUND } from '../deployments/access';
import { GIT_TOKEN_UNKNOWN } from '../deployments/deploy-code';

let t: TestApp;
let builder: FakeImageBuilder;
let team: Team;
let env: Environment;
let projectId: string;
const PRIVATE = 'https://git.exemple.sn/equipe/prive.git';
const SHA3 = '3333333333333333333333333333333333333333';

beforeAll(async () => {
  ({ t, builder } = await codeTestApp());
  builder.repos.set(REPO, {
    branches: { main: SHA1, develop: SHA2 },
    messages: { [SHA1]: 'Première version', [SHA2]: 'Branche develop' },
  });
  builder.repos.set(PRIVATE, { branches: { main: SHA3 }, token: 'bon-token' });
  ({ team, env, projectId } = await codeTeam(t));
});
afterAll(() => t.close());

const source = (overrides: Record<string, unknown> = {}) => ({
  repository_url: REPO,
  git_branch: 'main',
  git_token_id: null,
  build_args: {},
  port: null,
  ...overrides,
});
const put = (id: string, body: unknown, token: string | null = team.developer.token) =>
  call(t, 'PUT', `${API}/deployments/${id}/source`, { ...(token ? { token } : {}), body });
const rowOf = async (id: string) =>
  (await t.database.db.select().from(deployments).where(eq(deployments.id, id)))[0]!;
const buildCount = async (id: string) =>
  Number(
    (await t.database.db.select({ n: count() }).from(builds).where(eq(builds.deploymentId, id)))[0]!
      .n,
  );
async function addToken(value: string) {
  const res = await call(t, 'POST', `${API}/projects/${projectId}/git-tokens`, {
    token: team.developer.token,
    body: { nom: `Jeton ${value}`, token: value },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string }>().id;
}

describe('PUT /deployments/{id}/source', () => {
  it('answers 401 without a session, 404 to a stranger, 403 to a project user; nothing changes', async () => {
    const app = await deployCodeApp(t, team.developer.token, env);
    const body = source({ git_branch: 'develop' });
    expect((await put(app.id, body, null)).statusCode).toBe(401);
    expectDetail(await put(app.id, body, team.outsider.token), 404, DEPLOYMENT_NOT_FOUND);
    expect((await put(app.id, body, team.user.token)).statusCode).toBe(403);
    expect((await rowOf(app.id)).gitBranch).toBe('main');
    expect(await buildCount(app.id)).toBe(1);
  });

  it('switches the branch: stores it and queues a build of its head (trigger redeploy)', async () => {
    const app = await deployCodeApp(t, team.developer.token, env);
    const res = await put(
      app.id,
      source({ git_branch: 'develop', build_args: { NODE_ENV: 'production' }, port: 8080 }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ build_id: string }>();
    expect(body).toMatchObject({
      repository_url: REPO,
      git_branch: 'develop',
      git_token_id: null,
      build_args: { NODE_ENV: 'production' },
      port: 8080,
    });
    expect(await getBuild(t, team.user.token, body.build_id)).toMatchObject({
      trigger: 'redeploy',
      branch: 'develop',
      commit_sha: SHA2,
      status: 'queued',
    });
    const detail = await call(t, 'GET', `${API}/deployments/deployment/${app.id}`, {
      token: team.user.token,
    });
    expect(detail.json()).toMatchObject({
      git_branch: 'develop',
      build_args: { NODE_ENV: 'production' },
      port: 8080,
    });
    const audit = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'deployment.source'));
    expect(audit.length).toBeGreaterThan(0);
  });

  it('moves to a private repository with a project token, never returning the token', async () => {
    const app = await deployCodeApp(t, team.developer.token, env);
    const tokenId = await addToken('bon-token');
    const res = await put(app.id, source({ repository_url: PRIVATE, git_token_id: tokenId }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ repository_url: PRIVATE, git_token_id: tokenId });
    expect(res.body).not.toContain('bon-token');
    const build = await getBuild(t, team.user.token, res.json<{ build_id: string }>().build_id);
    expect(build).toMatchObject({ repository_url: PRIVATE, commit_sha: SHA3 });
  });

  it('refuses a wrong token, a missing branch, an unreachable repository, an unknown token in French; nothing written', async () => {
    const app = await deployCodeApp(t, team.developer.token, env);
    const wrong = await addToken('mauvais-token');
    const before = { row: await rowOf(app.id), builds: await buildCount(app.id) };
    expectIssue(
      await put(app.id, source({ repository_url: PRIVATE, git_token_id: wrong })),
      ['body', 'git_token_id'],
      FAKE_TEXTS.auth,
    );
    expectIssue(
      await put(app.id, source({ repository_url: PRIVATE })),
      ['body', 'git_token_id'],
      FAKE_TEXTS.auth,
    );
    expectIssue(
      await put(app.id, source({ git_branch: 'inexistante' })),
      ['body', 'git_branch'],
      FAKE_TEXTS.branch('inexistante'),
    );
    expectIssue(
      await put(app.id, source({ repository_url: 'https://git.exemple.sn/inconnu/repo.git' })),
      ['body', 'repository_url'],
      FAKE_TEXTS.unreachable,
    );
    expectIssue(
      await put(app.id, source({ git_token_id: '00000000-0000-4000-8000-000000000000' })),
      ['body', 'git_token_id'],
      GIT_TOKEN_UNKNOWN,
    );
    expectIssue(
      await put(app.id, source({ repository_url: 'pas une url' })),
      ['body', 'repository_url'],
      "L'URL du dépôt est requise",
    );
    expectIssue(
      await put(app.id, source({ port: 70000 })),
      ['body', 'port'],
      'Port invalide (un entier entre 1 et 65535)',
    );
    const after = await rowOf(app.id);
    expect(after.repoUrl).toBe(before.row.repoUrl);
    expect(after.gitBranch).toBe(before.row.gitBranch);
    expect(after.gitTokenId).toBe(before.row.gitTokenId);
    expect(await buildCount(app.id)).toBe(before.builds);
  });

  it('queues nothing when the source is unchanged (build_id null)', async () => {
    const app = await deployCodeApp(t, team.developer.token, env);
    const calls = builder.resolveCalls;
    const res = await put(app.id, source());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ build_id: null, git_branch: 'main' });
    expect(builder.resolveCalls).toBe(calls);
    expect(await buildCount(app.id)).toBe(1);
  });
});

describe('OpenAPI', () => {
  it('documents PUT /deployments/{id}/source with its body', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/docs/json' });
    type Doc = {
      paths: Record<
        string,
        Record<
          string,
          {
            description?: string;
            requestBody?: { content: Record<string, { schema: { properties: object } }> };
          }
        >
      >;
    };
    const op = res.json<Doc>().paths['/api/v1/deployments/{id}/source']?.put;
    expect(op?.description).toContain('Le repository est lu avant toute écriture');
    expect(
      Object.keys(op!.requestBody!.content['application/json']!.schema.properties).sort(),
    ).toEqual([
      'build_args',
      'git_branch',
      'git_token_id',
      'port',
      'repository_url',
      'service_expose',
    ]);
  });
});
