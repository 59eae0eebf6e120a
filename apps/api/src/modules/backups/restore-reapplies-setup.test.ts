import type { Environment } from '@nuage/shared/api-types';
import { eq } from 'drizzle-orm';
import { readFile, writeFile } from 'node:fs/promises';
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
import { API, createEnvironment, type Team } from '../../../test/helpers/project-factories';
import { SetupFilesRuntime } from '../../../test/helpers/setup-files-runtime';
import type { TestApp } from '../../../test/helpers/test-app';
import { backups } from '../../db/schema/backups';
import { localPath } from './context';

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
let staging: Environment;
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
  staging = await createEnvironment(t, team.admin.token, prod.projet_id, {
    nom: 'Recette',
    type: 'staging',
  });
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

  it('into a new application: completes, then its replicas start and its setup runs with its URL', async () => {
    const res = await restore({
      nouvelle_application: { environment_id: staging.id, nom: 'Boutique recette' },
    });
    expect(res.statusCode, res.body).toBe(202);
    const id = res.json<{ application: { id: string } }>().application.id;

    expect(await untilRestored(id)).toMatchObject({ statut: 'success', erreur: null });
    await reconcileToStatus(t, id, 'RUNNING');
    const row = (await deploymentRow(t, id))!;
    expect(row.settings).not.toHaveProperty('restorePending');
    // Its setup ran once, on the restored data, with this application's URL (not the source's).
    expect(runtime.setupRuns.filter((r) => r.deploymentId === id)).toEqual([
      { deploymentId: id, url: urlOf(row), after: 'apply', ok: true },
    ]);
    expect(urlOf(row)).not.toBe(sourceUrl);
  }, 60_000);

  it('into a new application again after a failure: the retry goes through', async () => {
    const [backup] = await t.database.db.select().from(backups).where(eq(backups.id, backupId));
    const archive = localPath(t.app.ctx, backup!);
    const good = await readFile(archive);
    await writeFile(archive, 'pas une sauvegarde');
    const res = await restore({
      nouvelle_application: { environment_id: staging.id, nom: 'Boutique bis' },
    });
    expect(res.statusCode, res.body).toBe(202);
    const id = res.json<{ application: { id: string } }>().application.id;
    expect((await untilRestored(id)).erreur).toContain('somme de contrôle');
    expect((await deploymentRow(t, id))!.settings).toMatchObject({ restorePending: true });

    await writeFile(archive, good);
    const retry = await call(t, 'POST', `${API}/deployments/${id}/restore/retry`, {
      token: team.developer.token,
    });
    expect(retry.statusCode, retry.body).toBe(202);
    expect(await untilRestored(id)).toMatchObject({ statut: 'success', erreur: null });
    await reconcileToStatus(t, id, 'RUNNING');
    const row = (await deploymentRow(t, id))!;
    expect(runtime.setupRuns.filter((r) => r.deploymentId === id && r.ok)).toEqual([
      { deploymentId: id, url: urlOf(row), after: 'apply', ok: true },
    ]);
  }, 60_000);
});
