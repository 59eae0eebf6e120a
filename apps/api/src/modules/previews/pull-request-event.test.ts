import { describe, expect, it } from 'vitest';
import { githubPullRequest, gitlabMergeRequest } from '../../../test/helpers/pull-requests';
import { isPullRequestEvent, pullRequestOf } from './pull-request-event';

const SHA = 'cccccccccccccccccccccccccccccccccccccccc';
const FORK = { name: 'inconnu/api', url: 'https://git.exemple.sn/inconnu/api.git' };

describe('pull request events of the three providers', () => {
  it('tells pull request events from pushes by each provider’s header', () => {
    expect(isPullRequestEvent('github', { 'x-github-event': 'pull_request' })).toBe(true);
    expect(isPullRequestEvent('github', { 'x-github-event': 'push' })).toBe(false);
    expect(isPullRequestEvent('gitea', { 'x-gitea-event': 'pull_request' })).toBe(true);
    expect(isPullRequestEvent('gitlab', { 'x-gitlab-event': 'Merge Request Hook' })).toBe(true);
    expect(isPullRequestEvent('gitlab', { 'x-gitlab-event': 'Push Hook' })).toBe(false);
  });

  it('reads what each action asks of the preview (Gitea’s synchronized too; GitLab’s merge closes)', () => {
    const pr = { number: 4, head: 'feature', sha: SHA };
    const kind = (p: ReturnType<typeof pullRequestOf>) => ('kind' in p ? p.kind : p.ignored);
    expect(kind(pullRequestOf('github', githubPullRequest('opened', pr)))).toBe('open');
    expect(kind(pullRequestOf('github', githubPullRequest('reopened', pr)))).toBe('open');
    expect(kind(pullRequestOf('github', githubPullRequest('synchronize', pr)))).toBe('update');
    expect(kind(pullRequestOf('gitea', githubPullRequest('synchronized', pr)))).toBe('update');
    expect(kind(pullRequestOf('github', githubPullRequest('closed', pr)))).toBe('close');
    expect(kind(pullRequestOf('gitlab', gitlabMergeRequest('merge', pr)))).toBe('close');
    expect(kind(pullRequestOf('gitlab', gitlabMergeRequest('update', pr)))).toBe('update');
    expect(kind(pullRequestOf('github', githubPullRequest('edited', pr)))).toBe(
      'Pull request n° 4 : l’action « edited » ne change pas l’aperçu.',
    );
  });

  it('a fork’s request is built from the fork; a deleted fork’s is untrusted too', () => {
    const fork = pullRequestOf(
      'github',
      githubPullRequest('opened', { number: 5, head: 'x', sha: SHA, fork: FORK }),
    );
    expect(fork).toMatchObject({ fromFork: true, headRepositoryUrl: FORK.url });
    const deleted = githubPullRequest('opened', { number: 6, head: 'x', sha: SHA });
    (deleted.pull_request.head as { repo: unknown }).repo = null;
    expect(pullRequestOf('github', deleted)).toMatchObject({ fromFork: true });
    const gitlabDeleted = gitlabMergeRequest('open', { number: 7, head: 'x', sha: SHA });
    delete (gitlabDeleted.object_attributes as { source?: unknown }).source;
    expect(pullRequestOf('gitlab', gitlabDeleted)).toMatchObject({ fromFork: true });
    const own = pullRequestOf(
      'gitlab',
      gitlabMergeRequest('open', { number: 8, head: 'x', sha: SHA }),
    );
    expect(own).toMatchObject({ fromFork: false, repository: 'equipe/api' });
  });

  it('refuses a payload without number, branch or a full commit id', () => {
    const bad = githubPullRequest('opened', { number: 9, head: 'x', sha: 'abc' });
    expect(pullRequestOf('github', bad)).toEqual({
      ignored: 'Événement de pull request illisible : numéro, branche ou commit absent.',
    });
    expect(pullRequestOf('gitlab', {})).toHaveProperty('ignored');
  });
});
