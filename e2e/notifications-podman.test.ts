import { execFileSync } from 'node:child_process';
import { randomBytes, X509Certificate } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectEngine } from '../bench/lib/docker-engine.mjs';
import { pollUntil } from './helpers/api';
import { finishedBuild, nodeServer, serving } from './helpers/code-apps';
import { startPodmanPlatform, type PodmanPlatform } from './helpers/podman-platform';
import { webhookReceiver, type WebhookReceiver } from './helpers/webhook-receiver';
import { ensureBuildBaseImages } from './support/build-images';

/**
 * What breaks on a real host is told where the team reads (issue 27), on Podman: a signed
 * webhook channel (a local receiver standing for an SMS gateway, verifying each signature) hears
 * of a failed build, of a failed backup, and of a certificate expiring in 10 days — once, however
 * many times the certificate worker looks at it.
 */
const detected = await detectEngine();
if (detected.skipReason && process.env.CI) {
  throw new Error(`CI must run the real-container tests, but ${detected.skipReason}`);
}
if (detected.skipReason) console.warn(`[e2e notifications podman] skipped: ${detected.skipReason}`);

const SECRET = 'secret-de-la-passerelle-sms';
const DOMAIN = 'boutique.exemple.sn';
const prefix = `nde2e-notif-${randomBytes(3).toString('hex')}`;

