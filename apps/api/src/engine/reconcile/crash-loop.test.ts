import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crashWatch } from '../../db/schema/notifications';
import { call } from '../../../test/helpers/factories';
import {
  deployApp,
  makeDue,
  reconcileToStatus,
  teamWithEnvironment,
} from '../../../test/helpers/deploy-factories';
import { createEngineTestApp } from '../../../test/helpers/engine-test-app';
import { FakeRuntime } from '../../../test/helpers/fake-runtime';
import { slackReceiver, type Receiver } from '../../../test/helpers/notification-receivers';
import { API, type Team } from '../../../test/helpers/project-factories';
import type { TestApp } from '../../../test/helpers/test-app';

/**
 * Dokploy #4339: a deploy that succeeds, then an application that crash-loops. The project hears
 * « déploiement réussi », then exactly one « redémarrages en boucle » however long it lasts,
 * then one « rétabli » once it has served without a restart for two minutes.
 */
let fake: FakeRuntime;
let t: TestApp;
let team: Team;
let envId: string;
let slack: Receiver;

beforeAll(async () => {
  slack = await slackReceiver();
  fake = new FakeRuntime();
  t = await createEngineTestApp(fake, {
    config: { notifications: { allowPrivateTargets: true, telegramApiUrl: 'http://127.0.0.1:9' } },
  });
  let project;
  let env;
  ({ team, env, project } = await teamWithEnvironment(t));
  envId = env.id;
  const res = await call(t, 'POST', `${API}/projects/${project.id}/notification-channels`, {
    token: team.admin.token,
    body: {
      nom: 'Slack',
      type: 'slack',
      url: `${slack.url}/services/x`,
      evenements: ['deployment.succeeded', 'app.crash_loop', 'app.crash_loop_ended', 'app.down'],
    },
  });
  expect(res.statusCode, res.body).toBe(201);
});
afterAll(async () => {
  await t.close();
  await slack.close();
});

const titles = () =>
  slack.accepted.map((r) => (r.json.blocks as { text: { text: string } }[])[0]!.text.text);
const deliver = async () => {
  while ((await t.app.deliveryWorker.pass()) > 0);
};
const pass = async (id: string) => {
  await makeDue(t, id);
  await t.app.engine.reconciler.runUntilIdle();
};

describe('a crash loop after a successful deploy', () => {
  it('is told once, then « rétabli » once, on each channel', async () => {
    const app = await deployApp(t, team.developer.token, envId, { nom: 'Boutique' });
    await reconcileToStatus(t, app.id, 'RUNNING');
    await deliver();
    expect(titles()).toEqual(['Déploiement réussi : Boutique']);

    // The container now exits at start, again and again.
    for (let restarts = 1; restarts <= 8; restarts++) {
      fake.crashing.set(app.id, { restarts, ready: false });
      await pass(app.id);
      await deliver();
    }
    expect(titles()).toEqual([
      'Déploiement réussi : Boutique',
      'Redémarrages en boucle : Boutique',
    ]);
    expect(slack.accepted[1]!.json.text).toContain('a redémarré 3 fois en 5 minutes');

    // Fixed: it serves again, no restart since. Not « rétabli » at once…
    fake.crashing.set(app.id, { restarts: 8, ready: true });
    await pass(app.id);
    await deliver();
    expect(titles()).toHaveLength(2);
    // …but after two minutes without a restart (the last one dated back).
    await t.database.db
      .update(crashWatch)
      .set({ lastRestartAt: new Date(Date.now() - 121_000) })
      .where(eq(crashWatch.deploymentId, app.id));
    await pass(app.id);
    await pass(app.id);
    await deliver();
    expect(titles()).toEqual([
      'Déploiement réussi : Boutique',
      'Redémarrages en boucle : Boutique',
      'Rétabli : Boutique',
    ]);
  });
});
