import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  deployApp,
  deploymentRow,
  teamWithEnvironment,
} from '../../../test/helpers/deploy-factories';
import { anotherReconciler, createEngineTestApp } from '../../../test/helpers/engine-test-app';
import { FakeRuntime } from '../../../test/helpers/fake-runtime';
import type { TestApp } from '../../../test/helpers/test-app';

/**
 * A platform stop while an application's pass waits on the runtime (a pull, a rollout, a setup
 * task: minutes): the engine stops by its deadline instead of waiting for the pass, and gives
 * the application back, so the next start (or another process) takes it up at once rather
 * than after the claim expires.
 */
let fake: FakeRuntime;
let t: TestApp;

beforeAll(async () => {
  fake = new FakeRuntime();
  t = await createEngineTestApp(fake);
});
afterAll(() => t.close());

describe('stopping the engine while a pass waits on the runtime', () => {
  it('returns by its deadline and gives the application back; another process then applies it', async () => {
    const { team, env } = await teamWithEnvironment(t);
    await t.app.engine.reconciler.runUntilIdle();
    const app = await deployApp(t, team.developer.token, env.id);
    const stopping = anotherReconciler(t, fake);
    const hold = fake.hold('apply');
    stopping.start();
    await hold.started;
    expect((await deploymentRow(t, app.id))!.leaseOwner).toBe(stopping.owner);

    await stopping.stop(Date.now() + 1000);
    expect((await deploymentRow(t, app.id))!.leaseOwner).toBeNull();

    const next = anotherReconciler(t, fake);
    await next.runUntilIdle();
    expect((await deploymentRow(t, app.id))!.observedGeneration).toBe(1);
  });
});
