import type { Environment } from '@nuage/shared/api-types';
import type { SauvegardesApplication } from '@nuage/shared/backup-types';
import type { DashboardResponse } from '@nuage/shared/dashboard-types';
import type { UsageSummary } from '@nuage/shared/pricing-types';
import { backupTexts } from '@nuage/shared/schemas/backups';
import { access, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../../mail/mailer';
import { call } from '../../../test/helpers/factories';
import {
  deployApp,
  reconcileToStatus,
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
import { backupSchedules, backups } from '../../db/schema/backups';
import { localPath } from './context';
import { executeBackup, recordBackup } from './run-backup';
import { BackupWorker } from './worker';

/**
 * Backups through the API on the simulation runtime (real archives with synthetic content),
 * with a real S3-compatible server (s3rver) on loopback as the project's destination.
 */
let t: TestApp;
let team: Team;
let projectId: string;
let prodEnv: Environment;
let s3: S3rver;
let s3Dir: string;
let endpoint: string;
const BUCKET = 'sauvegardes-test';

const backupsOf = async (id: string, token = team.developer.token) =>
  (
    await call(t, 'GET', `${API}/deployments/${id}/backups`, { token })
  ).json<SauvegardesApplication>();

async function settled(id: string) {
  for (let i = 0; i < 200; i++) {
    const list = await backupsOf(id);
    const busy =
      list.sauvegardes.some((b) => b.statut === 'running') ||
      list.restaurations.some((r) => r.statut === 'running');
    if (!busy) return list;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('backup still running');
}

const ODOO = {
  type_application: 'odoo',
  image_registry_url: 'docker.io/library/odoo',
  image_tag: '16.0',
  odoo_email: 'compta@exemple.sn',
  database_config: { engine: 'postgresql', database: 'odoo', user: 'odoo' },
};

async function runningApp(envId: string, nom: string, overrides: Record<string, unknown> = {}) {
  const app = await deployApp(t, team.developer.token, envId, { nom, ...overrides });
  await reconcileToStatus(t, app.id, 'RUNNING');
  return app;
}

const setDestination = (accessKeyId: string, secret = 'S3RVER') =>
  call(t, 'PUT', `${API}/projects/${projectId}/backup-destination`, {
    token: team.admin.token,
    body: {
      endpoint,
      bucket: BUCKET,
      prefixe: 'nuage',
      access_key_id: accessKeyId,
      secret_access_key: secret,
    },
  });

beforeAll(async () => {
  // s3rver listens on loopback: private endpoints allowed, as an operator would for a LAN MinIO.
  t = await createTestApp({ s3AllowPrivateEndpoints: true });
  let project;
  ({ team, project, env: prodEnv } = await teamWithEnvironment(t));
  projectId = project.id;
  s3Dir = await mkdtemp(join(tmpdir(), 'ndbk-s3-'));
  s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: s3Dir,
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  const address = (await s3.run()) as AddressInfo;
  endpoint = `http://127.0.0.1:${address.port}`;
});

afterAll(async () => {
  await t?.close();
  await s3?.close();
  if (s3Dir) await rm(s3Dir, { recursive: true, force: true });
});

describe('S3 destination', () => {
  it('is for project admins only, and never answers the secret key', async () => {
    const body = { endpoint, bucket: BUCKET, access_key_id: 'S3RVER', secret_access_key: 'x' };
    const asDev = await call(t, 'PUT', `${API}/projects/${projectId}/backup-destination`, {
      token: team.developer.token,
      body,
    });
    expect(asDev.statusCode).toBe(403);
    const bad = await call(t, 'PUT', `${API}/projects/${projectId}/backup-destination`, {
      token: team.admin.token,
      body: { ...body, endpoint: 'ftp://ailleurs' },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.body).toContain(backupTexts.endpointInvalid);

    const res = await setDestination('S3RVER', 'tres-secret-0123');
    expect(res.statusCode).toBe(200);
    const got = await call(t, 'GET', `${API}/projects/${projectId}/backup-destination`, {
      token: team.admin.token,
    });
    expect(got.json()).toEqual({
      destination: {
        endpoint,
        region: 'us-east-1',
        bucket: BUCKET,
        prefixe: 'nuage',
        access_key_id: 'S3RVER',
      },
    });
    expect(got.body + res.body).not.toContain('tres-secret-0123');
    expect(t.logs.text).not.toContain('tres-secret-0123');
  });
});

describe('« Sauvegarder maintenant »', () => {
  let app: DeploymentView;

  beforeAll(async () => {
    await setDestination('S3RVER');
    app = await runningApp(prodEnv.id, 'Boutique');
  });

  it('answers 401, 404 to strangers and 403 to a read-only member', async () => {
    const url = `${API}/deployments/${app.id}/backups`;
    expect((await call(t, 'POST', url)).statusCode).toBe(401);
    expect((await call(t, 'POST', url, { token: team.outsider.token })).statusCode).toBe(404);
    expect((await call(t, 'POST', url, { token: team.user.token })).statusCode).toBe(403);
    expect((await call(t, 'GET', url, { token: team.user.token })).statusCode).toBe(200);
  });

  it('writes a verified archive locally and to S3, and lists it', async () => {
    const res = await call(t, 'POST', `${API}/deployments/${app.id}/backups`, {
      token: team.developer.token,
    });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toMatchObject({ message: 'Sauvegarde lancée' });

    const list = await settled(app.id);
    const [backup] = list.sauvegardes;
    expect(backup).toMatchObject({ type: 'manual', statut: 'success', erreur: null });
    expect(backup!.taille_octets).toBeGreaterThan(0);
    expect(backup!.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(backup!.copies.map((c) => [c.type, c.statut])).toEqual([
      ['local', 'success'],
      ['s3', 'success'],
    ]);
    expect(backup!.copies[1]!.emplacement).toMatch(
      new RegExp(`^s3://${BUCKET}/nuage/sauvegarde-.*\\.tar\\.gz$`),
    );
    // The object really is in the bucket, with the archive's size.
    const stored = await readdir(join(s3Dir, BUCKET, 'nuage'));
    expect(stored.some((f) => f.endsWith('.tar.gz._S3rver_object'))).toBe(true);
    expect(list.destination_s3).toEqual({ endpoint, bucket: BUCKET });

    // Counted in the project's costs (the local copy is what the platform stores).
    const usage = await call(t, 'GET', `${API}/pricing/my-usage`, { token: team.admin.token });
    const cost = usage.json<UsageSummary>().projects.find((p) => p.project_id === projectId)!;
    expect(cost.sauvegardes.quantity * 1024 ** 3).toBeCloseTo(backup!.taille_octets!, -1);
  });

  it('refuses a second backup while one runs', async () => {
    const first = await call(t, 'POST', `${API}/deployments/${app.id}/backups`, {
      token: team.developer.token,
    });
    const second = await call(t, 'POST', `${API}/deployments/${app.id}/backups`, {
      token: team.developer.token,
    });
    expect(first.statusCode).toBe(202);
    expectDetail(second, 409, backupTexts.alreadyRunning);
    await settled(app.id);
  });

  it('restores into the same application after confirmation', async () => {
    const [backup] = (await backupsOf(app.id)).sauvegardes;
    const url = `${API}/deployments/${app.id}/backups/${backup!.id}/restore`;
    const unconfirmed = await call(t, 'POST', url, { token: team.developer.token, body: {} });
    expect(unconfirmed.statusCode).toBe(422);
    expect(unconfirmed.body).toContain(backupTexts.confirmationRequired);

    const res = await call(t, 'POST', url, {
      token: team.developer.token,
      body: { confirmation: true },
    });
    expect(res.statusCode).toBe(202);
    const list = await settled(app.id);
    expect(list.restaurations[0]).toMatchObject({ type: 'same', statut: 'success', erreur: null });
  });

  it('restores into an application of another environment, never of another template', async () => {
    const staging = await createEnvironment(t, team.admin.token, projectId, {
      nom: 'Recette',
      type: 'staging',
    });
    const copy = await runningApp(staging.id, 'Boutique recette');
    const odoo = await runningApp(staging.id, 'Gestion', ODOO);
    const [backup] = (await backupsOf(app.id)).sauvegardes;
    const url = `${API}/deployments/${app.id}/backups/${backup!.id}/restore`;

    const wrong = await call(t, 'POST', url, {
      token: team.developer.token,
      body: { confirmation: true, application_cible_id: odoo.id },
    });
    expectDetail(wrong, 400, backupTexts.targetTemplateMismatch);

    const res = await call(t, 'POST', url, {
      token: team.developer.token,
      body: { confirmation: true, application_cible_id: copy.id },
    });
    expect(res.statusCode).toBe(202);
    const list = await settled(copy.id);
    expect(list.restaurations[0]).toMatchObject({
      type: 'other',
      statut: 'success',
      sauvegarde_id: backup!.id,
    });
  });
});

describe('restore sources and retention', () => {
  it('fetches the S3 copy when the local one is gone, and refuses an altered archive', async () => {
    const app = await runningApp(prodEnv.id, 'Catalogue');
    await call(t, 'POST', `${API}/deployments/${app.id}/backups`, { token: team.developer.token });
    const [backup] = (await settled(app.id)).sauvegardes;
    const [row] = await t.database.db.select().from(backups).where(eq(backups.id, backup!.id));
    const local = localPath(t.app.ctx, row!);
    const restore = () =>
      call(t, 'POST', `${API}/deployments/${app.id}/backups/${backup!.id}/restore`, {
        token: team.developer.token,
        body: { confirmation: true },
      });

    await rm(local);
    expect((await restore()).statusCode).toBe(202);
    expect((await settled(app.id)).restaurations[0]).toMatchObject({ statut: 'success' });

    await writeFile(local, 'pas une sauvegarde');
    expect((await restore()).statusCode).toBe(202);
    const failed = (await settled(app.id)).restaurations[0]!;
    expect(failed).toMatchObject({ statut: 'failed' });
    expect(failed.erreur).toContain('somme de contrôle');
    // The failure is recorded first, then mailed.
    await expect
      .poll(() => t.mailer.lastTo(team.admin.email)?.subject)
      .toMatch(/^Échec de la restauration/);
  });

  it('keeps the number of backups the schedule says, deleting the files of the others', async () => {
    const app = await runningApp(prodEnv.id, 'Archives');
    await call(t, 'PUT', `${API}/deployments/${app.id}/backup-schedule`, {
      token: team.developer.token,
      body: { actif: true, conservation_nombre: 2, conservation_jours: 30 },
    });
    const paths: string[] = [];
    for (let i = 0; i < 3; i++) {
      await call(t, 'POST', `${API}/deployments/${app.id}/backups`, {
        token: team.developer.token,
      });
      const [latest] = (await settled(app.id)).sauvegardes;
      const [row] = await t.database.db.select().from(backups).where(eq(backups.id, latest!.id));
      paths.push(localPath(t.app.ctx, row!));
    }
    // Retention runs right after the newest backup is marked successful.
    await expect.poll(async () => (await backupsOf(app.id)).sauvegardes.length).toBe(2);
    await expect(access(paths[0]!)).rejects.toThrow();
    await expect(access(paths[2]!)).resolves.toBeUndefined();
  });
});

describe('a failing S3 destination', () => {
  it('fails the backup, keeps the local copy, and mails the admins in French (outbox)', async () => {
    const app = await runningApp(prodEnv.id, 'Vitrine');
    expect((await setDestination('CLE-INCONNUE', 'mauvaise-cle')).statusCode).toBe(200);
    // The platform's own mailer without SMTP: .eml files in DATA_DIR/outbox.
    const ctx = { ...t.app.ctx, mailer: createMailer(t.config, t.app.log) };
    const row = await recordBackup(ctx, {
      deploymentId: app.id,
      projectId,
      kind: 'manual',
      requestedBy: null,
    });
    const done = await executeBackup(ctx, row.id);

    expect(done.status).toBe('failed');
    expect(done.error).toContain('Envoi vers le stockage S3 échoué');
    expect(done.error).toContain('InvalidAccessKeyId');
    const local = done.copies.find((c) => c.kind === 'local')!;
    expect(local.status).toBe('success');
    await expect(access(local.location)).resolves.toBeUndefined();
    expect(done.copies.find((c) => c.kind === 's3')?.status).toBe('failed');

    const outbox = join(t.config.dataDir, 'outbox');
    const mails = await Promise.all(
      (await readdir(outbox)).map(async (f) => simpleParser(await readFile(join(outbox, f)))),
    );
    const toAdmin = mails.filter((m) => m.text?.includes('Vitrine'));
    expect(toAdmin.map((m) => (Array.isArray(m.to) ? '' : m.to?.text))).toEqual([team.admin.email]);
    expect(toAdmin[0]!.subject).toMatch(/^Échec de la sauvegarde de « Vitrine »/);
    expect(toAdmin[0]!.text).toContain('Une copie locale de la sauvegarde a été conservée');

    // The page shows it failed.
    const list = await backupsOf(app.id);
    expect(list.sauvegardes[0]).toMatchObject({ statut: 'failed' });
    // …and so does the dashboard, for every member.
    const dashboard = await call(t, 'GET', `${API}/dashboard`, { token: team.user.token });
    expect(dashboard.json<DashboardResponse>().sauvegardes_en_echec).toEqual([
      expect.objectContaining({
        application_id: app.id,
        application_nom: 'Vitrine',
        operation: 'sauvegarde',
        erreur: done.error,
      }),
    ]);
    await setDestination('S3RVER');
  });
});

describe('schedules', () => {
  it('back up prod applications daily by default, not dev ones, and test-restore weekly', async () => {
    const dev = await createEnvironment(t, team.admin.token, projectId, {
      nom: 'Développement',
      type: 'dev',
    });
    const prodApp = await runningApp(prodEnv.id, 'Planifiée');
    const devApp = await runningApp(dev.id, 'Essai');
    const worker = new BackupWorker(t.app.ctx, { batchSize: 20 });
    await worker.tick();

    const prod = await backupsOf(prodApp.id);
    expect(prod.planification).toMatchObject({ actif: true, conservation_nombre: 7 });
    expect(prod.sauvegardes[0]).toMatchObject({ type: 'scheduled', statut: 'success' });
    const devList = await backupsOf(devApp.id);
    expect(devList.planification.actif).toBe(false);
    expect(devList.sauvegardes).toEqual([]);

    // A week later: the latest good backup is restored into a throwaway database.
    await t.database.db.execute(
      `UPDATE backup_schedules SET next_test_restore_at = now() - interval '1 minute' WHERE deployment_id = '${prodApp.id}'` as never,
    );
    await worker.tick();
    const after = await backupsOf(prodApp.id);
    expect(after.restaurations[0]).toMatchObject({ type: 'test', statut: 'success' });
    expect(after.restaurations[0]!.nombre_tables).toBeGreaterThan(0);
  });

  it('a new prod application has its daily schedule from its creation; saving the retention alone keeps it on', async () => {
    const app = await deployApp(t, team.developer.token, prodEnv.id, { nom: 'Toute neuve' });
    // Written with the application, not by a later background pass: no worker ran, no page read.
    const [row] = await t.database.db
      .select()
      .from(backupSchedules)
      .where(eq(backupSchedules.deploymentId, app.id));
    expect(row).toMatchObject({ enabled: true });
    expect((await backupsOf(app.id)).planification).toMatchObject({ actif: true });

    // « Planification » saved without touching the checkbox: the retention changes, not « actif ».
    const res = await call(t, 'PUT', `${API}/deployments/${app.id}/backup-schedule`, {
      token: team.developer.token,
      body: { conservation_nombre: 5, conservation_jours: 20 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<SauvegardesApplication>().planification).toMatchObject({
      actif: true,
      conservation_nombre: 5,
      conservation_jours: 20,
    });
  });

  it('can be changed by developers, with French errors', async () => {
    const app = await runningApp(prodEnv.id, 'Réglée');
    const url = `${API}/deployments/${app.id}/backup-schedule`;
    const bad = await call(t, 'PUT', url, {
      token: team.developer.token,
      body: { actif: true, conservation_nombre: 0, conservation_jours: 30 },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.body).toContain(backupTexts.keepCountInvalid);
    const res = await call(t, 'PUT', url, {
      token: team.developer.token,
      body: { actif: false, conservation_nombre: 3, conservation_jours: 10 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<SauvegardesApplication>().planification).toMatchObject({
      actif: false,
      conservation_nombre: 3,
      conservation_jours: 10,
      prochaine_sauvegarde: null,
    });
  });
});
