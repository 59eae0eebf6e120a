import type { AuditPage } from '@nuage/shared/audit-actions';
import { domainOwnershipTexts as t_ } from '@nuage/shared/dns-help';
import { domainMessages } from '@nuage/shared/schemas/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deployments } from '../../db/schema/deployments';
import { codeBody, codeTestApp, postCode } from '../../../test/helpers/code-factories';
import {
  deploymentRow,
  erpBody,
  getDetail,
  postDeploy,
  putDeployment,
} from '../../../test/helpers/deploy-factories';
import {
  dnsHelp,
  tenant,
  useFakeDns,
  verifyDns,
  verifyDnsHelp,
  type Tenant,
} from '../../../test/helpers/domain-factories';
import { call } from '../../../test/helpers/factories';
import type { Zone } from '../../../test/helpers/fake-dns';
import { API, expectDetail } from '../../../test/helpers/project-factories';
import type { TestApp } from '../../../test/helpers/test-app';
import { servedDomainLookup } from '../../engine/routing/served-domains';
import { hostnamePolicy } from '../../engine/routing/reserved-hosts';

/**
 * Squatting a custom domain (issue 24, item 1 follow-up), as the attacker tries it: claim
 * `shop.victime.sn` before its real owner joins the platform, so that the owner's claim is
 * refused for ever. A pending claim reserves nothing: the owner claims the name too, proves
 * control, and takes it; the squatter's application loses it in the same transaction, with a
 * French event and an entry in its own project's audit log that does not say who proved it.
 * A name verified for an application stays refused to everyone else (409, never whose), and a
 * claim nobody proves is withdrawn after DOMAIN_CLAIM_PENDING_DAYS.
 */
const APPS = 'apps.nuage.test';
const DAY = 24 * 60 * 60_000;

let t: TestApp;
let zone: Zone;
let victim: Tenant;
let squatter: Tenant;
let bystander: Tenant;

beforeAll(async () => {
  ({ t } = await codeTestApp({ appsDomain: APPS, publicIp: '203.0.113.10' }));
  zone = useFakeDns(t);
  [victim, squatter, bystander] = await Promise.all([
    tenant(t, 'Victime'),
    tenant(t, 'Squatteur'),
    tenant(t, 'Tiers'),
  ]);
}, 60_000);
afterAll(() => t.close());

const deploy = async (who: Tenant, domain: string, nom?: string) => {
  const res = await postDeploy(
    t,
    who.user.token,
    who.env.id,
    erpBody({ nom_domaine: domain, ...(nom ? { nom } : {}) }),
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string; statut_domaine: string }>().id;
};

const publishToken = async (id: string) => {
  const row = (await deploymentRow(t, id))!;
  zone[`_nuage-verification.${row.domain}`] = { txt: [`nuage-verification=${row.domainToken}`] };
};

const auditOf = async (who: Tenant) =>
  (
    await call(t, 'GET', `${API}/projects/${who.project.id}/audit?limit=200`, {
      token: who.user.token,
    })
  ).json<AuditPage>().events;

const served = (id: string) =>
  deploymentRow(t, id).then((row) =>
    servedDomainLookup(t.database.db, hostnamePolicy(t.config))(row!),
  );

