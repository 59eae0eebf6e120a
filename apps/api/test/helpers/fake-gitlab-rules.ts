import type { ProviderRules } from './fake-git-host-rules';
import { optionalString, SHA, text } from './fake-git-host-rules';

const gitlabStates = ['pending', 'running', 'success', 'failed', 'canceled'];
const gitlabVerbs: Record<string, string> = { pending: 'enqueue', running: 'run' };

/**
 * GitLab: the project as one URL-encoded segment (`group%2Fsub%2Fname`), Grape's 400s, and its
 * state machine: a status still pending or running cannot be moved to the state it has, nor
 * back from running to pending.
 */
export const gitlab: ProviderRules = {
  prefix: '/gitlab/api/v4',
  refuse: (headers, token) =>
    headers['private-token'] === token ||
    /^bearer (\S+)$/i.exec(headers.authorization ?? '')?.[1] === token
      ? null
      : { status: 401, body: { message: '401 Unauthorized' } },
  notFound: { status: 404, body: { message: '404 Not found' } },
  routes: [
    {
      method: 'POST',
      pattern: new RegExp(`^/projects/([^/]+)/statuses/${SHA}$`),
      handle: ([, project = '', sha = ''], body, state) => {
        const next = body.state;
        if (typeof next !== 'string' || !gitlabStates.includes(next))
          return { status: 400, body: { error: 'state does not have a valid value' } };
        if (
          !optionalString(body.name) ||
          !optionalString(body.description) ||
          !optionalString(body.target_url)
        )
          return { status: 400, body: { error: 'name is invalid' } };
        const repository = decodeURIComponent(project);
        const context = text(body.name) ?? 'default';
        const last = state.statuses.gitlab
          .filter((s) => s.repository === repository && s.sha === sha && s.context === context)
          .at(-1);
        const verb = gitlabVerbs[next];
        if (
          last &&
          verb &&
          (last.state === next || (last.state === 'running' && next === 'pending'))
        )
          return {
            status: 400,
            body: {
              message: `Cannot transition status via :${verb} from :${last.state} (Reason(s): Status cannot transition via "${verb}")`,
            },
          };
        const status = {
          repository,
          sha,
          state: next,
          context,
          description: text(body.description),
          targetUrl: text(body.target_url),
        };
        state.statuses.gitlab.push(status);
        return {
          status: 201,
          body: {
            id: state.nextId(),
            sha,
            status: next,
            name: context,
            description: status.description,
            target_url: status.targetUrl,
          },
        };
      },
    },
    {
      method: 'POST',
      pattern: /^\/projects\/([^/]+)\/merge_requests\/(\d+)\/notes$/,
      handle: ([, project = '', iid], body, state) => {
        if (typeof body.body !== 'string' || !body.body)
          return { status: 400, body: { error: 'body is missing' } };
        const note = {
          id: state.nextId(),
          provider: 'gitlab' as const,
          repository: decodeURIComponent(project),
          number: Number(iid),
          body: body.body,
          updates: 0,
        };
        state.comments.set(note.id, note);
        return { status: 201, body: { id: note.id, body: note.body, noteable_iid: note.number } };
      },
    },
    {
      method: 'PUT',
      pattern: /^\/projects\/([^/]+)\/merge_requests\/(\d+)\/notes\/(\d+)$/,
      handle: ([, project = '', iid, id], body, state) => {
        const note = state.comments.get(Number(id));
        if (
          note?.provider !== 'gitlab' ||
          note.repository !== decodeURIComponent(project) ||
          note.number !== Number(iid)
        )
          return gitlab.notFound;
        if (typeof body.body !== 'string' || !body.body)
          return { status: 400, body: { error: 'body is missing' } };
        Object.assign(note, { body: body.body, updates: note.updates + 1 });
        return { status: 200, body: { id: note.id, body: note.body, noteable_iid: note.number } };
      },
    },
  ],
};
