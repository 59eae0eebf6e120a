import { backupTexts } from '@nuage/shared/schemas/backups';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupsOf as listOf, backupsSettled } from '../test/helpers/backup-lists';
import { createEngineTestApp, restartedEngineTestApp } from '../test/helpers/engine-test-app';
import { call } from '../test/helpers/factories';
import {
  deployApp,
  deploymentRow,
  reconcileToStatus,
  teamWithEnvironment,
  type DeploymentView,
} from '../test/helpers/deploy-factories';
import { FakeRuntime } from '../test/helpers/fake-runtime';
import { API, type Team } from '../test/helpers/project-factories';
import type { TestApp } from '../test/helpers/test-app';
import { backupRestores, backups } from './db/schema/backups';
import { BackupWorker } from './modules/backups/worker';
import { SHUTDOWN_BOUND_MS, stopPlatform } from './shutdown';

/**
 * A platform stop (SIGTERM) while a restore and a backup run: the stop ends within its bound
 * instead of waiting for them (issue 23: it waited without limit, the process was killed 120 s
 * later); the restore is handed over, still running, and the next start completes it; the
 * backup is recorded as interrupted and can be asked for again.
 */
let runtime: FakeRuntime;
let first: TestApp;
let next: TestApp | undefined;
let team: Team;
let app: DeploymentView;
let backupId: string;

const developer = () => ({ token: team.developer.token });

beforeAll(async () => {
  runtime = new FakeRuntime();
  first = await createEngineTestApp(runtime);
  let env;
  ({ team, env } = await teamWithEnvironment(first));
  app = await deployApp(first, team.developer.token, env.id, { nom: 'Boutique' });
  await reconcileToStatus(first, app.id, 'RUNNING');
  await call(first, 'POST', `${API}/deployments/${app.id}/backups`, developer());
  const [backup] = (await backupsSettled(first, team.developer.token, app.id)).sauvegardes;
  expect(backup?.statut).toBe('success');
  backupId = backup!.id;
});

afterAll(async () => {
  await (next ?? first).close();
});

describe('a platform stop during a restore and a backup', () => {
  it('ends within its bound, hands the restore over, records the backup as interrupted', async () => {
    const restoring = runtime.hold('restore');
    const restore = await call(
      first,
      'POST',
      `${API}/deployments/${app.id}/backups/${backupId}/restore`,
      { ...developer(), body: { confirmation: true } },
    );
    expect(restore.statusCode, restore.body).toBe(202);
    await restoring.started;
    const backingUp = runtime.hold('backup');
    expect(
      (await call(first, 'POST', `${API}/deployments/${app.id}/backups`, developer())).statusCode,
    ).toBe(202);
    await backingUp.started;

    const worker = new BackupWorker(first.app.ctx, { jobs: first.app.backupJobs });
    const started = Date.now();
    await stopPlatform({
      app: first.app,
      // This process's database connections close; the database stays for the next start.
      database: { close: async () => {} },
      workers: [worker],
    });
    expect(Date.now() - started).toBeLessThan(SHUTDOWN_BOUND_MS);

    const [handedOver] = await first.database.db
      .select()
      .from(backupRestores)
      .where(eq(backupRestores.targetDeploymentId, app.id));
    expect(handedOver).toMatchObject({ status: 'running', error: null });
    expect(handedOver!.suspendedAt).not.toBeNull();
    const interrupted = await first.database.db
      .select()
      .from(backups)
      .where(eq(backups.status, 'failed'));
    expect(interrupted).toEqual([
      expect.objectContaining({ deploymentId: app.id, error: backupTexts.backupInterrupted }),
    ]);
  });

  it('the next start completes the restore (not failed as dead), and a backup can be asked again', async () => {
    next = await restartedEngineTestApp(first, runtime);
    // Stale heartbeats are failed at once by this worker: the handed-over restore is not.
    const worker = new BackupWorker(next.app.ctx, { jobs: next.app.backupJobs, restoreStaleMs: 0 });
    await worker.tick();
    await next.app.backupJobs.idle();

    const list = await listOf(next, team.developer.token, app.id);
    expect(list.restaurations).toEqual([
      expect.objectContaining({ statut: 'success', erreur: null }),
    ]);
    expect(runtime.calls.filter((c) => c.startsWith('restore ')).length).toBe(2);
    const events = (await deploymentRow(next, app.id))!.events.map((e) => e.message);
    expect(events).toContain(backupTexts.restoreResumedEvent);

    const again = await call(next, 'POST', `${API}/deployments/${app.id}/backups`, developer());
    expect(again.statusCode, again.body).toBe(202);
    await next.app.backupJobs.idle();
    expect((await listOf(next, team.developer.token, app.id)).sauvegardes[0]).toMatchObject({
      statut: 'success',
    });
  });
});
