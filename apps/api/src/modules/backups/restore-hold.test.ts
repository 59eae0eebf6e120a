import type { Environment } from '@nuage/shared/api-types';
import type { AlerteRestauration } from '@nuage/shared/backup-types';
import type { DashboardResponse } from '@nuage/shared/dashboard-types';
import { backupTexts } from '@nuage/shared/schemas/backups';
import { eq } from 'drizzle-orm';
import { existsSync } from 'node:fs';
import { mkdir, readFile, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupsSettled } from '../../../test/helpers/backup-lists';
import { call } from '../../../test/helpers/factories';
import {
  deployApp,
  deploymentRow,
  getDetail,
  makeDue,
  reconcileToStatus,
  reconcileUntil,
  teamWithEnvironment,
  type DeploymentView,
} from '../../../test/helpers/deploy-factories';
import {
  API,
  createEnvironment,
  expectDetail,
  type Team,
} from '../../../test/helpers/project-factories';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { backupRestores, backups } from '../../db/schema/backups';
import { backupRoot, localPath } from './context';
import { recordRestore } from './restore';
import { requestRestore } from './service';
import { RESTORE_STALE_MS } from './restore-failure';
import { BackupWorker } from './worker';

/**
 * A restore into a new application that fails leaves it held (no replica, never an empty site):
 * its page, history, the dashboard and the admins' mail say why; « Réessayer la restauration »
 * loads the same backup again and starts it; a restore cut by a process that died is failed at
 * the next start. Simulation runtime (real archives with synthetic content).
 */
let t: TestApp;
let team: Team;
let staging: Environment;
let source: DeploymentView;
let backupId: string;
let archive: string;
let goodArchive: Buffer;

type Detail = { alerte_restauration: AlerteRestauration | null; events: { message: string }[] };
const detailOf = async (id: string) =>
  (await getDetail(t, team.developer.token, id)) as unknown as Detail;

const settled = (id: string) => backupsSettled(t, team.developer.token, id);

const retry = (id: string, token = team.developer.token) =>
  call(t, 'POST', `${API}/deployments/${id}/restore/retry`, { token });

const failuresOnDashboard = async () =>
  (await call(t, 'GET', `${API}/dashboard`, { token: team.user.token })).json<DashboardResponse>()
    .sauvegardes_en_echec;

/** A new application in staging, on hold, whose restore of the (now corrupt) archive failed. */
async function failedRestoreInto(nom: string): Promise<string> {
  await writeFile(archive, 'pas une sauvegarde');
  const res = await call(t, 'POST', `${API}/deployments/${source.id}/backups/${backupId}/restore`, {
    token: team.developer.token,
    body: { confirmation: true, nouvelle_application: { environment_id: staging.id, nom } },
  });
  expect(res.statusCode, res.body).toBe(202);
  const id = res.json<{ application: DeploymentView }>().application.id;
  await reconcileToStatus(t, id, 'RUNNING');
  expect((await settled(id)).restaurations[0]).toMatchObject({ statut: 'failed' });
  return id;
}

const replicasOf = (pods: { name: string }[]) => pods.filter((p) => !p.name.includes('-db-'));

beforeAll(async () => {
  t = await createTestApp();
  let prod;
  ({ team, env: prod } = await teamWithEnvironment(t));
  staging = await createEnvironment(t, team.admin.token, prod.projet_id, {
    nom: 'Recette',
    type: 'staging',
  });
  source = await deployApp(t, team.developer.token, prod.id, { nom: 'Boutique' });
  await reconcileToStatus(t, source.id, 'RUNNING');
  await call(t, 'POST', `${API}/deployments/${source.id}/backups`, { token: team.developer.token });
  const [backup] = (await settled(source.id)).sauvegardes;
  expect(backup?.statut).toBe('success');
  backupId = backup!.id;
  const [row] = await t.database.db.select().from(backups).where(eq(backups.id, backupId));
  archive = localPath(t.app.ctx, row!);
  goodArchive = await readFile(archive);
});

afterAll(async () => {
  await t?.close();
});

