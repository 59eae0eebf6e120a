import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rename, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildImage, detectEngine, sweep, type Engine } from '../bench/lib/docker-engine.mjs';
import { ensureEdgeImage } from '../bench/lib/edge-image.mjs';
import { createAccount, signInContext, type Account } from './helpers/accounts';
import { launchBrowser, newContext, screenshotsDir } from './helpers/browser';
import { execChecked } from './helpers/engine-exec';
import { apiClient, loginToken, pollUntil, type ApiCall } from './helpers/api';
import { readOutbox } from './helpers/outbox';
import { freePort, startServer, type RunningServer } from './helpers/server';

/**
 * Backups and restores through the API on real containers (Podman in CI): the real MariaDB and
 * PostgreSQL images built from Debian packages (e2e/support/debian-images/build.sh, imported
 * under the official names); the WordPress and Odoo application containers are busybox
 * stand-ins of this run (mapped by IMAGE_OVERRIDES, never tagged under a catalogue name), whose
 * files volume is real. Content is written with the database's own client and a shell in the
 * application container, as an operator would.
 */
const MARIADB = 'docker.io/library/mariadb:10.11';
const POSTGRES = 'docker.io/library/postgres:15-alpine';
const detected = await detectEngine();
const absent: string[] = [];
for (const ref of detected.engine ? [MARIADB, POSTGRES] : []) {
  if (!(await detected.engine!.imageExists(ref))) absent.push(ref);
}
const skipReason =
  detected.skipReason ??
  (absent.length
    ? `${absent.join(', ')} absent (e2e/support/debian-images/build.sh mariadb|postgres)`
    : null);
if (skipReason && process.env.CI) {
  throw new Error(`CI must run the backup e2e tests, but ${skipReason}`);
}
if (skipReason) console.warn(`[e2e backups] real-container tests skipped: ${skipReason}`);

const prefix = `ndbke2e-${randomBytes(3).toString('hex')}`;
const webBuilt = existsSync(
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/dist/index.html'),
);
if (!webBuilt) console.warn('[e2e backups] restore dialog screenshot skipped: web app not built');

interface Detail {
  id: string;
  status: string;
  status_reason: string | null;
  pods_status: { name: string; status: string }[];
}
interface HeldDetail extends Detail {
  alerte_restauration: { statut: string; reessayable: boolean } | null;
  events: { message: string }[];
}
interface Backups {
  sauvegardes: {
    id: string;
    statut: string;
    erreur: string | null;
    copies: { type: string; statut: string }[];
  }[];
  restaurations: { type: string; statut: string; erreur: string | null }[];
}

