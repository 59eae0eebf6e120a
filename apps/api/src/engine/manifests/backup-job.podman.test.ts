import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unpackArchive } from '../../modules/backups/archive';
import { EngineApi } from '../drivers/docker/engine-api';
import { execIn as execRaw } from '../drivers/docker/exec';
import { readTarFiles } from '../drivers/docker/tar';
import { runId, skipReason, testClient, waitFor } from '../../../test/engine/docker/test-support';
import type { ApplicationSpec } from '../spec';
import { renderBackupJob, renderRestoreJob } from './backup-job';
import { makeSpec } from '../../../test/engine/manifests/test-fixtures';
import type { Container } from './types';

/**
 * The Kubernetes backup and restore Jobs' containers run as a kubelet would run them (their
 * rendered commands and environments, Secret references resolved, one scratch volume shared,
 * the files claim mounted) against a real MariaDB server (the Debian-built image) reached by
 * its Service name on a network. The transfer image is replaced by the database image (it has
 * tar, gzip and sha256sum) with `curl` a shell function that copies to and from a file: what
 * goes over HTTP is the S3 module's business (in-cluster.test.ts), not the scripts'.
 */
const MARIADB = 'docker.io/library/mariadb:10.11';
const api = new EngineApi(testClient());
const missing =
  skipReason ?? ((await api.imageExists(MARIADB)) ? null : `${MARIADB} absent (build.sh mariadb)`);
if (missing && !skipReason) {
  if (process.env.CI) throw new Error(`CI must run the backup Job script test, but ${missing}`);
  console.warn(`[kubernetes backup Job scripts] skipped: ${missing}`);
}

const prefix = `ndbj-${runId()}`;
const network = `${prefix}-net`;
const work = `${prefix}-work`;
const data = `${prefix}-data`;
const FAKE_CURL =
  'curl() { out=""; up=""; while [ $# -gt 0 ]; do case "$1" in --upload-file) up="$2"; shift;; --output) out="$2"; shift;; esac; shift; done; ' +
  'if [ -n "$up" ]; then cp "$up" /work/uploaded.tar.gz; else cp /work/uploaded.tar.gz "$out"; fi; }; ';
const containers: string[] = [];
let spec: ApplicationSpec;
let server: string;

/** A Job container run to its end; answers its exit code and output. */
async function runContainer(c: Container, opts: { transfer?: boolean } = {}) {
  const env = (c.env ?? []).map((e) => {
    const key = e.valueFrom?.secretKeyRef?.key;
    const value = key ? spec.secretData[key as keyof typeof spec.secretData] : e.value;
    return `${e.name}=${(value ?? '').replaceAll('$$', '$')}`;
  });
  const mounts = (c.volumeMounts ?? []).map((m) => ({
    Type: 'volume',
    Source: m.name === 'work' ? work : data,
    Target: m.mountPath,
    ReadOnly: m.readOnly ?? false,
  }));
  const id = await api.createContainer(`${prefix}-${c.name}-${containers.length}`, {
    Image: opts.transfer ? MARIADB : c.image,
    Entrypoint: [c.command![0]!, c.command![1]!],
    Cmd: [(opts.transfer ? FAKE_CURL : '') + c.command![2]!],
    Env: env,
    HostConfig: { NetworkMode: network, Mounts: mounts },
  });
  containers.push(id);
  await api.startContainer(id);
  const state = await waitFor(
    `${c.name} to end`,
    () => api.inspectContainer(id),
    (s) => !!s && !s.State.Running && s.State.Status !== 'created',
    120_000,
  );
  return { exitCode: state!.State.ExitCode, output: await api.logs(id, 100) };
}

const sql = async (query: string) => {
  const r = await execRaw(api, server, {
    cmd: ['mariadb', '-uroot', '-N', '-B', '-e', query, spec.database!.databaseName],
    env: [`MYSQL_PWD=${spec.secretData['db-root-password']}`],
  });
  if (r.exitCode !== 0) throw new Error(r.stderr);
  return r.stdout.trim();
};
const shell = async (script: string) =>
  (await execRaw(api, server, { cmd: ['sh', '-c', script] })).stdout.trim();

beforeAll(async () => {
  if (missing) return;
  spec = makeSpec({ template: 'wordpress' });
  spec.database = { ...spec.database!, image: MARIADB };
  // The "application image" of the files steps: any image with sh, tar and find.
  spec.app = { ...spec.app, image: MARIADB, security: { ...spec.app.security, runAsUser: null } };
  await api.createNetwork(network, {});
  await api.createVolume(work, {});
  await api.createVolume(data, {});
  server = await api.createContainer(`${prefix}-db`, {
    Image: MARIADB,
    Env: [
      `MARIADB_ROOT_PASSWORD=${spec.secretData['db-root-password']}`,
      `MARIADB_DATABASE=${spec.database.databaseName}`,
    ],
    HostConfig: {
      NetworkMode: network,
      // The files claim, seen from the server container too (to write and read files).
      Mounts: [{ Type: 'volume', Source: data, Target: spec.app.volume.mountPath }],
    },
    NetworkingConfig: {
      EndpointsConfig: { [network]: { Aliases: [spec.database.serviceName] } },
    },
  });
  containers.push(server);
  await api.startContainer(server);
  await waitFor(
    'MariaDB',
    () => sql('SELECT 1').catch(() => ''),
    (o) => o === '1',
    120_000,
  );
  await sql(
    "CREATE TABLE wp_posts (ID int PRIMARY KEY, post_title text); INSERT INTO wp_posts VALUES (1, 'Bonjour Dakar')",
  );
  await shell(`echo originale > ${spec.app.volume.mountPath}/facture.txt`);
}, 180_000);

