import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApplicationSpec } from '../../spec';
import { DockerDriver } from './docker-driver';
import { EngineApi } from './engine-api';
import { execIn as execRaw } from './exec';
import { readTarFiles } from './tar';
import {
  SOCKET,
  TEST_HASH_KEY,
  buildTestImages,
  labelledContainers,
  runId,
  skipReason,
  sweep,
  testClient,
  testEdge,
  testEnvironment,
  testSpec,
  waitFor,
} from '../../../../test/engine/docker/test-support';

/**
 * Backup and restore against a real MariaDB server: the Debian-built image imported as
 * docker.io/library/mariadb:10.11 (e2e/support/debian-images/build.sh mariadb). The web
 * container is the busybox stand-in (its volume holds the "uploads").
 */
const MARIADB = 'docker.io/library/mariadb:10.11';

/**
 * Each describe's database (MariaDB, then PostgreSQL) takes tens of seconds to start, mostly
 * waiting on the engine and the server's initialisation. Both start at once when the file
 * starts, and each describe waits for its own (one after the other, their starts took 37 s of
 * the file's 90 s at load 8: bench/RESULTS.md, issue 31 item 6). Each is torn down after its
 * describe, or at the file's end when its describe did not run (filtered out).
 */
interface Fixture {
  start(): void;
  ready(): Promise<void>;
  tearDown(): Promise<void>;
}
const fixtures: Fixture[] = [];
function startedWithTheFile(
  enabled: boolean,
  setup: () => Promise<void>,
  tearDown: () => Promise<void>,
): Fixture {
  let started: Promise<void> | undefined;
  let torn: Promise<void> | undefined;
  const fixture: Fixture = {
    start: () => {
      started ??= setup();
      started.catch(() => undefined); // reported by ready(), in its describe's beforeAll
    },
    ready: () => {
      fixture.start();
      return started!;
    },
    tearDown: () =>
      (torn ??= started
        ? started.then(
            () => tearDown(),
            () => tearDown(),
          )
        : Promise.resolve()),
  };
  if (enabled) fixtures.push(fixture);
  return fixture;
}
beforeAll(() => fixtures.forEach((fixture) => fixture.start()));
afterAll(() => Promise.all(fixtures.map((fixture) => fixture.tearDown())), 180_000);

const api = new EngineApi(testClient());
const imageMissing =
  skipReason ?? ((await api.imageExists(MARIADB)) ? null : `${MARIADB} absent (build.sh mariadb)`);
if (imageMissing && !skipReason) {
  if (process.env.CI) throw new Error(`CI must run the backup tests, but ${imageMissing}`);
  console.warn(`[docker backups] skipped: ${imageMissing}`);
}

