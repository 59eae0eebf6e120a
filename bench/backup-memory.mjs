// Backup and restore memory: a 300 MB files volume and a 200 MB database dump (random bytes, so
// gzip keeps them whole: a ~500 MB archive) through every step of a backup on the docker runtime
// and of its restore, with the platform's own code, in this process:
//   dump (exec stdout → file) → files volume (Engine archive GET → tar renamed on the fly) →
//   pack + SHA-256 → upload to S3 and read back whole → download from S3 → SHA-256 check →
//   unpack → files tar into a fresh volume (Engine archive PUT) → dump into a container.
// The S3 storage is s3rver in a child process (its memory is not ours). Peak RSS is the
// kernel's high-water mark (VmHWM), reset after the imports; the target is < 150 MB above the
// baseline whatever the artefact's size (before this change, the restore read the files tar and
// the dump whole into memory: at least their size).
//
//   DOCKER_HOST=unix:///run/podman/podman.sock node bench/backup-memory.mjs
//
// Engine objects are named `ndbkbench-<random>` and removed at the end, failure or not.
// Appends a section to bench/RESULTS.md; exits 1 when the target is missed, 2 when no engine.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { register } from 'tsx/esm/api';
import { detectEngine } from './lib/docker-engine.mjs';
import { appendResults, seconds } from './lib/report.mjs';

register();
const src = '../apps/api/src';
const { EngineApi } = await import(`${src}/engine/drivers/docker/engine-api.ts`);
const { EngineClient } = await import(`${src}/engine/drivers/docker/engine-client.ts`);
const { execChecked } = await import(`${src}/engine/drivers/docker/exec.ts`);
const { copyFileInto, loadVolumeTar, saveVolumeTar } = await import(
  `${src}/engine/drivers/docker/volume-archive.ts`
);
const { factsOfFile, packArchive, unpackArchive } = await import(
  `${src}/modules/backups/archive.ts`
);
const { download, uploadVerified } = await import(`${src}/modules/backups/destinations/s3.ts`);

const FILES_MB = Number(process.env.BENCH_FILES_MB ?? 300);
const DUMP_MB = Number(process.env.BENCH_DUMP_MB ?? 200);
const TARGET_MB = 150;
const IMAGE = 'localhost/nuage-test-busybox:bookworm';
const MB = 1024 * 1024;

const { socket, skipReason } = await detectEngine();
if (!socket || skipReason) {
  console.error(`backup memory benchmark not run: ${skipReason}`);
  process.exit(2);
}
const api = new EngineApi(new EngineClient(socket));
const prefix = `ndbkbench-${randomBytes(3).toString('hex')}`;
const work = await mkdtemp(path.join(os.tmpdir(), `${prefix}-`));
const containers = [];
const volumes = [];
let s3rver;

const vm = async (field) =>
  Number(
    new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(
      await readFile('/proc/self/status', 'utf8'),
    )?.[1],
  ) / 1024;

async function container(name) {
  const volume = `${name}-files`;
  volumes.push(volume);
  const id = await api.createContainer(name, {
    Image: IMAGE,
    Cmd: ['sleep', '3600'],
    HostConfig: {
      NetworkMode: 'none',
      Mounts: [{ Type: 'volume', Source: volume, Target: '/data' }],
    },
  });
  containers.push(id);
  await api.startContainer(id);
  return id;
}

const sh = (id, script, what) => execChecked(api, id, { cmd: ['sh', '-c', script], what });

/** s3rver in its own process, on loopback; answers its port. */
function startS3(dir) {
  const script = `
    const S3rver = require('s3rver');
    new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: ${JSON.stringify(dir)},
      configureBuckets: [{ name: 'bench', configs: [] }] })
      .run().then((a) => console.log('PORT=' + a.port));`;
  s3rver = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    s3rver.stdout.on('data', (d) => {
      const m = /PORT=(\d+)/.exec(String(d));
      if (m) resolve(Number(m[1]));
    });
    s3rver.on('exit', (code) => reject(new Error(`s3rver exited (${code})`)));
  });
}

const steps = [];
async function step(name, fn) {
  await writeFile('/proc/self/clear_refs', '5'); // resets VmHWM to the current RSS
  const started = performance.now();
  const result = await fn();
  steps.push({ name, ms: performance.now() - started, peak: await vm('VmHWM') });
  console.log(
    `${name}: ${seconds(performance.now() - started)}, peak RSS ${(await vm('VmHWM')).toFixed(0)} MB`,
  );
  return result;
}

