import type { Environment } from '@nuage/shared/api-types';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deployments } from '../../db/schema/deployments';
import { simulatedApplications } from '../../db/schema/simulation';
import { call } from '../../../test/helpers/factories';
import { API, expectDetail, type Team } from '../../../test/helpers/project-factories';
import {
  deployApp,
  deploymentRow,
  getDetail,
  makeDue,
  putDeployment,
  reconcileToStatus,
  reconcileUntil,
  teamWithEnvironment,
  type DeploymentView,
} from '../../../test/helpers/deploy-factories';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';

let t: TestApp;
let team: Team;
let env: Environment;

beforeAll(async () => {
  t = await createTestApp();
  ({ team, env } = await teamWithEnvironment(t));
});
afterAll(() => t.close());

const appUrl = (id: string) => `${API}/deployments/deployment/${id}`;
const WORDPRESS = 'docker.io/library/wordpress:6.4-apache';

async function runningApp(overrides: Record<string, unknown> = {}) {
  const app = await deployApp(t, team.developer.token, env.id, overrides);
  await reconcileToStatus(t, app.id, 'RUNNING');
  return app;
}

describe('GET /deployments/deployment/{id}', () => {
  it('answers SPEC §3 server-side detail shape, before and after the runtime runs it', async () => {
    const app = await deployApp(t, team.developer.token, env.id, {
      nom: 'Détaillée',
      cpu: 0.5,
      ram: 1,
      replicas: 1,
    });
    const before = await getDetail(t, team.user.token, app.id);
    expect(before).toMatchObject({
      application_name: 'Détaillée',
      status: 'PENDING',
      cpu_required: 0.5,
      ram_required: 1,
      replicas: 1,
      repository_url: null,
      image_url: WORDPRESS,
      application_url: null,
      environment_id: env.id,
      domain: null,
      pods_status: [],
      deployment_sync: { status: { summary: { images: [WORDPRESS] } } },
    });
    expect(new Date(before.created_at).getTime()).not.toBeNaN();
    expect(new Date(before.updated_at).getTime()).not.toBeNaN();

    await reconcileToStatus(t, app.id, 'RUNNING');
    const after = await getDetail(t, team.user.token, app.id);
    const { runtimeName } = (await deploymentRow(t, app.id))!;
    expect(after.status).toBe('RUNNING');
    expect(after.statut_deploiement).toBe('RUNNING');
    expect(after.application_url).toBe(`http://plateforme.test/simulation/${app.id}`);
    expect(after.pods_status).toEqual([
      expect.objectContaining({ name: `${runtimeName}-simule-g1-0`, status: 'Running' }),
      expect.objectContaining({ name: `${runtimeName}-db-simule-0`, status: 'Running' }),
    ]);
    const images = after.deployment_sync.status.summary.images;
    expect(images[0]).toBe(WORDPRESS);
    expect(images[1]).toMatch(/^docker\.io\/library\/mariadb:/);
  });
});

describe('names chosen by users', () => {
  it('never shape the runtime objects: a hostile name still gives a DNS-safe object name', async () => {
    const app = await runningApp({ nom: "Boutique'; DROP TABLE x; -- ../../etc $(id) <script>" });
    const { runtimeName } = (await deploymentRow(t, app.id))!;
    expect(runtimeName).toMatch(/^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/);
    expect(runtimeName.length).toBeLessThanOrEqual(40);
    expect((await getDetail(t, team.user.token, app.id)).application_name).toBe(
      "Boutique'; DROP TABLE x; -- ../../etc $(id) <script>",
    );
  });
});

