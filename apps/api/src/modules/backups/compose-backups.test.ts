import type { SauvegardesApplication } from '@nuage/shared/backup-types';
import { composeTexts } from '@nuage/shared/messages/compose';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupSchedules, backups } from '../../db/schema/backups';
import { BACKUP_PARTS } from '../../engine/backup-parts';
import {
  projectWithQuotas,
  reconcileToStatus,
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
import { unpackArchive } from './archive';
import { localPath } from './context';
import { claimDueBackups, claimDueTestRestores } from './schedules';

/**
 * Backups of a Compose application's named volumes (issue 30 item 2) through the API, on the
 * simulation runtime (the real archives of the Podman runtime: e2e/compose-backups.test.ts):
 * « Sauvegarder maintenant », the schedule, the restore into the same application or into
 * another stack declaring the same volumes, never into a new application.
 */
let t: TestApp;
let team: Team;
let projectId: string;
let envId: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ team } = await teamWithEnvironment(t));
  const created = await projectWithQuotas(t, team, 8, 16, 40);
  projectId = created.project.id;
  envId = created.env.id;
});
afterAll(() => t.close());

const stack = (volumes: string[]) => `
services:
  web:
    image: nginx:1.27
    volumes:
${volumes.map((v) => `      - ${v}:/srv/${v}`).join('\n')}
  db:
    image: postgres:16
    volumes:
      - pgdata:/var/lib/postgresql/data
volumes:
${[...volumes, 'pgdata'].map((v) => `  ${v}: {}`).join('\n')}
`;

let counter = 0;
/** Each in an environment of its own: services are the environment's DNS names. */
async function runningStack(volumes: string[]) {
  counter += 1;
  const env = await createEnvironment(t, team.admin.token, projectId, {
    nom: `Recette ${counter}`,
    type: 'staging',
  });
  const res = await call(t, 'POST', `${API}/deployments/${env.id}/deploy/compose`, {
    token: team.developer.token,
    body: {
      nom: `pile-${counter}`,
      fichier_compose: stack(volumes),
      service_expose: 'web',
      port: 80,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json<{ id: string }>().id;
  await reconcileToStatus(t, id, 'RUNNING');
  return id;
}

const backupsOf = async (id: string) =>
  (
    await call(t, 'GET', `${API}/deployments/${id}/backups`, { token: team.developer.token })
  ).json<SauvegardesApplication>();

async function settled(id: string) {
  for (let i = 0; i < 300; i++) {
    const list = await backupsOf(id);
    const busy =
      list.sauvegardes.some((b) => b.statut === 'running') ||
      list.restaurations.some((r) => r.statut === 'running');
    if (!busy) return list;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('backup still running');
}

describe('backups of a Compose application', () => {
  let source: string;
  let backupId: string;

  it('« Sauvegarder maintenant » packs every named volume of the stack into one archive', async () => {
    source = await runningStack(['site', 'medias']);
    const res = await call(t, 'POST', `${API}/deployments/${source}/backups`, {
      token: team.developer.token,
    });
    expect(res.statusCode, res.body).toBe(202);
    const [backup] = (await settled(source)).sauvegardes;
    expect(backup).toMatchObject({ type: 'manual', statut: 'success', erreur: null });
    backupId = backup!.id;

    const [row] = await t.database.db.select().from(backups).where(eq(backups.id, backupId));
    const dir = await mkdtemp(join(tmpdir(), 'compose-backup-'));
    try {
      await unpackArchive(localPath(t.app.ctx, row!), dir);
      const manifest = JSON.parse(await readFile(join(dir, BACKUP_PARTS.manifest), 'utf8'));
      // One part per volume, by name; no database dump, no files volume of an application.
      expect(manifest).toMatchObject({
        database: null,
        files: false,
        volumes: [
          { name: 'medias', part: 'volume-0.tar' },
          { name: 'pgdata', part: 'volume-1.tar' },
          { name: 'site', part: 'volume-2.tar' },
        ],
      });
      for (const part of ['volume-0.tar', 'volume-1.tar', 'volume-2.tar']) {
        expect((await readFile(join(dir, part))).length).toBeGreaterThan(0);
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('restores into the same application, and into another stack declaring the same volumes', async () => {
    const restore = (target: string | null) =>
      call(t, 'POST', `${API}/deployments/${source}/backups/${backupId}/restore`, {
        token: team.developer.token,
        body: { confirmation: true, ...(target ? { application_cible_id: target } : {}) },
      });
    expect((await restore(null)).statusCode).toBe(202);
    expect((await settled(source)).restaurations[0]).toMatchObject({
      type: 'same',
      statut: 'success',
      erreur: null,
    });

    const twin = await runningStack(['medias', 'site']);
    expect((await restore(twin)).statusCode).toBe(202);
    expect((await settled(twin)).restaurations[0]).toMatchObject({
      type: 'other',
      statut: 'success',
    });

    // A stack without the volume « medias »: failed, saying which volume has no place.
    const other = await runningStack(['site']);
    expect((await restore(other)).statusCode).toBe(202);
    expect((await settled(other)).restaurations[0]).toMatchObject({
      type: 'other',
      statut: 'failed',
      erreur: composeTexts.restoreVolumeMissing('medias'),
    });
  });

  it('refuses a restore into a new application in French: the backup holds volumes, not the file', async () => {
    expectDetail(
      await call(t, 'POST', `${API}/deployments/${source}/backups/${backupId}/restore`, {
        token: team.developer.token,
        body: { confirmation: true, nouvelle_application: { environment_id: envId, nom: 'copie' } },
      }),
      400,
      composeTexts.restoreIntoNewApplication,
    );
  });

  it('is backed up by its schedule like any application', async () => {
    const id = await runningStack(['site']);
    await t.database.db
      .insert(backupSchedules)
      .values({ deploymentId: id, enabled: true, nextRunAt: new Date(Date.now() - 1000) })
      .onConflictDoUpdate({
        target: backupSchedules.deploymentId,
        set: { enabled: true, nextRunAt: new Date(Date.now() - 1000) },
      });
    expect(await claimDueBackups(t.database.db, 50, { destinationRequired: false })).toContain(id);
  });

  it('gets no weekly test restore: it loads a database dump, which a stack’s backup does not hold', async () => {
    await t.database.db
      .insert(backupSchedules)
      .values({
        deploymentId: source,
        enabled: true,
        nextTestRestoreAt: new Date(Date.now() - 1000),
      })
      .onConflictDoUpdate({
        target: backupSchedules.deploymentId,
        set: { enabled: true, nextTestRestoreAt: new Date(Date.now() - 1000) },
      });
    const due = await claimDueTestRestores(t.database.db, 50, { destinationRequired: false });
    expect(due.map((d) => d.deploymentId)).not.toContain(source);
  });
});
