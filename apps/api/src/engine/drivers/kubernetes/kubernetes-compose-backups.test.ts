import { execFileSync } from 'node:child_process';
import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildComposeApplicationSpec } from '../../templates/compose-spec';
import { STACK_REFILL_SCRIPT } from '../../manifests/stack-backup-job';
import type { FakeKubeApi } from '../../../../test/kubernetes/fake-kube-api';
import { jobHelpers } from '../../../../test/kubernetes/fake-jobs';
import { seedNamespace, startFakeCluster } from '../../../../test/kubernetes/fake-cluster';
import type { KubernetesDriver } from './kubernetes-driver';

/**
 * A Compose application's named volumes backed up and restored on Kubernetes (issue 30 item
 * 2), against the strict fake API server (the test plays the Job controller): one Job with a
 * container per volume, of the image of a service mounting it, the services with volumes at 0
 * replicas while it runs and at 1 again afterwards, whatever happened.
 */
const NAMESPACE = 'env-boutique-prod-a1b2c3';
const FILE = `
services:
  web:
    image: ghcr.io/acme/web:2
    volumes:
      - medias:/srv/medias
  db:
    image: postgres:16
    volumes:
      - pgdata:/var/lib/postgresql/data
  cache:
    image: redis:7
volumes:
  pgdata:
    x-taille: 2G
  medias: {}
`;
const spec = buildComposeApplicationSpec({
  deployment: {
    id: '7f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f',
    projectId: '11111111-2222-4333-8444-555555555555',
    environmentId: '66666666-7777-4888-8999-aaaaaaaaaaaa',
    nom: 'pile',
    runtimeName: 'compose-pile-7f1c2d',
    hostLabel: 'pile-prod-boutique',
    image: 'ghcr.io/acme/web:2',
    port: 8080,
    cpuMilli: 1500,
    ramMb: 1536,
    storageMb: 3148,
    replicas: 1,
    domain: null,
    generation: 1,
  },
  namespace: NAMESPACE,
  certificate: null,
  file: FILE,
  exposedService: 'web',
});
const manifest = {
  format: 1 as const,
  template: 'code',
  database: null,
  files: false,
  volumes: [
    { name: 'medias', part: 'volume-0.tar' },
    { name: 'pgdata', part: 'volume-1.tar' },
  ],
  runtime: 'kubernetes',
  createdAt: '2026-01-10T09:00:00.000Z',
};
const SHA = 'c'.repeat(64);

let api: FakeKubeApi;
let driver: KubernetesDriver;
beforeEach(async () => {
  ({ api, driver } = await startFakeCluster({ backupJobs: { pollMs: 10, waitMs: 5000 } }));
  seedNamespace(api, NAMESPACE);
  await driver.apply(spec);
});
afterEach(async () => {
  await driver.close();
  await api.close();
});

const { startedJob, finish } = jobHelpers(() => api, NAMESPACE);
const replicas = (kind: string, name: string) =>
  (
    api.objects.get(`/apis/apps/v1/namespaces/${NAMESPACE}/${kind}/${name}`) as unknown as {
      spec: { replicas: number };
    }
  ).spec.replicas;
const stopped = () => ({
  web: replicas('deployments', 'compose-pile-7f1c2d'),
  db: replicas('statefulsets', 'compose-pile-7f1c2d-db'),
  cache: replicas('deployments', 'compose-pile-7f1c2d-cache'),
});

interface JobPod {
  initContainers: { name: string; image: string; env: { name: string; value?: string }[] }[];
  containers: { name: string; image: string }[];
  volumes: { name: string; persistentVolumeClaim?: { claimName: string; readOnly?: boolean } }[];
}
const podOf = (job: { object: unknown }) =>
  (job.object as { spec: { template: { spec: JobPod } } }).spec.template.spec;