describe.skipIf(imageMissing !== null)('DockerDriver backups on a real MariaDB', () => {
  const prefix = `ndbk-${runId()}`;
  const env = testEnvironment(prefix);
  let driver: DockerDriver;
  let spec: ApplicationSpec;
  let dir: string;

  const containerId = async (suffix: string) => {
    const list = await labelledContainers(api, spec.deploymentId);
    const found = list.find((c) => c.name === `${spec.name}-${suffix}`);
    if (!found) throw new Error(`no container ${spec.name}-${suffix}`);
    return found.id;
  };
  const sql = async (query: string) => {
    const result = await execRaw(api, await containerId('db'), {
      cmd: ['mariadb', '-uroot', '-N', '-B', '-e', query, 'wordpress'],
      env: ['MYSQL_PWD=root-pass'],
    });
    if (result.exitCode !== 0) throw new Error(result.stderr);
    return result.stdout.trim();
  };
  const shellIn = async (suffix: string, script: string) =>
    (await execRaw(api, await containerId(suffix), { cmd: ['sh', '-c', script] })).stdout.trim();
  const shell = (script: string) => shellIn('0', script);

  const fixture = startedWithTheFile(
    imageMissing === null,
    async () => {
      const images = await buildTestImages(api, prefix);
      driver = new DockerDriver({
        socketPath: SOCKET!,
        hashKey: TEST_HASH_KEY,
        edge: await testEdge(prefix),
      });
      spec = testSpec({ env, images, nom: `${prefix} boutique` });
      spec.database = { ...spec.database!, image: MARIADB };
      spec.setup = null;
      dir = await mkdtemp(join(tmpdir(), 'ndbk-'));
      await driver.ensureEnvironment(env);
      await driver.apply(spec);
      await waitFor(
        'MariaDB answering',
        () => sql('SELECT 1').catch(() => ''),
        (out) => out === '1',
        120_000,
      );
      await sql(
        "CREATE TABLE posts (id int primary key, title varchar(100)); INSERT INTO posts VALUES (1, 'Bonjour le monde')",
      );
      await shell('echo original > /var/www/html/note.txt');
    },
    async () => {
      await driver?.close();
      await sweep(api, { deploymentIds: spec ? [spec.deploymentId] : [], prefix });
      if (dir) await rm(dir, { recursive: true, force: true });
    },
  );
  beforeAll(() => fixture.ready(), 240_000);
  afterAll(() => fixture.tearDown(), 120_000);

  it('dumps the database in one transaction and archives the files volume', async () => {
    const manifest = await driver.backup(spec, dir);
    expect(manifest).toMatchObject({
      database: 'mariadb',
      runtime: 'docker',
      template: 'wordpress',
    });
    const dump = await readFile(join(dir, 'database.sql'), 'utf8');
    expect(dump).toContain('CREATE TABLE `posts`');
    expect(dump).toContain('Bonjour le monde');
    const files = readTarFiles(await readFile(join(dir, 'files.tar')));
    const note = files.find((f) => f.path === 'note.txt');
    expect(note?.content.toString()).toBe('original\n');
  }, 120_000);

  it('restores: changed rows, new tables and new files are gone, the application runs again', async () => {
    await sql("UPDATE posts SET title = 'Modifié' WHERE id = 1; CREATE TABLE extra (id int)");
    await shell('echo changed > /var/www/html/note.txt; echo new > /var/www/html/added.txt');

    await driver.restore(spec, dir);

    expect(await sql('SELECT title FROM posts WHERE id = 1')).toBe('Bonjour le monde');
    expect(
      await sql("SELECT COUNT(*) FROM information_schema.tables WHERE table_name = 'extra'"),
    ).toBe('0');
    expect(await shell('cat /var/www/html/note.txt; ls /var/www/html')).toBe('original\nnote.txt');
    const containers = await labelledContainers(api, spec.deploymentId);
    expect(containers.filter((c) => c.name === `${spec.name}-0`).map((c) => c.state)).toEqual([
      'running',
    ]);
    expect(containers.some((c) => c.name.endsWith('-restore'))).toBe(false);
  }, 180_000);

  it('waits for a load a stopped restore left running, then loads alone', async () => {
    // What a restore cut by a platform stop leaves behind: its load, still running in the
    // database container (the engine runs an exec to its end without its client).
    const leftover = await api.client.json<{ Id: string }>(
      'POST',
      `/containers/${await containerId('db')}/exec`,
      {
        body: {
          Cmd: ['sh', '-c', 'sleep 3; mariadb -uroot wordpress < "$DUMP"'],
          Env: ['MYSQL_PWD=root-pass', 'DUMP=/tmp/leftover.sql'],
        },
      },
    );
    await shellIn('db', 'echo "CREATE TABLE leftover (id int);" > /tmp/leftover.sql');
    await api.client.request('POST', `/exec/${leftover.Id}/start`, { body: { Detach: true } });

    await driver.restore(spec, dir);
    // Loaded once the leftover had ended: what it wrote went with the database it replaced.
    expect(
      await sql("SELECT COUNT(*) FROM information_schema.tables WHERE table_name = 'leftover'"),
    ).toBe('0');
    expect(await sql('SELECT title FROM posts WHERE id = 1')).toBe('Bonjour le monde');
  }, 180_000);

  it('test-restores into a throwaway database and counts its tables', async () => {
    const result = await driver.testRestore(spec, dir);
    expect(result.tablesCount).toBe(1);
    expect(await api.inspectContainer(`${spec.name}-testrestore`)).toBeNull();
  }, 240_000);
});

