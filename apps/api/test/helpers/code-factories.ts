import type { Environment } from '@nuage/shared/api-types';
import type { BuildSummary } from '@nuage/shared/build-types';
import { FakeImageBuilder } from './fake-builder';
import { call } from './factories';
import { API, type Team } from './project-factories';
import { teamWithEnvironment } from './deploy-factories';
import { createTestApp, type TestApp } from './test-app';

export const REPO = 'https://git.exemple.sn/equipe/api.git';
export const SHA1 = '1111111111111111111111111111111111111111';
export const SHA2 = '2222222222222222222222222222222222222222';

/** A test app whose code builds go to a fake builder; the build queue is driven by the test. */
export async function codeTestApp(overrides: Parameters<typeof createTestApp>[0] = {}) {
  const builder = new FakeImageBuilder();
  builder.repos.set(REPO, { branches: { main: SHA1 }, messages: { [SHA1]: 'Première version' } });
  const t = await createTestApp(overrides, {
    imageBuilder: builder,
    buildWorker: { heartbeatMs: 50, staleMs: 500, pollMs: 50 },
  });
  return { t, builder };
}

let counter = 0;
export function codeBody(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    nom: `API ${counter}`,
    cpu: 0.5,
    ram: 1,
    replicas: 1,
    type_application: 'nodejs',
    git_branch: 'main',
    build_args: {},
    helm_chart_version: '1.0.0',
    repo_url: REPO,
    ...overrides,
  };
}

export function postCode(t: TestApp, token: string, envId: string, body: unknown) {
  return call(t, 'POST', `${API}/deployments/${envId}/deploy/code`, { token, body });
}

/** Deploys code; fails the test unless 201. */
export async function deployCodeApp(
  t: TestApp,
  token: string,
  env: Environment,
  overrides: Record<string, unknown> = {},
) {
  const res = await postCode(t, token, env.id, codeBody(overrides));
  if (res.statusCode !== 201) throw new Error(`deploy/code: ${res.statusCode} ${res.body}`);
  return res.json<{ id: string; build_id: string; nom: string }>();
}

export async function getBuild(t: TestApp, token: string, buildId: string) {
  const res = await call(t, 'GET', `${API}/builds/${buildId}`, { token });
  if (res.statusCode !== 200) throw new Error(`build: ${res.statusCode} ${res.body}`);
  return res.json<BuildSummary>();
}

/** Runs queue passes until the build is finished (the fake builder not holding it). */
export async function runBuildToEnd(t: TestApp, token: string, buildId: string, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await t.app.buildWorker!.tick();
    await t.app.buildWorker!.idle();
    const b = await getBuild(t, token, buildId);
    if (!['queued', 'running'].includes(b.status)) return b;
    if (Date.now() > deadline) throw new Error(`build ${buildId} still ${b.status}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

export async function codeTeam(
  t: TestApp,
): Promise<{ team: Team; env: Environment; projectId: string }> {
  const { team, env, project } = await teamWithEnvironment(t);
  return { team, env, projectId: project.id };
}
