import { X509Certificate } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Certificate } from '@nuage/shared/certificate-types';
import {
  choiceOf,
  createCertificateTestApp,
  type CertificateTestApp,
} from '../../../test/certificates/app';
import { DAY, makeAuthorities, makeCertificate } from '../../../test/certificates/pki';
import { deployApp, deploymentRow, getDetail } from '../../../test/helpers/deploy-factories';
import { proveDomain } from '../../../test/helpers/domain-factories';
import { call, createVerifiedUser, type TestUser } from '../../../test/helpers/factories';
import { API, createEnvironment, createProject } from '../../../test/helpers/project-factories';
import { recordProxyCertificates, type ObservedHost } from './proxy-certificates';

/**
 * Docker runtime with APPS_DOMAIN: every application answers at `<label>.<APPS_DOMAIN>` with a
 * certificate the edge proxy orders by ACME. Those certificates are the project's too: the
 * Certificats page lists them (what the proxy really serves) and the application page says, in
 * French, when one could not be obtained or has expired.
 */
const APPS_DOMAIN = 'apps.nuage.test';
const pki = makeAuthorities('Pebble');
const chainOf = (...pems: string[]) => pems.map((p) => new X509Certificate(p));

let t: CertificateTestApp;
let dev: TestUser;
let projectId: string;
let blogId: string;
let blogHost: string;
let shopId: string;
let shopHost: string;
const seen = new Map<string, ObservedHost>();
const asked: string[][] = [];
const record = () =>
  recordProxyCertificates(
    t.database.db,
    async (hosts) => {
      asked.push(hosts);
      return new Map(hosts.filter((h) => seen.has(h)).map((h) => [h, seen.get(h)!]));
    },
    { appsDomain: APPS_DOMAIN },
  );

async function listed(): Promise<Certificate[]> {
  const res = await call(t, 'GET', `${API}/certificates?projet_id=${projectId}`, {
    token: dev.token,
  });
  expect(res.statusCode).toBe(200);
  return res.json<Certificate[]>();
}
const alertOf = async (id: string) =>
  ((await getDetail(t, dev.token, id)) as unknown as { alerte_certificat: string | null })
    .alerte_certificat;
const hostOf = async (id: string) => `${(await deploymentRow(t, id))!.hostLabel}.${APPS_DOMAIN}`;

beforeAll(async () => {
  t = await createCertificateTestApp({ choice: choiceOf('docker'), appsDomain: APPS_DOMAIN });
  dev = await createVerifiedUser(t);
  projectId = (
    await createProject(t, dev.token, { quota_cpu: 8, quota_ram: 16, quota_stockage: 100 })
  ).id;
  const env = await createEnvironment(t, dev.token, projectId);
  blogId = (await deployApp(t, dev.token, env.id, { nom: 'Blog' })).id;
  shopId = (await deployApp(t, dev.token, env.id, { nom: 'Shop', nom_domaine: 'shop.exemple.sn' }))
    .id;
  await proveDomain(t, dev.token, shopId);
  blogHost = await hostOf(blogId);
  shopHost = await hostOf(shopId);
}, 60_000);
afterAll(() => t?.close());

describe('certificates of the platform hostnames (docker, APPS_DOMAIN)', () => {
  it('lists one certificate being obtained per platform hostname, besides the custom domain', async () => {
    expect(blogHost).toMatch(/^blog-production-.*\.apps\.nuage\.test$/);
    expect(await record()).toBe(3);
    expect(asked.at(-1)!.sort()).toEqual([blogHost, shopHost, 'shop.exemple.sn'].sort());
    const rows = await listed();
    expect(
      rows.map((r) => [r.nom_domaine, r.statut, r.type_certificat, r.mode_emission]).sort(),
    ).toEqual(
      [
        [blogHost, 'En cours de renouvellement', "Let's Encrypt", 'proxy'],
        [shopHost, 'En cours de renouvellement', "Let's Encrypt", 'proxy'],
        ['shop.exemple.sn', 'En cours de renouvellement', "Let's Encrypt", 'proxy'],
      ].sort(),
    );
    expect(rows.find((r) => r.nom_domaine === blogHost)!.description).toBe(
      "Obtenu par ACME par le proxy HTTPS pour l'adresse de la plateforme de l'application « Blog ».",
    );
    expect(await alertOf(blogId)).toBeNull();
  });

  it('shows the issuer and expiry served for a platform hostname', async () => {
    const leaf = makeCertificate({
      commonName: blogHost,
      names: [blogHost],
      issuer: pki.intermediate,
    });
    seen.set(blogHost, { chain: chainOf(leaf.certPem, pki.intermediate.certPem), failure: null });
    await record();
    const row = (await listed()).find((r) => r.nom_domaine === blogHost)!;
    expect(row).toMatchObject({
      statut: 'Actif',
      emetteur: 'Pebble Intermediaire',
      date_expiration: new Date(new X509Certificate(leaf.certPem).validTo).toISOString(),
      domaines: [blogHost],
      derniere_erreur: null,
    });
    expect(await alertOf(blogId)).toBeNull();
  });

  it('says on the application page, in French, why the platform hostname has no certificate', async () => {
    seen.set(shopHost, {
      chain: null,
      failure: {
        at: new Date(),
        problem: 'connection',
        detail: `Get "http://${shopHost}/.well-known/acme-challenge/x": could not resolve URL`,
      },
    });
    await record();
    expect((await listed()).find((r) => r.nom_domaine === shopHost)!.statut).toBe('Échec');
    expect(await alertOf(shopId)).toBe(
      `Le certificat HTTPS de ${shopHost} n'a pas pu être obtenu : le nom ${shopHost} ne se résout pas dans le DNS : créez l'enregistrement A (ou CNAME) qui le fait pointer vers ce serveur.`,
    );
    // The custom domain speaks first once it fails too.
    seen.set('shop.exemple.sn', {
      chain: null,
      failure: { at: new Date(), problem: 'connection', detail: 'could not resolve URL' },
    });
    await record();
    expect(await alertOf(shopId)).toMatch(
      /^Le certificat HTTPS de shop\.exemple\.sn n'a pas pu être obtenu : /,
    );
  });

  it('says when the certificate served for the platform hostname has expired', async () => {
    const old = makeCertificate({
      commonName: blogHost,
      names: [blogHost],
      issuer: pki.intermediate,
      start: new Date(Date.now() - 100 * DAY),
      end: new Date(Date.now() - 2 * DAY),
    });
    seen.set(blogHost, { chain: chainOf(old.certPem), failure: null });
    await record();
    const date = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeZone: 'UTC' }).format(
      new Date(new X509Certificate(old.certPem).validTo),
    );
    expect(await alertOf(blogId)).toBe(
      `Le certificat HTTPS de ${blogHost} a expiré le ${date} : les navigateurs refusent le site.`,
    );
  });

  it('drops the platform hostname’s row once its application is deleted', async () => {
    const res = await call(t, 'DELETE', `${API}/deployments/deployment/${blogId}`, {
      token: dev.token,
    });
    expect(res.statusCode).toBeLessThan(300);
    await record();
    expect((await listed()).map((r) => r.nom_domaine).sort()).toEqual(
      [shopHost, 'shop.exemple.sn'].sort(),
    );
  });

  it('orders nothing for platform hostnames without APPS_DOMAIN', async () => {
    await recordProxyCertificates(t.database.db, async () => new Map());
    expect((await listed()).map((r) => r.nom_domaine)).toEqual(['shop.exemple.sn']);
  });
});
