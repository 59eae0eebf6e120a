import { backupTexts as texts } from '@nuage/shared/schemas/backups';
import type { SauvegardesApplication } from '@nuage/shared/backup-types';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupDestinations, backups } from '../../db/schema/backups';
import { deployments } from '../../db/schema/deployments';
import { encryptSecret } from '../../lib/crypto';
import { deployApp, teamWithEnvironment } from '../../../test/helpers/deploy-factories';
import { createEngineTestApp } from '../../../test/helpers/engine-test-app';
import { call } from '../../../test/helpers/factories';
import { API, type Team } from '../../../test/helpers/project-factories';
import type { TestApp } from '../../../test/helpers/test-app';
import { startFakeCluster } from '../../../test/kubernetes/fake-cluster';
import type { FakeKubeApi } from '../../../test/kubernetes/fake-kube-api';
import type { KubernetesDriver } from '../../engine/drivers/kubernetes/kubernetes-driver';
import { claimDueBackups } from './schedules';
import { BackupWorker } from './worker';

/**
 * Kubernetes sends backups from the cluster straight to the project's S3 storage: a production
 * application of a project without a destination must not get a daily backup that can only
 * fail (with a failure mail to the admins 20 s after its deploy). Nothing is scheduled, « Sauvegarder
 * maintenant » is refused in French, and the page says what to configure; once a destination is
 * set, the first backup is due at once.
 */
let cluster: { api: FakeKubeApi; driver: KubernetesDriver };
let t: TestApp;
let team: Team;
let projectId: string;
let appId: string;

const backupsView = async () => {
  const res = await call(t, 'GET', `${API}/deployments/${appId}/backups`, {
    token: team.developer.token,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<SauvegardesApplication>();
};
const backupRows = () =>
  t.database.db.select().from(backups).where(eq(backups.deploymentId, appId));

beforeAll(async () => {
  cluster = await startFakeCluster();
  t = await createEngineTestApp(cluster.driver);
  const created = await teamWithEnvironment(t);
  team = created.team;
  projectId = created.project.id;
  expect(created.env.type).toBe('prod');
  appId = (await deployApp(t, team.developer.token, created.env.id)).id;
  // Running, as the cluster would report it: what makes a schedule due.
  await t.database.db
    .update(deployments)
    .set({ status: 'RUNNING' })
    .where(eq(deployments.id, appId));
}, 60_000);
afterAll(async () => {
  await t.close();
  await cluster.driver.close();
  await cluster.api.close();
});

describe('a production application on Kubernetes, in a project without an S3 destination', () => {
  it('gets no scheduled backup and its admins no failure mail', async () => {
    const mailsBefore = t.mailer.sent.length;
    const worker = new BackupWorker(t.app.ctx, { batchSize: 20 });
    await worker.tick();
    await worker.tick();
    expect(await backupRows()).toEqual([]);
    expect(t.mailer.sent.slice(mailsBefore)).toEqual([]);
    // Nothing was asked of the cluster for it.
    expect(cluster.api.requests.filter((r) => r.path.includes('/jobs'))).toEqual([]);
  });

  it('shows on its page what to configure, and no next backup', async () => {
    const view = await backupsView();
    expect(view.destination_manquante).toBe(texts.destinationMissing);
    expect(view.planification.actif).toBe(true);
    expect(view.planification.prochaine_sauvegarde).toBeNull();
    expect(view.planification.prochaine_restauration_test).toBeNull();
  });

  it('refuses « Sauvegarder maintenant » in French, recording nothing', async () => {
    const res = await call(t, 'POST', `${API}/deployments/${appId}/backups`, {
      token: team.developer.token,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ detail: string }>().detail).toBe(texts.inClusterNeedsS3);
    expect(await backupRows()).toEqual([]);
  });

  it('is backed up at once when an admin sets a destination', async () => {
    await t.database.db.insert(backupDestinations).values({
      projectId,
      endpoint: 'https://s3.exemple.sn',
      region: 'us-east-1',
      bucket: 'sauvegardes',
      prefix: '',
      accessKeyId: 'AKIA',
      secretAccessKeySealed: encryptSecret(t.secrets.secretsKey, 'secret'),
    });
    const view = await backupsView();
    expect(view.destination_manquante).toBeNull();
    expect(view.planification.prochaine_sauvegarde).not.toBeNull();
    expect(new Date(view.planification.prochaine_sauvegarde!).getTime()).toBeLessThanOrEqual(
      Date.now(),
    );
    // The worker's next pass claims it (claimed here without running the Job).
    expect(await claimDueBackups(t.database.db, 20, { destinationRequired: true })).toEqual([
      appId,
    ]);
  });
});
