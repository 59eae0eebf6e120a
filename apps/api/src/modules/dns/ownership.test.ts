import type { AuditPage } from '@nuage/shared/audit-actions';
import { DOMAIN_CLAIM_PENDING_DAYS, domainOwnershipTexts as t_ } from '@nuage/shared/dns-help';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  deploymentRow,
  erpBody,
  getDetail,
  postDeploy,
  putDeployment,
} from '../../../test/helpers/deploy-factories';
import {
  dnsHelp,
  useFakeDns,
  verifyDns,
  verifyDnsHelp,
} from '../../../test/helpers/domain-factories';
import { call } from '../../../test/helpers/factories';
import type { Zone } from '../../../test/helpers/fake-dns';
import {
  addMemberWithRole,
  API,
  createEnvironment,
  createProject,
  expectDetail,
  type Team,
  createTeamUsers,
} from '../../../test/helpers/project-factories';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import type { Environment } from '@nuage/shared/api-types';

/**
 * The proof of control of a custom domain (issue 24): a claimed domain waits until its owner
 * shows, in the name's own DNS, that it is this application's (a CNAME to its own platform host
 * or the TXT record with its token), and a developer presses « Vérifier le DNS » (POST
 * …/dns/verify) or the platform's background check finds it (claim-worker.test.ts). Reading the
 * DNS card (GET …/dns) changes nothing. What points at the platform's shared address, or
 * carries another application's token, proves nothing.
 */
const APPS = 'apps.nuage.test';
const PUBLIC_IP = '203.0.113.10';
const DAY = 24 * 60 * 60_000;

let t: TestApp;
let zone: Zone;
let team: Team;
let env: Environment;
let otherEnv: Environment;
let otherToken: string;

beforeAll(async () => {
  t = await createTestApp({ appsDomain: APPS, publicIp: PUBLIC_IP });
  zone = useFakeDns(t);
  team = await createTeamUsers(t);
  const quotas = { quota_cpu: 8, quota_ram: 16, quota_stockage: 100 };
  const project = await createProject(t, team.admin.token, { nom: 'Proprietaire', ...quotas });
  await addMemberWithRole(t, team.admin.token, project.id, team.developer, 'developer');
  await addMemberWithRole(t, team.admin.token, project.id, team.user, 'user');
  env = await createEnvironment(t, team.admin.token, project.id);
  const other = await createProject(t, team.outsider.token, { nom: 'Autre', ...quotas });
  otherEnv = await createEnvironment(t, team.outsider.token, other.id);
  otherToken = team.outsider.token;
}, 60_000);
afterAll(() => t.close());

async function deployWith(token: string, envId: string, domain: string) {
  const res = await postDeploy(t, token, envId, erpBody({ nom_domaine: domain }));
  expect(res.statusCode, res.body).toBe(201);
  const app = res.json<{ id: string; statut_domaine: string }>();
  const row = (await deploymentRow(t, app.id))!;
  return { ...app, host: `${row.hostLabel}.${APPS}`, token: row.domainToken };
}
const deployOwn = (domain: string) => deployWith(team.developer.token, env.id, domain);

