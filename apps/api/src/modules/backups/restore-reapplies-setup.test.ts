import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupsOf as listOf } from '../../../test/helpers/backup-lists';
import { createEngineTestApp } from '../../../test/helpers/engine-test-app';
import { call } from '../../../test/helpers/factories';
import {
  deployApp,
  deploymentRow,
  makeDue,
  reconcileToStatus,
  reconcileUntil,
  teamWithEnvironment,
  type DeploymentView,
} from '../../../test/helpers/deploy-factories';
import { API, type Team } from '../../../test/helpers/project-factories';
import { SetupFilesRuntime } from '../../../test/helpers/setup-files-runtime';
import type { TestApp } from '../../../test/helpers/test-app';

/**
 * A restore ends with the application's own URL and administrator re-applied, on a runtime
 * that behaves as the docker one with WordPress does (its setup task needs the files a replica
 * copies, or a restore unpacks): into the same application, the setup runs again with the URL
 * the deploy installed (issue 23: it got http://localhost, and the site redirected there); into
 * a new application, the restore is not blocked behind a setup task that cannot succeed yet
 * (issue 23: the copy stayed DEPLOYING until the restore timed out, and a retry did the same).
 */
const urlOf = (row: { hostLabel: string }) => `http://${row.hostLabel}.localhost:8081`;

let t: TestApp;
let runtime: SetupFilesRuntime;
let team: Team;
let source: DeploymentView;
let sourceUrl: string;
let backupId: string;

const restores = async (id: string) => (await listOf(t, team.developer.token, id)).restaurations;

/** Runs the engine (the restore waits for it) until every restore into `id` is done. */
async function untilRestored(id: string) {
  await reconcileUntil(t, async () => !(await restores(id)).some((r) => r.statut === 'running'), {
    timeoutMs: 30_000,
    tick: async () => {
      await makeDue(t, id);
      await t.app.engine.reconciler.tick();
    },
  });
  return (await restores(id))[0]!;
}

const restore = (body: object) =>
  call(t, 'POST', `${API}/deployments/${source.id}/backups/${backupId}/restore`, {
    token: team.developer.token,
    body: { confirmation: true, ...body },
  });

beforeAll(async () => {
  runtime = new SetupFilesRuntime();
  t = await createEngineTestApp(runtime, { applicationUrl: urlOf });
  let prod;
  ({ team, env: prod } = await teamWithEnvironment(t));
  source = await deployApp(t, team.developer.token, prod.id, { nom: 'Boutique' });
  await reconcileToStatus(t, source.id, 'RUNNING');
  sourceUrl = urlOf((await deploymentRow(t, source.id))!);
  await call(t, 'POST', `${API}/deployments/${source.id}/backups`, { token: team.developer.token });
  await reconcileUntil(t, async () =>
    (await listOf(t, team.developer.token, source.id)).sauvegardes.every(
      (b) => b.statut !== 'running',
    ),
  );
  const [backup] = (await listOf(t, team.developer.token, source.id)).sauvegardes;
  expect(backup?.statut).toBe('success');
  backupId = backup!.id;
});

afterAll(async () => {
  await t?.close();
});

describe('a restore re-applies the application it lands in', () => {
  it('into the same application: the spec deployed, so its setup sets its own URL again', async () => {
    const installed = runtime.setupRuns.filter((r) => r.deploymentId === source.id);
    expect(installed).toEqual([
      { deploymentId: source.id, url: sourceUrl, after: 'apply', ok: true },
    ]);
    const deployed = runtime.appliedSpecs.filter((s) => s.deploymentId === source.id).at(-1)!;

    expect((await restore({})).statusCode).toBe(202);
    expect(await untilRestored(source.id)).toMatchObject({ statut: 'success', erreur: null });

    // Exactly what the reconciler applied: nothing a restore builds differently can undo it.
    expect(runtime.restoredSpecs.at(-1)).toEqual(deployed);
    expect(runtime.setupRuns.filter((r) => r.deploymentId === source.id).at(-1)).toEqual({
      deploymentId: source.id,
      url: sourceUrl,
      after: 'restore',
      ok: true,
    });
  });
});
