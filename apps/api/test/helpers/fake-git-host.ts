import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type {
  Answer,
  FakeComment,
  FakeProvider,
  FakeStatus,
  HostState,
  ProviderRules,
} from './fake-git-host-rules';
import { githubLike } from './fake-github-rules';
import { gitlab } from './fake-gitlab-rules';

export type { FakeComment, FakeProvider, FakeStatus };

const providerRules: Record<FakeProvider, ProviderRules> = {
  github: githubLike('github'),
  gitlab,
  gitea: githubLike('gitea'),
};

/**
 * GitHub, GitLab and Gitea on one local HTTP server, for the previews' reports: commit
 * statuses and the pull request's comment. Each provider answers under its own prefix as its
 * API root would (`apiUrl('github')` stands for https://api.github.com, `apiUrl('gitlab')` ends
 * in /api/v4, `apiUrl('gitea')` in /api/v1), checks the token, the JSON content type and the
 * payload as the real one does (fake-github-rules.ts, fake-gitlab-rules.ts), keeps the comments so an edit of an
 * unknown one gets a 404, and records every call. Plain node:http: the API tests and the
 * Podman e2e both use it.
 */
export interface FakeGitHost {
  /** The server's root, http://127.0.0.1:<port>. */
  url: string;
  apiUrl(provider: FakeProvider): string;
  /** Every request, answered or refused, in order (no headers: they hold the token). */
  calls: {
    provider: FakeProvider | null;
    method: string;
    path: string;
    body: unknown;
    status: number;
  }[];
  /** The commit statuses accepted, in order. */
  statuses(provider: FakeProvider): FakeStatus[];
  /** The comments (GitLab: merge-request notes) the host has now. */
  comments(provider: FakeProvider): FakeComment[];
  /** Someone deleted the comment on the host; true when there was one. */
  deleteComment(id: number | string): boolean;
  /** The next `count` requests are answered `status` (500: the host is down). */
  failNext(count: number, status?: number): void;
  close(): Promise<void>;
}

const isJson = (request: IncomingMessage) =>
  /^application\/json(?:;\s*charset=utf-8)?$/i.test(request.headers['content-type'] ?? '');

export async function startFakeGitHost(options: {
  token: string;
  host?: string;
}): Promise<FakeGitHost> {
  let lastId = 1000;
  const state: HostState = {
    statuses: { github: [], gitlab: [], gitea: [] },
    comments: new Map(),
    nextId: () => ++lastId,
  };
  let failures = { count: 0, status: 500 };
  const calls: FakeGitHost['calls'] = [];

  function answer(
    request: IncomingMessage,
    raw: string,
  ): Answer & { provider: FakeProvider | null; path: string } {
    const full = (request.url ?? '/').split('?')[0] ?? '/';
    const provider =
      (Object.keys(providerRules) as FakeProvider[]).find((p) =>
        full.startsWith(`${providerRules[p].prefix}/`),
      ) ?? null;
    const notFound = { provider, path: full, status: 404, body: { message: 'Not Found' } };
    if (!provider) return notFound;
    const rules = providerRules[provider];
    const path = full.slice(rules.prefix.length);
    const at = { provider, path };
    if (failures.count > 0) {
      failures.count--;
      return { ...at, status: failures.status, body: { message: 'fake host failure' } };
    }
    const refused = rules.refuse(request.headers, options.token);
    if (refused) return { ...at, ...refused };
    const route = rules.routes.find((r) => r.method === request.method && r.pattern.test(path));
    if (!route) return { ...at, ...rules.notFound };
    if (!isJson(request))
      return { ...at, status: 415, body: { message: 'Unsupported Media Type' } };
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      return { ...at, status: 400, body: { message: 'Problems parsing JSON' } };
    }
    if (typeof body !== 'object' || body === null || Array.isArray(body))
      return { ...at, status: 400, body: { message: 'Body should be a JSON object' } };
    const match = route.pattern.exec(path) ?? [];
    try {
      return { ...at, ...route.handle([...match], body as Record<string, unknown>, state) };
    } catch {
      return { ...at, status: 400, body: { message: 'Bad request' } }; // e.g. a malformed %-escape
    }
  }

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const { provider, path, status, body } = answer(request, raw);
      let recorded: unknown = raw;
      try {
        recorded = JSON.parse(raw);
      } catch {
        // kept as text
      }
      calls.push({ provider, method: request.method ?? '', path, body: recorded, status });
      response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
      response.end(JSON.stringify(body));
    });
  });
  server.keepAliveTimeout = 1;
  await new Promise<void>((resolve) => server.listen(0, options.host ?? '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://${options.host && options.host !== '0.0.0.0' ? options.host : '127.0.0.1'}:${port}`;

  return {
    url,
    apiUrl: (provider) => `${url}${providerRules[provider].prefix}`,
    calls,
    statuses: (provider) => [...state.statuses[provider]],
    comments: (provider) =>
      [...state.comments.values()].filter((c) => c.provider === provider).map((c) => ({ ...c })),
    deleteComment: (id) => state.comments.delete(Number(id)),
    failNext: (count, status = 500) => {
      failures = { count, status };
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
