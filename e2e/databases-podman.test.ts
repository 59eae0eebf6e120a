import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectEngine, objectsOf, sweep } from '../bench/lib/docker-engine.mjs';
import { pollUntil } from './helpers/api';
import { getFresh } from './helpers/code-apps';
import { execInContainer } from './helpers/engine-exec';
import { removeTestGuard, testGuardEnv } from './helpers/network-guard';
import { startPodmanPlatform, type PodmanPlatform } from './helpers/podman-platform';
import {
  registryMissing,
  startTestRegistry,
  type TestRegistry,
} from './support/test-registry/test-registry';

/**
 * Databases of an environment (issue 25 "Real parts in tests"), on Podman with the Debian-built
 * PostgreSQL and Redis images (e2e/support/debian-images): an application linked to a
 * PostgreSQL database writes and reads a row through its DATABASE_URL and answers it through
 * the edge proxy; a regenerated password is really changed in the server (the old one is
 * refused) and the application still answers after its restart; a container of another
 * environment can reach neither the database's name nor its address (the network guard);
 * Redis keeps a key through the restart its new password makes.
 *
 * The "application" is the PostgreSQL image itself (its psql, and Perl for a tiny HTTP server),
 * pushed to the test registry: an image application is always pulled before it runs.
 */
const detected = await detectEngine();
const skipReason = detected.skipReason ?? registryMissing();
if (skipReason && process.env.CI) {
  throw new Error(`CI must run the database tests on Podman, but ${skipReason}`);
}
if (skipReason) console.warn(`[e2e databases] skipped: ${skipReason}`);

const prefix = `nde2e-db-${randomBytes(3).toString('hex')}`;
const POSTGRES = 'docker.io/library/postgres:15-alpine';
const REDIS = 'docker.io/library/redis:7';
const MARIADB = 'docker.io/library/mariadb:10.11';
/** The same Debian-built image under two patch tags: an upgrade within the 10.11 major. */
const MARIADB_PATCHES = ['10.11.5', '10.11.6'].map((tag) => `docker.io/library/mariadb:${tag}`);
const USER = 'acme';
const REGISTRY_PASSWORD = 'mot-de-passe-du-registre';
/** createAccount's default password: the account that owns the project. */
const ACCOUNT_PASSWORD = 'Secret2024';

/** An HTTP server answering the rows of `lignes`; `/ecrire/<mot>` inserts one first. */
const APP_PL =
  String.raw`
use IO::Socket::INET;
my $s = IO::Socket::INET->new(LocalPort => 8080, Listen => 10, ReuseAddr => 1) or die "listen: $!";
while (my $c = $s->accept) {
  my $line = <$c> // '';
  my ($path) = $line =~ m{^[A-Z]+ (\S+)};
  while (my $h = <$c>) { last if $h =~ /^\r?\n$/ }
  my $insert = ($path // '') =~ m{^/ecrire/(\w+)$} ? "INSERT INTO lignes VALUES ('$1');" : '';
  my $out = ` +
  '`' +
  String.raw`psql "\$DATABASE_URL" -v ON_ERROR_STOP=1 -Atq -c "SET client_min_messages = warning; CREATE TABLE IF NOT EXISTS lignes (v text)" -c "$insert SELECT coalesce(string_agg(v, ',' ORDER BY v), '') FROM lignes" 2>&1` +
  '`' +
  String.raw`;
  my $status = $? == 0 ? '200 OK' : '500 Erreur';
  print $c "HTTP/1.0 $status\r\nContent-Type: text/plain\r\nContent-Length: " . length($out) . "\r\nConnection: close\r\n\r\n$out";
  close $c;
}
`;

interface DatabaseView {
  id: string;
  statut_deploiement: string;
  status_reason: string | null;
  hote: string;
  chaine_connexion: string;
}
interface Credentials {
  mot_de_passe: string;
  chaine_connexion: string;
}

