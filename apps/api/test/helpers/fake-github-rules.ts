import type { Answer, ProviderRules } from './fake-git-host-rules';
import { bearerOrToken, optionalString, SHA, text } from './fake-git-host-rules';

/**
 * GitHub's and Gitea's REST APIs for a pull request's reports: the same routes (commit status,
 * issue comment, comment edit), their own states and refusals.
 */
export function githubLike(provider: 'github' | 'gitea'): ProviderRules {
  const github = provider === 'github';
  const states = github
    ? ['pending', 'success', 'failure', 'error']
    : ['pending', 'success', 'error', 'failure', 'warning'];
  const invalid = (field: string, message: string): Answer =>
    github
      ? {
          status: 422,
          body: { message: 'Validation Failed', errors: [{ field, code: 'invalid', message }] },
        }
      : { status: 422, body: { message: `[${field}]: ${message}` } };
  const notFound = { status: 404, body: { message: 'Not Found' } };
  const repo = '/repos/([^/]+)/([^/]+)';
  return {
    prefix: github ? '/github' : '/gitea/api/v1',
    refuse: (headers, token) => {
      if (!bearerOrToken(headers, token))
        return { status: 401, body: { message: github ? 'Bad credentials' : 'token is required' } };
      // GitHub refuses every request without a User-Agent.
      if (github && !headers['user-agent'])
        return { status: 403, body: { message: 'Request forbidden by administrative rules' } };
      return null;
    },
    notFound,
    routes: [
      {
        method: 'POST',
        pattern: new RegExp(`^${repo}/statuses/${SHA}$`),
        handle: ([, owner, name, sha = ''], body, state) => {
          if (typeof body.state !== 'string' || !states.includes(body.state))
            return invalid('state', 'is not included in the list');
          if (
            !optionalString(body.description) ||
            !optionalString(body.context) ||
            !optionalString(body.target_url)
          )
            return invalid('description', 'description, context and target_url must be strings');
          if (github && (text(body.description)?.length ?? 0) > 140)
            return invalid('description', 'is too long (maximum is 140 characters)');
          const status = {
            repository: `${owner}/${name}`,
            sha,
            state: body.state,
            context: text(body.context) ?? 'default',
            description: text(body.description),
            targetUrl: text(body.target_url),
          };
          state.statuses[provider].push(status);
          const { description, context } = status;
          const answered = {
            id: state.nextId(),
            description,
            context,
            target_url: status.targetUrl,
          };
          // Gitea names the state `status` in its answer.
          return {
            status: 201,
            body: { ...answered, [github ? 'state' : 'status']: status.state },
          };
        },
      },
      {
        method: 'POST',
        pattern: new RegExp(`^${repo}/issues/(\\d+)/comments$`),
        handle: ([, owner, name, number], body, state) => {
          if (typeof body.body !== 'string' || !body.body) return invalid('body', 'is missing');
          const comment = {
            id: state.nextId(),
            provider,
            repository: `${owner}/${name}`,
            number: Number(number),
            body: body.body,
            updates: 0,
          };
          state.comments.set(comment.id, comment);
          return { status: 201, body: { id: comment.id, body: comment.body } };
        },
      },
      {
        method: 'PATCH',
        pattern: new RegExp(`^${repo}/issues/comments/(\\d+)$`),
        handle: ([, owner, name, id], body, state) => {
          const comment = state.comments.get(Number(id));
          if (comment?.provider !== provider || comment.repository !== `${owner}/${name}`)
            return notFound;
          if (typeof body.body !== 'string' || !body.body) return invalid('body', 'is missing');
          Object.assign(comment, { body: body.body, updates: comment.updates + 1 });
          return { status: 200, body: { id: comment.id, body: comment.body } };
        },
      },
    ],
  };
}
