import { certificateMessages as m } from '@nuage/shared/schemas/certificates';
import { X509Certificate } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Certificate } from '@nuage/shared/certificate-types';
import {
  choiceOf,
  createCertificateTestApp,
  type CertificateTestApp,
} from '../../../test/certificates/app';
import { letsEncryptBody } from '../../../test/certificates/api';
import { DAY, makeAuthorities, makeCertificate } from '../../../test/certificates/pki';
import {
  frDate,
  insertStoredCertificate,
  setCertificateDates,
} from '../../../test/certificates/rows';
import { deployApp, getDetail, putDeployment } from '../../../test/helpers/deploy-factories';
import { proveDomain } from '../../../test/helpers/domain-factories';
import { call, createVerifiedUser, type TestUser } from '../../../test/helpers/factories';
import { API, createEnvironment, createProject } from '../../../test/helpers/project-factories';
import { recordProxyCertificates, type ObservedHost } from './proxy-certificates';

/**
 * Docker runtime: the edge proxy orders certificates for custom domains by ACME; the platform
 * records what the proxy really serves (here, a stand-in observer giving what a TLS handshake
 * and the proxy's log would) and the application page says, in French, when it failed or expired.
 */
const pki = makeAuthorities('Pebble');
const chainOf = (...pems: string[]) => pems.map((p) => new X509Certificate(p));
const shopLeaf = makeCertificate({
  commonName: 'shop.exemple.sn',
  names: ['shop.exemple.sn'],
  issuer: pki.intermediate,
});

let t: CertificateTestApp;
let dev: TestUser;
let projectId: string;
let shopId: string;
let blogId: string;
let envId: string;
const seen = new Map<string, ObservedHost>();
const observer = async (hosts: string[]) =>
  new Map(hosts.filter((h) => seen.has(h)).map((h) => [h, seen.get(h)!]));
const record = () => recordProxyCertificates(t.database.db, observer);

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

beforeAll(async () => {
  t = await createCertificateTestApp({ choice: choiceOf('docker') });
  dev = await createVerifiedUser(t);
  projectId = (
    await createProject(t, dev.token, { quota_cpu: 8, quota_ram: 16, quota_stockage: 100 })
  ).id;
  const env = await createEnvironment(t, dev.token, projectId);
  envId = env.id;
  shopId = (await deployApp(t, dev.token, env.id, { nom_domaine: 'shop.exemple.sn' })).id;
  blogId = (await deployApp(t, dev.token, env.id, { nom_domaine: 'blog.exemple.sn' })).id;
  for (const id of [shopId, blogId]) await proveDomain(t, dev.token, id);
  await deployApp(t, dev.token, env.id); // no custom domain: nothing to record
  // Its owner has not proved control: the proxy orders nothing for it (issue 24).
  await deployApp(t, dev.token, env.id, { nom_domaine: 'attente.exemple.sn' });
}, 60_000);
afterAll(() => t?.close());

