import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectEngine, objectsOf } from '../bench/lib/docker-engine.mjs';
import { pollUntil } from './helpers/api';
import { execInContainer } from './helpers/engine-exec';
import { removeTestGuard, testGuardEnv } from './helpers/network-guard';
import { startPodmanPlatform, type PodmanPlatform } from './helpers/podman-platform';

/**
 * Backups and restores of the databases of an environment (issue 25 item 5) on Podman, with the
 * Debian-built images (e2e/support/debian-images): a row (PostgreSQL, MariaDB) or a key (Redis)
 * is written, backed up, changed, and the restore really brings it back. Redis runs with
 * `--appendonly yes`: the key coming back after the server restarted proves the AOF was
 * rewritten from the snapshot, not only dump.rdb copied.
 */
const detected = await detectEngine();
const skipReason = detected.skipReason;
if (skipReason && process.env.CI) {
  throw new Error(`CI must run the database backup tests on Podman, but ${skipReason}`);
}
if (skipReason) console.warn(`[e2e database backups] skipped: ${skipReason}`);

const prefix = `nde2e-dbbk-${randomBytes(3).toString('hex')}`;
const ACCOUNT_PASSWORD = 'Secret2024';

interface DatabaseView {
  id: string;
  statut_deploiement: string;
  status_reason: string | null;
}
interface Listing {
  sauvegardes: { id: string; statut: string; erreur: string | null }[];
  restaurations: { id: string; statut: string; erreur: string | null }[];
}

