import type { Environment } from '@nuage/shared/api-types';
import { databaseTexts } from '@nuage/shared/messages/databases';
import type { DatabaseResource } from '@nuage/shared/schemas/responses/databases';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/helpers/factories';
import {
  backUp as backUpWith,
  backupsSettled,
  runningDatabase as runningDatabaseOf,
} from '../../../test/helpers/backup-lists';
import {
  deploymentRow,
  reconcileToStatus,
  teamWithEnvironment,
} from '../../../test/helpers/deploy-factories';
import {
  API,
  createEnvironment,
  expectDetail,
  type Team,
} from '../../../test/helpers/project-factories';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { backups } from '../../db/schema/backups';
import { unpackArchive } from './archive';
import { localPath } from './context';
import { executeRestore, recordRestore } from './restore';

/**
 * Backups of the databases of an environment (issue 25) through the API, on the simulation
 * runtime: no more refusal, the roles, the archive (the dump, no files part), restores into the
 * same database and into a new one of another environment, the refusals (stopped, another
 * engine), and the deletion with a final backup (deleted only after it succeeded).
 */
let t: TestApp;
let team: Team;
let projectId: string;
let prod: Environment;

beforeAll(async () => {
  t = await createTestApp({ s3AllowPrivateEndpoints: true });
  let env: Environment;
  ({ team, env } = await teamWithEnvironment(t));
  prod = env;
  projectId = env.projet_id;
});
afterAll(() => t.close());

const dev = () => team.developer.token;
const settled = (id: string) => backupsSettled(t, dev(), id);
const runningDatabase = (envId: string, nom: string, moteur: string) =>
  runningDatabaseOf(t, dev(), { envId, nom, moteur });
const backUp = (id: string) => backUpWith(t, dev(), id);

