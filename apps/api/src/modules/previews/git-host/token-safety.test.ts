import {
  createServer,
  type IncomingHttpHeaders,
  type RequestListener,
  type Server,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reporterFor } from './index';
import { GitHostError, type PullRequestTarget } from './types';

const TOKEN = 'glpat-NeverShownAnywhere-0042';
const servers: Server[] = [];
let echoUrl: string;
let redirectUrl: string;
/** The headers of what reached the host a redirect pointed to. */
const elsewhere: IncomingHttpHeaders[] = [];

async function serve(listener: RequestListener): Promise<string> {
  const server = createServer(listener);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const answer =
  (status: number, message: string): RequestListener =>
  (request, response) => {
    request.resume();
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ message }));
  };

beforeAll(async () => {
  // A host that quotes back the credentials it got in its error, as some proxies do.
  echoUrl = `http://${await serve((request, response) => {
    const sent = request.headers.authorization ?? request.headers['private-token'];
    answer(422, `refused credentials ${String(sent)}`)(request, response);
  })}`;
  // An API address that redirects, keeping the method and body (307), to another origin.
  const other = await serve((request, response) => {
    elsewhere.push(request.headers);
    answer(401, 'no token here')(request, response);
  });
  redirectUrl = `http://${await serve((request, response) => {
    request.resume();
    response.writeHead(307, { location: `http://localhost:${other.split(':')[1]}${request.url}` });
    response.end();
  })}`;
});
afterAll(() => Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve)))));

const target = (provider: PullRequestTarget['provider'], root: string): PullRequestTarget => ({
  provider,
  apiUrl: provider === 'gitlab' ? `${root}/api/v4` : root,
  repository: 'acme/site',
  number: 4,
  headSha: 'abcdefabcdefabcdefabcdefabcdefabcdefabcd',
  token: TOKEN,
});

async function failureOf(call: Promise<unknown>): Promise<GitHostError> {
  const error: unknown = await call.catch((e: unknown) => e);
  expect(error).toBeInstanceOf(GitHostError);
  return error as GitHostError;
}

describe.each(['github', 'gitlab', 'gitea'] as const)('%s reporter', (provider) => {
  it('keeps the token out of its errors, even when the host quotes it back', async () => {
    const reporter = reporterFor(provider);
    const error = await failureOf(
      reporter.upsertComment(target(provider, echoUrl), { body: 'x', commentId: null }),
    );
    expect(error.status).toBe(422);
    expect(error.message).toContain('refused credentials');
    expect(error.message).not.toContain(TOKEN);
  });

  it('does not hand the token to another host an API address redirects to', async () => {
    elsewhere.length = 0;
    const status = { state: 'pending', description: 'x', targetUrl: null, context: 'c' } as const;
    const error = await failureOf(
      reporterFor(provider).setCommitStatus(target(provider, redirectUrl), status),
    );
    expect(error.status).toBe(401);
    expect(elsewhere).toHaveLength(1); // the redirect was followed…
    expect(JSON.stringify(elsewhere[0])).not.toContain(TOKEN); // …without the token
  });
});
