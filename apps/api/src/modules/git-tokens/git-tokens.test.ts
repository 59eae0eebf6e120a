import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { gitTokens } from '../../db/schema/git-tokens';
import { codeBody, codeTestApp, postCode } from '../../../test/helpers/code-factories';
import { teamWithEnvironment } from '../../../test/helpers/deploy-factories';
import { call } from '../../../test/helpers/factories';
import { API, expectDetail, expectIssue, type Team } from '../../../test/helpers/project-factories';
import type { TestApp } from '../../../test/helpers/test-app';
import type { FakeImageBuilder } from '../../../test/helpers/fake-builder';
import { GIT_TOKEN_IN_USE, GIT_TOKEN_NOT_FOUND } from './service';

let t: TestApp;
let builder: FakeImageBuilder;
let team: Team;
let projectId: string;
let envId: string;
const PRIVATE = 'https://git.exemple.sn/equipe/secret.git';
const SECRET = 'glpat-tres-secret-0123456789';

beforeAll(async () => {
  ({ t, builder } = await codeTestApp());
  builder.repos.set(PRIVATE, { branches: { main: '3'.repeat(40) }, token: SECRET });
  const created = await teamWithEnvironment(t);
  team = created.team;
  projectId = created.project.id;
  envId = created.env.id;
});
afterAll(() => t.close());

const url = (suffix = '') => `${API}/projects/${projectId}/git-tokens${suffix}`;

describe('/projects/{id}/git-tokens', () => {
  it('adds a token (201), lists it, never returns nor logs its value, stores it sealed', async () => {
    const res = await call(t, 'POST', url(), {
      token: team.developer.token,
      body: { nom: 'GitLab CI', token: SECRET },
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json<{ id: string }>();
    expect(res.json()).toEqual({
      id: created.id,
      nom: 'GitLab CI',
      created_at: expect.any(String),
      last_used_at: null,
    });
    const list = await call(t, 'GET', url(), { token: team.user.token });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([expect.objectContaining({ id: created.id, nom: 'GitLab CI' })]);
    expect(list.body).not.toContain(SECRET);
    const [row] = await t.database.db.select().from(gitTokens).where(eq(gitTokens.id, created.id));
    expect(row!.tokenSealed).not.toContain(SECRET);
    expect(t.logs.text).not.toContain(SECRET);
  });

  it("answers 422 'Le nom du token est requis' and 'Le token est requis'", async () => {
    expectIssue(
      await call(t, 'POST', url(), { token: team.developer.token, body: { nom: ' ', token: 'x' } }),
      ['body', 'nom'],
      'Le nom du token est requis',
    );
    expectIssue(
      await call(t, 'POST', url(), { token: team.developer.token, body: { nom: 'CI' } }),
      ['body', 'token'],
      'Le token est requis',
    );
  });

  it('answers 401 without a session, 403 to a project user writing, 404 to a non-member', async () => {
    expect((await call(t, 'GET', url())).statusCode).toBe(401);
    expect(
      (await call(t, 'POST', url(), { token: team.user.token, body: { nom: 'CI', token: 'x' } }))
        .statusCode,
    ).toBe(403);
    expect((await call(t, 'GET', url(), { token: team.outsider.token })).statusCode).toBe(404);
  });

  it('refuses to delete a token an application uses (409), deletes an unused one (204)', async () => {
    const made = await call(t, 'POST', url(), {
      token: team.developer.token,
      body: { nom: 'Déploiement', token: SECRET },
    });
    const id = made.json<{ id: string }>().id;
    const deployed = await postCode(
      t,
      team.developer.token,
      envId,
      codeBody({
        repo_url: null,
        repository_access: { repository_url: PRIVATE, git_token_id: id },
      }),
    );
    expect(deployed.statusCode, deployed.body).toBe(201);
    expectDetail(
      await call(t, 'DELETE', url(`/${id}`), { token: team.developer.token }),
      409,
      GIT_TOKEN_IN_USE,
    );
    const spare = await call(t, 'POST', url(), {
      token: team.developer.token,
      body: { nom: 'Inutile', token: 'x' },
    });
    const spareId = spare.json<{ id: string }>().id;
    expect(
      (await call(t, 'DELETE', url(`/${spareId}`), { token: team.developer.token })).statusCode,
    ).toBe(204);
    expectDetail(
      await call(t, 'DELETE', url(`/${spareId}`), { token: team.developer.token }),
      404,
      GIT_TOKEN_NOT_FOUND,
    );
  });
});
