import type { Environment } from '@nuage/shared/api-types';
import { previewReportTexts } from '@nuage/shared/messages/previews';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { previews } from '../../db/schema/previews';
import {
  codeTestApp,
  deployCodeApp,
  REPO,
  runBuildToEnd,
} from '../../../test/helpers/code-factories';
import type { FakeImageBuilder } from '../../../test/helpers/fake-builder';
import { startFakeGitHost, type FakeGitHost } from '../../../test/helpers/fake-git-host';
import { reconcileToStatus, teamWithEnvironment } from '../../../test/helpers/deploy-factories';
import { call } from '../../../test/helpers/factories';
import { API, type Team } from '../../../test/helpers/project-factories';
import {
  githubPullRequest,
  gitlabMergeRequest,
  sendGithubEvent,
  sendGitlabEvent,
} from '../../../test/helpers/pull-requests';
import type { TestApp } from '../../../test/helpers/test-app';
import { testConfig } from '../../../test/helpers/test-app';

const SHA_A = 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa';
const SHA_B = 'bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb';
const HOST_TOKEN = 'jeton-de-l-hebergeur-tres-secret';

let t: TestApp;
let builder: FakeImageBuilder;
let host: FakeGitHost;
let team: Team;
let env: Environment;
let tokenId: string;

beforeAll(async () => {
  host = await startFakeGitHost({ token: HOST_TOKEN });
  const defaults = await testConfig();
  // The fake host listens on 127.0.0.1: a private address, as for a company's own Git server.
  ({ t, builder } = await codeTestApp({
    builds: { ...defaults.builds, allowPrivateGitHosts: true },
  }));
  builder.repos.get(REPO)!.branches['feature'] = SHA_A;
  ({ team, env } = await teamWithEnvironment(t));
  const created = await call(t, 'POST', `${API}/projects/${env.projet_id}/git-tokens`, {
    token: team.admin.token,
    body: { nom: 'Rapports', token: HOST_TOKEN },
  });
  expect(created.statusCode, created.body).toBe(201);
  tokenId = created.json<{ id: string }>().id;
});
afterAll(async () => {
  await t.close();
  await host.close();
});

/** A code application with previews reporting to `provider` on the fake host. */
async function applicationReportingTo(provider: 'github' | 'gitlab' | 'gitea') {
  const app = await deployCodeApp(t, team.developer.token, env);
  const settings = await call(t, 'PUT', `${API}/deployments/${app.id}/previews`, {
    token: team.admin.token,
    body: {
      actif: true,
      cpu: 0.25,
      ram: 0.5,
      api_url: host.apiUrl(provider),
      jeton_statut_id: tokenId,
    },
  });
  expect(settings.statusCode, settings.body).toBe(200);
  const res = await call(t, 'POST', `${API}/deployments/${app.id}/webhook/secret`, {
    token: team.developer.token,
  });
  return { id: app.id, secret: res.json<{ secret: string }>().secret };
}

/** Report passes until `done` holds (each pass reads the preview's state again). */
async function reportUntil(done: () => boolean, previewAppId?: string) {
  for (let i = 0; i < 100 && !done(); i++) {
    if (previewAppId) await reconcileToStatus(t, previewAppId, 'RUNNING').catch(() => undefined);
    await t.database.db.update(previews).set({ reportDueAt: new Date() });
    await t.app.previewWorker.pass();
  }
  expect(done()).toBe(true);
}

describe('reports to the Git host', () => {
  it('GitHub: a pending status while building, then success with the preview’s address, one comment edited in place', async () => {
    const app = await applicationReportingTo('github');
    const opened = await sendGithubEvent(
      t,
      app.id,
      app.secret,
      'pull_request',
      githubPullRequest('opened', { number: 4, head: 'feature', sha: SHA_A }),
    );
    const { apercu_id: previewId, build_id: buildId } = opened.json<{
      apercu_id: string;
      build_id: string;
    }>();
    await t.app.previewWorker.pass();
    const first = host.statuses('github');
    expect(first.at(-1)).toMatchObject({
      repository: 'equipe/api',
      sha: SHA_A,
      state: 'pending',
      context: previewReportTexts.context,
    });
    expect(host.comments('github')).toHaveLength(1);
    expect(host.comments('github')[0]!.body).toContain(previewReportTexts.commentTitle);

    await runBuildToEnd(t, team.developer.token, buildId);
    const [row] = await t.database.db.select().from(previews).where(eq(previews.id, previewId));
    await reportUntil(
      () => host.statuses('github').at(-1)?.state === 'success',
      row!.deploymentId!,
    );
    const ready = host.statuses('github').at(-1)!;
    expect(ready.description).toBe(previewReportTexts.ready);
    expect(ready.targetUrl).toMatch(/^http:\/\/plateforme\.test\//);
    const [comment] = host.comments('github');
    expect(host.comments('github')).toHaveLength(1);
    expect(comment!.updates).toBeGreaterThan(0);
    expect(comment!.body).toContain(`**État :** ${previewReportTexts.ready}`);
    expect(comment!.body).toContain('**Adresse :**');
    // Nothing new to say: nothing sent.
    const calls = host.calls.length;
    await t.database.db.update(previews).set({ reportDueAt: new Date() });
    await t.app.previewWorker.pass();
    expect(host.calls.length).toBe(calls);
    // The token never reaches the platform's log.
    expect(t.logs.text).not.toContain(HOST_TOKEN);
  });

  it('GitLab: a refusal past the quota is written on the merge request in French', async () => {
    const app = await applicationReportingTo('gitlab');
    await call(t, 'PUT', `${API}/deployments/${app.id}/previews`, {
      token: team.admin.token,
      body: {
        actif: true,
        cpu: 8,
        ram: 16,
        api_url: host.apiUrl('gitlab'),
        jeton_statut_id: tokenId,
      },
    });
    const res = await sendGitlabEvent(
      t,
      app.id,
      app.secret,
      gitlabMergeRequest('open', { number: 12, head: 'feature', sha: SHA_B }),
    );
    expect(res.json().detail).toContain('Aperçu refusé');
    await t.app.previewWorker.pass();
    expect(host.statuses('gitlab').at(-1)).toMatchObject({ sha: SHA_B, state: 'failed' });
    const note = host.comments('gitlab').find((c) => c.number === 12)!;
    expect(note.body).toContain(previewReportTexts.refused);
    expect(note.body).toContain('quota du projet');
  });

  it('a comment deleted on the host is written again; a host that refuses is retried later', async () => {
    const app = await applicationReportingTo('gitea');
    await sendGithubEvent(
      t,
      app.id,
      app.secret,
      'pull_request',
      githubPullRequest('opened', { number: 30, head: 'feature', sha: SHA_A }),
    );
    await t.app.previewWorker.pass();
    const [comment] = host.comments('gitea').filter((c) => c.number === 30);
    expect(comment).toBeDefined();
    host.deleteComment(comment!.id);
    host.failNext(2, 500);
    await sendGithubEvent(
      t,
      app.id,
      app.secret,
      'pull_request',
      githubPullRequest('closed', { number: 30, head: 'feature', sha: SHA_A }),
    );
    await t.app.previewWorker.pass();
    const [row] = await t.database.db.select().from(previews).where(eq(previews.number, 30));
    expect(row!.reportAttempts).toBe(1);
    await reportUntil(() =>
      host
        .comments('gitea')
        .some((c) => c.number === 30 && c.body.includes(previewReportTexts.commentClosed)),
    );
  });
});
