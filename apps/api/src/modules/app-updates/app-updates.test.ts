import type { Environment, Project } from '@nuage/shared/api-types';
import { appUpdateErrorTexts, appUpdateEventTexts } from '@nuage/shared/messages/app-updates';
import type { MiseAJour } from '@nuage/shared/schemas/responses/app-updates';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { applicationUpdates } from '../../db/schema/application-updates';
import { BackupWorker } from '../backups/worker';
import { backupTexts } from '@nuage/shared/schemas/backups';
import { auditEvents } from '../../db/schema/audit';
import { backups } from '../../db/schema/backups';
import { notificationEvents } from '../../db/schema/notifications';
import { projects } from '../../db/schema/projects';
import { ReleaseNotReadyError, type RuntimeDriver } from '../../engine/driver';
import type { ApplicationSpec } from '../../engine/spec';
import { call } from '../../../test/helpers/factories';
import {
  deployApp,
  deploymentRow,
  quotaError,
  reconcileToStatus,
  reconcileUntil,
  teamWithEnvironment,
} from '../../../test/helpers/deploy-factories';
import { API, expectDetail, type Team } from '../../../test/helpers/project-factories';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';

/**
 * « Mettre à jour » (issue 30 item 4) through the API on the simulation runtime: WordPress's
 * file announces 6.3-apache → 6.4-apache. A backup first (a real archive), then the new tag
 * rolled out health-gated; a version that never becomes healthy is rolled back on its own.
 */
let t: TestApp;
let team: Team;
let project: Project;
let env: Environment;
let driver: RuntimeDriver;
/** Images the runtime never makes healthy (the docker rollout's ReleaseNotReadyError). */
const unhealthy = new Set<string>();
/** When set, the next backup fails with this reason (a full disk, an unreachable runtime). */
let backupFailure: string | null = null;

beforeAll(async () => {
  t = await createTestApp();
  ({ team, project, env } = await teamWithEnvironment(t));
  driver = t.app.engine.driver;
  const apply = driver.apply.bind(driver);
  driver.apply = async (spec: ApplicationSpec) => {
    if (unhealthy.has(spec.app.image))
      throw new ReleaseNotReadyError('le contrôle de santé ne répond pas (HTTP 500)');
    return apply(spec);
  };
  const backup = driver.backup.bind(driver);
  driver.backup = async (spec, dir) => {
    if (backupFailure) throw new Error(backupFailure);
    return backup(spec, dir);
  };
});
afterEach(() => {
  unhealthy.clear();
  backupFailure = null;
});
afterAll(() => t.close());

const OLD = '6.3-apache';
const NEW = '6.4-apache';

async function runningWordPress(tag = OLD) {
  const app = await deployApp(t, team.developer.token, env.id, { image_tag: tag });
  await reconcileToStatus(t, app.id, 'RUNNING');
  return app.id;
}

const update = (id: string, token = team.developer.token) =>
  call(t, 'POST', `${API}/deployments/${id}/update`, { token });