describe('proof of control of a custom domain', () => {
  it('keeps a new domain pending and shows the TXT record to create and until when the claim waits', async () => {
    const before = Date.now();
    const app = await deployOwn('attente.exemple.sn');
    expect(app.statut_domaine).toBe('en_attente');
    const help = await dnsHelp(t, team.user.token, app.id);
    expect(help.propriete).toEqual({
      statut: 'en_attente',
      preuve: null,
      verifie_le: null,
      expire_le: expect.any(String) as string,
      derniere_verification: null,
      enregistrement: {
        type: 'TXT',
        nom: '_nuage-verification.attente.exemple.sn',
        valeur: `nuage-verification=${app.token}`,
      },
      message: t_.notCheckedYet,
    });
    const expires = Date.parse(help.propriete.expire_le!);
    expect(expires).toBeGreaterThanOrEqual(before + DOMAIN_CLAIM_PENDING_DAYS * DAY - 1000);
    expect(expires).toBeLessThanOrEqual(Date.now() + DOMAIN_CLAIM_PENDING_DAYS * DAY);
    expect(app.token).toMatch(/^[0-9a-f]{32}$/);
    // Nothing sends the customer to a name that is not served yet.
    const access = (await getDetail(t, team.user.token, app.id)).acces_admin;
    expect(access.url_connexion ?? '').not.toContain('attente.exemple.sn');
  });

  it('only reads on GET …/dns: the published record is not taken as a proof until someone verifies', async () => {
    const app = await deployOwn('lecture.exemple.sn');
    zone['_nuage-verification.lecture.exemple.sn'] = { txt: [`nuage-verification=${app.token}`] };
    const before = (await deploymentRow(t, app.id))!;
    for (const who of [team.user, team.developer, team.admin]) {
      const help = await dnsHelp(t, who.token, app.id);
      expect(help.propriete.statut).toBe('en_attente');
    }
    expect(await deploymentRow(t, app.id)).toEqual(before);
    // « Vérifier le DNS » does.
    expect((await verifyDnsHelp(t, team.developer.token, app.id)).propriete.statut).toBe('verifie');
  });

  it('lets developers and admins verify; a member of role « utilisateur » gets 403, others 404', async () => {
    const app = await deployOwn('roles.exemple.sn');
    expect(
      (await call(t, 'POST', `${API}/deployments/deployment/${app.id}/dns/verify`)).statusCode,
    ).toBe(401);
    expectDetail(
      await verifyDns(t, team.user.token, app.id),
      403,
      'Action réservée aux développeurs et administrateurs du projet.',
    );
    expect((await verifyDns(t, otherToken, app.id)).statusCode).toBe(404);
    for (const who of [team.developer, team.admin]) {
      const help = await verifyDnsHelp(t, who.token, app.id);
      expect(help.propriete).toMatchObject({
        statut: 'en_attente',
        message: t_.txtMissing('_nuage-verification.roles.exemple.sn'),
      });
      expect(help.propriete.derniere_verification).not.toBeNull();
    }
  });

  it('does not take an A record to the platform’s shared address as a proof', async () => {
    const app = await deployOwn('adresse.exemple.sn');
    zone['adresse.exemple.sn'] = { a: [PUBLIC_IP] };
    const help = await verifyDnsHelp(t, team.developer.token, app.id);
    expect(help.verification.statut).toBe('correct');
    expect(help.propriete.statut).toBe('en_attente');
    expect(help.propriete.message).toContain(t_.sharedAddress);
    // The card read afterwards says what that check found.
    expect((await dnsHelp(t, team.user.token, app.id)).propriete.message).toBe(
      `${t_.txtMissing('_nuage-verification.adresse.exemple.sn')} ${t_.sharedAddress}`,
    );
  });

  it('does not take another application’s token, nor a CNAME to another application', async () => {
    const victim = await deployWith(otherToken, otherEnv.id, 'jeton.exemple.sn');
    const attacker = await deployOwn('copie.exemple.sn');
    // The attacker's name carries the victim's token; a CNAME points at the victim's host.
    zone['_nuage-verification.copie.exemple.sn'] = { txt: [`nuage-verification=${victim.token}`] };
    zone['copie.exemple.sn'] = { cname: victim.host };
    zone[victim.host] = { a: [PUBLIC_IP] };
    const help = await verifyDnsHelp(t, team.developer.token, attacker.id);
    expect(help.propriete).toMatchObject({
      statut: 'en_attente',
      message: expect.stringContaining(t_.txtWrong('_nuage-verification.copie.exemple.sn')),
    });
    expect((await deploymentRow(t, attacker.id))!.domainVerifiedAt).toBeNull();
  });

  it('verifies by the TXT token: served from then on, a new generation, an audit entry', async () => {
    const app = await deployOwn('txt.exemple.sn');
    const before = (await deploymentRow(t, app.id))!.generation;
    zone['_nuage-verification.txt.exemple.sn'] = {
      txt: ['v=spf1 -all', `nuage-verification=${app.token}`],
    };
    const help = await verifyDnsHelp(t, team.developer.token, app.id);
    expect(help.propriete).toMatchObject({
      statut: 'verifie',
      preuve: 'txt',
      expire_le: null,
      message: t_.justVerified('txt.exemple.sn'),
    });
    const row = (await deploymentRow(t, app.id))!;
    expect(row).toMatchObject({
      domainProof: 'txt',
      generation: before + 1,
      domainNextCheckAt: null,
    });
    expect(row.events[0]!.message).toBe(t_.verifiedEvent('txt.exemple.sn'));
    expect((await getDetail(t, team.user.token, app.id)).statut_domaine).toBe('verifie');
    const audit = await call(t, 'GET', `${API}/projects/${row.projectId}/audit`, {
      token: team.admin.token,
    });
    expect(
      audit.json<AuditPage>().events.find((e) => e.action === 'deployment.domain_verified'),
    ).toMatchObject({
      details: { domaine: 'txt.exemple.sn', preuve: 'txt' },
      acteur: { email: team.developer.email },
    });
    // Checked again: stays verified, no new generation.
    expect((await verifyDnsHelp(t, team.developer.token, app.id)).propriete).toMatchObject({
      statut: 'verifie',
      message: t_.verifiedBy.txt('txt.exemple.sn'),
    });
    expect((await deploymentRow(t, app.id))!.generation).toBe(before + 1);
  });

  it('verifies by a CNAME to the application’s own platform host', async () => {
    const app = await deployOwn('alias.exemple.sn');
    zone['alias.exemple.sn'] = { cname: `${app.host}.` };
    zone[app.host] = { a: [PUBLIC_IP] };
    expect((await verifyDnsHelp(t, team.developer.token, app.id)).propriete).toMatchObject({
      statut: 'verifie',
      preuve: 'cname',
    });
  });

  it('keeps the claim and what the last check found when the DNS does not answer', async () => {
    const app = await deployOwn('panne.exemple.sn');
    await verifyDnsHelp(t, team.developer.token, app.id); // finds no record: recorded
    const recorded = (await deploymentRow(t, app.id))!;
    expect(recorded.domainCheckResult).toBe('txt_missing');
    zone['_nuage-verification.panne.exemple.sn'] = 'servfail';
    zone['panne.exemple.sn'] = 'servfail';
    const help = await verifyDnsHelp(t, team.developer.token, app.id);
    expect(help.propriete).toMatchObject({ statut: 'en_attente', message: t_.txtUnavailable });
    const after = (await deploymentRow(t, app.id))!;
    expect(after).toMatchObject({
      domain: 'panne.exemple.sn',
      domainVerifiedAt: null,
      domainCheckResult: 'txt_missing',
      domainCheckedAt: recorded.domainCheckedAt,
      generation: recorded.generation,
    });
  });

  it('makes a changed domain wait for its own proof again', async () => {
    const app = await deployOwn('ancien.exemple.sn');
    zone['_nuage-verification.ancien.exemple.sn'] = { txt: [`nuage-verification=${app.token}`] };
    expect((await verifyDnsHelp(t, team.developer.token, app.id)).propriete.statut).toBe('verifie');
    const res = await putDeployment(t, team.developer.token, app.id, {
      nom_de_domaine: 'nouveau.exemple.sn',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ statut_domaine: string }>().statut_domaine).toBe('en_attente');
    expect((await dnsHelp(t, team.user.token, app.id)).propriete).toMatchObject({
      statut: 'en_attente',
      message: t_.notCheckedYet,
    });
  });

  it('answers 409 on verify for an application without a custom domain', async () => {
    const res = await postDeploy(t, team.developer.token, env.id, erpBody());
    expectDetail(
      await verifyDns(t, team.developer.token, res.json<{ id: string }>().id),
      409,
      "Cette application n'a pas de nom de domaine personnalisé.",
    );
  });
});
