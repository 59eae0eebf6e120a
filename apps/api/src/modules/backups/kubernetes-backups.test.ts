import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/helpers/factories';
import {
  deployApp,
  reconcileToStatus,
  teamWithEnvironment,
} from '../../../test/helpers/deploy-factories';
import { API, type Team } from '../../../test/helpers/project-factories';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import type { FakeKubeApi } from '../../../test/kubernetes/fake-kube-api';
import { seedNamespace, startFakeCluster } from '../../../test/kubernetes/fake-cluster';
import type { KubernetesDriver } from '../../engine/drivers/kubernetes/kubernetes-driver';
import { factsOfFile, packArchive, unpackArchive } from './archive';
import { applicationSpec, loadDeployment, type BackupContext } from './context';
import { executeRestore, recordRestore } from './restore';
import { executeBackup, recordBackup } from './run-backup';

/**
 * The whole chain on Kubernetes: the backups module, the real Kubernetes driver on the strict
 * fake API server (every object validated by schema), a real S3-compatible server. The test
 * plays the kubelet: it runs each Job's transfer as its curl container would, with the URL and
 * values the Job carries, and reports the Job's end.
 */
let t: TestApp;
let team: Team;
let projectId: string;
let appId: string;
let appName: string;
let api: FakeKubeApi;
let driver: KubernetesDriver;
let ctx: BackupContext;
let s3: S3rver;
let s3Dir: string;
let kubelet: NodeJS.Timeout;
const BUCKET = 'sauvegardes-k8s';
const SECRET = 'secret-du-projet-k8s';
const handled = new Set<string>();
const restoredArchives: Buffer[] = [];

type EnvVar = {
  name: string;
  value?: string;
  valueFrom?: { secretKeyRef?: { name: string; key: string } };
};
interface StoredJob {
  metadata: { name: string; namespace: string };
  spec: {
    suspend?: boolean;
    template: {
      metadata: { labels: Record<string, string> };
      spec: { initContainers: { env: EnvVar[] }[]; containers: { env: EnvVar[] }[] };
    };
  };
}
async function runJob(path: string, job: StoredJob) {
  const { name, namespace } = job.metadata;
  // As the kubelet: `$$` back into `$` in values (manifests/containers.ts literal()), a
  // reference read from its Secret (the presigned URLs live in the Job's transfer Secret).
  const envOf = (vars: EnvVar[], key: string) => {
    const v = vars.find((e) => e.name === key);
    const ref = v?.valueFrom?.secretKeyRef;
    if (!ref) return (v?.value ?? '').replaceAll('$$', '$');
    const secret = api.objects.get(`/api/v1/namespaces/${namespace}/secrets/${ref.name}`) as
      { data: Record<string, string> } | undefined;
    return Buffer.from(secret?.data[ref.key] ?? '', 'base64').toString('utf8');
  };
  const pod = job.spec.template.spec;
  let log = '';
  let ok = true;
  if (name.includes('-backup-')) {
    const upload = pod.containers[0]!.env;
    const dir = await mkdtemp(join(tmpdir(), 'ndbk-kubelet-'));
    try {
      await writeFile(join(dir, 'database.sql'), 'CREATE TABLE wp_posts (id int);\n');
      await writeFile(join(dir, 'files.tar'), Buffer.alloc(2048, 7));
      await writeFile(join(dir, 'manifest.json'), envOf(upload, 'MANIFEST'));
      const facts = await packArchive(dir, join(dir, 'a.tar.gz'));
      const res = await fetch(envOf(upload, 'UPLOAD_URL'), {
        method: 'PUT',
        body: await readFile(join(dir, 'a.tar.gz')),
      });
      ok = res.ok;
      log = ok
        ? `nuagedeploy-archive sha256=${facts.sha256} size=${facts.sizeBytes}\n`
        : `curl: (22) The requested URL returned error: ${res.status}\n`;
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  } else {
    const download = pod.initContainers[0]!.env;
    const res = await fetch(envOf(download, 'DOWNLOAD_URL'));
    const bytes = Buffer.from(await res.arrayBuffer());
    ok = res.ok && createHash('sha256').update(bytes).digest('hex') === envOf(download, 'SHA256');
    if (ok) restoredArchives.push(bytes);
    else log = 'sha256sum: WARNING: 1 computed checksum did NOT match\n';
  }
  const podName = `${name}-kp8x2`;
  api.put(`/api/v1/namespaces/${namespace}/pods/${podName}`, {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name: podName,
      namespace,
      labels: { ...job.spec.template.metadata.labels, 'job-name': name },
    },
    spec: pod,
    status: { phase: ok ? 'Succeeded' : 'Failed' },
  });
  const container = name.includes('-backup-')
    ? 'upload'
    : name.includes('-testrestore-')
      ? 'database'
      : 'download';
  // The test restore's server loaded the dump: the Job prints its table count.
  if (ok && container === 'database') log = 'nuagedeploy-tables 1\n';
  api.logs.set(`${namespace}/${podName}/${container}`, log);
  api.update(path, (o) => ({
    ...o,
    status: { conditions: [{ type: ok ? 'Complete' : 'Failed', status: 'True' }] },
  }));
}