describe.skipIf(detected.engine === null)('notifications of a real host', () => {
  let platform: PodmanPlatform;
  let receiver: WebhookReceiver;
  let s3: S3rver | undefined;
  const dirs: string[] = [];
  const titles = () => receiver.completed().map((r) => r.body.titre);

  beforeAll(async () => {
    ensureBuildBaseImages();
    receiver = await webhookReceiver(SECRET);
    platform = await startPodmanPlatform(detected.engine!, detected.socket!, prefix, {
      S3_ALLOW_PRIVATE_ENDPOINTS: 'true',
    });
    const channel = await platform.call(
      'POST',
      `/projects/${platform.projectId}/notification-channels`,
      {
        nom: 'Passerelle SMS',
        type: 'webhook',
        url: `${receiver.url}/nuage`,
        secret: SECRET,
        evenements: ['build.failed', 'backup.failed', 'certificate.expiring'],
      },
    );
    expect(channel.status, JSON.stringify(channel.body)).toBe(201);
  }, 900_000);

  afterAll(async () => {
    await platform?.stop();
    await receiver?.close();
    await s3?.close();
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  }, 120_000);

  /** A custom certificate of `domain` imported into the project, expiring in 10 days. */
  async function importExpiringCertificate(domain: string) {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'nde2e-cert-'));
    dirs.push(dir);
    const [key, cert] = [path.join(dir, 'key.pem'), path.join(dir, 'cert.pem')];
    execFileSync(
      'openssl',
      ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert].concat([
        '-days',
        '10',
        '-subj',
        `/CN=${domain}`,
        '-addext',
        `subjectAltName=DNS:${domain}`,
      ]),
      { stdio: 'ignore' },
    );
    const created = await platform.call('POST', '/certificates/', {
      nom: domain,
      projet_id: platform.projectId,
      contenu_certificat: await readFile(cert, 'utf8'),
      contenu_cle_privee: await readFile(key, 'utf8'),
      date_expiration: new Date(new X509Certificate(await readFile(cert)).validTo).toISOString(),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
  }

  it('tells a certificate expiring in 10 days', async () => {
    await importExpiringCertificate(DOMAIN);
    await pollUntil(
      'the expiry told',
      async () => titles(),
      (t) => t.includes(`Certificat expirant : ${DOMAIN}`),
      {
        timeoutMs: 90_000,
        everyMs: 500,
      },
    );
    const told = receiver.completed().find((r) => r.event === 'certificate.expiring')!;
    expect(told.signed).toBe(true);
    expect(told.body.texte).toContain(`Le certificat de ${DOMAIN}`);
    expect(told.body.texte).toContain('expire dans 10 jour(s)');
  }, 120_000);

  it('tells a failed build, with why', async () => {
    platform.git.createRepository('casse', {
      'package.json': JSON.stringify({
        name: 'casse',
        scripts: { build: 'node --check server.js', start: 'node server.js' },
      }),
      'server.js':
        'require("http").createServer((q, s) => { s.end("x") ).listen(process.env.PORT);\n',
    });
    const app = await platform.deployCode('casse', 'casse');
    expect((await finishedBuild(platform.call, app.build_id)).status).toBe('failed');
    await pollUntil(
      'the failed build told',
      async () => titles(),
      (t) => t.includes('Échec du build : casse'),
      {
        timeoutMs: 60_000,
        everyMs: 500,
      },
    );
    const told = receiver.completed().find((r) => r.event === 'build.failed')!;
    expect(told.signed).toBe(true);
    expect(told.body.texte).toContain("Le build de l'application « casse » (Production");
  }, 600_000);

  it('tells a failed backup: the S3 destination refuses its key', async () => {
    const s3Dir = await mkdtemp(path.join(os.tmpdir(), 'nde2e-s3-'));
    dirs.push(s3Dir);
    s3 = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory: s3Dir,
      configureBuckets: [{ name: 'sauvegardes', configs: [] }],
    });
    const { port } = (await s3.run()) as AddressInfo;
    const set = await platform.call('PUT', `/projects/${platform.projectId}/backup-destination`, {
      endpoint: `http://127.0.0.1:${port}`,
      bucket: 'sauvegardes',
      access_key_id: 'CLE-INCONNUE',
      secret_access_key: 'mauvaise-cle-secrete',
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    platform.git.createRepository('vitrine', {
      'package.json': JSON.stringify({ name: 'vitrine', scripts: { start: 'node server.js' } }),
      'server.js': nodeServer('Vitrine'),
    });
    const app = await platform.deployCode('vitrine', 'vitrine');
    expect((await finishedBuild(platform.call, app.build_id)).status).toBe('success');
    await serving(platform.call, app.id, 'Vitrine');
    // A production application's first scheduled backup starts as soon as it runs; without one,
    // « Sauvegarder ».
    type Backups = { sauvegardes: { statut: string; erreur: string | null }[] };
    const list = () =>
      platform.call<Backups>('GET', `/deployments/${app.id}/backups`).then((r) => r.body);
    const settled = await pollUntil('no backup under way', list, (l) =>
      l.sauvegardes.every((b) => b.statut !== 'running'),
    );
    if (settled.sauvegardes.length === 0)
      expect((await platform.call('POST', `/deployments/${app.id}/backups`)).status).toBe(202);
    const failed = await pollUntil(
      'a failed backup',
      list,
      (l) => l.sauvegardes.length > 0 && l.sauvegardes.every((b) => b.statut === 'failed'),
      { timeoutMs: 180_000, everyMs: 500 },
    );
    expect(failed.sauvegardes[0]!.erreur).toContain('InvalidAccessKeyId');
    await pollUntil(
      'the failed backup told',
      async () => titles(),
      (t) => t.includes('Échec de la sauvegarde : vitrine'),
      {
        timeoutMs: 60_000,
        everyMs: 500,
      },
    );
    const told = receiver.completed().filter((r) => r.event === 'backup.failed');
    // One message per failed backup, no more.
    expect(told).toHaveLength(failed.sauvegardes.length);
    expect(told[0]!.body.texte).toContain('Une copie locale de la sauvegarde a été conservée');
    expect(JSON.stringify(receiver.requests)).not.toContain('mauvaise-cle-secrete');
    expect(platform.server.output()).not.toContain('mauvaise-cle-secrete');
  }, 600_000);

  it('told the certificate once, however many passes looked at it', async () => {
    // Another import wakes the certificate worker: that pass looks at the first one again.
    await importExpiringCertificate('vitrine.exemple.sn');
    await pollUntil(
      'the second expiry told',
      async () => titles(),
      (t) => t.includes('Certificat expirant : vitrine.exemple.sn'),
      { timeoutMs: 60_000, everyMs: 500 },
    );
    expect(titles().filter((t) => t.startsWith('Certificat expirant'))).toEqual([
      `Certificat expirant : ${DOMAIN}`,
      'Certificat expirant : vitrine.exemple.sn',
    ]);
    expect(receiver.requests.every((r) => r.signed && r.outcome === 'completed')).toBe(true);
  }, 90_000);
});
