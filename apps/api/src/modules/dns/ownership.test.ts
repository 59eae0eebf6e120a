import type { AuditPage } from '@nuage/shared/audit-actions';
import { domainOwnershipTexts as t_ } from '@nuage/shared/dns-help';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  deploymentRow,
  erpBody,
  getDetail,
  postDeploy,
  putDeployment,
} from '../../../test/helpers/deploy-factories';
import { dnsHelp, tenant, useFakeDns, type Tenant } from '../../../test/helpers/domain-factories';
import { call } from '../../../test/helpers/factories';
import type { Zone } from '../../../test/helpers/fake-dns';
import { API } from '../../../test/helpers/project-factories';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';

/**
 * The proof of control of a custom domain (issue 24): a claimed domain waits until its owner
 * shows, in the name's own DNS, that it is this application's (a CNAME to its own platform host
 * or the TXT record with its token). What points at the platform's shared address, or carries
 * another application's token, proves nothing.
 */
const APPS = 'apps.nuage.test';
const PUBLIC_IP = '203.0.113.10';

let t: TestApp;
let zone: Zone;
let owner: Tenant;
let other: Tenant;

beforeAll(async () => {
  t = await createTestApp({ appsDomain: APPS, publicIp: PUBLIC_IP });
  zone = useFakeDns(t);
  [owner, other] = await Promise.all([tenant(t, 'Proprietaire'), tenant(t, 'Autre')]);
}, 60_000);
afterAll(() => t.close());

async function deployWith(who: Tenant, domain: string) {
  const res = await postDeploy(t, who.user.token, who.env.id, erpBody({ nom_domaine: domain }));
  expect(res.statusCode, res.body).toBe(201);
  const app = res.json<{ id: string; statut_domaine: string }>();
  const row = (await deploymentRow(t, app.id))!;
  return { ...app, host: `${row.hostLabel}.${APPS}`, token: row.domainToken };
}

describe('proof of control of a custom domain', () => {
  it('keeps a new domain pending and shows the TXT record to create, in French', async () => {
    const app = await deployWith(owner, 'attente.exemple.sn');
    expect(app.statut_domaine).toBe('en_attente');
    const help = await dnsHelp(t, owner.user.token, app.id);
    expect(help.propriete).toEqual({
      statut: 'en_attente',
      preuve: null,
      verifie_le: null,
      enregistrement: {
        type: 'TXT',
        nom: '_nuage-verification.attente.exemple.sn',
        valeur: `nuage-verification=${app.token}`,
      },
      message: t_.txtMissing('_nuage-verification.attente.exemple.sn'),
    });
    expect(app.token).toMatch(/^[0-9a-f]{32}$/);
    // Nothing sends the customer to a name that is not served yet.
    const access = (await getDetail(t, owner.user.token, app.id)).acces_admin;
    expect(access.url_connexion ?? '').not.toContain('attente.exemple.sn');
  });

  it('does not take an A record to the platform’s shared address as a proof', async () => {
    const app = await deployWith(owner, 'adresse.exemple.sn');
    zone['adresse.exemple.sn'] = { a: [PUBLIC_IP] };
    const help = await dnsHelp(t, owner.user.token, app.id);
    expect(help.verification.statut).toBe('correct');
    expect(help.propriete.statut).toBe('en_attente');
    expect(help.propriete.message).toContain(t_.sharedAddress);
  });

  it('does not take another application’s token, nor a CNAME to another application', async () => {
    const victim = await deployWith(other, 'jeton.exemple.sn');
    const attacker = await deployWith(owner, 'copie.exemple.sn');
    // The attacker's name carries the victim's token; a CNAME points at the victim's host.
    zone['_nuage-verification.copie.exemple.sn'] = { txt: [`nuage-verification=${victim.token}`] };
    zone['copie.exemple.sn'] = { cname: victim.host };
    zone[victim.host] = { a: [PUBLIC_IP] };
    const help = await dnsHelp(t, owner.user.token, attacker.id);
    expect(help.propriete).toMatchObject({
      statut: 'en_attente',
      message: expect.stringContaining(t_.txtWrong('_nuage-verification.copie.exemple.sn')),
    });
    expect((await deploymentRow(t, attacker.id))!.domainVerifiedAt).toBeNull();
  });

  it('verifies by the TXT token: served from then on, a new generation, an audit entry', async () => {
    const app = await deployWith(owner, 'txt.exemple.sn');
    const before = (await deploymentRow(t, app.id))!.generation;
    zone['_nuage-verification.txt.exemple.sn'] = {
      txt: ['v=spf1 -all', `nuage-verification=${app.token}`],
    };
    // Every member may check (the proof is in DNS, not in who clicks).
    const help = await dnsHelp(t, owner.user.token, app.id);
    expect(help.propriete).toMatchObject({
      statut: 'verifie',
      preuve: 'txt',
      message: t_.justVerified('txt.exemple.sn'),
    });
    const row = (await deploymentRow(t, app.id))!;
    expect(row).toMatchObject({ domainProof: 'txt', generation: before + 1 });
    expect(row.events[0]!.message).toBe(t_.verifiedEvent('txt.exemple.sn'));
    expect((await getDetail(t, owner.user.token, app.id)).statut_domaine).toBe('verifie');
    const audit = await call(t, 'GET', `${API}/projects/${owner.project.id}/audit`, {
      token: owner.user.token,
    });
    expect(
      audit.json<AuditPage>().events.find((e) => e.action === 'deployment.domain_verified'),
    ).toMatchObject({ details: { domaine: 'txt.exemple.sn', preuve: 'txt' } });
    // Checked again: stays verified, no new generation.
    expect((await dnsHelp(t, owner.user.token, app.id)).propriete).toMatchObject({
      statut: 'verifie',
      message: t_.verifiedBy.txt('txt.exemple.sn'),
    });
    expect((await deploymentRow(t, app.id))!.generation).toBe(before + 1);
  });

  it('verifies by a CNAME to the application’s own platform host', async () => {
    const app = await deployWith(owner, 'alias.exemple.sn');
    zone['alias.exemple.sn'] = { cname: `${app.host}.` };
    zone[app.host] = { a: [PUBLIC_IP] };
    expect((await dnsHelp(t, owner.user.token, app.id)).propriete).toMatchObject({
      statut: 'verifie',
      preuve: 'cname',
    });
  });

  it('makes a changed domain wait for its own proof again', async () => {
    const app = await deployWith(owner, 'ancien.exemple.sn');
    zone['_nuage-verification.ancien.exemple.sn'] = { txt: [`nuage-verification=${app.token}`] };
    expect((await dnsHelp(t, owner.user.token, app.id)).propriete.statut).toBe('verifie');
    const res = await putDeployment(t, owner.user.token, app.id, {
      nom_de_domaine: 'nouveau.exemple.sn',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ statut_domaine: string }>().statut_domaine).toBe('en_attente');
    expect((await dnsHelp(t, owner.user.token, app.id)).propriete.statut).toBe('en_attente');
  });
});
