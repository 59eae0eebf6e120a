import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  detectEngine,
  prepareWordpressImages,
  sweep,
  type Engine,
} from '../bench/lib/docker-engine.mjs';
import { ensureEdgeImage } from '../bench/lib/edge-image.mjs';
import { createAccount } from './helpers/accounts';
import { signInContext } from './helpers/accounts';
import { apiClient, loginToken, pollUntil, type ApiCall } from './helpers/api';
import { launchBrowser, newContext, screenshot } from './helpers/browser';
import { startDnsServer, type TestDnsServer } from './helpers/dns-server';
import { hostAddress, PEBBLE, startPebble, type RunningPebble } from './helpers/pebble';
import { guardedSubnet, removeTestGuard, testGuardEnv } from './helpers/network-guard';
import { freePort, startServer, type RunningServer } from './helpers/server';

/**
 * Custom domains over HTTPS on one host (issue 12 item 4), for real: the built server on the
 * docker runtime (Podman in CI), the edge proxy from Debian's caddy, and Pebble (Debian's
 * ACME test server) as the authority. Pebble validates HTTP-01 by resolving the domain with a
 * tiny DNS server of the test (the domain → 127.0.0.1, where the proxy's HTTP port is
 * published) and fetching the challenge from the proxy: the order succeeds only if the proxy
 * really answers it. A domain missing from that DNS cannot be validated: its failure must
 * reach the application page in French. Skipped, with the reason, where no engine answers or
 * Pebble is missing; in CI that fails.
 */
const run = promisify(execFile);
const detected = await detectEngine();
const address = hostAddress();
const skipReason =
  detected.skipReason ??
  (address ? null : 'no non-loopback IPv4 address for Pebble (containers must reach it)');
const pebbleMissing = (await readFile(PEBBLE).then(
  () => false,
  () => true,
))
  ? `${PEBBLE} is missing (Debian package pebble)`
  : null;
const why = skipReason ?? pebbleMissing;
if (why && process.env.CI) throw new Error(`CI must run the ACME e2e test, but ${why}`);
if (why) console.warn(`[e2e edge ACME] skipped: ${why}`);

const prefix = `ndacme-${randomBytes(3).toString('hex')}`;
const shop = `shop.${prefix}.test`;
const broken = `introuvable.${prefix}.test`;
const uploaded = `pem.${prefix}.test`;
const ordered = `commande.${prefix}.test`;
// APPS_DOMAIN: every application also answers at `<app>-<env>-<project>.<appsDomain>`.
const appsDomain = `apps.${prefix}.test`;

interface Detail {
  id: string;
  status: string;
  status_reason: string | null;
  application_url: string | null;
  alerte_certificat: string | null;
}
interface CertificateView {
  id: string;
  nom_domaine: string;
  statut: string;
  emetteur: string | null;
  date_expiration: string | null;
  mode_emission: string;
  derniere_erreur: string | null;
  description: string | null;
}

/** curl --resolve host:port:127.0.0.1 --cacert ca https://host:port/ → code, body, issuer, expiry. */
async function curlHttps(host: string, port: number, caFile: string) {
  const { stdout, stderr } = await run(
    'curl',
    [
      ...['-sS', '-v', '--max-time', '10', '--resolve', `${host}:${port}:127.0.0.1`],
      ...['--cacert', caFile, '-w', '\n%{http_code}', `https://${host}:${port}/`],
    ],
    { encoding: 'utf8' },
  ).catch((err: { stdout?: string; stderr?: string }) => ({
    stdout: err.stdout ?? '',
    stderr: err.stderr ?? '',
  }));
  const lines = stdout.split('\n');
  return {
    status: Number(lines.pop()),
    body: lines.join('\n'),
    issuer: /^\*\s+issuer: (.*)$/m.exec(stderr)?.[1] ?? null,
    expires: /^\*\s+expire date: (.*)$/m.exec(stderr)?.[1] ?? null,
    subject: /^\*\s+subject: (.*)$/m.exec(stderr)?.[1] ?? null,
  };
}