describe('scaling and editing through PUT', () => {
  it('scales to 3 replicas: the event says so and three application pods run', async () => {
    const app = await runningApp();
    const res = await putDeployment(t, team.developer.token, app.id, { replicas: 3 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<DeploymentView>().events[0]!.message).toBe(
      "Mise à l'échelle demandée : 1 → 3 instance(s)",
    );
    await reconcileToStatus(t, app.id, 'DEPLOYING');
    await reconcileToStatus(t, app.id, 'RUNNING');
    const detail = await getDetail(t, team.user.token, app.id);
    expect(detail.replicas).toBe(3);
    expect(detail.pods_status.filter((p) => p.status === 'Running')).toHaveLength(4);
  });

  it('a new tag replaces the pods and shows in the sync summary', async () => {
    const app = await runningApp();
    await putDeployment(t, team.developer.token, app.id, { image_tag: '6.5-apache' });
    await reconcileToStatus(t, app.id, 'DEPLOYING');
    await reconcileToStatus(t, app.id, 'RUNNING');
    const detail = await getDetail(t, team.user.token, app.id);
    expect(detail.image_url).toBe('docker.io/library/wordpress:6.5-apache');
    expect(detail.deployment_sync.status.summary.images[0]).toBe(
      'docker.io/library/wordpress:6.5-apache',
    );
    expect(detail.pods_status[0]!.name).toMatch(/-simule-g2-0$/);
  });
});

describe('POST /deployments/deployment/{id}/sync (restart)', () => {
  it('records the request, starts every pod anew while the old one serves, and stays RUNNING', async () => {
    const app = await runningApp();
    const before = await getDetail(t, team.user.token, app.id);
    const res = await call(t, 'POST', `${appUrl(app.id)}/sync`, { token: team.developer.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<DeploymentView>().events[0]!.message).toBe('Redémarrage demandé');
    // Until the engine applies it, the page knows to keep reading (the pods still look settled).
    expect(before.change_pending).toBe(false);
    expect(res.json<DeploymentView>().change_pending).toBe(true);
    expect((await getDetail(t, team.user.token, app.id)).change_pending).toBe(true);

    await t.app.engine.reconciler.tick();
    const restarting = await getDetail(t, team.user.token, app.id);
    expect(restarting.change_pending).toBe(false);
    expect(restarting.events.map((e) => e.message)).toContain('Redémarrage effectué');
    const appPods = (d: typeof before) => d.pods_status.filter((p) => !p.name.includes('-db-'));
    const [old] = appPods(before);
    // As the real runtimes do: the successor starts beside the pod it replaces, which serves.
    expect(appPods(restarting)).toEqual([
      expect.objectContaining({ status: 'Pending', ready: false }),
      { ...old, status: 'Running', ready: true },
    ]);
    expect(appPods(restarting)[0]!.name).not.toBe(old!.name);
    expect(restarting.status).toBe('RUNNING');
    // The successor is starting: the engine looks again within seconds, not at the running
    // interval (30 s), so the page sees it ready soon after it is.
    const during = await deploymentRow(t, app.id);
    expect(during!.nextAttemptAt!.getTime()).toBeLessThan(Date.now() + 5_000);
    await reconcileUntil(
      t,
      async () =>
        appPods(await getDetail(t, team.user.token, app.id)).every((p) => p.status === 'Running'),
      { tick: () => makeDue(t, app.id).then(() => t.app.engine.reconciler.tick()) },
    );
    const restarted = await getDetail(t, team.user.token, app.id);
    expect(appPods(restarted)).toEqual([
      expect.objectContaining({ name: appPods(restarting)[0]!.name, ready: true }),
    ]);
    expect(restarted.status).toBe('RUNNING');
    // Done: the restart is not pending any more, so the next look is the running interval
    // (30 s) away. Were it still pending, every pass would take the application again at
    // once: a busy loop probing its containers many times a second.
    const row = await deploymentRow(t, app.id);
    expect(row!.restartObservedAt!.getTime()).toBe(row!.restartRequestedAt!.getTime());
    expect(row!.nextAttemptAt!.getTime()).toBeGreaterThan(Date.now() + 10_000);
  });

  it('a restart stored to the microsecond (by an earlier version) is done once, not forever', async () => {
    const app = await runningApp();
    await t.database.db
      .update(deployments)
      .set({ restartRequestedAt: sql`now()`, nextAttemptAt: new Date() })
      .where(eq(deployments.id, app.id));
    await t.app.engine.reconciler.tick();
    const after = await getDetail(t, team.user.token, app.id);
    expect(after.events.map((e) => e.message)).toContain('Redémarrage effectué');
    // Once the successor is ready, the next look is the running interval away.
    await reconcileUntil(
      t,
      async () =>
        (await getDetail(t, team.user.token, app.id)).pods_status.every(
          (p) => p.status === 'Running',
        ),
      { tick: () => makeDue(t, app.id).then(() => t.app.engine.reconciler.tick()) },
    );
    const row = await deploymentRow(t, app.id);
    expect(row!.nextAttemptAt!.getTime()).toBeGreaterThan(Date.now() + 10_000);
  });
});

describe('GET /deployments/deployment/{id}/logs', () => {
  it('answers the logs field, with lines saying the runtime is simulated', async () => {
    const app = await runningApp();
    const res = await call(t, 'GET', `${appUrl(app.id)}/logs`, { token: team.developer.token });
    expect(res.statusCode, res.body).toBe(200);
    const logs = res.json<{ logs: string }>().logs;
    expect(logs.split('\n').length).toBeGreaterThanOrEqual(3);
    for (const line of logs.split('\n')) expect(line).toContain('[simulation]');
  });

  it('answers at most the last 500 lines', async () => {
    const app = await runningApp({ replicas: 3 });
    // Hours of simulated uptime: a health-check line every 30 s per pod, far beyond 500 lines.
    const longAgo = new Date(Date.now() - 5 * 3600_000).toISOString();
    await t.database.db
      .update(simulatedApplications)
      .set({ podStarts: [longAgo, longAgo, longAgo] })
      .where(eq(simulatedApplications.deploymentId, app.id));
    const res = await call(t, 'GET', `${appUrl(app.id)}/logs`, { token: team.developer.token });
    const lines = res.json<{ logs: string }>().logs.split('\n');
    expect(lines).toHaveLength(500);
    expect(lines.every((l) => l.includes('[simulation]'))).toBe(true);
    // The last lines are the newest.
    expect(lines.at(-1)).toContain('GET / 200');
  });
});

describe('DELETE /deployments/deployment/{id}', () => {
  it('answers 202, shows DELETING, then the reconciler removes it from the runtime and the list', async () => {
    const app = await runningApp();
    const res = await call(t, 'DELETE', appUrl(app.id), { token: team.developer.token });
    expect(res.statusCode).toBe(202);
    expect(res.json<{ message: string }>().message).toBe('Suppression de l’application en cours.');
    expect(await getDetail(t, team.user.token, app.id)).toMatchObject({
      status: 'DELETING',
      statut_deploiement: 'DELETING',
    });
    const listed = await call(t, 'GET', `${API}/deployments/${env.id}/deployments`, {
      token: team.user.token,
    });
    expect(listed.json<DeploymentView[]>().find((d) => d.id === app.id)?.statut_deploiement).toBe(
      'DELETING',
    );
    expectDetail(
      await putDeployment(t, team.developer.token, app.id, { replicas: 2 }),
      409,
      'Cette application est en cours de suppression.',
    );
    expect(
      (await call(t, 'DELETE', appUrl(app.id), { token: team.developer.token })).statusCode,
    ).toBe(202);

    await t.app.engine.reconciler.runUntilIdle();
    expectDetail(
      await call(t, 'GET', appUrl(app.id), { token: team.user.token }),
      404,
      'Application non trouvée',
    );
    const after = await call(t, 'GET', `${API}/deployments/${env.id}/deployments`, {
      token: team.user.token,
    });
    expect(after.json<DeploymentView[]>().map((d) => d.id)).not.toContain(app.id);
    expect(
      await t.database.db
        .select()
        .from(simulatedApplications)
        .where(eq(simulatedApplications.deploymentId, app.id)),
    ).toEqual([]);
  });
});
