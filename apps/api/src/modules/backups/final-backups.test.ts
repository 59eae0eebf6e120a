import type { Environment } from '@nuage/shared/api-types';
import { finalBackupTexts } from '@nuage/shared/messages/final-backups';
import type { DatabaseResource } from '@nuage/shared/schemas/responses/databases';
import type {
  FinalBackup,
  FinalRestoreStarted,
} from '@nuage/shared/schemas/responses/final-backups';
import { access } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backUp, backupsSettled, runningDatabase } from '../../../test/helpers/backup-lists';
import {
  deploymentRow,
  reconcileUntil,
  teamWithEnvironment,
} from '../../../test/helpers/deploy-factories';
import { call } from '../../../test/helpers/factories';
import {
  API,
  createEnvironment,
  expectDetail,
  type Team,
} from '../../../test/helpers/project-factories';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { backups } from '../../db/schema/backups';
import { localPath } from './context';

/**
 * A deleted database's final backup (issue 25) outlives it in its project: listed for members,
 * restored by a developer into a new database of another environment, deleted for good by an
 * administrator (its file first). On the simulation runtime.
 */
let t: TestApp;
let team: Team;
let projectId: string;
let prod: Environment;

beforeAll(async () => {
  t = await createTestApp();
  ({ team, env: prod } = await teamWithEnvironment(t));
  projectId = prod.projet_id;
});
afterAll(() => t.close());

const dev = () => team.developer.token;
const listUrl = () => `${API}/projects/${projectId}/final-backups`;
const finalBackups = async (token = team.user.token) => {
  const res = await call(t, 'GET', listUrl(), { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<FinalBackup[]>();
};

/** A PostgreSQL database with one backup of its own, deleted with its final backup. */
async function deletedWithFinalBackup(nom: string) {
  const db = await runningDatabase(t, dev(), { envId: prod.id, nom, moteur: 'postgresql' });
  const earlier = await backUp(t, dev(), db.id);
  const res = await call(t, 'DELETE', `${API}/databases/${db.id}?sauvegarde_finale=true`, {
    token: dev(),
  });
  expect(res.statusCode, res.body).toBe(202);
  // The backup runs after the answer, the deletion after it; then the engine removes the
  // database and its row, and its other backups with it.
  await t.app.backupJobs.idle();
  await reconcileUntil(t, async () => (await deploymentRow(t, db.id)) === undefined);
  return { db, earlier };
}

describe('final backups of deleted databases', () => {
  it('keeps the final backup in the project once the database is gone, and only that one', async () => {
    expect(await finalBackups()).toEqual([]);
    const { db, earlier } = await deletedWithFinalBackup('commandes');
    const [kept, ...others] = await finalBackups();
    expect(others).toEqual([]);
    expect(kept).toMatchObject({
      nom: 'commandes',
      moteur: 'postgresql',
      cpu: 0.5,
      ram: 0.5,
      stockage: 1,
      environnement_id: prod.id,
      environnement_nom: prod.nom,
    });
    expect(kept!.taille_octets).toBeGreaterThan(0);
    expect(kept!.copies).toEqual([expect.objectContaining({ type: 'local', statut: 'success' })]);
    const rows = await t.database.db.select().from(backups).where(eq(backups.projectId, projectId));
    expect(rows.map((r) => r.id)).toEqual([kept!.id]);
    expect(rows.some((r) => r.id === earlier.id)).toBe(false);
    // Its archive is still where it was written, under the deleted database's id.
    await access(localPath(t.app.ctx, rows[0]!));
    expect(rows[0]!.retainedSource?.deploymentId).toBe(db.id);

    // A stranger sees no project; a token of another project neither.
    const outsider = await call(t, 'GET', listUrl(), { token: team.outsider.token });
    expect(outsider.statusCode).toBe(404);
  });

  it('restores it into a new database of another environment, for developers only', async () => {
    const [kept] = await finalBackups();
    const staging = await createEnvironment(t, team.admin.token, projectId, {
      nom: 'recette',
      type: 'staging',
    });
    const url = `${listUrl()}/${kept!.id}/restore`;
    const body = { environment_id: staging.id, nom: 'commandes-recette' };
    expect((await call(t, 'POST', url, { token: team.user.token, body })).statusCode).toBe(403);
    const bad = await call(t, 'POST', url, { token: dev(), body: { ...body, nom: 'Pas Un Hote' } });
    expect(bad.statusCode).toBe(422);

    const res = await call(t, 'POST', url, { token: dev(), body });
    expect(res.statusCode, res.body).toBe(202);
    const started = res.json<FinalRestoreStarted>();
    expect(started.message).toBe(finalBackupTexts.restoreStarted);
    expect(started.base_de_donnees).toMatchObject({
      nom: 'commandes-recette',
      moteur: 'postgresql',
      environnement_id: staging.id,
      cpu_requis: 0.5,
    });
    expect(JSON.stringify(started)).not.toMatch(/mot_de_passe|password/i);
    const created = started.base_de_donnees;
    await reconcileUntil(
      t,
      async () => {
        const list = await backupsSettled(t, dev(), created.id).catch(() => null);
        return list?.restaurations[0]?.statut === 'success';
      },
      { timeoutMs: 30_000 },
    );
    // The hold is lifted once the dump is in; the final backup stays, for another restore.
    await reconcileUntil(t, async () => {
      const res = await call(t, 'GET', `${API}/databases/${created.id}`, { token: dev() });
      return res.json<DatabaseResource>().statut_deploiement === 'RUNNING';
    });
    expect((await deploymentRow(t, created.id))!.settings.restorePending).toBeUndefined();
    expect((await finalBackups()).map((b) => b.id)).toEqual([kept!.id]);
  });

  it('is deleted for good by an administrator only, its file first', async () => {
    const [kept] = await finalBackups();
    const [row] = await t.database.db.select().from(backups).where(eq(backups.id, kept!.id));
    const url = `${listUrl()}/${kept!.id}`;
    expect((await call(t, 'DELETE', url, { token: dev() })).statusCode).toBe(403);
    expect((await call(t, 'DELETE', url, { token: team.admin.token })).statusCode).toBe(204);
    expect(await finalBackups()).toEqual([]);
    await expect(access(localPath(t.app.ctx, row!))).rejects.toThrow();
    expectDetail(
      await call(t, 'DELETE', url, { token: team.admin.token }),
      404,
      finalBackupTexts.notFound,
    );
    expectDetail(
      await call(t, 'POST', `${url}/restore`, {
        token: dev(),
        body: { environment_id: prod.id, nom: 'encore' },
      }),
      404,
      finalBackupTexts.notFound,
    );
  });
});
