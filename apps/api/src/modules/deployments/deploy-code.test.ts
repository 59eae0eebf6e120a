import type { Environment } from '@nuage/shared/api-types';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builds } from '../../db/schema/builds';
import { deployments } from '../../db/schema/deployments';
import { codeBody, codeTestApp, postCode, REPO, SHA1 } from '../../../test/helpers/code-factories';
import { FAKE_TEXTS, type FakeImageBuilder } from '../../../test/helpers/fake-builder';
import { teamWithEnvironment } from '../../../test/helpers/deploy-factories';
import { call } from '../../../test/helpers/factories';
import { API, expectDetail, expectIssue, type Team } from '../../../test/helpers/project-factories';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { BUILDER_UNAVAILABLE, CODE_TYPE_UNKNOWN, GIT_TOKEN_UNKNOWN } from './deploy-code';

let t: TestApp;
let builder: FakeImageBuilder;
let team: Team;
let env: Environment;
let projectId: string;
const PRIVATE = 'https://git.exemple.sn/equipe/prive.git';

beforeAll(async () => {
  ({ t, builder } = await codeTestApp());
  builder.repos.set(PRIVATE, { branches: { main: SHA1 }, token: 'bon-token' });
  const created = await teamWithEnvironment(t, { quota_cpu: 2, quota_ram: 4, quota_stockage: 10 });
  ({ team, env } = created);
  projectId = created.project.id;
});
afterAll(() => t.close());

