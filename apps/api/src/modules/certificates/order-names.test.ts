import type { AuditPage } from '@nuage/shared/audit-actions';
import type { Certificate } from '@nuage/shared/certificate-types';
import { certificateMessages as m } from '@nuage/shared/schemas/certificates';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certificates } from '../../db/schema/certificates';
import { CERTS, letsEncryptBody } from '../../../test/certificates/api';
import { createCertificateTestApp, type CertificateTestApp } from '../../../test/certificates/app';
import { certificateRow } from '../../../test/certificates/rows';
import {
  deploymentRow,
  erpBody,
  postDeploy,
  putDeployment,
} from '../../../test/helpers/deploy-factories';
import {
  proveDomainByTxt,
  tenant,
  useFakeDns,
  type Tenant,
} from '../../../test/helpers/domain-factories';
import { call } from '../../../test/helpers/factories';
import type { Zone } from '../../../test/helpers/fake-dns';
import { API, expectDetail, expectIssue } from '../../../test/helpers/project-factories';

/**
 * Let's Encrypt orders from the Certificats page, as an attacker places them (issue 24): the
 * platform proves control of an ordered name to the authority on the orderer's behalf (its
 * ingress or edge proxy answers HTTP-01 for every name pointing at it), so an order for another
 * tenant's domain, for an application's platform host, for any name under APPS_DOMAIN or for
 * the platform's own host would hand the orderer a certificate for a host it does not hold. A
 * project orders only for its applications' verified custom domains; each refusal is in
 * French, creates nothing and is written in the orderer's audit log (never the victim's).
 */
const APPS = 'apps.nuage.test';
const PLATFORM_HOST = 'plateforme.test'; // testConfig()'s PUBLIC_URL

let t: CertificateTestApp;
let zone: Zone;
let victim: Tenant;
let attacker: Tenant;
let victimLabel: string;

async function deployAndProve(who: Tenant, domain: string) {
  const res = await postDeploy(t, who.user.token, who.env.id, erpBody({ nom_domaine: domain }));
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json<{ id: string }>().id;
  await proveDomainByTxt(t, zone, who.user.token, id);
  return id;
}

const order = (who: Tenant, nom_domaine: string, extra: Record<string, unknown> = {}) =>
  call(t, 'POST', `${CERTS}/letsencrypt`, {
    token: who.user.token,
    body: letsEncryptBody(who.project.id, { nom_domaine, ...extra }),
  });

const refusalsIn = async (who: Tenant) =>
  (
    await call(t, 'GET', `${API}/projects/${who.project.id}/audit?limit=200`, {
      token: who.user.token,
    })
  )
    .json<AuditPage>()
    .events.filter((e) => e.action === 'certificate.refused');

const certificateCount = async () => (await t.database.db.select().from(certificates)).length;

beforeAll(async () => {
  t = await createCertificateTestApp({ appsDomain: APPS });
  zone = useFakeDns(t);
  [victim, attacker] = await Promise.all([tenant(t, 'Victime'), tenant(t, 'Attaquant')]);
  const victimApp = await deployAndProve(victim, 'shop.victime.sn');
  victimLabel = (await deploymentRow(t, victimApp))!.hostLabel;
  await deployAndProve(attacker, 'vitrine.attaquant.sn');
}, 60_000);
afterAll(() => t.close());

const notHeld = (name: string, domain = name) => m.orderNotHeld(name, domain);