describe('certificates the edge proxy serves (docker)', () => {
  it('lists, before anything is served, one certificate being obtained per custom domain', async () => {
    expect(await record()).toBe(2);
    const rows = await listed();
    expect(
      rows.map((r) => [r.nom_domaine, r.statut, r.type_certificat, r.mode_emission]).sort(),
    ).toEqual([
      ['blog.exemple.sn', 'En cours de renouvellement', "Let's Encrypt", 'proxy'],
      ['shop.exemple.sn', 'En cours de renouvellement', "Let's Encrypt", 'proxy'],
    ]);
    expect(await alertOf(shopId)).toBeNull();
  });

  it('shows the issuer and expiry of the chain really served, and says why another failed', async () => {
    seen.set('shop.exemple.sn', {
      chain: chainOf(shopLeaf.certPem, pki.intermediate.certPem),
      failure: null,
    });
    seen.set('blog.exemple.sn', {
      chain: null,
      failure: {
        at: new Date(),
        problem: 'connection',
        detail: 'Get "http://blog.exemple.sn/.well-known/acme-challenge/x": could not resolve URL',
      },
    });
    expect(await record()).toBe(2);
    const byDomain = new Map((await listed()).map((r) => [r.nom_domaine, r]));
    const shop = byDomain.get('shop.exemple.sn')!;
    expect(shop).toMatchObject({
      statut: 'Actif',
      emetteur: new X509Certificate(pki.intermediate.certPem).subject.split('CN=')[1],
      date_expiration: new Date(new X509Certificate(shopLeaf.certPem).validTo).toISOString(),
      domaines: ['shop.exemple.sn'],
      derniere_erreur: null,
      cle_privee_presente: false,
    });
    expect(shop.contenu_certificat).toContain('BEGIN CERTIFICATE');
    const blog = byDomain.get('blog.exemple.sn')!;
    expect(blog.statut).toBe('Échec');
    expect(blog.derniere_erreur).toMatch(/^Le nom blog\.exemple\.sn ne se résout pas dans le DNS/);

    expect(await alertOf(shopId)).toBeNull();
    // The authority's own (English) answer stays on the certificate, not on the page.
    expect(blog.derniere_erreur).toContain("(réponse de l'autorité : « Get ");
    expect(await alertOf(blogId)).toBe(
      "Le certificat HTTPS de blog.exemple.sn n'a pas pu être obtenu : le nom blog.exemple.sn ne se résout pas dans le DNS : créez l'enregistrement A (ou CNAME) qui le fait pointer vers ce serveur.",
    );
  });

  it('tells the project once that the proxy could not obtain a certificate', async () => {
    const bell = async () =>
      (await call(t, 'GET', `${API}/users/me/notifications`, { token: dev.token })).json<{
        notifications: { titre: string; texte: string }[];
      }>().notifications;
    // Failing again, with another answer from the authority: still the same failure.
    seen.set('blog.exemple.sn', {
      chain: null,
      failure: { at: new Date(), problem: 'connection', detail: 'Connection refused' },
    });
    await record();
    const told = (await bell()).filter((n) => n.titre.startsWith('Échec du certificat'));
    expect(told.map((n) => n.titre)).toEqual(['Échec du certificat : blog.exemple.sn']);
    expect(told[0]!.texte).toContain("n'a pas pu être émis");
  });

  it('writes nothing when nothing changed', async () => {
    expect(await record()).toBe(0);
  });

  it('refuses a renewal request for what the proxy renews itself, and lets the user order one', async () => {
    const shop = (await listed()).find((r) => r.nom_domaine === 'shop.exemple.sn')!;
    const renew = await call(t, 'POST', `${API}/certificates/${shop.id}/renew`, {
      token: dev.token,
    });
    expect(renew.statusCode).toBe(409);
    expect(JSON.stringify(renew.json())).toContain(m.renewByProxy);
    const order = await call(t, 'POST', `${API}/certificates/letsencrypt`, {
      token: dev.token,
      body: letsEncryptBody(projectId, { nom_domaine: 'shop.exemple.sn' }),
    });
    expect(order.statusCode, order.body).toBe(201);
    await call(t, 'DELETE', `${API}/certificates/${order.json<{ id: string }>().id}`, {
      token: dev.token,
    });
  });

  it('says on the application page when the served certificate has expired', async () => {
    const old = makeCertificate({
      commonName: 'shop.exemple.sn',
      names: ['shop.exemple.sn'],
      issuer: pki.intermediate,
      start: new Date(Date.now() - 100 * DAY),
      end: new Date(Date.now() - 2 * DAY),
    });
    seen.set('shop.exemple.sn', { chain: chainOf(old.certPem), failure: null });
    await record();
    const expiry = new X509Certificate(old.certPem).validTo;
    const date = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeZone: 'UTC' }).format(
      new Date(expiry),
    );
    expect(await alertOf(shopId)).toBe(
      `Le certificat HTTPS de shop.exemple.sn a expiré le ${date} : les navigateurs refusent le site.`,
    );
    expect((await listed()).find((r) => r.nom_domaine === 'shop.exemple.sn')!.statut).toBe(
      'Expiré',
    );
  });

  it('ignores a chain served for another name, and drops the row once the domain is gone', async () => {
    const other = makeCertificate({
      commonName: 'autre.sn',
      names: ['autre.sn'],
      issuer: pki.intermediate,
    });
    seen.set('shop.exemple.sn', { chain: chainOf(other.certPem), failure: null });
    await record();
    const shop = (await listed()).find((r) => r.nom_domaine === 'shop.exemple.sn')!;
    expect([shop.statut, shop.contenu_certificat]).toEqual(['En cours de renouvellement', null]);

    const res = await putDeployment(t, dev.token, blogId, { nom_de_domaine: '' });
    expect(res.statusCode).toBe(200);
    await record();
    expect((await listed()).map((r) => r.nom_domaine)).toEqual(['shop.exemple.sn']);
    expect(await alertOf(blogId)).toBeNull();
  });

  it('leaves a chosen certificate that is served as stored to its own row, and says when it expired', async () => {
    const pem = makeCertificate({
      commonName: 'pem.exemple.sn',
      names: ['pem.exemple.sn'],
      issuer: pki.intermediate,
    });
    const certificateId = await insertStoredCertificate(t, {
      projectId,
      certPem: pem.certPem,
      keyPem: pem.keyPem,
      domain: 'pem.exemple.sn',
    });
    const app = await deployApp(t, dev.token, envId, {
      nom_domaine: 'pem.exemple.sn',
      certificat_tls_id: certificateId,
    });
    const asked: string[] = [];
    await recordProxyCertificates(t.database.db, async (hosts) => {
      asked.push(...hosts);
      return observer(hosts);
    });
    expect(asked).not.toContain('pem.exemple.sn');
    expect((await listed()).filter((r) => r.nom_domaine === 'pem.exemple.sn')).toHaveLength(1);
    expect(await alertOf(app.id)).toBeNull();

    const expiredAt = new Date(Date.now() - DAY);
    await setCertificateDates(t, certificateId, { expiresAt: expiredAt });
    expect(await alertOf(app.id)).toBe(
      `Le certificat HTTPS de pem.exemple.sn a expiré le ${frDate(expiredAt)} : les navigateurs refusent le site.`,
    );
  });
});
