import { backupTexts } from '@nuage/shared/schemas/backups';
import { createHash } from 'node:crypto';
import { access, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
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
import type { RuntimeDriver } from '../../engine/driver';
import type { ApplicationSpec } from '../../engine/spec';
import { factsOfFile, packArchive } from './archive';
import type { BackupContext } from './context';
import { executeRestore, recordRestore } from './restore';
import { executeBackup, recordBackup } from './run-backup';

/**
 * Backups on a runtime that uploads the archive itself (Kubernetes: driver.backupToStorage),
 * against a real S3-compatible server (s3rver). The runtime here does what the backup Job's
 * upload container does with curl: PUT the packed archive to the presigned URL, and GET it
 * back for a restore, checking its SHA-256.
 */
let t: TestApp;
let team: Team;
let projectId: string;
let appId: string;
let s3: S3rver;
let s3Dir: string;
let endpoint: string;
const BUCKET = 'sauvegardes-cluster';
const SECRET = 'cle-secrete-du-projet';

const urls: string[] = [];
let lie = false;
const restored: { sha256: string; bytes: number }[] = [];

/** What the Jobs of manifests/backup-job.ts do, from this process. */
const cluster = {
  name: 'kubernetes',
  async backupToStorage(spec: ApplicationSpec, transfer: { uploadUrl: string; manifest: object }) {
    urls.push(transfer.uploadUrl);
    const dir = await mkdtemp(join(tmpdir(), 'ndbk-job-'));
    try {
      await writeFile(
        join(dir, 'database.sql'),
        `-- dump de ${spec.name}\nCREATE TABLE wp_posts (id int);\n`,
      );
      await writeFile(join(dir, 'files.tar'), Buffer.alloc(1024, 1));
      await writeFile(join(dir, 'manifest.json'), JSON.stringify(transfer.manifest));
      const facts = await packArchive(dir, join(dir, 'archive.tar.gz'));
      const res = await fetch(transfer.uploadUrl, {
        method: 'PUT',
        body: await readFile(join(dir, 'archive.tar.gz')),
      });
      if (!res.ok) throw new Error(`La sauvegarde a échoué : curl: (22) HTTP ${res.status}`);
      return lie ? { ...facts, sha256: 'f'.repeat(64) } : facts;
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  },
  async restoreFromStorage(
    _spec: ApplicationSpec,
    transfer: { downloadUrl: string; sha256: string },
  ) {
    urls.push(transfer.downloadUrl);
    const res = await fetch(transfer.downloadUrl);
    if (!res.ok) throw new Error(`curl: (22) HTTP ${res.status}`);
    const bytes = Buffer.from(await res.arrayBuffer());
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    if (sha256 !== transfer.sha256)
      throw new Error('sha256sum: WARNING: 1 computed checksum did NOT match');
    restored.push({ sha256, bytes: bytes.length });
  },
} as unknown as RuntimeDriver;

let ctx: BackupContext;
const setDestination = (accessKeyId = 'S3RVER') =>
  call(t, 'PUT', `${API}/projects/${projectId}/backup-destination`, {
    token: team.admin.token,
    body: { endpoint, bucket: BUCKET, access_key_id: accessKeyId, secret_access_key: SECRET },
  });

async function backup() {
  const row = await recordBackup(ctx, {
    deploymentId: appId,
    projectId,
    kind: 'manual',
    requestedBy: null,
  });
  return executeBackup(ctx, row.id);
}

beforeAll(async () => {
  // s3rver listens on loopback: private endpoints allowed, as an operator would for a LAN MinIO.
  t = await createTestApp({ s3AllowPrivateEndpoints: true });
  let project;
  let env;
  ({ team, project, env } = await teamWithEnvironment(t));
  projectId = project.id;
  const app = await deployApp(t, team.developer.token, env.id, { nom: 'Boutique cluster' });
  await reconcileToStatus(t, app.id, 'RUNNING');
  appId = app.id;
  ctx = { ...t.app.ctx, engine: { ...t.app.ctx.engine, driver: cluster } as never };
  s3Dir = await mkdtemp(join(tmpdir(), 'ndbk-s3-'));
  s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: s3Dir,
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  endpoint = `http://127.0.0.1:${((await s3.run()) as AddressInfo).port}`;
});

afterAll(async () => {
  await t?.close();
  await s3?.close();
  if (s3Dir) await rm(s3Dir, { recursive: true, force: true });
});

describe('backups made and uploaded by the runtime (Kubernetes)', () => {
  it('are refused in French without an S3 destination, and the admins hear of it', async () => {
    const done = await backup();
    expect(done).toMatchObject({ status: 'failed', error: backupTexts.inClusterNeedsS3 });
    expect(done.copies).toEqual([]);
    expect(t.mailer.lastTo(team.admin.email)?.subject).toMatch(/^Échec de la sauvegarde/);
  });

  it('go to a presigned URL (no key in it), are read back and kept locally', async () => {
    expect((await setDestination()).statusCode).toBe(200);
    const done = await backup();
    expect(done).toMatchObject({ status: 'success', error: null });
    expect(done.copies.map((c) => [c.kind, c.status])).toEqual([
      ['local', 'success'],
      ['s3', 'success'],
    ]);
    const url = urls.at(-1)!;
    expect(url).toContain('X-Amz-Signature=');
    expect(url).not.toContain(SECRET);
    const local = done.copies[0]!.location;
    await expect(access(local)).resolves.toBeUndefined();
    expect(await factsOfFile(local)).toEqual({ sizeBytes: done.sizeBytes, sha256: done.sha256 });
  });

  it('fail when the object read back is not the archive the runtime made', async () => {
    lie = true;
    const done = await backup().finally(() => (lie = false));
    expect(done).toMatchObject({ status: 'failed', error: backupTexts.inClusterMismatch });
    expect(done.copies.map((c) => [c.kind, c.status])).toEqual([['s3', 'failed']]);
  });

  it('fail with the runtime’s words when the storage refuses the upload (wrong key)', async () => {
    await setDestination('CLE-INCONNUE');
    const done = await backup();
    expect(done.status).toBe('failed');
    expect(done.error).toContain('HTTP 403');
    await setDestination();
  });

  it('restore from the verified S3 copy through a presigned GET, SHA-256 checked by the runtime', async () => {
    const good = await backup();
    const restore = await recordRestore(ctx, {
      backupId: good.id,
      targetDeploymentId: appId,
      kind: 'same',
      requestedBy: null,
    });
    const done = await executeRestore(ctx, restore.id);
    expect(done).toMatchObject({ status: 'success', error: null });
    expect(restored.at(-1)).toEqual({ sha256: good.sha256, bytes: good.sizeBytes });

    // Without its S3 copy reachable, a restore says why in French.
    await call(t, 'DELETE', `${API}/projects/${projectId}/backup-destination`, {
      token: team.admin.token,
    });
    const again = await recordRestore(ctx, {
      backupId: good.id,
      targetDeploymentId: appId,
      kind: 'same',
      requestedBy: null,
    });
    expect(await executeRestore(ctx, again.id)).toMatchObject({
      status: 'failed',
      error: backupTexts.inClusterRestoreNeedsS3,
    });
  });
});