describe.skipIf(skipReason !== null)('backups of databases of an environment on Podman', () => {
  const engine = detected.engine!;
  let platform: PodmanPlatform;

  beforeAll(async () => {
    platform = await startPodmanPlatform(engine, detected.socket!, prefix, {
      DATABASE_VERSIONS: 'postgresql:15-alpine,mariadb:10.11,redis:7',
      ...testGuardEnv(prefix),
    });
  }, 600_000);

  afterAll(async () => {
    await platform?.stop();
    await removeTestGuard(engine, prefix);
  }, 180_000);

  const createDatabase = async (nom: string, moteur: string) => {
    const res = await platform.call<DatabaseView>(
      'POST',
      `/environments/${platform.envId}/databases`,
      {
        nom,
        moteur,
        cpu: 0.5,
        ram: 0.5,
        storage: 1,
      },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    platform.deployments.push({ id: res.body.id });
    const db = await pollUntil(
      `database ${nom} running`,
      async () => (await platform.call<DatabaseView>('GET', `/databases/${res.body.id}`)).body,
      (d) => d.statut_deploiement === 'RUNNING' || d.statut_deploiement === 'FAILED',
      { timeoutMs: 240_000, everyMs: 1000 },
    );
    expect(db.statut_deploiement, db.status_reason ?? '').toBe('RUNNING');
    const secret = await platform.call<{ mot_de_passe: string }>(
      'POST',
      `/databases/${db.id}/credentials/reveal`,
      { mot_de_passe: ACCOUNT_PASSWORD },
    );
    expect(secret.status).toBe(200);
    return { id: db.id, password: secret.body.mot_de_passe };
  };
  /** Runs `cmd` in the database's running container (its own client). */
  const inDatabase = async (id: string, cmd: string[], env: string[] = []) => {
    const container = await pollUntil(
      'the database container running',
      async () =>
        (await objectsOf(engine, id)).containers.find(
          (c) => c.component === 'database' && c.state === 'running',
        ),
      (c) => c !== undefined,
      { timeoutMs: 120_000, everyMs: 500 },
    );
    return execInContainer(engine, container!.name, cmd, env);
  };
  const listing = async (id: string) =>
    (await platform.call<Listing>('GET', `/deployments/${id}/backups`)).body;
  const backUp = async (id: string) => {
    const res = await platform.call<{ sauvegarde: { id: string } }>(
      'POST',
      `/deployments/${id}/backups`,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    const done = await pollUntil(
      'the backup done',
      async () => (await listing(id)).sauvegardes.find((b) => b.id === res.body.sauvegarde.id)!,
      (b) => b.statut !== 'running',
      { timeoutMs: 180_000, everyMs: 1000 },
    );
    expect(done.erreur).toBeNull();
    expect(done.statut).toBe('success');
    return done.id;
  };
  const restore = async (id: string, backupId: string) => {
    const res = await platform.call<{ restauration: { id: string } }>(
      'POST',
      `/deployments/${id}/backups/${backupId}/restore`,
      { confirmation: true },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    const done = await pollUntil(
      'the restore done',
      async () => (await listing(id)).restaurations.find((r) => r.id === res.body.restauration.id)!,
      (r) => r.statut !== 'running',
      { timeoutMs: 240_000, everyMs: 1000 },
    );
    expect(done.erreur).toBeNull();
    expect(done.statut).toBe('success');
  };

  it('brings back a PostgreSQL row, a Redis key and a MariaDB row', async () => {
    // PostgreSQL: the service's own user (app) writes; pg_dump -Fc, then pg_restore.
    const pg = await createDatabase('clients', 'postgresql');
    const psql = (sql: string) =>
      inDatabase(pg.id, [
        'psql',
        `postgres://app:${pg.password}@127.0.0.1:5432/app`,
        '-v',
        'ON_ERROR_STOP=1',
        '-Atqc',
        sql,
      ]);
    expect((await psql("CREATE TABLE t (v text); INSERT INTO t VALUES ('avant')")).exitCode).toBe(
      0,
    );
    const pgBackup = await backUp(pg.id);
    await psql("UPDATE t SET v = 'apres'; CREATE TABLE ajoutee (x int)");
    expect((await psql('SELECT v FROM t')).stdout.trim()).toBe('apres');
    await restore(pg.id, pgBackup);
    expect((await psql('SELECT v FROM t')).stdout.trim()).toBe('avant');
    // Tables created since the backup do not survive it.
    expect(
      (await psql("SELECT count(*) FROM pg_tables WHERE tablename = 'ajoutee'")).stdout.trim(),
    ).toBe('0');

    // Redis: the RDB snapshot; its server started again on an AOF rewritten from it.
    const redis = await createDatabase('cache', 'redis');
    const cli = (...args: string[]) =>
      inDatabase(
        redis.id,
        ['redis-cli', '--no-auth-warning', ...args],
        [`REDISCLI_AUTH=${redis.password}`],
      );
    expect((await cli('SET', 'cle', 'avant')).stdout.trim()).toBe('OK');
    const redisBackup = await backUp(redis.id);
    await cli('SET', 'cle', 'apres');
    await cli('SET', 'nouvelle', 'x');
    await restore(redis.id, redisBackup);
    const back = await pollUntil(
      'Redis answering after its restore',
      () => cli('GET', 'cle'),
      (r) => r.exitCode === 0 && !r.stdout.includes('LOADING'),
      { timeoutMs: 60_000, everyMs: 500 },
    );
    expect(back.stdout.trim()).toBe('avant');
    expect((await cli('EXISTS', 'nouvelle')).stdout.trim()).toBe('0');
    // Its AOF holds the restored data: a restart keeps it.
    expect((await platform.call('POST', `/databases/${redis.id}/restart`)).status).toBe(202);
    await pollUntil(
      'the restored key after a restart',
      () => cli('GET', 'cle').catch(() => ({ exitCode: 1, stdout: '', stderr: '' })),
      (r) => r.exitCode === 0 && r.stdout.trim() === 'avant',
      { timeoutMs: 120_000, everyMs: 1000 },
    );

    // MariaDB: mariadb-dump --single-transaction as root.
    const maria = await createDatabase('boutique', 'mariadb');
    const sql = (query: string) =>
      inDatabase(maria.id, ['mariadb', '-uapp', `-p${maria.password}`, 'app', '-N', '-e', query]);
    expect((await sql('CREATE TABLE t (v TEXT); INSERT INTO t VALUES ("avant")')).exitCode).toBe(0);
    const mariaBackup = await backUp(maria.id);
    await sql('UPDATE t SET v = "apres"');
    await restore(maria.id, mariaBackup);
    expect((await sql('SELECT v FROM t')).stdout.trim()).toBe('avant');
  }, 900_000);
});