describe.skipIf(skipReason !== null)('backups and restores on real databases (API)', () => {
  const engine = detected.engine as Engine;
  const deployments: { id: string; name?: string }[] = [];
  const networks: string[] = [];
  const images: string[] = [];
  const dirs: string[] = [];
  const edgeName = `${prefix}-edge`;
  let server: RunningServer;
  let account: Account;
  let call: ApiCall;
  let projectId: string;
  let prod: { id: string };
  let staging: { id: string };
  let s3: S3rver;

  const standIn = async (what: string, opts: Parameters<typeof buildImage>[2]) => {
    const ref = `localhost/${prefix}-${what}:1`;
    await buildImage(engine, ref, opts);
    images.push(ref);
    return ref;
  };

  beforeAll(async () => {
    const wordpress = await standIn('wordpress', {
      cmd: 'httpd -f -p 80 -h /www',
      files: { 'www/wp-includes/images/blank.gif': 'GIF89a' },
    });
    const wpCli = await standIn('wpcli', {
      cmd: 'wp',
      files: { 'bin/wp': { content: '#!/bin/sh\nexit 0\n', mode: 0o755 } },
    });
    // Serves Odoo's health path; its `odoo` (the setup task's) succeeds without doing anything.
    const odoo = await standIn('odoo', {
      cmd: 'httpd -f -p 8069 -h /www',
      files: {
        'www/web/login': 'odoo\n',
        'bin/odoo': { content: '#!/bin/sh\ncat >/dev/null\nexit 0\n', mode: 0o755 },
      },
    });
    const overrides = [
      `docker.io/library/wordpress:${prefix}=${wordpress}`,
      `docker.io/library/wordpress:cli=${wpCli}`,
      `docker.io/library/odoo:${prefix}=${odoo}`,
      `docker.io/library/odoo:16.0=${odoo}`,
    ];
    const adminDir = await mkdtemp(path.join(os.tmpdir(), 'ndbke2e-edge-'));
    dirs.push(adminDir);
    server = await startServer({
      RUNTIME: 'docker',
      DOCKER_HOST: `unix://${detected.socket}`,
      IMAGE_OVERRIDES: overrides.join(','),
      EDGE_IMAGE: await ensureEdgeImage(detected.socket!),
      EDGE_CONTAINER: edgeName,
      EDGE_HTTP_PORT: String(await freePort()),
      EDGE_HTTPS_PORT: String(await freePort()),
      EDGE_LISTEN_HOST: '127.0.0.1',
      EDGE_ADMIN_DIR: adminDir,
      // s3rver listens on loopback, refused otherwise (SSRF guard of S3 endpoints).
      S3_ALLOW_PRIVATE_ENDPOINTS: 'true',
    });
    account = await createAccount(server);
    call = apiClient(server, await loginToken(server, account));
    const project = await call<{ id: string }>('POST', '/projects/', {
      nom: `Sauvegardes ${prefix}`,
      quota_cpu: 8,
      quota_ram: 16,
      quota_stockage: 100,
    });
    expect(project.status).toBe(201);
    projectId = project.body.id;
    prod = await environment('Production', 'prod');
    staging = await environment('Recette', 'staging');
    // The Odoo application starts now, beside the WordPress tests: its PostgreSQL takes tens of
    // seconds to come up, waited for here by nobody (its test waits for it, bench/RESULTS.md).
    odooDeployed = deploy(prod.id, {
      nom: 'Gestion',
      type_application: 'odoo',
      image_registry_url: 'docker.io/library/odoo',
      image_tag: prefix,
      odoo_email: 'compta@exemple.sn',
    });
    odooDeployed.catch(() => undefined); // reported by the Odoo test, which awaits it
  }, 240_000);

  afterAll(async () => {
    await server?.stop();
    if (engine) {
      const edge = await engine.inspect(edgeName);
      if (edge) await engine.removeContainer(edge.Id);
      for (const v of ['data', 'config']) await engine.removeVolume(`${edgeName}-${v}`);
      await sweep(engine, { deployments, networks });
      for (const ref of images) await engine.removeImage(ref);
    }
    await s3?.close();
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  }, 180_000);

  async function environment(nom: string, type: string) {
    const env = await call<{ id: string; namespace_k8s_id: string }>(
      'POST',
      `/environments/${projectId}/environments`,
      { nom, type },
    );
    expect(env.status).toBe(201);
    networks.push(env.body.namespace_k8s_id);
    await pollUntil(
      `${nom} active`,
      async () =>
        (await call<{ status: string }>('GET', `/environments/${env.body.id}/status`)).body,
      (s) => s.status === 'active',
    );
    return env.body;
  }

  async function running(id: string) {
    return pollUntil(
      'RUNNING',
      async () => {
        const d = (await call<Detail>('GET', `/deployments/deployment/${id}`)).body;
        if (d.status === 'FAILED') throw new Error(`FAILED: ${d.status_reason}`);
        return d;
      },
      (d) => d.status === 'RUNNING',
      { timeoutMs: 240_000, everyMs: 1000 },
    );
  }

  async function deploy(envId: string, body: Record<string, unknown>) {
    const res = await call<Detail>('POST', `/deployments/${envId}/deploy/erp`, {
      cpu: 0.5,
      ram: 1,
      storage: 1,
      replicas: 1,
      ...body,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    deployments.push({ id: res.body.id });
    return containersOf(await running(res.body.id));
  }

  /** The database and application containers (`<name>-db`, `<name>-0`). */
  function containersOf(d: Detail) {
    const db = d.pods_status.find((p) => p.name.endsWith('-db'))!.name;
    return { id: d.id, db, app: `${db.slice(0, -3)}-0` };
  }

  const backups = async (id: string) =>
    (await call<Backups>('GET', `/deployments/${id}/backups`)).body;

  async function backupNow(id: string) {
    // A production application's first scheduled backup starts as soon as it runs: « Sauvegarder »
    // meanwhile answers 409, so the click waits for it as a customer would.
    await pollUntil(
      'no backup under way',
      () => backups(id),
      (l) => l.sauvegardes.every((b) => b.statut !== 'running'),
      { timeoutMs: 180_000, everyMs: 500 },
    );
    const res = await call('POST', `/deployments/${id}/backups`);
    expect(res.status).toBe(202);
    const list = await pollUntil(
      'the backup to end',
      () => backups(id),
      (l) => l.sauvegardes[0]?.statut !== 'running',
      { timeoutMs: 180_000, everyMs: 500 },
    );
    return list.sauvegardes[0]!;
  }

  async function restoreDone(id: string, timeoutMs = 180_000) {
    const list = await pollUntil(
      'the restore to end',
      () => backups(id),
      (l) => l.restaurations[0] !== undefined && l.restaurations[0].statut !== 'running',
      { timeoutMs, everyMs: 1000 },
    );
    return list.restaurations[0]!;
  }

  // The database's own clients inside its container (its variables hold the password).
  const mariadb = (container: string, query: string) =>
    execChecked(
      engine,
      container,
      [
        'sh',
        '-c',
        // The password is a variable or, on the docker runtime, a secret file (…_FILE).
        'MYSQL_PWD="${MARIADB_ROOT_PASSWORD:-$(cat "$MARIADB_ROOT_PASSWORD_FILE")}" mariadb -uroot -N -B -e "$Q" wordpress',
      ],
      [`Q=${query}`],
    );
  const psql = (container: string, query: string) =>
    execChecked(engine, container, [
      'psql',
      '-v',
      'ON_ERROR_STOP=1',
      '-At',
      '-U',
      'odoo',
      '-d',
      'odoo',
      '-c',
      query,
    ]);
  const shell = (container: string, script: string) =>
    execChecked(engine, container, ['sh', '-c', script]);

  let wordpress: ReturnType<typeof containersOf>;
  let wordpressBackupId: string;
  let odooDeployed: Promise<ReturnType<typeof containersOf>>;

  it('WordPress/MariaDB: content written, backed up, changed, restored → the original is back', async () => {
    wordpress = await deploy(prod.id, {
      nom: 'Boutique',
      type_application: 'wordpress',
      image_registry_url: 'docker.io/library/wordpress',
      image_tag: prefix,
    });
    // The stand-in runs no WordPress installer: the posts table is created as WordPress would.
    await mariadb(
      wordpress.db,
      "CREATE TABLE IF NOT EXISTS wp_posts (ID bigint AUTO_INCREMENT PRIMARY KEY, post_title text NOT NULL, post_status varchar(20) NOT NULL DEFAULT 'publish'); INSERT INTO wp_posts (post_title) VALUES ('Bonjour Dakar')",
    );
    await shell(wordpress.app, 'echo "facture originale" > /var/www/html/facture.txt');

    const backup = await backupNow(wordpress.id);
    expect(backup).toMatchObject({ statut: 'success', erreur: null });
    wordpressBackupId = backup.id;

    await mariadb(
      wordpress.db,
      "UPDATE wp_posts SET post_title = 'Piraté'; INSERT INTO wp_posts (post_title) VALUES ('Intrus')",
    );
    await shell(
      wordpress.app,
      'echo modifiée > /var/www/html/facture.txt; echo ajout > /var/www/html/ajout.txt',
    );

    const res = await call('POST', `/deployments/${wordpress.id}/backups/${backup.id}/restore`, {
      confirmation: true,
    });
    expect(res.status).toBe(202);
    expect(await restoreDone(wordpress.id)).toMatchObject({ type: 'same', statut: 'success' });

    expect(await mariadb(wordpress.db, 'SELECT post_title FROM wp_posts ORDER BY ID')).toBe(
      'Bonjour Dakar',
    );
    expect(await shell(wordpress.app, 'cat /var/www/html/facture.txt; ls /var/www/html')).toBe(
      'facture originale\nfacture.txt',
    );
    await running(wordpress.id);
  }, 420_000);

  it('restores into a new application of another environment, after a failed first attempt', async () => {
    // The archive is moved away: the first restore into the new application fails (no local
    // copy, no S3 copy) once its database runs; it is put back for « Réessayer la restauration ».
    const dir = path.join(server.dataDir, 'backups', projectId, wordpress.id);
    const [archive] = await readdir(dir);
    await rename(path.join(dir, archive!), path.join(dir, `${archive}.ailleurs`));
    const res = await call<{ application: { id: string } }>(
      'POST',
      `/deployments/${wordpress.id}/backups/${wordpressBackupId}/restore`,
      {
        confirmation: true,
        nouvelle_application: { environment_id: staging.id, nom: 'Boutique recette' },
      },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    const copyId = res.body.application.id;
    deployments.push({ id: copyId });
    // Created on hold: while the backup loads, only its database runs (the setup task runs
    // once its replica starts on the restored files); no replica ever serves an empty site.
    // The page is read before the restore's status.
    const seenWhileRestoring = new Set<string>();
    const restoreEnds = () =>
      pollUntil(
        'the restore into the new application to end',
        async () => {
          const d = (await call<Detail>('GET', `/deployments/deployment/${copyId}`)).body;
          const l = await backups(copyId);
          if (l.restaurations[0]?.statut === 'running') {
            for (const p of d.pods_status) seenWhileRestoring.add(p.name);
          }
          return l;
        },
        (l) => l.restaurations[0] !== undefined && l.restaurations[0].statut !== 'running',
        { timeoutMs: 300_000, everyMs: 1000 },
      );
    const failed = await restoreEnds();
    expect(failed.restaurations[0]).toMatchObject({ type: 'new', statut: 'failed' });
    expect(failed.restaurations[0]!.erreur).toContain('introuvable');
    // Still held, and its page says why and that it can be tried again.
    const held = (await call<HeldDetail>('GET', `/deployments/deployment/${copyId}`)).body;
    expect(held.alerte_restauration).toMatchObject({ statut: 'failed', reessayable: true });
    expect(held.events[0]!.message).toMatch(/^Échec de la restauration de la sauvegarde du /);
    expect(held.pods_status.filter((p) => /-\d+$/.test(p.name))).toEqual([]);

    await rename(path.join(dir, `${archive}.ailleurs`), path.join(dir, archive!));
    const retried = await call('POST', `/deployments/${copyId}/restore/retry`);
    expect(retried.status, JSON.stringify(retried.body)).toBe(202);
    const list = await restoreEnds();
    expect(list.restaurations[0]).toMatchObject({ type: 'new', statut: 'success' });
    expect([...seenWhileRestoring].some((n) => n.endsWith('-db'))).toBe(true);
    expect([...seenWhileRestoring].filter((n) => /-\d+$/.test(n))).toEqual([]);
    const copy = containersOf(await running(copyId));
    expect(copy.db).not.toBe(wordpress.db);
    expect(await mariadb(copy.db, 'SELECT post_title FROM wp_posts')).toBe('Bonjour Dakar');
    expect(await shell(copy.app, 'cat /var/www/html/facture.txt')).toBe('facture originale');
    expect(
      (await call<HeldDetail>('GET', `/deployments/deployment/${copyId}`)).body.alerte_restauration,
    ).toBeNull();
  }, 420_000);

  it('Odoo/PostgreSQL: content written, backed up, changed, restored → the original is back', async () => {
    const odoo = await odooDeployed;
    await psql(
      odoo.db,
      "CREATE TABLE IF NOT EXISTS res_partner (id serial PRIMARY KEY, name text NOT NULL); INSERT INTO res_partner (name) VALUES ('Société Ndiaye')",
    );
    await shell(odoo.app, 'echo "pièce jointe" > /var/lib/odoo/piece.txt');
    const backup = await backupNow(odoo.id);
    expect(backup).toMatchObject({ statut: 'success', erreur: null });

    await psql(odoo.db, "UPDATE res_partner SET name = 'Modifié'; CREATE TABLE extra (id int)");
    await shell(odoo.app, 'echo autre > /var/lib/odoo/piece.txt');
    const res = await call('POST', `/deployments/${odoo.id}/backups/${backup.id}/restore`, {
      confirmation: true,
    });
    expect(res.status).toBe(202);
    expect(await restoreDone(odoo.id)).toMatchObject({ statut: 'success' });
    expect(await psql(odoo.db, 'SELECT name FROM res_partner')).toBe('Société Ndiaye');
    expect(await psql(odoo.db, "SELECT count(*) FROM pg_tables WHERE tablename = 'extra'")).toBe(
      '0',
    );
    expect(await shell(odoo.app, 'cat /var/lib/odoo/piece.txt')).toBe('pièce jointe');
  }, 420_000);

  it('a wrong S3 key fails the backup, keeps the local copy and mails the admin', async () => {
    const s3Dir = await mkdtemp(path.join(os.tmpdir(), 'ndbke2e-s3-'));
    dirs.push(s3Dir);
    s3 = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory: s3Dir,
      configureBuckets: [{ name: 'sauvegardes', configs: [] }],
    });
    const { port } = (await s3.run()) as AddressInfo;
    const set = await call('PUT', `/projects/${projectId}/backup-destination`, {
      endpoint: `http://127.0.0.1:${port}`,
      bucket: 'sauvegardes',
      access_key_id: 'CLE-INCONNUE',
      secret_access_key: 'mauvaise-cle-secrete',
    });
    expect(set.status).toBe(200);
    expect(JSON.stringify(set.body)).not.toContain('mauvaise-cle-secrete');

    const backup = await backupNow(wordpress.id);
    expect(backup.statut).toBe('failed');
    expect(backup.erreur).toContain('InvalidAccessKeyId');
    expect(backup.copies.map((c) => [c.type, c.statut])).toEqual([
      ['local', 'success'],
      ['s3', 'failed'],
    ]);
    const mail = await pollUntil(
      'the failure mail',
      async () =>
        (await readOutbox(server.outboxDir)).find((m) =>
          m.subject.startsWith('Échec de la sauvegarde'),
        ),
      (m) => m !== undefined,
    );
    expect(mail!.to).toContain(account.email);
    expect(mail!.text).toContain('Une copie locale de la sauvegarde a été conservée');
    expect(server.output()).not.toContain('mauvaise-cle-secrete');
  }, 240_000);

  it.skipIf(!webBuilt)(
    'shows the restore dialog « Dans une nouvelle application »',
    async () => {
      const browser = await launchBrowser();
      try {
        const context = await newContext(browser, server.url);
        await signInContext(context, server.url, await loginToken(server, account));
        const page = await context.newPage();
        await page.goto(`/deployment/${wordpress.id}`);
        const card = page.getByRole('region', { name: 'Sauvegardes' });
        await card
          .getByRole('button', { name: 'Restaurer' })
          .first()
          .click({ timeout: 15_000 })
          .catch(async (err: unknown) => {
            await page.screenshot({ path: path.join(screenshotsDir, 'backup-debug.png') });
            throw err;
          });
        const dialog = page.getByRole('dialog');
        await dialog
          .getByLabel('Restaurer dans')
          .selectOption({ label: 'Dans une nouvelle application' });
        await dialog.getByLabel('Environnement').selectOption({ label: 'Recette' });
        await dialog.getByLabel('Nom de la nouvelle application').fill('Boutique recette 2');
        // The dialog is fixed to the viewport: a viewport shot shows it over the page.
        await mkdir(screenshotsDir, { recursive: true });
        await page.screenshot({
          path: path.join(screenshotsDir, 'backup-restore-new-application.png'),
        });
        expect(await dialog.getByText(/le quota de son projet/).isVisible()).toBe(true);
        expect(await dialog.getByText(/Elle restera arrêtée/).isVisible()).toBe(true);
        await context.close();
      } finally {
        await browser.close();
      }
    },
    120_000,
  );
});