/** Runs a one-off container on an environment's network; answers its exit code and output. */
function runOn(network: string, image: string, cmd: string[]): { code: number; out: string } {
  const r = spawnSync('podman', ['run', '--rm', '--network', network, image, ...cmd], {
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { code: r.status ?? -1, out: `${r.stdout ?? ''}${r.stderr ?? ''}`.trim() };
}

describe.skipIf(skipReason !== null)('databases of an environment on Podman', () => {
  const engine = detected.engine!;
  let platform: PodmanPlatform;
  let registry: TestRegistry;
  let appImage = '';
  let recetteNetwork = '';

  beforeAll(async () => {
    for (const tag of MARIADB_PATCHES) execFileSync('podman', ['tag', MARIADB, tag]);
    registry = await startTestRegistry(USER, REGISTRY_PASSWORD);
    appImage = await registry.push(POSTGRES, `${prefix}/app-psql:1`);
    platform = await startPodmanPlatform(engine, detected.socket!, prefix, {
      // The test registry listens on loopback: an operator's private registry, allowed.
      IMAGE_ALLOW_PRIVATE_REGISTRIES: 'true',
      // The Debian-built images' tags.
      DATABASE_VERSIONS: 'postgresql:15-alpine,mariadb:10.11.5,mariadb:10.11.6,redis:7',
      ...testGuardEnv(prefix),
    });
  }, 600_000);

  afterAll(async () => {
    await platform?.stop();
    if (recetteNetwork) await sweep(engine, { networks: [recetteNetwork] });
    await removeTestGuard(engine, prefix);
    await registry?.stop();
    if (appImage) execFileSync('podman', ['rmi', '--force', appImage], { stdio: 'ignore' });
    // Untags only: the image stays under its own name.
    for (const tag of MARIADB_PATCHES)
      spawnSync('podman', ['untag', MARIADB, tag], { stdio: 'ignore' });
  }, 180_000);

  const createDatabase = async (envId: string, nom: string, moteur: string) => {
    const res = await platform.call<DatabaseView>('POST', `/environments/${envId}/databases`, {
      nom,
      moteur,
      cpu: 0.5,
      ram: 0.5,
      storage: 1,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    platform.deployments.push({ id: res.body.id });
    return pollUntil(
      `database ${nom} running`,
      async () => (await platform.call<DatabaseView>('GET', `/databases/${res.body.id}`)).body,
      (d) => d.statut_deploiement === 'RUNNING' || d.statut_deploiement === 'FAILED',
      { timeoutMs: 240_000, everyMs: 1000 },
    ).then((d) => {
      expect(d.statut_deploiement, d.status_reason ?? '').toBe('RUNNING');
      return d;
    });
  };
  const reveal = async (id: string) => {
    const res = await platform.call<Credentials>('POST', `/databases/${id}/credentials/reveal`, {
      mot_de_passe: ACCOUNT_PASSWORD,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };
  const regenerate = async (id: string) => {
    const res = await platform.call('POST', `/databases/${id}/credentials/regenerate`, {
      mot_de_passe: ACCOUNT_PASSWORD,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
  };
  /** The running container of a component: the database's, or the application's replica. */
  const containerOf = async (id: string, component: 'database' | 'application') => {
    const found = (await objectsOf(engine, id)).containers.find(
      (c) => c.component === component && c.state === 'running',
    );
    if (!found) throw new Error(`no running ${component} container of ${id}`);
    return found;
  };

  it('links an application that writes and reads a row, through a password regeneration; another environment cannot reach it', async () => {
    const db = await createDatabase(platform.envId, 'clients', 'postgresql');
    expect(db.chaine_connexion).toBe('postgres://app:********@clients:5432/app');

    const credential = await platform.call<{ id: string }>(
      'POST',
      `/projects/${platform.projectId}/registry-credentials`,
      { registre: registry.host, utilisateur: USER, mot_de_passe: REGISTRY_PASSWORD },
    );
    expect(credential.status, JSON.stringify(credential.body)).toBe(201);
    const deployed = await platform.call<{ id: string }>(
      'POST',
      `/deployments/${platform.envId}/deploy/image`,
      {
        nom: 'api',
        image: appImage,
        port: 8080,
        commande: ['sh', '-c', 'exec perl -e "$APP_PL"'],
        env_vars: [{ name: 'APP_PL', value: APP_PL, secret: false }],
        cpu: 0.2,
        ram: 0.5,
        replicas: 1,
        registry_credential_id: credential.body.id,
      },
    );
    expect(deployed.status, JSON.stringify(deployed.body)).toBe(201);
    const app = deployed.body.id;
    platform.deployments.push({ id: app });
    const linked = await platform.call('POST', `/databases/${db.id}/links`, {
      application_id: app,
    });
    expect(linked.status, JSON.stringify(linked.body)).toBe(200);

    const detail = await pollUntil(
      'the application URL',
      async () =>
        (
          await platform.call<{ application_url: string | null }>(
            'GET',
            `/deployments/deployment/${app}`,
          )
        ).body,
      (d) => d.application_url !== null,
      { timeoutMs: 180_000 },
    );
    const url = detail.application_url!;
    // Through the edge proxy, the application connects with its DATABASE_URL (an empty
    // table once it answers), writes a row, then reads it.
    await pollUntil(
      'the application connected through DATABASE_URL',
      () => getFresh(`${url}/`),
      (r) => r.status === 200 && r.body === '\n',
      { timeoutMs: 240_000, everyMs: 1000 },
    );
    expect(await getFresh(`${url}/ecrire/bonjour`)).toEqual({ status: 200, body: 'bonjour\n' });
    expect(await getFresh(`${url}/`)).toEqual({ status: 200, body: 'bonjour\n' });

    // Regenerated: the server refuses the old password and takes the new one.
    const before = await reveal(db.id);
    const appContainer = (await containerOf(app, 'application')).id;
    await regenerate(db.id);
    const after = await reveal(db.id);
    expect(after.mot_de_passe).not.toBe(before.mot_de_passe);
    const dbContainer = (await containerOf(db.id, 'database')).name;
    const login = (password: string) =>
      execInContainer(engine, dbContainer, [
        'psql',
        `postgres://app:${password}@127.0.0.1:5432/app`,
        '-Atc',
        'SELECT 1',
      ]);
    await pollUntil(
      'the old password refused',
      () => login(before.mot_de_passe),
      (r) => r.stderr.includes('password authentication failed'),
      { timeoutMs: 180_000, everyMs: 1000 },
    );
    expect((await login(after.mot_de_passe)).stdout.trim()).toBe('1');
    // The application restarted with the new connection string, and still reads its row.
    await pollUntil(
      'the application restarted with the new password',
      async () => ({
        container: (await containerOf(app, 'application').catch(() => null))?.id ?? '',
        answer: await getFresh(`${url}/`),
      }),
      (r) =>
        r.container !== appContainer && r.answer.status === 200 && r.answer.body === 'bonjour\n',
      { timeoutMs: 240_000, everyMs: 1000 },
    );

    // Another environment of the same project: neither the name nor the address answers.
    const recette = await platform.call<{ id: string; namespace_k8s_id: string }>(
      'POST',
      `/environments/${platform.projectId}/environments`,
      { nom: 'Recette', type: 'staging' },
    );
    expect(recette.status, JSON.stringify(recette.body)).toBe(201);
    recetteNetwork = recette.body.namespace_k8s_id;
    const cache = await createDatabase(recette.body.id, 'cache', 'redis');
    const prodNetwork = (
      await platform.call<{ namespace_k8s_id: string }>('GET', `/environments/${platform.envId}`)
    ).body.namespace_k8s_id;
    const inspected = await engine.inspect(dbContainer);
    const address = (
      inspected as unknown as {
        NetworkSettings: { Networks: Record<string, { IPAddress: string }> };
      }
    ).NetworkSettings.Networks[prodNetwork]!.IPAddress;
    expect(address).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
    const isReady = (network: string, host: string) =>
      runOn(network, POSTGRES, ['pg_isready', '-h', host, '-p', '5432', '-t', '5']);
    // Its own environment reaches it by name and by address…
    expect(isReady(prodNetwork, 'clients').code).toBe(0);
    expect(isReady(prodNetwork, address).code).toBe(0);
    // …the other one by neither.
    expect(isReady(recetteNetwork, 'clients').code).not.toBe(0);
    expect(isReady(recetteNetwork, address).code).not.toBe(0);

    // Redis: SET/GET with the revealed URL, kept through the restart a new password makes.
    const redis1 = await reveal(cache.id);
    const redisCli = (connection: string, ...cmd: string[]) =>
      runOn(recetteNetwork, REDIS, ['redis-cli', '--no-auth-warning', '-u', connection, ...cmd]);
    expect(redisCli(redis1.chaine_connexion, 'SET', 'cle', 'valeur')).toEqual({
      code: 0,
      out: 'OK',
    });
    expect(redisCli(redis1.chaine_connexion, 'GET', 'cle').out).toBe('valeur');
    await regenerate(cache.id);
    const redis2 = await reveal(cache.id);
    await pollUntil(
      'Redis answering with its new password',
      async () => redisCli(redis2.chaine_connexion, 'GET', 'cle'),
      (r) => r.code === 0 && r.out === 'valeur',
      { timeoutMs: 180_000, everyMs: 1000 },
    );
    expect(redisCli(redis1.chaine_connexion, 'GET', 'cle').out).toContain('WRONGPASS');
  }, 900_000);

  it('creates a MariaDB database whose user the password task changes for real; stops and starts it, upgrades it within its major, with its data', async () => {
    const db = await createDatabase(platform.envId, 'boutique', 'mariadb');
    expect(db.chaine_connexion).toBe('mysql://app:********@boutique:3306/app');
    const network = (
      await platform.call<{ namespace_k8s_id: string }>('GET', `/environments/${platform.envId}`)
    ).body.namespace_k8s_id;
    const sql = (password: string, query: string) =>
      runOn(network, MARIADB, [
        'mariadb',
        '-hboutique',
        '-uapp',
        `-p${password}`,
        'app',
        '-N',
        '-e',
        query,
      ]);
    const first = await reveal(db.id);
    expect(first.chaine_connexion).toBe(`mysql://app:${first.mot_de_passe}@boutique:3306/app`);
    expect(
      sql(first.mot_de_passe, 'CREATE TABLE t (v TEXT); INSERT INTO t VALUES ("gardee")'),
    ).toEqual({
      code: 0,
      out: '',
    });
    await regenerate(db.id);
    const second = await reveal(db.id);
    await pollUntil(
      'the new MariaDB password accepted',
      async () => sql(second.mot_de_passe, 'SELECT v FROM t'),
      (r) => r.code === 0 && r.out === 'gardee',
      { timeoutMs: 180_000, everyMs: 1000 },
    );
    expect(sql(first.mot_de_passe, 'SELECT 1').out).toContain('Access denied');

    // Stopped: no container runs, its volume stays; started again: the same data.
    const status = async () =>
      (await platform.call<DatabaseView>('GET', `/databases/${db.id}`)).body.statut_deploiement;
    expect((await platform.call('POST', `/databases/${db.id}/stop`)).status).toBe(202);
    await pollUntil('the database stopped', status, (s) => s === 'STOPPED', {
      timeoutMs: 120_000,
      everyMs: 1000,
    });
    const stopped = await objectsOf(engine, db.id);
    expect(stopped.containers.filter((c) => c.component === 'database')).toEqual([]);
    expect(stopped.volumes.map((v) => v.component)).toContain('database');
    expect(sql(second.mot_de_passe, 'SELECT 1').code).not.toBe(0);
    expect((await platform.call('POST', `/databases/${db.id}/start`)).status).toBe(202);
    await pollUntil('the database running again', status, (s) => s === 'RUNNING', {
      timeoutMs: 180_000,
      everyMs: 1000,
    });
    await pollUntil(
      'the kept row after the start',
      async () => sql(second.mot_de_passe, 'SELECT v FROM t'),
      (r) => r.code === 0 && r.out === 'gardee',
      { timeoutMs: 120_000, everyMs: 1000 },
    );

    // Upgraded within its major (10.11.5 → 10.11.6): a new container of the new image, on the
    // same volume; the row is still there. The next major is refused.
    const started = (await containerOf(db.id, 'database')).id;
    const upgraded = await platform.call<{ version: string }>(
      'PUT',
      `/databases/${db.id}/version`,
      {
        version: '10.11.6',
      },
    );
    expect(upgraded.status, JSON.stringify(upgraded.body)).toBe(200);
    const recreated = await pollUntil(
      'the database recreated on 10.11.6',
      async () => {
        const c = await containerOf(db.id, 'database').catch(() => null);
        return c && c.id !== started ? await engine.inspect(c.id) : null;
      },
      (c) => c !== null,
      { timeoutMs: 180_000, everyMs: 1000 },
    );
    expect((recreated as unknown as { Config: { Image: string } }).Config.Image).toBe(
      MARIADB_PATCHES[1],
    );
    await pollUntil(
      'the kept row after the upgrade',
      async () => sql(second.mot_de_passe, 'SELECT v FROM t'),
      (r) => r.code === 0 && r.out === 'gardee',
      { timeoutMs: 120_000, everyMs: 1000 },
    );
    expect(
      (await platform.call('PUT', `/databases/${db.id}/version`, { version: '10.11.5' })).status,
    ).toBe(422);
  }, 600_000);
});
