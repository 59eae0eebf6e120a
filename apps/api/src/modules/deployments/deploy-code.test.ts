import type { Environment } from '@nuage/shared/api-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectIssue, type Team } from '../../../test/helpers/project-factories';
import { teamWithEnvironment } from '../../../test/helpers/deploy-factories';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';

let t: TestApp;
let team: Team;
let env: Environment;

beforeAll(async () => {
  t = await createTestApp();
  ({ team, env } = await teamWithEnvironment(t));
});
afterAll(() => t.close());

describe('POST /deployments/{envId}/deploy/code', () => {
  const codeBody = (overrides: Record<string, unknown> = {}) => ({
    nom: 'API Node',
    cpu: 0.5,
    ram: 1,
    replicas: 1,
    type_application: 'nodejs',
    git_branch: 'main',
    build_args: {},
    helm_chart_version: '1.0.0',
    repo_url: 'https://github.com/exemple/api.git',
    ...overrides,
  });
  const postCode = (body: unknown, token = team.developer.token) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/deployments/${env.id}/deploy/code`,
      payload: body as object,
      headers: { authorization: `Bearer ${token}` },
    });

  it('answers 501 with a French detail saying code deployment is coming', async () => {
    const res = await postCode(codeBody());
    expect(res.statusCode, res.body).toBe(501);
    expect(res.json<{ detail: string }>().detail).toBe(
      "Le déploiement de code arrive bientôt : seules les applications prêtes à l'emploi (WordPress, Odoo) peuvent être déployées pour l'instant.",
    );
  });

  it('answers 501 for a private repository with its token too', async () => {
    const res = await postCode(
      codeBody({
        repo_url: null,
        repository_access: {
          repository_url: 'git@github.com:exemple/api.git',
          git_token_id: 'tok-1',
        },
      }),
    );
    expect(res.statusCode, res.body).toBe(501);
  });

  it("answers 422 'L'URL du repository est requise' without a repository, or with one that is not a URL", async () => {
    expectIssue(
      await postCode(codeBody({ repo_url: undefined })),
      ['body', 'repo_url'],
      "L'URL du repository est requise",
    );
    expectIssue(
      await postCode(codeBody({ repo_url: 'pas une url' })),
      ['body', 'repo_url'],
      "L'URL du repository est requise",
    );
  });

  it("answers 422 'Token requis pour repository privé' for a private repository without a token", async () => {
    const res = await postCode(
      codeBody({
        repo_url: null,
        repository_access: {
          repository_url: 'https://github.com/exemple/prive.git',
          git_token_id: ' ',
        },
      }),
    );
    expectIssue(
      res,
      ['body', 'repository_access', 'git_token_id'],
      'Token requis pour repository privé',
    );
  });

  it('checks the resources with SPEC §5 wording', async () => {
    expectIssue(await postCode(codeBody({ cpu: 9 })), ['body', 'cpu'], 'Maximum 8 cores');
    expectIssue(await postCode(codeBody({ ram: undefined })), ['body', 'ram'], 'RAM requis');
    expectIssue(
      await postCode(codeBody({ replicas: 0 })),
      ['body', 'replicas'],
      'Minimum 1 replica',
    );
    expectIssue(
      await postCode(codeBody({ nom: '' })),
      ['body', 'nom'],
      "Le nom de l'application est requis",
    );
  });

  it('answers 403 to a project user and 404 to a non-member', async () => {
    expect((await postCode(codeBody(), team.user.token)).statusCode).toBe(403);
    expect((await postCode(codeBody(), team.outsider.token)).statusCode).toBe(404);
  });
});