describe('POST /certificates/letsencrypt: only names the project holds and has proved', () => {
  it.each([
    ["another tenant's verified domain", 'shop.victime.sn', () => notHeld('shop.victime.sn')],
    ['the same, in capitals', 'SHOP.Victime.SN', () => notHeld('shop.victime.sn')],
    [
      "a wildcard over another tenant's domain",
      '*.victime.sn',
      () => notHeld('*.victime.sn', 'victime.sn'),
    ],
    ["another application's platform host", `@${APPS}`, () => m.orderReserved(`@${APPS}`)],
    ['a free name under APPS_DOMAIN', `libre.${APPS}`, () => m.orderReserved(`libre.${APPS}`)],
    ['APPS_DOMAIN itself', APPS, () => m.orderReserved(APPS)],
    ['every platform host at once', `*.${APPS}`, () => m.orderReserved(`*.${APPS}`)],
    ['a wildcard covering APPS_DOMAIN', '*.nuage.test', () => m.orderReserved('*.nuage.test')],
    ["the platform's own host", PLATFORM_HOST, () => m.orderReserved(PLATFORM_HOST)],
    [
      'a name below it',
      `console.${PLATFORM_HOST}`,
      () => m.orderReserved(`console.${PLATFORM_HOST}`),
    ],
    ['a name nobody holds', 'libre.exemple.sn', () => notHeld('libre.exemple.sn')],
  ])('refuses %s, in French, creates nothing and audits the attempt', async (_, typed, msg) => {
    const name = typed.replace('@', `${victimLabel}.`);
    const expected = msg().replace('@', `${victimLabel}.`);
    const before = {
      certs: await certificateCount(),
      refusals: (await refusalsIn(attacker)).length,
    };
    expectIssue(await order(attacker, name), ['body', 'nom_domaine'], expected);
    expect(await certificateCount()).toBe(before.certs);
    const refusals = await refusalsIn(attacker);
    expect(refusals).toHaveLength(before.refusals + 1);
    expect(refusals[0]).toMatchObject({
      libelle: 'Commande de certificat refusée',
      details: { domaine: name.toLowerCase() },
    });
    expect(await refusalsIn(victim)).toEqual([]);
  });

  it('refuses the project’s own domain while it awaits its proof of control', async () => {
    const res = await postDeploy(
      t,
      attacker.user.token,
      attacker.env.id,
      erpBody({ nom_domaine: 'attente.attaquant.sn' }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expectIssue(
      await order(attacker, 'attente.attaquant.sn'),
      ['body', 'nom_domaine'],
      notHeld('attente.attaquant.sn'),
    );
  });

  it('orders for the project’s own verified domain', async () => {
    const res = await order(attacker, 'Vitrine.Attaquant.SN');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<Certificate>()).toMatchObject({
      nom_domaine: 'vitrine.attaquant.sn',
      statut: 'En cours de renouvellement',
    });
  });
});

describe('a name the project no longer holds', () => {
  it('is neither renewed on request nor ordered by the worker', async () => {
    const id = await deployAndProve(attacker, 'ancien.attaquant.sn');
    const created = (await order(attacker, 'ancien.attaquant.sn')).json<Certificate>();
    await t.worker.tick();
    expect((await certificateRow(t, created.id)).status).toBe('Actif');
    // The domain leaves the application: the project no longer holds the name.
    expect(
      (await putDeployment(t, attacker.user.token, id, { nom_de_domaine: '' })).statusCode,
    ).toBe(200);
    const before = (await refusalsIn(attacker)).length;
    expectDetail(
      await call(t, 'POST', `${CERTS}/${created.id}/renew`, { token: attacker.user.token }),
      409,
      notHeld('ancien.attaquant.sn'),
    );
    expect(await refusalsIn(attacker)).toHaveLength(before + 1);
    // Due for renewal by itself: the worker does not order it either; the stored one stays.
    const stored = await certificateRow(t, created.id);
    await t.database.db
      .update(certificates)
      .set({ nextAttemptAt: new Date() })
      .where(eq(certificates.id, created.id));
    await t.worker.tick();
    const after = await certificateRow(t, created.id);
    expect(after).toMatchObject({
      status: 'Actif',
      certificatePem: stored.certificatePem,
      lastError: m.noLongerHeld('ancien.attaquant.sn'),
    });
  });

  it('fails an order placed before orders were limited, without asking the authority', async () => {
    // As an order for another tenant's domain placed by an earlier version.
    const [row] = await t.database.db
      .insert(certificates)
      .values({
        projectId: attacker.project.id,
        nom: 'shop.victime.sn',
        domain: 'shop.victime.sn',
        type: 'letsencrypt',
        status: 'En cours de renouvellement',
        acmeEmail: 'admin@exemple.sn',
        issuance: 'simulation',
        nextAttemptAt: new Date(),
      })
      .returning();
    await t.worker.tick();
    expect(await certificateRow(t, row!.id)).toMatchObject({
      status: 'Échec',
      certificatePem: null,
      lastError: m.noLongerHeld('shop.victime.sn'),
    });
  });
});