afterAll(async () => {
  for (const id of containers) await api.removeContainer(id).catch(() => undefined);
  await api.removeVolume(work).catch(() => undefined);
  await api.removeVolume(data).catch(() => undefined);
  await api.removeNetwork(network).catch(() => undefined);
}, 120_000);

describe.skipIf(missing !== null)(
  'Kubernetes backup and restore Job scripts on a real MariaDB',
  () => {
    it('the backup Job dumps, archives the files and packs one archive whose SHA-256 it prints', async () => {
      const manifest = {
        format: 1 as const,
        template: 'wordpress',
        database: 'mariadb' as const,
        runtime: 'kubernetes',
        createdAt: new Date().toISOString(),
      };
      const job = renderBackupJob(spec, 'k1', {}, { manifest });
      const pod = job.spec!.template.spec!;
      for (const c of pod.initContainers!) {
        const r = await runContainer(c);
        expect(r.exitCode, r.output).toBe(0);
      }
      const upload = await runContainer(pod.containers[0]!, { transfer: true });
      expect(upload.exitCode, upload.output).toBe(0);
      const line = /nuagedeploy-archive sha256=([0-9a-f]{64}) size=(\d+)/.exec(upload.output);
      expect(line).not.toBeNull();

      // The archive the module would read back: same size, same parts as the Docker runtime's.
      const archive = Buffer.from(
        (
          await runContainer({
            name: 'read',
            image: MARIADB,
            command: ['sh', '-c', 'base64 /work/uploaded.tar.gz'],
            volumeMounts: [{ name: 'work', mountPath: '/work' }],
          })
        ).output.trim(),
        'base64',
      );
      expect(archive.length).toBe(Number(line![2]));
      const dir = await mkdtemp(join(tmpdir(), 'ndbj-'));
      try {
        await writeFile(join(dir, 'a.tar.gz'), archive);
        await unpackArchive(join(dir, 'a.tar.gz'), dir);
        expect(await readFile(join(dir, 'database.sql'), 'utf8')).toContain('Bonjour Dakar');
        const files = readTarFiles(await readFile(join(dir, 'files.tar')));
        expect(files.find((f) => f.path.endsWith('facture.txt'))?.content.toString()).toBe(
          'originale\n',
        );
        expect(JSON.parse(await readFile(join(dir, 'manifest.json'), 'utf8'))).toEqual(manifest);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    }, 300_000);

    it('the restore Job checks the SHA-256, loads the dump and refills the files', async () => {
      await sql("UPDATE wp_posts SET post_title = 'Modifié'; CREATE TABLE intrus (id int)");
      await shell(
        `echo modifiée > ${spec.app.volume.mountPath}/facture.txt; echo x > ${spec.app.volume.mountPath}/ajout.txt`,
      );
      const sum = (
        await runContainer({
          name: 'sum',
          image: MARIADB,
          command: ['sh', '-c', 'sha256sum /work/uploaded.tar.gz | cut -d " " -f 1'],
          volumeMounts: [{ name: 'work', mountPath: '/work' }],
        })
      ).output.trim();

      const wrong = renderRestoreJob(spec, 'k2', {}, { sha256: 'f'.repeat(64) });
      const refused = await runContainer(wrong.spec!.template.spec!.initContainers![0]!, {
        transfer: true,
      });
      expect(refused.exitCode).not.toBe(0);

      const job = renderRestoreJob(spec, 'k3', {}, { sha256: sum });
      const pod = job.spec!.template.spec!;
      const [download, load] = pod.initContainers!;
      for (const [c, transfer] of [
        [download!, true],
        [load!, false],
        [pod.containers[0]!, false],
      ] as const) {
        const r = await runContainer(c, { transfer });
        expect(r.exitCode, `${c.name}: ${r.output}`).toBe(0);
      }
      expect(await sql('SELECT post_title FROM wp_posts')).toBe('Bonjour Dakar');
      expect(
        await sql("SELECT COUNT(*) FROM information_schema.tables WHERE table_name = 'intrus'"),
      ).toBe('0');
      expect(
        await shell(
          `cat ${spec.app.volume.mountPath}/facture.txt; ls ${spec.app.volume.mountPath}`,
        ),
      ).toBe('originale\nfacture.txt');
    }, 300_000);
  },
);