describe('a failed restore into a new application', () => {
  let held: string;

  it('keeps it held and says why on its page, in its history, on the dashboard and by mail', async () => {
    held = await failedRestoreInto('Boutique recette');
    const detail = await detailOf(held);
    const alert = detail.alerte_restauration!;
    expect(alert).toMatchObject({
      statut: 'failed',
      sauvegarde_id: backupId,
      application_source: 'Boutique',
      reessayable: true,
    });
    expect(alert.erreur).toContain('somme de contrôle');
    expect(alert.message).toBe(backupTexts.holdFailed('Boutique', alert.erreur!));
    expect(alert.date).not.toBeNull();
    expect(detail.events[0]!.message).toMatch(
      /^Échec de la restauration de la sauvegarde du .+ \(UTC\) : La somme de contrôle/,
    );
    // Still held: its database runs, no replica serves an empty site.
    const row = (await deploymentRow(t, held))!;
    expect(row.settings).toMatchObject({ restorePending: true });
    expect(replicasOf(row.pods)).toEqual([]);

    expect(await failuresOnDashboard()).toContainEqual(
      expect.objectContaining({
        application_id: held,
        application_nom: 'Boutique recette',
        operation: 'restauration',
        erreur: alert.erreur,
      }),
    );
    await expect
      .poll(() => t.mailer.lastTo(team.admin.email)?.subject)
      .toMatch(/^Échec de la restauration de « Boutique recette »/);
  });

  it('lets only those who may deploy retry, and never beside a restore still running', async () => {
    expect((await retry(held, team.user.token)).statusCode).toBe(403);
    expect((await retry(held, team.outsider.token)).statusCode).toBe(404);
    // Nothing to retry on an application that is not held.
    expectDetail(await retry(source.id), 400, backupTexts.nothingToRetry);

    // A restore into it running elsewhere (another process, alive): refused, and shown running.
    const elsewhere = await recordRestore(t.app.ctx, {
      backupId,
      targetDeploymentId: held,
      kind: 'new',
      requestedBy: null,
    });
    expectDetail(await retry(held), 409, backupTexts.restoreAlreadyRunning);
    await expect(
      recordRestore(t.app.ctx, {
        backupId,
        targetDeploymentId: held,
        kind: 'same',
        requestedBy: null,
      }),
    ).rejects.toThrow();
    expect((await detailOf(held)).alerte_restauration).toMatchObject({
      statut: 'running',
      restauration_id: elsewhere.id,
      reessayable: false,
      message: backupTexts.holdRunning('Boutique'),
    });
    await t.database.db.delete(backupRestores).where(eq(backupRestores.id, elsewhere.id));
  });

  it('loads the same backup again on retry, then starts the replicas and lifts the hold', async () => {
    await writeFile(archive, goodArchive);
    const res = await retry(held);
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toMatchObject({
      message: backupTexts.retryStarted,
      restauration: { sauvegarde_id: backupId, application_cible_id: held, statut: 'running' },
    });
    expect((await settled(held)).restaurations[0]).toMatchObject({ statut: 'success' });
    await reconcileUntil(
      t,
      async () => {
        const row = (await deploymentRow(t, held))!;
        return row.status === 'RUNNING' && replicasOf(row.pods).length === source.replicas;
      },
      {
        timeoutMs: 30_000,
        tick: () => makeDue(t, held).then(() => t.app.engine.reconciler.tick()),
      },
    );
    expect((await deploymentRow(t, held))!.settings).not.toHaveProperty('restorePending');
    const detail = await detailOf(held);
    expect(detail.alerte_restauration).toBeNull();
    expect(detail.events.map((e) => e.message)).toEqual(
      expect.arrayContaining([
        'Sauvegarde restaurée : démarrage de l’application',
        backupTexts.retryStarted,
      ]),
    );
    expect((await failuresOnDashboard()).map((f) => f.application_id)).not.toContain(held);
  });

  it('can be deleted as usual', async () => {
    const id = await failedRestoreInto('Boutique jetable');
    const res = await call(t, 'DELETE', `${API}/deployments/deployment/${id}`, {
      token: team.developer.token,
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    expect((await failuresOnDashboard()).map((f) => f.application_id)).not.toContain(id);
  });
});

describe('a restore cut by a process that died', () => {
  it('is failed and announced at the next start, then can be retried', async () => {
    await writeFile(archive, goodArchive);
    // The request was answered (application created on hold, restore recorded), then the
    // process died before its job ran: nothing runs it, and its heartbeat grows old.
    const dev = team.developer;
    const { restore: cut, created } = await requestRestore(t.app.ctx, {
      deploymentId: source.id,
      backupId,
      user: { ...dev, createdAt: new Date(), pendingEmail: null, totpEnabled: false },
      input: {
        confirmation: true,
        nouvelle_application: { environment_id: staging.id, nom: 'Boutique coupée' },
      },
    });
    const id = created!.id;
    await t.database.db
      .update(backupRestores)
      .set({ heartbeatAt: new Date(Date.now() - RESTORE_STALE_MS - 60_000) })
      .where(eq(backupRestores.id, cut.id));
    const alive = await recordRestore(t.app.ctx, {
      backupId,
      targetDeploymentId: source.id,
      kind: 'test',
      requestedBy: null,
    });

    // It left its staging directory (a day old by now); one of a running restore stays.
    const leftover = join(backupRoot(t.app.ctx), '.restore-coupee');
    const current = join(backupRoot(t.app.ctx), '.restore-en-cours');
    for (const dir of [leftover, current]) await mkdir(dir, { recursive: true });
    const dayAgo = new Date(Date.now() - 25 * 3600_000);
    await utimes(leftover, dayAgo, dayAgo);

    // Next start: the worker's first pass (no scheduled backup is due in this test).
    const worker = new BackupWorker(t.app.ctx, { batchSize: 0 });
    worker.start();
    const statusOf = async (restoreId: string) =>
      (
        await t.database.db.select().from(backupRestores).where(eq(backupRestores.id, restoreId))
      )[0];
    await expect.poll(async () => (await statusOf(cut.id))?.status).toBe('failed');
    expect((await statusOf(cut.id))?.error).toBe(backupTexts.restoreInterrupted);
    await worker.stop();
    await expect.poll(() => existsSync(leftover)).toBe(false);
    expect(existsSync(current)).toBe(true);
    // A restore whose process is alive (fresh heartbeat) is left alone.
    expect((await statusOf(alive.id))?.status).toBe('running');
    await t.database.db.delete(backupRestores).where(eq(backupRestores.id, alive.id));

    const detail = await detailOf(id);
    expect(detail.alerte_restauration).toMatchObject({
      statut: 'failed',
      erreur: backupTexts.restoreInterrupted,
      reessayable: true,
    });
    expect(detail.events[0]!.message).toContain(backupTexts.restoreInterrupted);
    await expect.poll(() => t.mailer.lastTo(team.admin.email)?.text).toContain('Boutique coupée');

    await reconcileToStatus(t, id, 'RUNNING');
    expect((await retry(id)).statusCode).toBe(202);
    expect((await settled(id)).restaurations[0]).toMatchObject({ statut: 'success' });
    expect((await deploymentRow(t, id))!.settings).not.toHaveProperty('restorePending');
  });
});
