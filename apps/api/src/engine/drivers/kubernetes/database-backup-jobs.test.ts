import type { DatabaseServiceEngine } from '@nuage/shared/database-engines';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { jobHelpers } from '../../../../test/kubernetes/fake-jobs';
import type { FakeKubeApi } from '../../../../test/kubernetes/fake-kube-api';
import {
  eventually,
  readyStatus,
  seedNamespace,
  seedPod,
  startFakeCluster,
} from '../../../../test/kubernetes/fake-cluster';
import { buildDatabaseServiceSpec } from '../../templates/database-service-spec';
import type { KubernetesDriver } from './kubernetes-driver';

/**
 * Backups of the databases of an environment (issue 25 item 5) on Kubernetes, every Job
 * validated by the strict fake API server: the dump only (no files claim, no affinity to
 * application pods that do not exist), Redis's snapshot, and Redis's restore with its
 * StatefulSet at 0 while the Job rewrites its claim.
 */
const NAMESPACE = 'env-boutique-prod-a1b2c3';
const SHA = 'c'.repeat(64);
const IMAGES: Record<DatabaseServiceEngine, string> = {
  postgresql: 'docker.io/library/postgres:16',
  mariadb: 'docker.io/library/mariadb:10.11',
  redis: 'docker.io/library/redis:7',
};
const specOf = (engine: DatabaseServiceEngine) =>
  buildDatabaseServiceSpec({
    deployment: {
      id: '7f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f',
      projectId: '11111111-2222-4333-8444-555555555555',
      environmentId: '66666666-7777-4888-8999-aaaaaaaaaaaa',
      runtimeName: 'db-7f1c2d3e4a5b',
      hostLabel: 'db-7f1c2d3e4a5b4c6d8e9f0a1b2c3d4e5f',
      generation: 1,
      cpuMilli: 500,
      ramMb: 1000,
      storageMb: 5000,
    },
    engine,
    image: IMAGES[engine],
    host: 'clients',
    namespace: NAMESPACE,
    secrets: { adminPassword: 'inutilise', dbPassword: 'MotDePasseBase', dbRootPassword: 'Racine' },
    passwordRevision: 0,
    restartRevision: 0,
    stopped: false,
  });
const manifestOf = (engine: DatabaseServiceEngine) => ({
  format: 1 as const,
  template: 'database',
  database: engine,
  files: false,
  runtime: 'kubernetes',
  createdAt: '2026-11-29T09:00:00.000Z',
});

let api: FakeKubeApi;
let driver: KubernetesDriver;
beforeEach(async () => {
  ({ api, driver } = await startFakeCluster({ backupJobs: { pollMs: 10, waitMs: 5000 } }));
  seedNamespace(api, NAMESPACE);
});
afterEach(async () => {
  await driver.close();
  await api.close();
});

const { startedJob, finish, jobsNamed } = jobHelpers(() => api, NAMESPACE);
interface PodSpecJson {
  affinity?: unknown;
  volumes: { name: string; persistentVolumeClaim?: { claimName: string } }[];
  initContainers: { name: string; command: string[]; env: { name: string }[] }[];
  containers: { name: string; command: string[] }[];
}
const podSpec = (job: { object: unknown }) =>
  (job.object as { spec: { template: { spec: PodSpecJson } } }).spec.template.spec;
const statefulSetReplicas = (name: string) =>
  (
    api.objects.get(`/apis/apps/v1/namespaces/${NAMESPACE}/statefulsets/${name}`) as unknown as {
      spec: { replicas: number };
    }
  ).spec.replicas;

