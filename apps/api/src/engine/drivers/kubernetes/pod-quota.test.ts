import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RuntimeRejectedError } from '../../driver';
import { makeSpec } from '../../../../test/engine/manifests/test-fixtures';
import type { FakeKubeApi } from '../../../../test/kubernetes/fake-kube-api';
import { jobHelpers } from '../../../../test/kubernetes/fake-jobs';
import {
  readyStatus,
  seedNamespace,
  seedPod,
  startFakeCluster,
} from '../../../../test/kubernetes/fake-cluster';
import type { KubernetesDriver } from './kubernetes-driver';

/**
 * Backup, restore and test-restore Jobs against the namespace's ResourceQuota (pod-quota.ts):
 * refused in French, before anything is created or stopped, when the quota cannot hold them.
 */
let api: FakeKubeApi;
let driver: KubernetesDriver;
const spec = makeSpec({ template: 'wordpress' });
const ns = spec.namespace;
const manifest = {
  format: 1 as const,
  template: 'wordpress',
  database: 'mariadb' as const,
  runtime: 'kubernetes',
  createdAt: '2025-01-10T09:00:00.000Z',
};
const SHA = 'b'.repeat(64);
const { startedJob, jobsNamed, finish, seedQuota } = jobHelpers(() => api, ns);

beforeEach(async () => {
  ({ api, driver } = await startFakeCluster({ backupJobs: { pollMs: 10, waitMs: 5000 } }));
  seedNamespace(api, ns);
  await driver.apply(spec);
});
afterEach(async () => {
  await driver.close();
  await api.close();
});

describe('Kubernetes backup Jobs within the project quota', () => {
  it('refuses in French a Job the namespace quota cannot hold, creating nothing', async () => {
    // 250 m / 256 MB needed (the largest init container); 200 m and 1 GB free.
    seedQuota({ cpu: '1', memory: '2000M' }, { cpu: '800m', memory: '1000M' });
    const before = api.writes().length;
    const error = await driver
      .backupToStorage(spec, { uploadUrl: 'http://s3/x', manifest })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RuntimeRejectedError);
    expect((error as Error).message).toBe(
      'La sauvegarde ne peut pas démarrer : sa tâche demande 250 m de CPU et 256 Mo de mémoire, mais le quota du projet n’en laisse que 200 m de CPU et 1000 Mo de mémoire de libres dans cet environnement. Augmentez le quota du projet ou réduisez les ressources d’une application, puis réessayez.',
    );
    expect(api.writes().length).toBe(before);
    expect(jobsNamed('-backup-')).toHaveLength(0);

    // The test restore's server has the database's own resources: refused when they do not fit.
    await expect(
      driver.testRestoreFromStorage(spec, { downloadUrl: 'http://s3/a', sha256: SHA }),
    ).rejects.toThrow(/^La restauration de test ne peut pas démarrer : /);

    // With room, it starts.
    seedQuota({ cpu: '2', memory: '4000M' }, { cpu: '800m', memory: '1000M' });
    void driver
      .backupToStorage(spec, { uploadUrl: 'http://s3/x', manifest })
      .catch(() => undefined);
    await startedJob('-backup-');
  });

  it('a restore counts the room the stopped application gives back', async () => {
    // Used: the application's own pods; free beside them: less than the Job needs (250 m,
    // 256 MB), enough once the application's pods stopped.
    const cpu = spec.app.cpuMilli * spec.replicas;
    const ram = spec.app.ramMb * spec.replicas;
    expect(cpu).toBeGreaterThan(0);
    const hard = {
      cpu: `${cpu + Math.max(0, 250 - cpu)}m`,
      memory: `${ram + Math.max(0, 256 - ram)}M`,
    };
    seedQuota(hard, { cpu: '0', memory: '0' });
    for (let i = 0; i < spec.replicas; i++)
      seedPod(api, spec, 'app', `${spec.name}-${i}`, readyStatus(spec.app.image));
    const result = driver.restoreFromStorage(spec, { downloadUrl: 'http://s3/a', sha256: SHA });
    const [job] = await startedJob('-restore-');
    finish(job!.path, job!.object.metadata.name, 'Complete', {});
    await result;
    // A backup at the same moment has no such room.
    await expect(
      driver.backupToStorage(spec, { uploadUrl: 'http://s3/x', manifest }),
    ).rejects.toThrow(/ne peut pas démarrer/);
  });
});