describe('a pending claim does not hold a name against the owner who proves control', () => {
  it('lets the real owner claim a squatted name, prove it and take it; the squatter loses it', async () => {
    const squat = await deploy(squatter, 'shop.victime.sn', 'Vitrine');
    // The owner joins later and claims its own name: accepted (pending), not refused.
    const owned = await deploy(victim, 'Shop.Victime.SN', 'Boutique');
    expect((await deploymentRow(t, owned))!.domain).toBe('shop.victime.sn');
    // The squatter cannot prove it: the name's DNS is the owner's, with the owner's token.
    await publishToken(owned);
    expect((await verifyDnsHelp(t, squatter.user.token, squat)).propriete.statut).toBe(
      'en_attente',
    );
    const generationBefore = (await deploymentRow(t, squat))!.generation;
    const help = await verifyDnsHelp(t, victim.user.token, owned);
    expect(help.propriete).toMatchObject({ statut: 'verifie', preuve: 'txt' });
    expect(await served(owned)).toBe('shop.victime.sn');

    const lost = (await deploymentRow(t, squat))!;
    expect(lost).toMatchObject({
      domain: null,
      domainClaimedAt: null,
      domainNextCheckAt: null,
      certificateId: null,
      generation: generationBefore + 1,
    });
    expect(lost.events[0]!.message).toBe(t_.releasedByProofEvent('shop.victime.sn'));
    const detail = await getDetail(t, squatter.user.token, squat);
    expect(detail).toMatchObject({ nom_de_domaine: null, statut_domaine: null });
    // The squatter's log says the name was withdrawn and why, never by whom.
    const entry = (await auditOf(squatter)).find((e) => e.action === 'deployment.domain_released');
    expect(entry).toMatchObject({
      libelle: 'Nom de domaine retiré',
      cible: { id: squat, nom: 'Vitrine' },
      details: { domaine: 'shop.victime.sn', raison: 'prouve_pour_une_autre_application' },
      acteur: { id: null, nom: null, email: null },
      adresse_ip: null,
    });
    expect(JSON.stringify(await auditOf(squatter))).not.toContain(victim.user.email);
    // The owner's log has the proof, nothing of the squatter.
    const ownerLog = await auditOf(victim);
    expect(ownerLog.find((e) => e.action === 'deployment.domain_verified')).toMatchObject({
      details: { domaine: 'shop.victime.sn', preuve: 'txt' },
    });
    expect(JSON.stringify(ownerLog)).not.toContain(squat);
  });

  it('refuses, once the name is verified, every other claim (deploy, code deploy, edit), never saying whose', async () => {
    const other = await deploy(bystander, 'autre.tiers.sn');
    for (const res of [
      await postDeploy(
        t,
        squatter.user.token,
        squatter.env.id,
        erpBody({ nom_domaine: 'SHOP.victime.sn' }),
      ),
      await postCode(
        t,
        squatter.user.token,
        squatter.env.id,
        codeBody({ nom_domaine: 'shop.victime.sn.' }),
      ),
      await putDeployment(t, bystander.user.token, other, { nom_de_domaine: 'shop.victime.sn' }),
    ])
      expectDetail(res, 409, domainMessages.taken);
  });

  it('withdraws every pending claim of the name, in any project, when one is proved', async () => {
    const a = await deploy(squatter, 'marche.exemple.sn');
    const b = await deploy(bystander, 'marche.exemple.sn');
    const owner = await deploy(victim, 'marche.exemple.sn');
    // Each claimant sees its own token, never another's.
    const claims: [string, Tenant][] = [
      [a, squatter],
      [b, bystander],
      [owner, victim],
    ];
    const tokens = await Promise.all(
      claims.map(
        async ([id, who]) => (await dnsHelp(t, who.user.token, id)).propriete.enregistrement.valeur,
      ),
    );
    expect(new Set(tokens).size).toBe(3);
    await publishToken(owner);
    await verifyDnsHelp(t, victim.user.token, owner);
    expect((await deploymentRow(t, a))!.domain).toBeNull();
    expect((await deploymentRow(t, b))!.domain).toBeNull();
    expect((await auditOf(bystander)).some((e) => e.action === 'deployment.domain_released')).toBe(
      true,
    );
  });

  it('decides two proofs of one name at the same instant in the database: one holder, the other withdrawn', async () => {
    // The name's DNS carries both applications' tokens (a shared zone, or a former owner's).
    const x = await deploy(squatter, 'course.exemple.sn');
    const y = await deploy(bystander, 'course.exemple.sn');
    const [rx, ry] = [(await deploymentRow(t, x))!, (await deploymentRow(t, y))!];
    zone['_nuage-verification.course.exemple.sn'] = {
      txt: [`nuage-verification=${rx.domainToken}`, `nuage-verification=${ry.domainToken}`],
    };
    const answers = await Promise.all([
      verifyDns(t, squatter.user.token, x),
      verifyDns(t, bystander.user.token, y),
    ]);
    const holders = await t.database.db
      .select({ id: deployments.id, verified: deployments.domainVerifiedAt })
      .from(deployments)
      .where(eq(deployments.domain, 'course.exemple.sn'));
    expect(holders, answers.map((r) => `${r.statusCode} ${r.body}`).join('\n')).toHaveLength(1);
    expect(holders[0]!.verified).not.toBeNull();
    const winner = holders[0]!.id;
    const loser = winner === x ? answers[1]! : answers[0]!;
    // The loser's check answers that it has no domain any more (its page says why).
    expect(loser.statusCode).toBe(409);
  });

  it('never leaves a pending claim on a verified name when a claim and a proof race', async () => {
    const owner = await deploy(victim, 'vitesse.exemple.sn');
    await publishToken(owner);
    const [, claim] = await Promise.all([
      verifyDns(t, victim.user.token, owner),
      postDeploy(
        t,
        squatter.user.token,
        squatter.env.id,
        erpBody({ nom_domaine: 'vitesse.exemple.sn' }),
      ),
    ]);
    expect([201, 409]).toContain(claim.statusCode);
    const rows = await t.database.db
      .select({ id: deployments.id, verified: deployments.domainVerifiedAt })
      .from(deployments)
      .where(eq(deployments.domain, 'vitesse.exemple.sn'));
    expect(rows).toEqual([{ id: owner, verified: expect.any(Date) as Date }]);
  });

  it('has the database refuse a second verified holder of a name, whatever its case or trailing dot', async () => {
    const other = await deploy(bystander, 'libre.tiers.sn');
    const write = (domain: string) =>
      t.database.db.execute(
        sql`update deployments set nom_de_domaine = ${domain}, domain_verified_at = now() where id = ${other}`,
      );
    for (const domain of ['shop.victime.sn', 'Shop.Victime.SN', 'shop.victime.sn.'])
      await expect(write(domain)).rejects.toMatchObject({
        cause: expect.objectContaining({ constraint: 'deployments_domain_key' }),
      });
  });
});

