import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deployApp, deploymentRow, teamWithEnvironment } from '../../test/helpers/deploy-factories';
import { createTestApp, type TestApp } from '../../test/helpers/test-app';
import { deployments } from './schema/deployments';
import { ENGINE_CHANNEL } from './wake-channels';

/**
 * The engine sleeps until work falls due (issue 32): a write that makes an application due,
 * from whatever process, must wake it through a notification, not wait for its 25 s safety poll.
 */
describe('wake notifications', () => {
  let t: TestApp;
  const heard: string[] = [];
  let stopListening: () => Promise<void>;

  beforeAll(async () => {
    t = await createTestApp();
    stopListening = await t.database.listen(ENGINE_CHANNEL, (payload) => heard.push(payload));
  });
  afterAll(async () => {
    await stopListening();
    await t.close();
  });

  const waitFor = async (check: () => boolean | Promise<boolean>, ms = 5000) => {
    const deadline = Date.now() + ms;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error('not in time');
      await new Promise((r) => setTimeout(r, 20));
    }
  };

  it('a deploy notifies when its application falls due; a re-look 30 s ahead does not', async () => {
    const { team, env } = await teamWithEnvironment(t);
    heard.length = 0;
    const app = await deployApp(t, team.developer.token, env.id, { nom: 'Réveil' });
    await waitFor(() => heard.length > 0);
    const due = Number(heard.at(-1));
    expect(Math.abs(due - Date.now())).toBeLessThan(10_000);

    heard.length = 0;
    await t.database.db
      .update(deployments)
      .set({ nextAttemptAt: new Date(Date.now() + 30_000) })
      .where(eq(deployments.id, app.id));
    // A write due now, after it: had the first notified, it would be heard first.
    await t.database.db
      .update(deployments)
      .set({ nextAttemptAt: new Date() })
      .where(eq(deployments.id, app.id));
    await waitFor(() => heard.length > 0);
    expect(heard).toHaveLength(1);
  });

  it('a started engine passes an application another process made due, long before its safety poll', async () => {
    const { team, env } = await teamWithEnvironment(t);
    const app = await deployApp(t, team.developer.token, env.id, { nom: 'Autre processus' });
    t.app.engine.start();
    try {
      await waitFor(async () => (await deploymentRow(t, app.id))?.status === 'RUNNING', 20_000);
      // Settled: the next look is 30 s ahead. Another process asks for a pass by writing the row.
      const written = new Date();
      await t.database.db
        .update(deployments)
        .set({ nextAttemptAt: written })
        .where(eq(deployments.id, app.id));
      // The pass records its look by setting the next one.
      await waitFor(
        async () => (await deploymentRow(t, app.id))!.nextAttemptAt.getTime() > written.getTime(),
        10_000,
      );
    } finally {
      await t.app.engine.stop(Date.now() + 10_000);
    }
  });
});
