import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeGitHost, type FakeGitHost } from '../../../../test/helpers/fake-git-host';
import { reporterFor } from './index';
import type { PullRequestTarget } from './types';

const TOKEN = 'ghp_DetailsToken0123456789';
const SHA = 'fedcba9876543210fedcba9876543210fedcba98';
let host: FakeGitHost;

beforeAll(async () => {
  host = await startFakeGitHost({ token: TOKEN });
});
afterAll(() => host.close());

const target = (provider: PullRequestTarget['provider'], repository: string) => ({
  provider,
  apiUrl: host.apiUrl(provider),
  repository,
  number: 3,
  headSha: SHA,
  token: TOKEN,
});

describe('GitHub', () => {
  it('cuts a description to the 140 characters GitHub keeps', async () => {
    const description = 'Déploiement de l’aperçu '.repeat(10);
    await reporterFor('github').setCommitStatus(target('github', 'acme/site'), {
      state: 'pending',
      description,
      targetUrl: null,
      context: 'nuage/long',
    });
    const kept = host.statuses('github').at(-1)?.description ?? '';
    expect([...kept]).toHaveLength(140);
    expect(kept).toBe(`${[...description].slice(0, 139).join('')}…`);
  });
});

describe('GitLab', () => {
  it('names a project in subgroups by its encoded full path, under an API root with a prefix', async () => {
    const pr = { ...target('gitlab', 'acme/web/site'), apiUrl: `${host.apiUrl('gitlab')}/` };
    const status = {
      state: 'success',
      description: 'Prêt',
      targetUrl: null,
      context: 'n',
    } as const;
    await reporterFor('gitlab').setCommitStatus(pr, status);
    await reporterFor('gitlab').upsertComment(pr, { body: 'Prêt', commentId: null });
    expect(host.calls.slice(-2).map((c) => [c.method, c.path, c.status])).toEqual([
      ['POST', `/projects/acme%2Fweb%2Fsite/statuses/${SHA}`, 201],
      ['POST', '/projects/acme%2Fweb%2Fsite/merge_requests/3/notes', 201],
    ]);
  });

  it('takes a status GitLab already shows as set (queued, then building)', async () => {
    const reporter = reporterFor('gitlab');
    const pr = target('gitlab', 'acme/site');
    const report = (state: 'pending' | 'success', description: string) =>
      reporter.setCommitStatus(pr, { state, description, targetUrl: null, context: 'nuage/etat' });
    await report('pending', 'En file d’attente');
    await report('pending', 'En construction');
    await report('success', 'Prêt');
    const mine = host.statuses('gitlab').filter((s) => s.context === 'nuage/etat');
    expect(mine.map((s) => s.state)).toEqual(['running', 'success']);
    // The second report did reach GitLab, which refused the transition.
    const refused = host.calls.filter((c) => c.status === 400 && c.path.includes('/statuses/'));
    expect(refused).toHaveLength(1);
  });
});