describe('a claim nobody proves is withdrawn after its delay', () => {
  it('withdraws an expired claim on « Vérifier le DNS », says so in French, and logs it', async () => {
    const id = await deploy(squatter, 'oubli.exemple.sn', 'Oubli');
    await t.database.db
      .update(deployments)
      .set({ domainClaimedAt: new Date(Date.now() - 8 * DAY) })
      .where(eq(deployments.id, id));
    // Even proved now: too late, the claim is over.
    await publishToken(id);
    expectDetail(await verifyDns(t, squatter.user.token, id), 409, t_.expired('oubli.exemple.sn'));
    const row = (await deploymentRow(t, id))!;
    expect(row).toMatchObject({ domain: null, domainVerifiedAt: null });
    expect(row.events[0]!.message).toBe(t_.expiredEvent('oubli.exemple.sn'));
    expect((await auditOf(squatter)).find((e) => e.cible.id === id)).toMatchObject({
      action: 'deployment.domain_released',
      details: { domaine: 'oubli.exemple.sn', raison: 'delai_de_preuve_expire' },
    });
    // The name is free again: claimed afresh, it waits a whole new delay.
    const again = await putDeployment(t, squatter.user.token, id, {
      nom_de_domaine: 'oubli.exemple.sn',
    });
    expect(again.statusCode, again.body).toBe(200);
    const expires = Date.parse((await dnsHelp(t, squatter.user.token, id)).propriete.expire_le!);
    expect(expires).toBeGreaterThan(Date.now() + 6 * DAY);
  });
});
