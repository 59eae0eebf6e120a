import {
  Commits,
  GitbeakerRequestError,
  GitbeakerRetryError,
  GitbeakerTimeoutError,
  MergeRequestNotes,
} from '@gitbeaker/rest';
import { HOST_TIMEOUT_MS, hostError, networkDetail, updateOrCreate } from './host-call';
import type { CommitStatusState, GitHostError, GitHostReporter, PullRequestTarget } from './types';

/** GitLab's own states; a status being worked on shows as running on the merge request. */
const gitlabStates = {
  pending: 'running',
  success: 'success',
  failure: 'failed',
  error: 'failed',
} as const satisfies Record<CommitStatusState, string>;

/**
 * gitbeaker takes the instance's address and appends /api/v4 itself; a prefix before it (an
 * instance under /gitlab) stays in the host. The time limit covers the call with gitbeaker's
 * own quick retries of 429 and 502 (about a quarter of a second in all), which cannot be
 * turned off.
 *
 * The token goes as `Authorization: Bearer`, which GitLab takes for personal, project and group
 * access tokens as it takes PRIVATE-TOKEN, because fetch drops Authorization when a redirect
 * leads to another origin and forwards PRIVATE-TOKEN: an API address that redirects must not
 * hand the project's token to another host.
 */
const optionsFor = (target: PullRequestTarget) => ({
  host: target.apiUrl.replace(/\/+$/, '').replace(/\/api\/v4$/, ''),
  oauthToken: target.token,
  queryTimeout: HOST_TIMEOUT_MS,
});

function failure(what: string, error: unknown, token: string): GitHostError {
  if (error instanceof GitbeakerRequestError) {
    const response = (error.cause as { response?: Response } | undefined)?.response;
    if (response) return hostError(what, response.status, error.message, token);
  }
  if (error instanceof GitbeakerRetryError) {
    const last = /status code: (\d{3})/.exec(error.message)?.[1];
    if (last) return hostError(what, Number(last), 'still refused after retries', token);
  }
  if (error instanceof GitbeakerTimeoutError)
    return hostError(what, 'network', `no answer within ${HOST_TIMEOUT_MS} ms`, token);
  return hostError(what, 'network', networkDetail(error), token);
}

/**
 * GitLab refuses to move a status to the state it already has ("Cannot transition status via
 * :run from :running", 400): the merge request already shows that state, so the report holds.
 */
const alreadyInState = (error: unknown) =>
  error instanceof GitbeakerRequestError && /Cannot transition status/i.test(error.message);

export const gitlabReporter: GitHostReporter = {
  async setCommitStatus(target, status) {
    try {
      await new Commits(optionsFor(target)).editStatus(
        target.repository,
        target.headSha,
        gitlabStates[status.state],
        {
          name: status.context,
          description: status.description,
          ...(status.targetUrl ? { targetUrl: status.targetUrl } : {}),
        },
      );
    } catch (error) {
      if (alreadyInState(error)) return;
      throw failure(`GitLab commit status on ${target.repository}`, error, target.token);
    }
  },

  async upsertComment(target, { body, commentId }) {
    const notes = new MergeRequestNotes(optionsFor(target));
    const what = `GitLab note on ${target.repository}!${target.number}`;
    return updateOrCreate(
      commentId,
      async (id) => {
        try {
          await notes.edit(target.repository, target.number, Number(id), { body });
        } catch (error) {
          throw failure(what, error, target.token);
        }
      },
      async () => {
        try {
          const note = await notes.create(target.repository, target.number, body);
          return String(note.id);
        } catch (error) {
          throw failure(what, error, target.token);
        }
      },
    );
  },
};
