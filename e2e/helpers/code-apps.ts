import { execFileSync } from 'node:child_process';
import { createHmac, randomUUID } from 'node:crypto';
import http from 'node:http';
import { githubPullRequest } from '../../apps/api/test/helpers/pull-request-payloads';
import { pollUntil, type ApiCall } from './api';
import type { RunningServer } from './server';

/** What the tests read of a build (BuildSummary of @nuage/shared/build-types). */
export interface BuildView {
  build_id: string;
  status: string;
  numero: number;
  commit_sha: string | null;
  error_message: string | null;
}

export interface CodeDetail {
  id: string;
  status: string;
  status_reason: string | null;
  application_url: string | null;
  current_release: { id: string; numero: number } | null;
  /** Why the last release did not go live (health-gated rollout), else null. */
  rollout_error: string | null;
  pods_status: { name: string }[];
}

export interface ReleaseView {
  id: string;
  numero: number;
  is_current: boolean;
  rollout_error: string | null;
}

/**
 * One GET on a new connection through the edge proxy: to its loopback port, with the
 * application URL's host as Host, as a browser would send it.
 */
export function getFresh(url: string): Promise<{ status: number; body: string }> {
  const u = new URL(url);
  const options = {
    host: '127.0.0.1',
    port: Number(u.port || 80),
    path: `${u.pathname}${u.search}`,
    headers: { host: u.host },
    agent: false,
    timeout: 5_000,
  };
  return new Promise((resolve) => {
    const req = http.get(options, (res) => {
      let body = '';
      res.on('data', (d: Buffer) => (body += d.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('timeout', () => req.destroy(new Error('no answer')));
    req.on('error', () => resolve({ status: 0, body: '' }));
  });
}

/** Waits for the build to finish; answers it (success or not). */
export async function finishedBuild(call: ApiCall, buildId: string) {
  return pollUntil(
    `build ${buildId} to finish`,
    async () => (await call<BuildView>('GET', `/builds/${buildId}`)).body,
    (b) => !['queued', 'running'].includes(b.status),
    { timeoutMs: 600_000, everyMs: 1000 },
  );
}

/** Waits until the application answers 200 with exactly this body at its URL. */
export async function serving(call: ApiCall, id: string, body: string) {
  const detail = await pollUntil(
    'an application URL',
    async () => (await call<CodeDetail>('GET', `/deployments/deployment/${id}`)).body,
    (d) => d.application_url !== null,
    { timeoutMs: 120_000 },
  );
  await pollUntil(
    `"${body}" at ${detail.application_url}`,
    () => getFresh(`${detail.application_url}/`),
    (r) => r.status === 200 && r.body === body,
    { timeoutMs: 180_000, everyMs: 500 },
  );
  return detail;
}

/**
 * Requests the application through the proxy every 300 ms until its detail reports that a
 * release did not go live; answers every response seen ("200 <body>") and that detail. The
 * build of that release (`buildId`) failing instead ends the wait at once, with its reason.
 */
export async function requestUntilRolloutError(
  call: ApiCall,
  id: string,
  serving: { application_url: string | null },
  buildId: string,
) {
  const answers: string[] = [];
  const detail = await pollUntil(
    'the French message of the release that did not start',
    async () => {
      const r = await getFresh(`${serving.application_url}/`);
      answers.push(`${r.status} ${r.body}`);
      const build = (await call<BuildView>('GET', `/builds/${buildId}`)).body;
      if (build.status === 'failed' || build.status === 'cancelled')
        throw new Error(`build ${buildId} ended ${build.status}: ${build.error_message}`);
      return (await call<CodeDetail>('GET', `/deployments/deployment/${id}`)).body;
    },
    (d) => d.rollout_error !== null,
    { timeoutMs: 600_000, everyMs: 300 },
  );
  return { answers, detail };
}

/** A GitHub push delivery, signed with the application's webhook secret. */
export function pushWebhook(
  server: RunningServer,
  id: string,
  secret: string,
  sha: string,
  branch = 'main',
) {
  const payload = JSON.stringify({
    ref: `refs/heads/${branch}`,
    after: sha,
    head_commit: { message: 'Nouvelle version' },
  });
  const signature = createHmac('sha256', secret).update(payload).digest('hex');
  return fetch(`${server.url}/api/v1/webhooks/git/${id}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-github-event': 'push',
      'x-github-delivery': randomUUID(),
      'x-hub-signature-256': `sha256=${signature}`,
    },
    body: payload,
  });
}

/**
 * A GitHub `pull_request` delivery of request `pr` (from its branch `head` of `repo` towards
 * main), signed with the application's webhook secret.
 */
export function pullRequestWebhook(
  server: RunningServer,
  id: string,
  secret: string,
  pr: { action: string; number: number; title: string; head: string; sha: string },
  repo: { name: string; url: string },
) {
  const body = JSON.stringify(githubPullRequest(pr.action, pr, repo));
  return fetch(`${server.url}/api/v1/webhooks/git/${id}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-github-event': 'pull_request',
      'x-github-delivery': randomUUID(),
      'x-hub-signature-256': `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`,
    },
    body,
  });
}

/** The full text of a finished build's log stream (SSE). */
export async function buildLog(server: RunningServer, token: string, buildId: string) {
  const res = await fetch(`${server.url}/api/v1/builds/${buildId}/logs`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return res.text();
}

/** A Node.js server answering `text` on PORT (the platform's) or `port`. */
export const nodeServer = (text: string, port?: number) =>
  `require('http').createServer((q, s) => s.end(${JSON.stringify(text)})).listen(${port ?? 'process.env.PORT'});\n`;

/**
 * Removes the images the builds of these applications made (`nuage-builds/<id>:build-N`, and a
 * Compose file's services' `nuage-builds/<id>/<service>:build-N`).
 */
export function removeBuiltImages(deploymentIds: string[]) {
  for (const id of deploymentIds) {
    const refs = execFileSync(
      'podman',
      ['--remote', 'images', '--format', '{{.Repository}}:{{.Tag}}'],
      { encoding: 'utf8' },
    );
    for (const ref of refs.split('\n').filter((r) => r.includes(`nuage-builds/${id}`)))
      execFileSync('podman', ['--remote', 'rmi', '-f', ref], { stdio: 'ignore' });
  }
}