async function detail(id: string) {
  const res = await call(t, 'GET', `${API}/deployments/deployment/${id}`, {
    token: team.user.token,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ image_tag: string; mise_a_jour: MiseAJour; events: { message: string }[] }>();
}

/** The backup runs in the background, then the reconciler rolls the tag out: until it settles. */
async function settle(id: string) {
  await t.app.backupJobs.idle();
  await reconcileUntil(t, async () => {
    const s = (await detail(id)).mise_a_jour.derniere?.statut;
    return s !== 'backing_up' && s !== 'rolling_out';
  });
}

describe('the update offer', () => {
  it('shows the announced update, its notes and its short versions on the detail', async () => {
    const id = await runningWordPress();
    const { mise_a_jour } = await detail(id);
    expect(mise_a_jour.derniere).toBeNull();
    expect(mise_a_jour.disponible).toMatchObject({
      tag_actuel: OLD,
      tag_nouveau: NEW,
      version_actuelle: '6.3',
      version_nouvelle: '6.4',
    });
    expect(mise_a_jour.disponible!.notes).toMatch(/^WordPress 6\.4/);
  });

  it('is refused, in French, to an application already on the latest tag', async () => {
    const id = await runningWordPress(NEW);
    expect((await detail(id)).mise_a_jour.disponible).toBeNull();
    expectDetail(await update(id), 409, appUpdateErrorTexts.noUpdate);
  });

  it('needs a developer or an admin: 401 without a token, 404 to outsiders, 403 to a viewer', async () => {
    const id = await runningWordPress();
    expect((await call(t, 'POST', `${API}/deployments/${id}/update`)).statusCode).toBe(401);
    expect((await update(id, team.outsider.token)).statusCode).toBe(404);
    const viewer = await update(id, team.user.token);
    expect(viewer.statusCode).toBe(403);
    expect((await deploymentRow(t, id))!.imageTag).toBe(OLD);
  });

  it('waits while the application deploys', async () => {
    const app = await deployApp(t, team.developer.token, env.id, { image_tag: OLD });
    expectDetail(await update(app.id), 409, appUpdateErrorTexts.busy);
    await reconcileToStatus(t, app.id, 'RUNNING');
  });

  it('is refused where backups go to S3 (Kubernetes) and the project has no destination', async () => {
    const id = await runningWordPress();
    // A runtime that backs up inside itself, straight to object storage.
    Object.defineProperty(driver, 'backupToStorage', { value: () => {}, configurable: true });
    try {
      expectDetail(
        await update(id),
        400,
        appUpdateErrorTexts.needsBackupDestination(backupTexts.inClusterNeedsS3),
      );
    } finally {
      delete (driver as { backupToStorage?: unknown }).backupToStorage;
    }
    expect((await deploymentRow(t, id))!.imageTag).toBe(OLD);
  });

  it('is refused with the quota error when the project no longer holds the application', async () => {
    const id = await runningWordPress();
    const [p] = await t.database.db.select().from(projects).where(eq(projects.id, project.id));
    await t.database.db
      .update(projects)
      .set({ quotaCpuMilli: 100 })
      .where(eq(projects.id, project.id));
    try {
      const refusal = quotaError(await update(id));
      expect(refusal.quota_exceeded.join(' ')).toMatch(/CPU/);
    } finally {
      await t.database.db
        .update(projects)
        .set({ quotaCpuMilli: p!.quotaCpuMilli })
        .where(eq(projects.id, project.id));
    }
    expect((await deploymentRow(t, id))!.imageTag).toBe(OLD);
  });
});

describe('an update', () => {
  it('backs up first, rolls the new tag out, keeps it, and is audited', async () => {
    const id = await runningWordPress();
    const res = await update(id);
    expect(res.statusCode, res.body).toBe(202);
    const started = res.json<{ message: string; mise_a_jour: { statut: string; id: string } }>();
    expect(started.mise_a_jour.statut).toBe('backing_up');
    // A second click while it runs.
    expectDetail(await update(id), 409, appUpdateErrorTexts.updateRunning);

    await settle(id);
    const d = await detail(id);
    expect(d.image_tag).toBe(NEW);
    expect(d.mise_a_jour.disponible).toBeNull();
    expect(d.mise_a_jour.derniere).toMatchObject({
      statut: 'succeeded',
      tag_depart: OLD,
      tag_cible: NEW,
      erreur: null,
    });
    expect(d.events.map((e) => e.message)).toContain(appUpdateEventTexts.succeeded(OLD, NEW));
    // The backup is a real one, in the application's backups, taken before the tag changed.
    const [backup] = await t.database.db
      .select()
      .from(backups)
      .where(eq(backups.id, d.mise_a_jour.derniere!.sauvegarde_id!));
    expect(backup).toMatchObject({ deploymentId: id, status: 'success' });
    expect(backup!.sizeBytes).toBeGreaterThan(0);
    const audit = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.targetId, id), eq(auditEvents.action, 'deployment.app_update')));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.details).toEqual({ de: OLD, vers: NEW });
  });

  it('does not start when the backup fails, and says why', async () => {
    const id = await runningWordPress();
    const before = await deploymentRow(t, id);
    backupFailure = 'plus de place sur le disque des sauvegardes';
    expect((await update(id)).statusCode).toBe(202);
    await settle(id);

    const d = await detail(id);
    expect(d.image_tag).toBe(OLD);
    expect(d.mise_a_jour.derniere).toMatchObject({
      statut: 'failed',
      erreur: 'plus de place sur le disque des sauvegardes',
    });
    expect(d.mise_a_jour.derniere!.message).toMatch(/sauvegarde préalable a échoué/);
    expect(d.events.map((e) => e.message)).toContain(
      appUpdateEventTexts.backupFailed(NEW, 'plus de place sur le disque des sauvegardes'),
    );
    // Nothing for the runtime to do: same generation, same image; offered again.
    const after = await deploymentRow(t, id);
    expect(after!.generation).toBe(before!.generation);
    expect(d.mise_a_jour.disponible?.tag_nouveau).toBe(NEW);
  });

  it('goes back to the previous tag on its own when the new version never becomes healthy', async () => {
    const id = await runningWordPress();
    unhealthy.add(`docker.io/library/wordpress:${NEW}`);
    expect((await update(id)).statusCode).toBe(202);
    await settle(id);

    const reason = 'le contrôle de santé ne répond pas (HTTP 500)';
    const d = await detail(id);
    expect(d.image_tag).toBe(OLD);
    expect(d.mise_a_jour.derniere).toMatchObject({ statut: 'rolled_back', erreur: reason });
    expect(d.events.map((e) => e.message)).toContain(
      appUpdateEventTexts.rolledBack(OLD, NEW, reason),
    );
    // The previous version is applied again and serves; the update may be tried again.
    await reconcileToStatus(t, id, 'RUNNING');
    const row = await deploymentRow(t, id);
    expect(row!.observedGeneration).toBe(row!.generation);
    expect(d.mise_a_jour.disponible?.tag_nouveau).toBe(NEW);
    const told = await t.database.db
      .select()
      .from(notificationEvents)
      .where(
        and(
          eq(notificationEvents.projectId, project.id),
          eq(notificationEvents.type, 'deployment.rolled_back'),
        ),
      );
    expect(told.map((e) => e.params.raison)).toContain(reason);
  });
});

