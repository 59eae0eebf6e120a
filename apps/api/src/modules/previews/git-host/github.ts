import { Octokit } from '@octokit/rest';
import {
  HOST_TIMEOUT_MS,
  hostError,
  networkDetail,
  ownerAndName,
  truncate,
  updateOrCreate,
} from './host-call';
import type { GitHostError, GitHostReporter, PullRequestTarget } from './types';

/** GitHub refuses a longer status description (422). */
const DESCRIPTION_MAX = 140;

// Octokit logs through console by default; the worker logs the GitHostError it is handed.
const silent = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };

// @octokit/rest carries no retry nor throttling plugin: one request per call, the reporter's
// worker retries later. A client per call: the token is the project's.
const clientFor = (target: PullRequestTarget) =>
  new Octokit({ auth: target.token, baseUrl: target.apiUrl.replace(/\/+$/, ''), log: silent });

/** Per request, so an update then a create each get their ten seconds. */
const timeLimit = () => ({ signal: AbortSignal.timeout(HOST_TIMEOUT_MS) });

/**
 * Octokit's RequestError carries the answer it got; without one (refused, DNS, time limit) it
 * reports status 500, which is no HTTP answer at all.
 */
function failure(what: string, error: unknown, token: string): GitHostError {
  const answered = error as { status?: unknown; response?: unknown; message?: unknown };
  if (answered.response && typeof answered.status === 'number')
    return hostError(what, answered.status, String(answered.message ?? ''), token);
  const reason = error instanceof Error && error.cause ? error.cause : error;
  return hostError(what, 'network', networkDetail(reason), token);
}

export const githubReporter: GitHostReporter = {
  async setCommitStatus(target, status) {
    const { owner, repo } = ownerAndName(target.repository);
    try {
      await clientFor(target).rest.repos.createCommitStatus({
        owner,
        repo,
        sha: target.headSha,
        state: status.state,
        description: truncate(status.description, DESCRIPTION_MAX),
        ...(status.targetUrl ? { target_url: status.targetUrl } : {}),
        context: status.context,
        request: timeLimit(),
      });
    } catch (error) {
      throw failure(`GitHub commit status on ${target.repository}`, error, target.token);
    }
  },

  async upsertComment(target, { body, commentId }) {
    const { owner, repo } = ownerAndName(target.repository);
    const octokit = clientFor(target);
    const what = `GitHub comment on ${target.repository}#${target.number}`;
    return updateOrCreate(
      commentId,
      async (id) => {
        try {
          const comment_id = Number(id);
          await octokit.rest.issues.updateComment({
            owner,
            repo,
            comment_id,
            body,
            request: timeLimit(),
          });
        } catch (error) {
          throw failure(what, error, target.token);
        }
      },
      async () => {
        try {
          const { data } = await octokit.rest.issues.createComment({
            owner,
            repo,
            issue_number: target.number,
            body,
            request: timeLimit(),
          });
          return String(data.id);
        } catch (error) {
          throw failure(what, error, target.token);
        }
      },
    );
  },
};