let ok;
try {
  const port = await startS3(path.join(work, 's3'));
  const destination = {
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    bucket: 'bench',
    prefix: '',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    allowPrivateEndpoint: true,
  };
  const source = await container(`${prefix}-source`);
  const count = Math.max(1, Math.round(FILES_MB / 50));
  await sh(
    source,
    `mkdir -p /data/uploads && i=0; while [ $i -lt ${count} ]; do head -c ${Math.round((FILES_MB * MB) / count)} /dev/urandom > /data/uploads/f$i.bin; i=$((i+1)); done`,
    'fill',
  );
  const staging = path.join(work, 'staging');
  const parts = path.join(work, 'parts');
  await mkdir(staging);
  await mkdir(parts);

  global.gc?.();
  const baseline = await vm('VmRSS');
  console.log(`baseline RSS ${baseline.toFixed(0)} MB`);

  await step('dump (exec stdout → file)', () =>
    execChecked(api, source, {
      cmd: ['head', '-c', String(DUMP_MB * MB), '/dev/urandom'],
      stdoutFile: path.join(staging, 'database.sql'),
      what: 'dump',
    }),
  );
  await step('files volume → files.tar', () =>
    saveVolumeTar(api, source, '/data', path.join(staging, 'files.tar')),
  );
  await writeFile(path.join(staging, 'manifest.json'), '{"format":1}');
  const archive = path.join(work, 'sauvegarde.tar.gz');
  const facts = await step('pack + SHA-256', () => packArchive(staging, archive));
  await step('upload to S3 + read back', () =>
    uploadVerified(destination, archive, 'sauvegarde.tar.gz', facts),
  );
  const downloaded = path.join(work, 'downloaded.tar.gz');
  await step('download from S3', () => download(destination, 'sauvegarde.tar.gz', downloaded));
  const reread = await step('SHA-256 check', () => factsOfFile(downloaded));
  if (reread.sha256 !== facts.sha256) throw new Error('downloaded archive differs');
  await step('unpack', () => unpackArchive(downloaded, parts));
  const target = await container(`${prefix}-target`);
  await step('files.tar → fresh volume', () =>
    loadVolumeTar(api, target, '/data', path.join(parts, 'files.tar')),
  );
  await step('dump → database container', () =>
    copyFileInto(api, target, '/tmp', 'restore.dump', path.join(parts, 'database.sql')),
  );

  // What was restored is what was backed up.
  const sum = (id) => sh(id, 'cd /data && find . -type f | sort | xargs cat | sha256sum', 'sum');
  const [before, after] = [(await sum(source)).stdout, (await sum(target)).stdout];
  const dumpIn = await sh(target, 'wc -c < /tmp/restore.dump', 'size');
  const dumpSize = (await stat(path.join(staging, 'database.sql'))).size;
  if (before !== after) throw new Error('restored files differ from the backed-up ones');
  if (Number(dumpIn.stdout.trim()) !== dumpSize || dumpSize !== DUMP_MB * MB) {
    throw new Error(`dump sizes differ: ${dumpIn.stdout.trim()} / ${dumpSize}`);
  }

  const worst = Math.max(...steps.map((s) => s.peak));
  ok = worst - baseline < TARGET_MB;
  await appendResults({
    title: 'Backup and restore with bounded memory (backups issue)',
    command: 'DOCKER_HOST=unix:///run/podman/podman.sock node bench/backup-memory.mjs',
    lines: [
      `A ${FILES_MB} MB files volume (${count} files of random bytes) and a ${DUMP_MB} MB dump on Podman, one archive of ${(facts.sizeBytes / MB).toFixed(0)} MB; S3 = s3rver in a child process on loopback. Restored files and dump checked identical (SHA-256 of the volume, dump size).`,
      '',
      `Baseline RSS after imports: ${baseline.toFixed(0)} MB.`,
      '',
      '| step | time | peak RSS (VmHWM) | above baseline |',
      '| --- | --- | --- | --- |',
      ...steps.map(
        (s) =>
          `| ${s.name} | ${seconds(s.ms)} | ${s.peak.toFixed(0)} MB | ${(s.peak - baseline).toFixed(0)} MB |`,
      ),
      '',
      `Worst step: ${(worst - baseline).toFixed(0)} MB above baseline for a ${(facts.sizeBytes / MB).toFixed(0)} MB archive.`,
    ],
    target: `peak RSS < ${TARGET_MB} MB above baseline at every step — ${ok ? 'met' : 'MISSED'}.`,
  });
} finally {
  for (const id of containers) await api.removeContainer(id, 0).catch(() => undefined);
  for (const v of volumes) {
    await api.client.request('DELETE', `/volumes/${v}`).catch(() => undefined);
  }
  s3rver?.kill();
  await rm(work, { recursive: true, force: true });
}
process.exit(ok ? 0 : 1);