describe.skipIf(why !== null)('custom domains over HTTPS through the edge proxy (Pebble)', () => {
  const engine = detected.engine as Engine;
  const edgeName = `${prefix}-edge`;
  const deployments: { id: string }[] = [];
  const networks: string[] = [];
  const tmp: string[] = [];
  let images: Awaited<ReturnType<typeof prepareWordpressImages>>;
  let dns: TestDnsServer;
  /** The TXT records of the test DNS: each domain's owner proves control (issue 24). */
  const txt: Record<string, string[]> = {};
  let pebble: RunningPebble;
  let server: RunningServer;
  let httpsPort: number;
  let call: ApiCall;
  let token: string;
  let projectId: string;
  let envId: string;

  beforeAll(async () => {
    images = await prepareWordpressImages(engine, prefix, {});
    const httpPort = await freePort();
    httpsPort = await freePort();
    // The shop's domain resolves to the host, where the proxy's ports are published; the
    // broken one resolves nowhere (NXDOMAIN), as a domain whose DNS was never set.
    dns = await startDnsServer(
      {
        [shop]: ['127.0.0.1'],
        [ordered]: ['127.0.0.1'],
        [`*.${appsDomain}`]: ['127.0.0.1'],
      },
      txt,
    );
    pebble = await startPebble({ address: address!, dnsServer: dns.address, httpPort });
    const adminDir = await mkdtemp(path.join(os.tmpdir(), 'nuage-e2e-edge-'));
    tmp.push(adminDir);
    server = await startServer({
      RUNTIME: 'docker',
      DOCKER_HOST: `unix://${detected.socket}`,
      IMAGE_OVERRIDES: images.imageOverrides,
      EDGE_IMAGE: await ensureEdgeImage(detected.socket!),
      EDGE_CONTAINER: edgeName,
      EDGE_HTTP_PORT: String(httpPort),
      EDGE_HTTPS_PORT: String(httpsPort),
      EDGE_LISTEN_HOST: '127.0.0.1',
      EDGE_ADMIN_DIR: adminDir,
      ACME_DIRECTORY_URL: pebble.directoryUrl,
      ACME_EMAIL: 'exploitation@exemple.test',
      TLS_EXTRA_CA_FILE: pebble.caFile,
      EDGE_CERTIFICATE_CHECK_SECONDS: '2',
      APPS_DOMAIN: appsDomain,
      // The custom-domain check (and its proof of control) asks the test's DNS.
      DNS_SERVERS: dns.address,
      // Behind the network guard, as in production: the proxy still reaches Pebble.
      ...testGuardEnv(prefix),
      // No NODE_EXTRA_CA_CERTS: the platform's own ACME client (Certificats page) reaches
      // Pebble's HTTPS directory through TLS_EXTRA_CA_FILE, as the proxy does.
    });
    const account = await createAccount(server);
    token = await loginToken(server, account);
    call = apiClient(server, token);
    const project = await call<{ id: string }>('POST', '/projects/', {
      nom: `${prefix} https`,
      quota_cpu: 8,
      quota_ram: 16,
      quota_stockage: 100,
    });
    expect(project.status).toBe(201);
    projectId = project.body.id;
    const env = await call<{ id: string; namespace_k8s_id: string }>(
      'POST',
      `/environments/${projectId}/environments`,
      { nom: 'Production', type: 'prod' },
    );
    expect(env.status).toBe(201);
    envId = env.body.id;
    networks.push(env.body.namespace_k8s_id);
  }, 180_000);

  afterAll(async () => {
    await server?.stop();
    if (engine) await removeTestGuard(engine, prefix);
    await pebble?.stop();
    await dns?.close();
    const edge = engine ? await engine.inspect(edgeName) : null;
    if (edge) await engine.removeContainer(edge.Id);
    for (const v of ['data', 'config']) await engine?.removeVolume(`${edgeName}-${v}`);
    if (engine) await sweep(engine, { deployments, networks });
    await images?.cleanup();
    for (const dir of tmp) await rm(dir, { recursive: true, force: true });
  }, 120_000);

  async function deploy(nom: string, extra: Record<string, unknown>) {
    const res = await call<Detail>('POST', `/deployments/${envId}/deploy/erp`, {
      nom,
      cpu: 0.5,
      ram: 0.5,
      storage: 1,
      replicas: 1,
      type_application: 'wordpress',
      image_registry_url: images.app.repository,
      image_tag: images.app.tag,
      ...extra,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    deployments.push({ id: res.body.id });
    if (typeof extra.nom_domaine === 'string') await proveDomain(res.body.id);
    return res.body.id;
  }

  /**
   * Nothing is routed for a custom domain before its owner proves control: the TXT record the
   * DNS card gives is published, and « Vérifier le DNS » (POST …/dns/verify) verifies it.
   */
  async function proveDomain(id: string) {
    type Help = { propriete: { statut: string; enregistrement: { nom: string; valeur: string } } };
    const record = (await call<Help>('GET', `/deployments/deployment/${id}/dns`)).body.propriete
      .enregistrement;
    txt[record.nom] = [record.valeur];
    const verified = await call<Help>('POST', `/deployments/deployment/${id}/dns/verify`);
    expect(verified.body.propriete.statut).toBe('verifie');
  }

  const detailOf = async (id: string) =>
    (await call<Detail>('GET', `/deployments/deployment/${id}`)).body;
  const certificates = async () =>
    (await call<CertificateView[]>('GET', `/certificates?projet_id=${projectId}`)).body;

  it('obtains a Pebble certificate for a custom domain through the proxy, and lists what is served', async () => {
    const id = await deploy(`${prefix} boutique`, { nom_domaine: shop });
    const up = await pollUntil(
      'RUNNING',
      () => detailOf(id),
      (d) => {
        if (d.status === 'FAILED') throw new Error(`FAILED: ${d.status_reason}`);
        return d.status === 'RUNNING';
      },
      { timeoutMs: 120_000 },
    );
    expect(up.application_url).toBe(`https://${shop}:${httpsPort}`);
    // The guard runs: the environment is kept off the host meanwhile (Pebble listens there).
    expect(await guardedSubnet(engine, prefix, networks[0]!)).toMatchObject({ guarded: true });

    const rootFile = path.join(tmp[0]!, 'pebble-root.pem');
    await writeFile(rootFile, await pebble.root());
    // curl trusts only Pebble's root: a 200 means the proxy serves a chain Pebble issued.
    const res = await pollUntil(
      'HTTPS with a Pebble certificate',
      () => curlHttps(shop, httpsPort, rootFile),
      (r) => r.status === 200,
      { timeoutMs: 90_000 },
    );
    expect(res.body.trim()).toBe('nuage test page');
    expect(res.issuer).toMatch(/CN=Pebble Intermediate CA/);
    expect(res.subject ?? '').not.toContain('self');

    // The certificate list shows what is served: issuer and expiry read from the proxy.
    const row = await pollUntil(
      'the served certificate in the list',
      async () => (await certificates()).find((c) => c.nom_domaine === shop),
      (c) => c?.statut === 'Actif',
      { timeoutMs: 30_000 },
    );
    expect(row).toMatchObject({ mode_emission: 'proxy', derniere_erreur: null });
    expect(row!.emetteur).toMatch(/^Pebble Intermediate CA/);
    expect(new Date(row!.date_expiration!).getTime()).toBe(new Date(res.expires!).getTime());

    // Its platform hostname (APPS_DOMAIN) has a Pebble certificate too, listed the same way.
    const platform = await pollUntil(
      'the platform hostname’s certificate in the list',
      async () =>
        (await certificates()).find(
          (c) =>
            c.nom_domaine.endsWith(`.${appsDomain}`) &&
            c.description?.includes(`« ${prefix} boutique »`),
        ),
      (c) => {
        if (c?.statut === 'Échec') throw new Error(`Échec: ${c.derniere_erreur}`);
        return c?.statut === 'Actif';
      },
      { timeoutMs: 90_000 },
    );
    expect(platform).toMatchObject({ mode_emission: 'proxy', derniere_erreur: null });
    expect(platform!.emetteur).toMatch(/^Pebble Intermediate CA/);
    const viaPlatform = await curlHttps(platform!.nom_domaine, httpsPort, rootFile);
    expect(viaPlatform.status).toBe(200);
    expect(new Date(platform!.date_expiration!).getTime()).toBe(
      new Date(viaPlatform.expires!).getTime(),
    );
    expect((await detailOf(id)).alerte_certificat).toBeNull();
  }, 300_000);

  it('validates a Let’s Encrypt order of the Certificats page through the proxy (HTTP-01 on its port 80)', async () => {
    // The domain is routed to an application: the proxy owns port 80 and also orders a
    // certificate of its own for it. Pebble's validation reaches the proxy, never the API: the
    // order succeeds only if the proxy serves the platform's answer (its own handler letting
    // the platform's token through).
    const id = await deploy(`${prefix} commande`, { nom_domaine: ordered });
    await pollUntil(
      'RUNNING',
      () => detailOf(id),
      (d) => d.status === 'RUNNING',
      { timeoutMs: 120_000 },
    );
    const created = await call<CertificateView>('POST', '/certificates/letsencrypt', {
      nom_domaine: ordered,
      email: 'exploitation@exemple.test',
      description: 'Commandé depuis la page Certificats',
      wildcard: false,
      staging: false,
      projet_id: projectId,
      provider: 'letsencrypt',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.mode_emission).toBe('acme');
    const row = await pollUntil(
      'the ordered certificate Actif',
      async () => (await certificates()).find((c) => c.id === created.body.id),
      (c) => {
        if (c?.statut === 'Échec') throw new Error(`Échec: ${c.derniere_erreur}`);
        return c?.statut === 'Actif';
      },
      { timeoutMs: 120_000 },
    );
    expect(row).toMatchObject({ mode_emission: 'acme', derniere_erreur: null });
    expect(row!.emetteur).toMatch(/^Pebble Intermediate CA/);
  }, 300_000);

  it('serves an uploaded certificate for its domain', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'nuage-e2e-pem-'));
    tmp.push(dir);
    await run('openssl', [
      ...['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '30'],
      ...['-subj', `/CN=${uploaded}`, '-addext', `subjectAltName=DNS:${uploaded}`],
      ...['-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem')],
    ]);
    const { stdout: enddate } = await run('openssl', [
      ...['x509', '-noout', '-enddate', '-in', path.join(dir, 'cert.pem')],
    ]);
    const created = await call<{ id: string }>('POST', '/certificates', {
      nom: 'Certificat maison',
      projet_id: projectId,
      nom_domaine: uploaded,
      contenu_certificat: await readFile(path.join(dir, 'cert.pem'), 'utf8'),
      contenu_cle_privee: await readFile(path.join(dir, 'key.pem'), 'utf8'),
      date_expiration: new Date(enddate.split('=')[1]!.trim()).toISOString().slice(0, 10),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = await deploy(`${prefix} maison`, {
      nom_domaine: uploaded,
      certificat_tls_id: created.body.id,
    });
    await pollUntil(
      'RUNNING',
      () => detailOf(id),
      (d) => d.status === 'RUNNING',
      { timeoutMs: 120_000 },
    );
    const res = await pollUntil(
      'HTTPS with the uploaded certificate',
      () => curlHttps(uploaded, httpsPort, path.join(dir, 'cert.pem')),
      (r) => r.status === 200,
      { timeoutMs: 30_000 },
    );
    expect(res.subject).toBe(`CN=${uploaded}`);
    expect(res.body.trim()).toBe('nuage test page');
  }, 300_000);

  it('says on the application page, in French, why a certificate could not be obtained', async () => {
    const id = await deploy(`${prefix} introuvable`, { nom_domaine: broken });
    const detail = await pollUntil(
      'the certificate alert',
      () => detailOf(id),
      (d) => d.alerte_certificat !== null,
      { timeoutMs: 120_000 },
    );
    expect(detail.alerte_certificat).toBe(
      `Le certificat HTTPS de ${broken} n'a pas pu être obtenu : le nom ${broken} ne se résout pas dans le DNS : créez l'enregistrement A (ou CNAME) qui le fait pointer vers ce serveur.`,
    );
    // The certificate list keeps the authority's own answer (Pebble: the name did not resolve).
    const row = (await certificates()).find((c) => c.nom_domaine === broken);
    expect(row?.statut).toBe('Échec');
    expect(row?.derniere_erreur).toMatch(/réponse de l'autorité : « .*could not resolve/);

    const browser = await launchBrowser();
    try {
      const context = await newContext(browser, server.url);
      await signInContext(context, server.url, token);
      const page = await context.newPage();
      await page.goto(`/deployment/${id}`);
      const alert = page.getByRole('alert').filter({ hasText: 'Certificat HTTPS' });
      await alert.waitFor();
      expect(await alert.innerText()).toContain(
        `Le certificat HTTPS de ${broken} n'a pas pu être obtenu`,
      );
      await screenshot(page, 'application-certificat-https-echec');
      // The certificate list: the Pebble-issued one Actif, the failed one Échec.
      await page.goto('/certificates');
      await page.getByText(shop).first().waitFor();
      await screenshot(page, 'certificats-proxy-https');
    } finally {
      await browser.close();
    }
  }, 300_000);
});