describe('Kubernetes backups of the databases of an environment', () => {
  it('dumps PostgreSQL over the network into the archive, with no files claim nor affinity', async () => {
    const spec = specOf('postgresql');
    await driver.apply(spec);
    const result = driver.backupToStorage(spec, {
      uploadUrl: 'http://s3.exemple.sn/a?X-Amz-Signature=s',
      manifest: manifestOf('postgresql'),
    });
    const [job] = await startedJob('-backup-');
    const pod = podSpec(job!);
    expect(pod.initContainers.map((c) => c.name)).toEqual(['database']);
    expect(pod.initContainers[0]!.command.join(' ')).toContain('pg_dump -Fc');
    expect(pod.initContainers[0]!.env.map((e) => e.name)).toContain('PGPASSWORD');
    expect(pod.volumes.map((v) => v.name)).toEqual(['work']);
    expect(pod.affinity).toBeUndefined();
    finish(job!.path, job!.object.metadata.name, 'Complete', {
      upload: `nuagedeploy-archive sha256=${SHA} size=812\n`,
    });
    await expect(result).resolves.toEqual({ sha256: SHA, sizeBytes: 812 });
  });

  it('snapshots Redis with redis-cli --rdb, its password from the Secret', async () => {
    const spec = specOf('redis');
    await driver.apply(spec);
    const result = driver.backupToStorage(spec, {
      uploadUrl: 'http://s3.exemple.sn/b',
      manifest: manifestOf('redis'),
    });
    const [job] = await startedJob('-backup-');
    const dump = podSpec(job!).initContainers[0]!;
    expect(dump.command.join(' ')).toContain('redis-cli --no-auth-warning -h "$DBHOST" --rdb');
    expect(dump.env).toContainEqual({
      name: 'REDISCLI_AUTH',
      valueFrom: { secretKeyRef: { name: spec.secretName, key: 'db-password' } },
    });
    expect(JSON.stringify(job!.object)).not.toContain('MotDePasseBase');
    finish(job!.path, job!.object.metadata.name, 'Complete', {
      upload: `nuagedeploy-archive sha256=${SHA} size=90\n`,
    });
    await expect(result).resolves.toEqual({ sha256: SHA, sizeBytes: 90 });
  });

  it('loads a MariaDB dump into the running server, which is never scaled down', async () => {
    const spec = specOf('mariadb');
    await driver.apply(spec);
    const result = driver.restoreFromStorage(spec, { downloadUrl: 'http://s3/a', sha256: SHA });
    const [job] = await startedJob('-restore-');
    const pod = podSpec(job!);
    expect(pod.initContainers.map((c) => c.name)).toEqual(['download']);
    expect(pod.containers[0]!.command.join(' ')).toContain('DROP DATABASE IF EXISTS');
    expect(pod.volumes.map((v) => v.name)).toEqual(['work']);
    expect(statefulSetReplicas(spec.database!.name)).toBe(1);
    finish(job!.path, job!.object.metadata.name, 'Complete', {});
    await result;
    expect(statefulSetReplicas(spec.database!.name)).toBe(1);
  });

  it('restores Redis with its server stopped: the Job mounts its claim once its pod is gone, then it starts again', async () => {
    const spec = specOf('redis');
    await driver.apply(spec);
    const db = spec.database!;
    const podPath = `/api/v1/namespaces/${NAMESPACE}/pods/${db.name}-0`;
    seedPod(api, spec, 'database', `${db.name}-0`, readyStatus(db.image));
    const result = driver.restoreFromStorage(spec, { downloadUrl: 'http://s3/a', sha256: SHA });
    await eventually(() => expect(statefulSetReplicas(db.name)).toBe(0));
    // No Job while the server's pod still holds the claim.
    await new Promise((r) => setTimeout(r, 100));
    expect(jobsNamed('-restore-')).toHaveLength(0);
    api.remove(podPath);
    const [job] = await startedJob('-restore-');
    const pod = podSpec(job!);
    expect(pod.volumes).toContainEqual({
      name: 'data',
      persistentVolumeClaim: { claimName: db.volume.claimName, readOnly: false },
    });
    expect(
      api.objects.has(
        `/api/v1/namespaces/${NAMESPACE}/persistentvolumeclaims/${db.volume.claimName}`,
      ),
    ).toBe(true);
    expect(pod.containers[0]!.command.join(' ')).toContain('CONFIG SET appendonly yes');
    finish(job!.path, job!.object.metadata.name, 'Complete', {});
    await result;
    expect(statefulSetReplicas(db.name)).toBe(1);
  });

  it('starts Redis again when its restore Job fails', async () => {
    const spec = specOf('redis');
    await driver.apply(spec);
    const result = driver.restoreFromStorage(spec, { downloadUrl: 'http://s3/a', sha256: SHA });
    const [job] = await startedJob('-restore-');
    finish(job!.path, job!.object.metadata.name, 'Failed', {
      database: 'redis-server did not load the snapshot',
    });
    await expect(result).rejects.toThrow(/La restauration .* a échoué .*did not load/);
    expect(statefulSetReplicas(spec.database!.name)).toBe(1);
  });

  it('test-restores a Redis snapshot by counting its keys in a Job of its own', async () => {
    const spec = specOf('redis');
    await driver.apply(spec);
    const result = driver.testRestoreFromStorage(spec, { downloadUrl: 'http://s3/a', sha256: SHA });
    const [job] = await startedJob('-testrestore-');
    expect(podSpec(job!).containers[0]!.command.join(' ')).toContain('nuagedeploy-tables $keys');
    finish(job!.path, job!.object.metadata.name, 'Complete', {
      database: 'nuagedeploy-tables 3\n',
    });
    await expect(result).resolves.toEqual({ tablesCount: 3 });
    expect(statefulSetReplicas(spec.database!.name)).toBe(1);
  });
});