/** The parts inside a backup's local archive, and its manifest. */
async function partsOf(backupId: string) {
  const [row] = await t.database.db.select().from(backups).where(eq(backups.id, backupId));
  const dir = await mkdtemp(join(tmpdir(), 'ndbk-db-'));
  try {
    await unpackArchive(localPath(t.app.ctx, row!), dir);
    const manifest = JSON.parse(await readFile(join(dir, 'manifest.json'), 'utf8')) as object;
    return { names: (await readdir(dir)).sort(), manifest };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe('backups of the databases of an environment', () => {
  it('backs up a PostgreSQL database (its dump only), restores it, and keeps users out', async () => {
    const db = await runningDatabase(prod.id, 'clients', 'postgresql');
    const url = `${API}/deployments/${db.id}/backups`;
    expect((await call(t, 'POST', url, { token: team.user.token })).statusCode).toBe(403);
    const backup = await backUp(db.id);
    const { names, manifest } = await partsOf(backup.id);
    expect(names).toEqual(['database.dump', 'manifest.json']);
    expect(manifest).toMatchObject({ template: 'database', database: 'postgresql', files: false });

    const restoreUrl = `${url}/${backup.id}/restore`;
    const refused = await call(t, 'POST', restoreUrl, {
      token: team.user.token,
      body: { confirmation: true },
    });
    expect(refused.statusCode).toBe(403);
    const res = await call(t, 'POST', restoreUrl, { token: dev(), body: { confirmation: true } });
    expect(res.statusCode, res.body).toBe(202);
    const [restore] = (await settled(db.id)).restaurations;
    expect(restore).toMatchObject({ statut: 'success', erreur: null });

    // Another engine is not a target; a stopped database is neither backed up nor restored.
    const cache = await runningDatabase(prod.id, 'cache', 'redis');
    expectDetail(
      await call(t, 'POST', restoreUrl, {
        token: dev(),
        body: { confirmation: true, application_cible_id: cache.id },
      }),
      400,
      databaseTexts.restoreTargetEngine,
    );
    expect(
      (await call(t, 'POST', `${API}/databases/${db.id}/stop`, { token: dev() })).statusCode,
    ).toBe(202);
    expectDetail(await call(t, 'POST', url, { token: dev() }), 409, databaseTexts.stoppedNoBackup);
    expectDetail(
      await call(t, 'POST', restoreUrl, { token: dev(), body: { confirmation: true } }),
      409,
      databaseTexts.stoppedNoBackup,
    );
  });

  it('backs up Redis as a snapshot, and restores a backup into a new database of another environment', async () => {
    const cache = await runningDatabase(prod.id, 'sessions', 'redis');
    const backup = await backUp(cache.id);
    expect((await partsOf(backup.id)).names).toEqual(['database.rdb', 'manifest.json']);
    // The weekly test restore counts the snapshot's keys (the simulation's two SET lines).
    const test = await recordRestore(t.app.ctx, {
      backupId: backup.id,
      targetDeploymentId: cache.id,
      kind: 'test',
      requestedBy: null,
    });
    expect(await executeRestore(t.app.ctx, test.id)).toMatchObject({
      status: 'success',
      tablesCount: 2,
    });

    const staging = await createEnvironment(t, team.admin.token, projectId, {
      nom: 'Recette',
      type: 'staging',
    });
    const res = await call(
      t,
      'POST',
      `${API}/deployments/${cache.id}/backups/${backup.id}/restore`,
      {
        token: dev(),
        body: {
          confirmation: true,
          nouvelle_application: { environment_id: staging.id, nom: 'sessions' },
        },
      },
    );
    expect(res.statusCode, res.body).toBe(202);
    const created = res.json<{ base_de_donnees: DatabaseResource }>().base_de_donnees;
    expect(created).toMatchObject({
      nom: 'sessions',
      moteur: 'redis',
      environnement_id: staging.id,
    });
    await reconcileToStatus(t, created.id, 'RUNNING');
    const [restore] = (await settled(cache.id)).restaurations;
    expect(restore).toMatchObject({ statut: 'success', application_cible_id: created.id });
    // Its hold is lifted once the snapshot is in.
    expect((await deploymentRow(t, created.id))!.settings.restorePending).toBeUndefined();
    // A new database's name is a host name: refused in French otherwise.
    const bad = await call(
      t,
      'POST',
      `${API}/deployments/${cache.id}/backups/${backup.id}/restore`,
      {
        token: dev(),
        body: {
          confirmation: true,
          nouvelle_application: { environment_id: staging.id, nom: 'Pas Un Hote' },
        },
      },
    );
    expect(bad.statusCode).toBe(422);
    expect(bad.body).toContain(databaseTexts.nameInvalid);
  });

  it('deletes a database only after its final backup succeeded, and says why it could not', async () => {
    const db = await runningDatabase(prod.id, 'archives', 'mariadb');
    const url = `${API}/databases/${db.id}?sauvegarde_finale=true`;
    expect((await call(t, 'DELETE', url, { token: team.user.token })).statusCode).toBe(403);

    // An S3 destination that answers nothing: the backup fails, the database stays.
    const unreachable = await call(t, 'PUT', `${API}/projects/${projectId}/backup-destination`, {
      token: team.admin.token,
      body: {
        endpoint: 'http://127.0.0.1:9',
        bucket: 'nulle-part',
        access_key_id: 'cle',
        secret_access_key: 'secret-inutile',
      },
    });
    expect(unreachable.statusCode, unreachable.body).toBe(200);
    // The backup runs after the answer (a dump may outlast the request); it fails, the
    // database stays, and its events say why.
    const failed = await call(t, 'DELETE', url, { token: dev() });
    expect(failed.statusCode, failed.body).toBe(202);
    expect(failed.json<{ message: string }>().message).toBe(databaseTexts.finalBackupStarted);
    await t.app.backupJobs.idle();
    const kept = (await deploymentRow(t, db.id))!;
    expect(kept.desiredState).toBe('present');
    expect(kept.events[0]!.message).toMatch(
      /^La sauvegarde finale a échoué, la base de données n’est pas supprimée : /,
    );

    const removed = await call(t, 'DELETE', `${API}/projects/${projectId}/backup-destination`, {
      token: team.admin.token,
    });
    expect(removed.statusCode).toBe(204);
    const ok = await call(t, 'DELETE', url, { token: dev() });
    expect(ok.statusCode, ok.body).toBe(202);
    await t.app.backupJobs.idle();
    // The failed attempt stays with the database; the final backup left it for the project's
    // final backups (final-backups.test.ts).
    const rows = await t.database.db.select().from(backups).where(eq(backups.projectId, projectId));
    const ofIt = rows.filter((b) => (b.deploymentId ?? b.retainedSource?.deploymentId) === db.id);
    expect(ofIt.map((b) => [b.status, b.deploymentId])).toEqual(
      expect.arrayContaining([
        ['failed', db.id],
        ['success', null],
      ]),
    );
    expect(ofIt).toHaveLength(2);
    const final = ofIt.find((b) => b.status === 'success')!;
    expect(final.retainedSource).toMatchObject({ nom: 'archives', engine: 'mariadb' });
    expect((await deploymentRow(t, db.id))!.desiredState).toBe('absent');
    expect((await partsOf(final.id)).names).toEqual(['database.sql', 'manifest.json']);
  });
});