beforeAll(async () => {
  // s3rver listens on loopback: private endpoints allowed, as an operator would for a LAN MinIO.
  t = await createTestApp({ s3AllowPrivateEndpoints: true });
  let project;
  let env;
  ({ team, project, env } = await teamWithEnvironment(t));
  projectId = project.id;
  const app = await deployApp(t, team.developer.token, env.id, { nom: 'Boutique k8s' });
  await reconcileToStatus(t, app.id, 'RUNNING');
  appId = app.id;

  ({ api, driver } = await startFakeCluster({ backupJobs: { pollMs: 20, waitMs: 10_000 } }));
  ctx = { ...t.app.ctx, engine: { ...t.app.ctx.engine, driver } as never };
  const spec = await applicationSpec(ctx, (await loadDeployment(ctx, appId))!);
  appName = spec.name;
  seedNamespace(api, spec.namespace);
  await driver.apply(spec);
  kubelet = setInterval(() => {
    for (const [path, o] of api.objects) {
      if (!path.startsWith('/apis/batch/v1/') || handled.has(path)) continue;
      const job = o as unknown as StoredJob;
      if (!/-(backup|restore|testrestore)-/.test(job.metadata.name)) continue;
      // A suspended Job has no pod yet (the driver resumes it once its Secret exists).
      if (job.spec.suspend !== false) continue;
      handled.add(path);
      void runJob(path, job);
    }
  }, 20);

  s3Dir = await mkdtemp(join(tmpdir(), 'ndbk-s3-'));
  s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: s3Dir,
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  const endpoint = `http://127.0.0.1:${((await s3.run()) as AddressInfo).port}`;
  const res = await call(t, 'PUT', `${API}/projects/${projectId}/backup-destination`, {
    token: team.admin.token,
    body: { endpoint, bucket: BUCKET, access_key_id: 'S3RVER', secret_access_key: SECRET },
  });
  expect(res.statusCode).toBe(200);
});

afterAll(async () => {
  clearInterval(kubelet);
  await driver?.close();
  await api?.close();
  await t?.close();
  await s3?.close();
  if (s3Dir) await rm(s3Dir, { recursive: true, force: true });
});

describe('backups on Kubernetes (module → driver → strict fake API → S3)', () => {
  it('backs up through a Job that uploads to S3, then restores through a Job that reads it', async () => {
    const row = await recordBackup(ctx, {
      deploymentId: appId,
      projectId,
      kind: 'manual',
      requestedBy: null,
    });
    const done = await executeBackup(ctx, row.id);
    expect(done).toMatchObject({ status: 'success', error: null });
    expect(done.copies.map((c) => [c.kind, c.status])).toEqual([
      ['local', 'success'],
      ['s3', 'success'],
    ]);
    // The local copy is the object read back from S3: the archive the Job made.
    const local = done.copies[0]!.location;
    expect(await factsOfFile(local)).toEqual({ sizeBytes: done.sizeBytes, sha256: done.sha256 });
    const parts = await mkdtemp(join(tmpdir(), 'ndbk-parts-'));
    await unpackArchive(local, parts);
    expect(JSON.parse(await readFile(join(parts, 'manifest.json'), 'utf8'))).toMatchObject({
      runtime: 'kubernetes',
      template: 'wordpress',
      database: 'mariadb',
    });
    await rm(parts, { recursive: true, force: true });
    // No S3 key reached the cluster; the presigned URL only in the Job's Secret, gone with
    // the Job's end, never in a Job.
    const cluster = JSON.stringify([...api.objects.values()]);
    expect(cluster).not.toContain(SECRET);
    expect(cluster).not.toContain('X-Amz-Signature');
    const sentJobs = api.requests.filter((r) => r.path.includes('/jobs/')).map((r) => r.body);
    expect(sentJobs.join('\n')).not.toContain('X-Amz-Signature');
    const sentSecrets = api.requests
      .filter((r) => r.method === 'PATCH' && r.path.endsWith('-transfer'))
      .map((r) => Buffer.from(JSON.parse(r.body).data.url, 'base64').toString());
    expect(sentSecrets.at(-1)).toContain('X-Amz-Signature');

    const restore = await recordRestore(ctx, {
      backupId: done.id,
      targetDeploymentId: appId,
      kind: 'same',
      requestedBy: null,
    });
    expect(await executeRestore(ctx, restore.id)).toMatchObject({
      status: 'success',
      error: null,
    });
    expect(createHash('sha256').update(restoredArchives.at(-1)!).digest('hex')).toBe(done.sha256);
    // Stopped for the load, started again after: replicas 0, then the application's own.
    const replicas = api.requests
      .filter(
        (r) =>
          r.contentType === 'application/merge-patch+json' &&
          r.path.endsWith(`/deployments/${appName}`),
      )
      .map((r) => (JSON.parse(r.body) as { spec?: { replicas?: number } }).spec?.replicas)
      .filter((n) => n !== undefined);
    expect(replicas.slice(-2)).toEqual([0, 1]);

    // The weekly test restore, in a Job of its own.
    const test = await recordRestore(ctx, {
      backupId: done.id,
      targetDeploymentId: appId,
      kind: 'test',
      requestedBy: null,
    });
    expect(await executeRestore(ctx, test.id)).toMatchObject({
      status: 'success',
      tablesCount: 1,
    });
  });
});
