import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RuntimeRejectedError } from '../../driver';
import { makeSpec } from '../../../../test/engine/manifests/test-fixtures';
import type { FakeKubeApi } from '../../../../test/kubernetes/fake-kube-api';
import { jobHelpers } from '../../../../test/kubernetes/fake-jobs';
import {
  eventually,
  seedNamespace,
  startFakeCluster,
} from '../../../../test/kubernetes/fake-cluster';
import { KUBERNETES_BACKUPS_NEED_S3, type KubernetesDriver } from './kubernetes-driver';

/**
 * Backups on Kubernetes against the strict fake API server (every object validated by
 * schema): the driver applies the backup or restore Job, waits for it through its watches,
 * and reads the pod's log. The test plays the Job controller and the kubelet.
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

beforeEach(async () => {
  ({ api, driver } = await startFakeCluster({ backupJobs: { pollMs: 10, waitMs: 5000 } }));
  seedNamespace(api, ns);
  await driver.apply(spec);
});
afterEach(async () => {
  await driver.close();
  await api.close();
});

const JOBS = `/apis/batch/v1/namespaces/${ns}/jobs`;
const { startedJob, jobsNamed, finish, transferSecret } = jobHelpers(() => api, ns);

const deploymentReplicas = () =>
  (
    api.objects.get(`/apis/apps/v1/namespaces/${ns}/deployments/${spec.name}`) as unknown as {
      spec: { replicas: number };
    }
  ).spec.replicas;

describe('Kubernetes backups through Jobs', () => {
  it('applies the backup Job, waits for it, and reads the archive’s SHA-256 and size from its log', async () => {
    const uploadUrl = 'http://s3.exemple.sn/sauvegardes/a.tar.gz?X-Amz-Signature=abc';
    const result = driver.backupToStorage(spec, { uploadUrl, manifest });
    const [job] = await startedJob('-backup-');
    const name = job!.object.metadata.name;
    // The presigned URL reaches the pod only through the Job's own Secret, owned by the Job.
    const containers = job!.object.spec.template.spec.containers;
    expect(containers[0]!.env).toContainEqual({
      name: 'UPLOAD_URL',
      valueFrom: { secretKeyRef: { name: `${name}-transfer`, key: 'url' } },
    });
    expect(JSON.stringify(job!.object)).not.toContain('X-Amz-Signature');
    const secret = transferSecret(name)!;
    expect(Buffer.from(secret.data.url!, 'base64').toString()).toBe(uploadUrl);
    const jobUid = (job!.object.metadata as { uid?: string }).uid;
    expect(secret.metadata.ownerReferences).toEqual([
      { apiVersion: 'batch/v1', kind: 'Job', name, uid: jobUid },
    ]);
    // The Job existed before its Secret, suspended: no pod could start without the URL.
    const writes = api.writes().map((r) => `${r.method} ${r.path.split('/').slice(-2).join('/')}`);
    const created = writes.indexOf(`PATCH jobs/${name}`);
    expect(JSON.parse(api.writes()[created]!.body).spec.suspend).toBe(true);
    expect(writes.indexOf(`PATCH secrets/${name}-transfer`)).toBeGreaterThan(created);
    expect(writes.lastIndexOf(`PATCH jobs/${name}`)).toBeGreaterThan(
      writes.indexOf(`PATCH secrets/${name}-transfer`),
    );
    finish(job!.path, job!.object.metadata.name, 'Complete', {
      upload: `a.tar.gz\nnuagedeploy-archive sha256=${SHA} size=48213\n`,
    });
    await expect(result).resolves.toEqual({ sha256: SHA, sizeBytes: 48213 });
    // The application is untouched, and its status ignores the backup's pod and Job.
    expect(deploymentReplicas()).toBe(spec.replicas);
    const status = await driver.status({
      deploymentId: spec.deploymentId,
      name: spec.name,
      namespace: ns,
    });
    expect(status.pods.map((p) => p.name)).not.toContain(`${job!.object.metadata.name}-x7k2p`);
    // Its Secret went as soon as the Job ended.
    expect(transferSecret(name)).toBeUndefined();
    // An apply meanwhile does not prune the backup Job (only the setup Job is the spec's).
    await driver.apply(spec);
    expect(jobsNamed('-backup-')).toHaveLength(1);
  });

  it('fails in French with the Job’s reason and the end of its log', async () => {
    const result = driver.backupToStorage(spec, { uploadUrl: 'http://s3/x', manifest });
    const [job] = await eventually(() => {
      const found = jobsNamed('-backup-');
      expect(found).toHaveLength(1);
      return found;
    });
    await startedJob('-backup-');
    finish(job!.path, job!.object.metadata.name, 'Failed', {
      database: 'mariadb-dump: Got error: 2005: Unknown server host',
      upload: '',
    });
    const error = await result.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RuntimeRejectedError);
    expect((error as Error).message).toMatch(/^La sauvegarde \(tâche Kubernetes .*\) a échoué : /);
    expect((error as Error).message).toContain('Unknown server host');
    expect(transferSecret(job!.object.metadata.name)).toBeUndefined();
  });

  it('the transfer Secret goes with its Job (owner reference), whoever deletes the Job', async () => {
    void driver
      .backupToStorage(spec, { uploadUrl: 'http://s3/x', manifest })
      .catch(() => undefined);
    const [job] = await startedJob('-backup-');
    expect(transferSecret(job!.object.metadata.name)).toBeDefined();
    api.remove(job!.path);
    expect(transferSecret(job!.object.metadata.name)).toBeUndefined();
  });

  it('refuses a Job that ends without the archive line', async () => {
    const result = driver.backupToStorage(spec, { uploadUrl: 'http://s3/x', manifest });
    const [job] = await eventually(() => {
      const found = jobsNamed('-backup-');
      expect(found).toHaveLength(1);
      return found;
    });
    finish(job!.path, job!.object.metadata.name, 'Complete', { upload: 'rien\n' });
    await expect(result).rejects.toThrow(/sans indiquer la somme de contrôle/);
  });

  it('restores with the application stopped, starts it again, and runs its setup again', async () => {
    const setupPath = `${JOBS}/${spec.setup!.name}`;
    const setupBefore = api.objects.get(setupPath) as { metadata: { uid?: string } };
    expect(setupBefore).toBeDefined();
    const result = driver.restoreFromStorage(spec, { downloadUrl: 'http://s3/a', sha256: SHA });
    const [job] = await startedJob('-restore-');
    expect(deploymentReplicas()).toBe(0);
    // Drift repair's resync meanwhile leaves it stopped (its pods would write the volumes).
    await driver.resync();
    expect(deploymentReplicas()).toBe(0);
    expect(job!.object.spec.template.spec.initContainers[0]!.env).toContainEqual({
      name: 'SHA256',
      value: SHA,
    });
    const setupDeletes = () =>
      api.requests.filter((r) => r.method === 'DELETE' && r.path === setupPath).length;
    expect(setupDeletes()).toBe(0);
    finish(job!.path, job!.object.metadata.name, 'Complete', {});
    await result;
    expect(deploymentReplicas()).toBe(spec.replicas);
    // The setup Job was deleted and applied again: it runs on the restored data.
    expect(setupDeletes()).toBe(1);
    expect(api.objects.get(setupPath)).toBeDefined();
  });

  it('starts the application again when the restore Job fails', async () => {
    const result = driver.restoreFromStorage(spec, { downloadUrl: 'http://s3/a', sha256: SHA });
    const [job] = await eventually(() => {
      const found = jobsNamed('-restore-');
      expect(found).toHaveLength(1);
      return found;
    });
    finish(job!.path, job!.object.metadata.name, 'Failed', {
      download: 'sha256sum: WARNING: 1 computed checksum did NOT match',
    });
    await expect(result).rejects.toThrow(/La restauration .* a échoué .*did NOT match/);
    expect(deploymentReplicas()).toBe(spec.replicas);
  });

  it('test-restores in a Job of its own and reads the number of tables from its log', async () => {
    const result = driver.testRestoreFromStorage(spec, { downloadUrl: 'http://s3/a', sha256: SHA });
    const [job] = await eventually(() => {
      const found = jobsNamed('-testrestore-');
      expect(found).toHaveLength(1);
      return found;
    });
    // The throwaway server's password is in the Job's own Secret (deleted with it), never in
    // the Job's spec.
    const name = job!.object.metadata.name;
    const secret = await eventually(() => {
      const found = transferSecret(name);
      expect(found?.data.password).toBeDefined();
      return found!;
    });
    const password = Buffer.from(secret.data.password!, 'base64').toString('utf8');
    expect(password.length).toBeGreaterThanOrEqual(20);
    expect(JSON.stringify(job!.object)).not.toContain(password);
    expect(secret.metadata.ownerReferences?.[0]?.uid).toBeTruthy();
    finish(job!.path, name, 'Complete', {
      database: 'nuagedeploy-tables 12\n',
    });
    await expect(result).resolves.toEqual({ tablesCount: 12 });
    // The application was never stopped.
    expect(deploymentReplicas()).toBe(spec.replicas);
  });

  it('refuses the platform-side backup and restore in French (no S3 destination)', async () => {
    await expect(driver.backup()).rejects.toThrow(KUBERNETES_BACKUPS_NEED_S3);
    await expect(driver.restore()).rejects.toThrow(KUBERNETES_BACKUPS_NEED_S3);
  });
});