const POSTGRES = 'docker.io/library/postgres:15-alpine';
const postgresMissing =
  skipReason ??
  ((await api.imageExists(POSTGRES)) ? null : `${POSTGRES} absent (build.sh postgres)`);
if (postgresMissing && !skipReason) {
  if (process.env.CI) throw new Error(`CI must run the backup tests, but ${postgresMissing}`);
  console.warn(`[docker backups] PostgreSQL skipped: ${postgresMissing}`);
}

describe.skipIf(postgresMissing !== null)(
  'DockerDriver backups on a real PostgreSQL (Odoo)',
  () => {
    const prefix = `ndbk-${runId()}`;
    const env = testEnvironment(prefix);
    let driver: DockerDriver;
    let spec: ApplicationSpec;
    let dir: string;

    const psql = async (query: string) => {
      const db = (await labelledContainers(api, spec.deploymentId)).find(
        (c) => c.name === `${spec.name}-db`,
      )!;
      const result = await execRaw(api, db.id, {
        cmd: ['psql', '-v', 'ON_ERROR_STOP=1', '-At', '-U', 'odoo', '-d', 'odoo', '-c', query],
      });
      if (result.exitCode !== 0) throw new Error(result.stderr);
      return result.stdout.trim();
    };

    const fixture = startedWithTheFile(
      postgresMissing === null,
      async () => {
        const images = await buildTestImages(api, prefix);
        driver = new DockerDriver({
          socketPath: SOCKET!,
          hashKey: TEST_HASH_KEY,
          edge: await testEdge(prefix),
        });
        spec = testSpec({ env, images, template: 'odoo', nom: `${prefix} gestion` });
        spec.database = { ...spec.database!, image: POSTGRES };
        dir = await mkdtemp(join(tmpdir(), 'ndbk-'));
        await driver.ensureEnvironment(env);
        await driver.apply(spec);
        await waitFor(
          'PostgreSQL answering',
          () => psql('SELECT 1').catch(() => ''),
          (out) => out === '1',
          120_000,
        );
        await psql(
          "CREATE TABLE res_partner (id int primary key, name text); INSERT INTO res_partner VALUES (1, 'Société Ndiaye')",
        );
      },
      async () => {
        await driver?.close();
        await sweep(api, { deploymentIds: spec ? [spec.deploymentId] : [], prefix });
        if (dir) await rm(dir, { recursive: true, force: true });
      },
    );
    beforeAll(() => fixture.ready(), 240_000);
    afterAll(() => fixture.tearDown(), 120_000);

    it('dumps with pg_dump -Fc and restores with pg_restore: the original rows are back', async () => {
      await driver.backup(spec, dir);
      const dump = await readFile(join(dir, 'database.dump'));
      expect(dump.subarray(0, 5).toString()).toBe('PGDMP'); // custom format

      await psql("UPDATE res_partner SET name = 'Modifié'; CREATE TABLE extra (id int)");
      const setupBefore = await api.inspectContainer(spec.setup!.name);
      expect(setupBefore).not.toBeNull();
      await driver.restore(spec, dir);
      expect(await psql('SELECT name FROM res_partner WHERE id = 1')).toBe('Société Ndiaye');
      expect(await psql("SELECT count(*) FROM pg_tables WHERE tablename = 'extra'")).toBe('0');
      // The setup task ran again on the restored data (its URL and administrator password).
      const setupAfter = await api.inspectContainer(spec.setup!.name);
      expect(setupAfter?.Id).not.toBe(setupBefore!.Id);
      expect(setupAfter?.State.Status).toBe('exited');
    }, 180_000);

    it('test-restores into a throwaway PostgreSQL', async () => {
      expect((await driver.testRestore(spec, dir)).tablesCount).toBe(1);
      expect(await api.inspectContainer(`${spec.name}-testrestore`)).toBeNull();
    }, 240_000);
  },
);
