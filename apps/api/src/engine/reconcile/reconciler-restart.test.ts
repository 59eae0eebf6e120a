import { operationsEvents } from '@nuage/shared/operations-messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/helpers/factories';
import {
  deployApp,
  deploymentRow,
  makeDue,
  reconcileToStatus,
  teamWithEnvironment,
} from '../../../test/helpers/deploy-factories';
import { createEngineTestApp } from '../../../test/helpers/engine-test-app';
import { FakeRuntime } from '../../../test/helpers/fake-runtime';
import { API, type Team } from '../../../test/helpers/project-factories';
import type { TestApp } from '../../../test/helpers/test-app';

/**
 * « Redémarrer » on a runtime that starts each replica's copy before stopping it (docker): a
 * copy that never becomes ready is removed and the replica keeps serving. The application
 * stays RUNNING, its history says the restart was not done and why, and the request counts as
 * answered: it is not tried again and again.
 */
let fake: FakeRuntime;
let t: TestApp;
let team: Team;
let envId: string;

beforeAll(async () => {
  fake = new FakeRuntime();
  t = await createEngineTestApp(fake);
  let env;
  ({ team, env } = await teamWithEnvironment(t));
  envId = env.id;
});
afterAll(() => t.close());

const restartCalls = () => fake.calls.filter((c) => c.startsWith('restart ')).length;

describe('a restart whose new replica never becomes ready', () => {
  it('keeps the application RUNNING, says why in its history, and is not retried', async () => {
    const app = await deployApp(t, team.developer.token, envId, { nom: 'Boutique' });
    await reconcileToStatus(t, app.id, 'RUNNING');
    const reason = 'le conteneur s’est arrêté (code de sortie 1) : plus de place sur le disque';
    fake.restartNotReady = reason;

    const res = await call(t, 'POST', `${API}/deployments/deployment/${app.id}/sync`, {
      token: team.developer.token,
    });
    expect(res.statusCode, res.body).toBe(200);
    await makeDue(t, app.id);
    await t.app.engine.reconciler.runUntilIdle();

    const row = (await deploymentRow(t, app.id))!;
    expect(row.status).toBe('RUNNING');
    expect(row.restartObservedAt).not.toBeNull();
    expect(row.events.map((e) => e.message)).toContain(operationsEvents.restartNotReady(reason));
    expect(restartCalls()).toBe(1);

    // Later passes observe it, and restart nothing more.
    for (let i = 0; i < 3; i++) {
      await makeDue(t, app.id);
      await t.app.engine.reconciler.runUntilIdle();
    }
    expect(restartCalls()).toBe(1);
    expect((await deploymentRow(t, app.id))!.status).toBe('RUNNING');
  });
});
