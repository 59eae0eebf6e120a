import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deployments } from '../../db/schema/deployments';
import { RESTORE_PENDING } from '../backup-parts';
import {
  deployApp,
  deploymentRow,
  getDetail,
  makeDue,
} from '../../../test/helpers/deploy-factories';
import { createEngineTestApp } from '../../../test/helpers/engine-test-app';
import { FakeRuntime } from '../../../test/helpers/fake-runtime';
import {
  createEnvironment,
  createTeamProject,
  createTeamUsers,
  type Team,
} from '../../../test/helpers/project-factories';
import type { TestApp } from '../../../test/helpers/test-app';

/**
 * Drift repair: when the runtime reports what it will not bring back by itself (the docker
 * runtime: a container removed or stopped by hand), the reconciler applies the application's
 * current spec again in the same pass and says so in the application's history.
 */
let fake: FakeRuntime;
let t: TestApp;
let team: Team;
let envId: string;

beforeAll(async () => {
  fake = new FakeRuntime();
  t = await createEngineTestApp(fake);
  team = await createTeamUsers(t);
  const { project } = await createTeamProject(t, team, {
    quota_cpu: 50,
    quota_ram: 100,
    quota_stockage: 500,
  });
  envId = (await createEnvironment(t, team.admin.token, project.id, { nom: 'Derive' })).id;
  await t.app.engine.reconciler.runUntilIdle();
});
afterAll(() => t.close());

const appliesOf = (id: string) => fake.applies.filter((a) => a.deploymentId === id);

describe('drift reported by the runtime', () => {
  it('is repaired by applying the same generation again, once, with an event in French', async () => {
    const app = await deployApp(t, team.developer.token, envId, { replicas: 2 });
    await t.app.engine.reconciler.runUntilIdle();
    expect((await deploymentRow(t, app.id))!.status).toBe('RUNNING');
    expect(appliesOf(app.id)).toEqual([{ deploymentId: app.id, generation: 1 }]);

    fake.drift.set(app.id, ['instance site-1 absente', 'conteneur site-db arrêté']);
    await makeDue(t, app.id);
    await t.app.engine.reconciler.tick();
    expect(appliesOf(app.id)).toEqual([
      { deploymentId: app.id, generation: 1 },
      { deploymentId: app.id, generation: 1 },
    ]);
    const detail = await getDetail(t, team.developer.token, app.id);
    expect(detail.status).toBe('RUNNING');
    expect(JSON.stringify(detail.events)).toContain(
      'Écart corrigé sur le serveur : instance site-1 absente, conteneur site-db arrêté',
    );
    const row = (await deploymentRow(t, app.id))!;
    expect([row.generation, row.observedGeneration, row.leaseOwner]).toEqual([1, 1, null]);

    // Nothing reported: nothing applied.
    await makeDue(t, app.id);
    await t.app.engine.reconciler.tick();
    expect(appliesOf(app.id)).toHaveLength(2);
  });

  it('is not measured against replicas an application awaiting its restore does not run', async () => {
    const app = await deployApp(t, team.developer.token, envId, { replicas: 2 });
    // Created to receive a restore: database only until its data is loaded (no replica).
    await t.database.db
      .update(deployments)
      .set({
        settings: sql`${deployments.settings} || ${JSON.stringify({ [RESTORE_PENDING]: true })}::jsonb`,
      })
      .where(eq(deployments.id, app.id));
    await t.app.engine.reconciler.runUntilIdle();
    expect(appliesOf(app.id)).toHaveLength(1);

    // Looked at again while held: nothing to repair, nothing applied, no event.
    await makeDue(t, app.id);
    await t.app.engine.reconciler.tick();
    expect(appliesOf(app.id)).toHaveLength(1);
    const detail = await getDetail(t, team.developer.token, app.id);
    expect(JSON.stringify(detail.events)).not.toContain('Écart corrigé');
  });
});