describe('Kubernetes backups of a Compose application', () => {
  it('tars every claim in one Job, with the services that mount them stopped meanwhile', async () => {
    const result = driver.backupToStorage(spec, { uploadUrl: 'http://s3/a', manifest });
    const [job] = await startedJob('-backup-');
    // Stopped while their claims are read; the service without a volume keeps running.
    expect(stopped()).toEqual({ web: 0, db: 0, cache: 1 });
    // The hourly drift repair meanwhile does not start them again on the claims being read.
    await driver.resync();
    expect(stopped()).toEqual({ web: 0, db: 0, cache: 1 });
    const pod = podOf(job!);
    expect(pod.initContainers.map((c) => [c.name, c.image])).toEqual([
      ['volume-0', 'ghcr.io/acme/web:2'],
      ['volume-1', 'postgres:16'],
    ]);
    expect(pod.initContainers[1]!.env).toContainEqual({
      name: 'TARGET',
      value: '/work/volume-1.tar',
    });
    expect(pod.containers.map((c) => c.name)).toEqual(['upload']);
    expect(pod.volumes.filter((v) => v.persistentVolumeClaim)).toEqual([
      {
        name: 'volume-0',
        persistentVolumeClaim: { claimName: 'compose-pile-7f1c2d-medias', readOnly: true },
      },
      {
        name: 'volume-1',
        persistentVolumeClaim: { claimName: 'compose-pile-7f1c2d-pgdata', readOnly: true },
      },
    ]);
    finish(job!.path, job!.object.metadata.name, 'Complete', {
      upload: `nuagedeploy-archive sha256=${SHA} size=1234\n`,
    });
    await expect(result).resolves.toEqual({ sha256: SHA, sizeBytes: 1234 });
    expect(stopped()).toEqual({ web: 1, db: 1, cache: 1 });
  });

  it('refills every claim from the archive and starts the services again, even when the Job fails', async () => {
    const result = driver.restoreFromStorage(spec, { downloadUrl: 'http://s3/a', sha256: SHA });
    const [job] = await startedJob('-restore-');
    expect(stopped()).toEqual({ web: 0, db: 0, cache: 1 });
    const pod = podOf(job!);
    expect(pod.initContainers.map((c) => c.name)).toEqual(['download', 'volume-0']);
    expect(pod.containers.map((c) => [c.name, c.image])).toEqual([['volume-1', 'postgres:16']]);
    expect(pod.volumes.filter((v) => v.persistentVolumeClaim).map((v) => v.name)).toEqual([
      'volume-0',
      'volume-1',
    ]);
    finish(job!.path, job!.object.metadata.name, 'Failed', { 'volume-1': 'tar: short read' });
    await expect(result).rejects.toThrow(/La restauration .* a échoué .*short read/);
    expect(stopped()).toEqual({ web: 1, db: 1, cache: 1 });
  });
});

describe('the restore Job’s refill script', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'stack-refill-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  /** Runs the script with sh and tar as the Job's container would, on a manifest as written. */
  async function refill(manifestText: string, name: string) {
    const work = join(dir, 'work');
    const target = join(dir, 'volume');
    const source = join(dir, 'source');
    await Promise.all([mkdir(work), mkdir(target), mkdir(source)]);
    await writeFile(join(target, 'ancien.txt'), 'avant');
    await writeFile(join(target, '.cache'), 'avant');
    await writeFile(join(source, 'restaure.txt'), 'sauvegarde');
    // The backup's other volume is volume-0; this one is volume-1.
    execFileSync('tar', ['-C', source, '-cf', join(work, 'volume-1.tar'), '.']);
    await writeFile(join(work, 'manifest.json'), manifestText);
    execFileSync('sh', ['-c', STACK_REFILL_SCRIPT], {
      env: { PATH: process.env.PATH, NAME: name, TARGET: target, WORK: work },
    });
    return target;
  }

  it('finds the volume’s part by name in the manifest, compact or indented, and replaces the contents', async () => {
    for (const text of [JSON.stringify(manifest), JSON.stringify(manifest, null, 2)]) {
      const target = await refill(text, 'pgdata');
      expect(await readFile(join(target, 'restaure.txt'), 'utf8')).toBe('sauvegarde');
      await expect(readFile(join(target, 'ancien.txt'))).rejects.toThrow();
      await expect(readFile(join(target, '.cache'))).rejects.toThrow();
      await rm(dir, { recursive: true, force: true });
      await mkdir(dir);
    }
  });

  it('leaves a volume the backup does not hold as it is', async () => {
    const target = await refill(JSON.stringify(manifest), 'autre');
    expect(await readFile(join(target, 'ancien.txt'), 'utf8')).toBe('avant');
  });
});
