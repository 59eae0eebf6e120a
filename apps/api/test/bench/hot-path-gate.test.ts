import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser, type TestUser } from '../helpers/factories';
import { createEnvironment, createProject, insertApplication } from '../helpers/project-factories';
import { createTestApp, type TestApp } from '../helpers/test-app';

/**
 * The hot path's regression gate (issue 32), in the suite so that a regression is seen when it
 * lands. No absolute time (the suite runs on loaded 2-core machines): counts that load does not
 * change (statements and log bytes per request, the same for a small and a large account), and
 * each route's CPU per request as a ratio to a cheap authenticated route measured in the same
 * process, in interleaved rounds, against a budget with a wide margin. bench/hot-path.mjs gives
 * the absolute figures on a quiet machine.
 */

/**
 * CPU of a hot route over GET /users/me's (a cached session, a small answer), measured when the
 * gate was written (three runs on a loaded 2-core machine: 7.9–9.9, 70–71, 8.6–8.9, 6.2–6.7;
 * since: the projects 3.3–4.9 with their page’s prepared statement, the dashboard 22–28 with each
 * application's summary instead of its detail) …
 */
const RATIO_BUDGET: Record<string, number> = {
  projects: 5,
  dashboard: 28,
  // The dashboard page's read, its figures without the tree: 8.2–10.8 when written.
  summary: 12,
  deployments: 9,
  deployment: 7,
};
/**
 * The dashboard's bytes per application (80 applications of 20 projects: 1,790 when written,
 * with each application's detail but its events; 537 with the summary the pages show).
 */
const DASHBOARD_BYTES_PER_APPLICATION = 700;
/** The summary's bytes per project (20 projects, 80 applications: 693 when written). */
const SUMMARY_BYTES_PER_PROJECT = 900;
/** … times this margin: a loaded machine shifts a ratio far less than the time itself. */
const MARGIN = 2.5;
const ROUNDS = 5;
const REQUESTS = 60;

let statements = 0;
const query = pg.Client.prototype.query;

let t: TestApp;
let small: TestUser;
let large: TestUser;
const routes: Record<string, string> = {};
let lastApplication = '';

async function seed(user: TestUser, projects: number, appsPerProject: number) {
  let last = { env: '', app: '' };
  for (let p = 0; p < projects; p++) {
    const project = await createProject(t, user.token, {
      nom: `Projet ${p + 1}`,
      quota_cpu: 100,
      quota_ram: 100,
      quota_stockage: 1000,
    });
    const env = await createEnvironment(t, user.token, project.id);
    for (let a = 0; a < appsPerProject; a++) {
      last = {
        env: env.id,
        app: await insertApplication(t, { projectId: project.id, environmentId: env.id }),
      };
    }
  }
  return last;
}

beforeAll(async () => {
  // What production runs: the compiled serializer alone (the suite also checks it against zod).
  t = await createTestApp({}, { checkResponses: false });
  small = await createVerifiedUser(t);
  large = await createVerifiedUser(t);
  await seed(small, 2, 2);
  const { env, app } = await seed(large, 20, 4);
  lastApplication = app;
  routes.baseline = '/api/v1/users/me';
  routes.projects = '/api/v1/projects';
  routes.dashboard = '/api/v1/dashboard';
  routes.summary = '/api/v1/dashboard/summary';
  routes.deployments = `/api/v1/deployments/${env}/deployments`;
  routes.deployment = `/api/v1/deployments/deployment/${app}`;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    statements++;
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof query;
}, 120_000);

afterAll(async () => {
  pg.Client.prototype.query = query;
  await t?.close();
});

const get = async (url: string, token: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url,
    headers: { authorization: `Bearer ${token}` },
  });
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return res;
};

/** Statements and log bytes of one request (after a first one: the session's cache is warm). */
async function countsOf(url: string, token: string) {
  await get(url, token);
  const before = { statements, log: t.logs.text.length };
  await get(url, token);
  return { statements: statements - before.statements, log: t.logs.text.length - before.log };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function cpuPerRequest(url: string) {
  const start = process.cpuUsage();
  for (let i = 0; i < REQUESTS; i += 10) {
    await Promise.all(Array.from({ length: 10 }, () => get(url, large.token)));
  }
  const used = process.cpuUsage(start);
  return (used.user + used.system) / REQUESTS;
}

describe('the hot path (issue 32)', () => {
  it('asks the database the same number of statements for 2 projects as for 20 (80 applications)', async () => {
    for (const route of ['projects', 'dashboard', 'summary'] as const) {
      const few = await countsOf(routes[route]!, small.token);
      const many = await countsOf(routes[route]!, large.token);
      expect({ route, statements: many.statements }).toEqual({
        route,
        statements: few.statements,
      });
    }
    expect((await countsOf(routes.projects!, large.token)).statements).toBe(1);
    expect((await countsOf(routes.deployments!, large.token)).statements).toBeLessThanOrEqual(3);
    expect((await countsOf(routes.deployment!, large.token)).statements).toBeLessThanOrEqual(5);
  });

  it('answers the dashboard in a bounded number of bytes per application', async () => {
    const body = (await get(routes.dashboard!, large.token)).body;
    const perApplication = Buffer.byteLength(body) / 80;
    console.info('hot path: dashboard bytes per application', Math.round(perApplication));
    // An application's fields, not its history: its events are on its own page only.
    expect(body).not.toContain('"events"');
    expect(perApplication).toBeLessThan(DASHBOARD_BYTES_PER_APPLICATION);
  });

  it("answers the dashboard page's summary in bytes per project, not per application", async () => {
    const body = (await get(routes.summary!, large.token)).body;
    const perProject = Buffer.byteLength(body) / 20;
    console.info('hot path: summary bytes per project', Math.round(perProject));
    expect(body).not.toContain(lastApplication);
    expect(body).not.toContain('"statut_deploiement"');
    expect(perProject).toBeLessThan(SUMMARY_BYTES_PER_PROJECT);
  });

  it('logs one compact line per request at LOG_LEVEL=info', async () => {
    for (const route of Object.values(routes)) {
      const { log } = await countsOf(route, large.token);
      expect({ route, log: log < 250 }).toEqual({ route, log: true });
    }
  });

  it('keeps the CPU of each hot route within its budget, relative to GET /users/me', async () => {
    const samples: Record<string, number[]> = {};
    for (let round = 0; round < ROUNDS; round++) {
      // Interleaved: a change of the machine's load hits every route alike.
      for (const [name, url] of Object.entries(routes)) {
        (samples[name] ??= []).push(await cpuPerRequest(url));
      }
    }
    const baseline = median(samples.baseline!);
    const ratios = Object.fromEntries(
      Object.keys(RATIO_BUDGET).map((name) => [name, median(samples[name]!) / baseline]),
    );
    // In the output of every run, to see a drift before it crosses a budget.
    console.info('hot path: CPU per request relative to GET /users/me', ratios);
    const over = Object.entries(ratios).filter(
      ([name, ratio]) => ratio > RATIO_BUDGET[name]! * MARGIN,
    );
    expect({ ratios, over }).toEqual({ ratios, over: [] });
  }, 120_000);
});