describe('an update whose process died during its backup', () => {
  it('is failed by the backups’ worker once its backup was, and offered again', async () => {
    const id = await runningWordPress();
    const backupRow = (
      await t.database.db
        .insert(backups)
        .values({
          deploymentId: id,
          projectId: project.id,
          kind: 'manual',
          fileName: 'sauvegarde-morte.tar.gz',
          startedAt: new Date(Date.now() - 7 * 3600_000),
        })
        .returning()
    )[0]!;
    await t.database.db.insert(applicationUpdates).values({
      deploymentId: id,
      fromTag: OLD,
      toTag: NEW,
      backupId: backupRow.id,
    });
    expect((await detail(id)).mise_a_jour).toMatchObject({
      disponible: null,
      derniere: { statut: 'backing_up' },
    });
    // The worker's first pass fails the backup (older than 6 h); once it ended long enough ago,
    // the update too.
    const worker = new BackupWorker(t.app.ctx, { batchSize: 0 });
    await worker.tick();
    await t.database.db
      .update(backups)
      .set({ completedAt: new Date(Date.now() - 10 * 60_000) })
      .where(eq(backups.id, backupRow.id));
    await worker.tick();
    const d = await detail(id);
    expect(d.mise_a_jour.derniere).toMatchObject({ statut: 'failed' });
    expect(d.mise_a_jour.disponible?.tag_nouveau).toBe(NEW);
    expect(d.image_tag).toBe(OLD);
  });
});