const post = (body: unknown, token = team.developer.token) => postCode(t, token, env.id, body);
const rowCounts = async () => {
  const [d] = await t.database.db
    .select({ n: count() })
    .from(deployments)
    .where(eq(deployments.environmentId, env.id));
  const [b] = await t.database.db
    .select({ n: count() })
    .from(builds)
    .where(eq(builds.projectId, projectId));
  return { deployments: Number(d!.n), builds: Number(b!.n) };
};
async function addToken(value = 'bon-token') {
  const res = await call(t, 'POST', `${API}/projects/${projectId}/git-tokens`, {
    token: team.developer.token,
    body: { nom: 'Jeton CI', token: value },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string }>().id;
}

describe('POST /deployments/{envId}/deploy/code', () => {
  it('answers 201 with the application and its first build, queued at once; nothing runs before a release', async () => {
    const res = await post(codeBody({ nom: 'API publique' }));
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json<Record<string, unknown>>();
    expect(body).toMatchObject({
      nom: 'API publique',
      type_application: 'CODE',
      template: 'nodejs',
      template_name: 'Node.js',
      source_kind: 'code',
      repository_url: REPO,
      git_branch: 'main',
      git_token_id: null,
      current_release: null,
      base_de_donnees: null,
      statut_deploiement: 'PENDING',
    });
    const build = await call(t, 'GET', `${API}/builds/${String(body.build_id)}`, {
      token: team.user.token,
    });
    expect(build.json()).toMatchObject({
      status: 'queued',
      queue_position: 1,
      numero: 1,
      trigger: 'deploy',
      commit_sha: SHA1,
      commit_message: 'Première version',
    });
    // The reconciler leaves it alone until the pipeline gives it a release.
    await t.app.engine.reconciler.runUntilIdle();
    const [row] = await t.database.db
      .select()
      .from(deployments)
      .where(eq(deployments.id, String(body.id)));
    expect(row!.runtime).toBeNull();
    expect(row!.storageMb).toBe(1000);
  });

  it('reads a private repository with the project token, never returning it', async () => {
    const tokenId = await addToken();
    const res = await post(
      codeBody({
        repo_url: null,
        repository_access: { repository_url: PRIVATE, git_token_id: tokenId },
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ git_token_id: tokenId, repository_url: PRIVATE });
    expect(res.body).not.toContain('bon-token');
  });

  it('refuses a wrong token, a missing branch, an unreachable repository in French, writing nothing', async () => {
    const before = await rowCounts();
    const wrong = await addToken('mauvais-token');
    expectIssue(
      await post(
        codeBody({
          repo_url: null,
          repository_access: { repository_url: PRIVATE, git_token_id: wrong },
        }),
      ),
      ['body', 'repository_access', 'git_token_id'],
      FAKE_TEXTS.auth,
    );
    expectIssue(
      await post(codeBody({ git_branch: 'develop' })),
      ['body', 'git_branch'],
      FAKE_TEXTS.branch('develop'),
    );
    expectIssue(
      await post(codeBody({ repo_url: 'https://git.exemple.sn/inconnu/repo.git' })),
      ['body', 'repo_url'],
      FAKE_TEXTS.unreachable,
    );
    expectIssue(
      await post(
        codeBody({
          repo_url: null,
          repository_access: {
            repository_url: PRIVATE,
            git_token_id: '00000000-0000-4000-8000-000000000000',
          },
        }),
      ),
      ['body', 'repository_access', 'git_token_id'],
      GIT_TOKEN_UNKNOWN,
    );
    expect(await rowCounts()).toEqual(before);
  });

  it("answers 422 'L'URL du dépôt est requise' without a repository, or with one that is not a URL", async () => {
    expectIssue(
      await post(codeBody({ repo_url: undefined })),
      ['body', 'repo_url'],
      "L'URL du dépôt est requise",
    );
    expectIssue(
      await post(codeBody({ repo_url: 'pas une url' })),
      ['body', 'repo_url'],
      "L'URL du dépôt est requise",
    );
  });

  it("answers 422 'Token requis pour un dépôt privé' for a private repository without a token", async () => {
    expectIssue(
      await post(
        codeBody({
          repo_url: null,
          repository_access: { repository_url: PRIVATE, git_token_id: ' ' },
        }),
      ),
      ['body', 'repository_access', 'git_token_id'],
      'Token requis pour un dépôt privé',
    );
  });

  it('checks the resources, the type, the variables and the port in French', async () => {
    expectIssue(await post(codeBody({ cpu: 9 })), ['body', 'cpu'], 'Maximum 8 cores');
    expectIssue(await post(codeBody({ ram: undefined })), ['body', 'ram'], 'RAM requis');
    expectIssue(await post(codeBody({ replicas: 0 })), ['body', 'replicas'], 'Minimum 1 instance');
    expectIssue(
      await post(codeBody({ nom: '' })),
      ['body', 'nom'],
      "Le nom de l'application est requis",
    );
    expectIssue(
      await post(codeBody({ type_application: 'cobol' })),
      ['body', 'type_application'],
      CODE_TYPE_UNKNOWN,
    );
    expectIssue(
      await post(codeBody({ env_vars: [{ name: '1-FAUX', value: 'x', secret: false }] })),
      ['body', 'env_vars', '0', 'name'],
      'Nom de variable invalide',
    );
    expectIssue(
      await post(codeBody({ port: 70000 })),
      ['body', 'port'],
      'Port invalide (un entier entre 1 et 65535)',
    );
  });

  it('applies the project quotas as for templates (SPEC §3 quota error)', async () => {
    const res = await post(codeBody({ cpu: 2, replicas: 2 }));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<{ detail: { message: string } }>().detail.message).toBe(
      'Ressources du projet insuffisantes pour cette application.',
    );
  });

  it('answers 403 to a project user and 404 to a non-member', async () => {
    expect((await post(codeBody(), team.user.token)).statusCode).toBe(403);
    expect((await post(codeBody(), team.outsider.token)).statusCode).toBe(404);
  });
});

describe('deploy/code on a server without an image builder', () => {
  it('answers 503 in French', async () => {
    const plain = await createTestApp();
    try {
      const { team: tm, env: e } = await teamWithEnvironment(plain);
      expectDetail(
        await postCode(plain, tm.developer.token, e.id, codeBody()),
        503,
        BUILDER_UNAVAILABLE,
      );
    } finally {
      await plain.close();
    }
  });
});
