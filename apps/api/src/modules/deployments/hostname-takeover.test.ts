import type { AuditPage } from '@nuage/shared/audit-actions';
import { domainMessages } from '@nuage/shared/schemas/domain';
import { inArray, sql } from 'drizzle-orm';
import { deployments } from '../../db/schema/deployments';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeBody, codeTestApp, postCode } from '../../../test/helpers/code-factories';
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
import type { Zone } from '../../../test/helpers/fake-dns';
import { call } from '../../../test/helpers/factories';
import {
  API,
  createEnvironment,
  expectDetail,
  expectIssue,
  type ApiResponse,
} from '../../../test/helpers/project-factories';
import type { TestApp } from '../../../test/helpers/test-app';

/**
 * Hostname takeover, as an attacker would try it (issue 24, item 1): one tenant's user claims,
 * at deploy (template and code) and at edit, a name that is another tenant's custom domain
 * (verified: its owner proved control), an application's platform host or a name the platform
 * allocates, or the platform's own host. Each refusal is in French and written in the
 * attacker's project's audit log; the victim's application keeps its name. (A name only
 * claimed, not proved, holds nothing against its real owner: dns/squatting.test.ts.)
 */

const APPS = 'apps.nuage.test';
/** testConfig()'s PUBLIC_URL is http://plateforme.test: the platform's own host. */
const PLATFORM_HOST = 'plateforme.test';

async function refusalsIn(t: TestApp, who: Tenant) {
  const res = await call(t, 'GET', `${API}/projects/${who.project.id}/audit?limit=200`, {
    token: who.user.token,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res
    .json<AuditPage>()
    .events.filter((e) => e.action === 'deployment.domain_refused')
    .map((e) => e.details);
}

type Route = 'template' | 'code' | 'edit';
type Expected = { status: 409 } | { status: 422; msg: string };

/** The attempt through one route; the field it names differs between deploy and edit. */
function attempt(t: TestApp, who: Tenant, route: Route, domain: string, editedId: string) {
  if (route === 'template')
    return postDeploy(t, who.user.token, who.env.id, erpBody({ nom_domaine: domain }));
  if (route === 'code')
    return postCode(t, who.user.token, who.env.id, codeBody({ nom_domaine: domain }));
  return putDeployment(t, who.user.token, editedId, { nom_de_domaine: domain });
}

function expectRefused(res: ApiResponse, route: Route, expected: Expected) {
  if (expected.status === 409) {
    expectDetail(res, 409, domainMessages.taken);
  } else {
    expectIssue(res, ['body', route === 'edit' ? 'nom_de_domaine' : 'nom_domaine'], expected.msg);
  }
}

describe('hostname takeover with APPS_DOMAIN set (two tenants)', () => {
  let t: TestApp;
  let zone: Zone;
  let victim: Tenant;
  let attacker: Tenant;
  let victimId: string;
  let victimLabel: string;
  /** The attacker's own application, whose domain the edit route tries to change. */
  let attackerAppId: string;

  beforeAll(async () => {
    ({ t } = await codeTestApp({ appsDomain: APPS, publicIp: '203.0.113.10' }));
    zone = useFakeDns(t);
    [victim, attacker] = await Promise.all([tenant(t, 'Victime'), tenant(t, 'Attaquant')]);
    const res = await postDeploy(
      t,
      victim.user.token,
      victim.env.id,
      erpBody({ nom: 'Boutique', nom_domaine: 'shop.victime.sn' }),
    );
    expect(res.statusCode, res.body).toBe(201);
    victimId = res.json<{ id: string }>().id;
    victimLabel = (await deploymentRow(t, victimId))!.hostLabel;
    await proveDomainByTxt(t, zone, victim.user.token, victimId);
    const own = await postDeploy(t, attacker.user.token, attacker.env.id, erpBody());
    expect(own.statusCode, own.body).toBe(201);
    attackerAppId = own.json<{ id: string }>().id;
  }, 60_000);
  afterAll(() => t.close());

  const cases: [string, () => string, Expected][] = [
    ["another tenant's custom domain", () => 'shop.victime.sn', { status: 409 }],
    ['the same, in capitals', () => 'SHOP.VICTIME.SN', { status: 409 }],
    ['the same, with the root’s trailing dot', () => 'Shop.Victime.sn.', { status: 409 }],
    [
      "another application's platform host",
      () => `${victimLabel}.${APPS}`,
      { status: 422, msg: domainMessages.reservedAppsDomain(APPS) },
    ],
    [
      'a name below that platform host',
      () => `a.${victimLabel}.${APPS}`,
      { status: 422, msg: domainMessages.reservedAppsDomain(APPS) },
    ],
    [
      'a free name under APPS_DOMAIN the platform may give to someone else',
      () => `libre.${APPS}`,
      { status: 422, msg: domainMessages.reservedAppsDomain(APPS) },
    ],
    [
      'APPS_DOMAIN itself',
      () => APPS.toUpperCase(),
      { status: 422, msg: domainMessages.reservedAppsDomain(APPS) },
    ],
    [
      "the platform's own host (PUBLIC_URL)",
      () => PLATFORM_HOST,
      { status: 422, msg: domainMessages.reservedPlatform },
    ],
    [
      'a name below the platform’s own host',
      () => `console.${PLATFORM_HOST}`,
      { status: 422, msg: domainMessages.reservedPlatform },
    ],
    [
      'a .localhost name (the local default’s platform hosts)',
      () => `${victimLabel}.localhost`,
      { status: 422, msg: domainMessages.reservedLocalhost },
    ],
  ];

  for (const route of ['template', 'code', 'edit'] as const) {
    it.each(cases)(
      `${route}: refuses %s, in French, and audits the attempt`,
      async (_, name, expected) => {
        const domain = name();
        const before = (await refusalsIn(t, attacker)).length;
        const res = await attempt(t, attacker, route, domain, attackerAppId);
        expectRefused(res, route, expected);
        const refusals = await refusalsIn(t, attacker);
        expect(refusals).toHaveLength(before + 1);
        expect(refusals[0]).toMatchObject({ domaine: domain.toLowerCase().replace(/\.$/, '') });
        // Nothing of the attacker's changed, the victim keeps its name.
        expect((await deploymentRow(t, attackerAppId))!.domain).toBeNull();
        expect((await deploymentRow(t, victimId))!.domain).toBe('shop.victime.sn');
        // The victim's log says nothing of another tenant's attempts (nor who made them).
        expect(await refusalsIn(t, victim)).toEqual([]);
      },
    );
  }

  it('refuses the same domain twice in one project (another environment), in any case', async () => {
    const staging = await createEnvironment(t, attacker.user.token, attacker.project.id, {
      nom: 'Recette',
      type: 'staging',
    });
    const first = await postDeploy(
      t,
      attacker.user.token,
      attacker.env.id,
      erpBody({ nom_domaine: 'double.attaquant.sn' }),
    );
    expect(first.statusCode, first.body).toBe(201);
    for (const res of [
      await postDeploy(
        t,
        attacker.user.token,
        staging.id,
        erpBody({ nom_domaine: 'Double.Attaquant.sn' }),
      ),
      await postCode(
        t,
        attacker.user.token,
        attacker.env.id,
        codeBody({ nom_domaine: 'double.attaquant.sn.' }),
      ),
      await putDeployment(t, attacker.user.token, attackerAppId, {
        nom_de_domaine: 'DOUBLE.attaquant.sn',
      }),
    ])
      expectDetail(res, 409, domainMessages.taken);
  });

  it('lets the owner keep or re-type its own domain, and another tenant take a name once it is freed', async () => {
    const same = await putDeployment(t, victim.user.token, victimId, {
      nom_de_domaine: 'SHOP.victime.sn.',
    });
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json<{ nom_de_domaine: string; statut_domaine: string }>()).toMatchObject({
      nom_de_domaine: 'shop.victime.sn',
      statut_domaine: 'verifie',
    });
    const moved = await putDeployment(t, victim.user.token, victimId, {
      nom_de_domaine: 'boutique.victime.sn',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const taken = await putDeployment(t, attacker.user.token, attackerAppId, {
      nom_de_domaine: 'shop.victime.sn',
    });
    expect(taken.statusCode, taken.body).toBe(200);
    // Back as it was for the other tests of the file.
    await putDeployment(t, attacker.user.token, attackerAppId, { nom_de_domaine: '' });
    await putDeployment(t, victim.user.token, victimId, { nom_de_domaine: 'shop.victime.sn' });
    await proveDomainByTxt(t, zone, victim.user.token, victimId);
  });

  it('decides two concurrent claims of one name in one project in the database: one application gets it', async () => {
    const [a, b] = await Promise.all([
      postDeploy(
        t,
        attacker.user.token,
        attacker.env.id,
        erpBody({ nom_domaine: 'course.attaquant.sn' }),
      ),
      postCode(
        t,
        attacker.user.token,
        attacker.env.id,
        codeBody({ nom_domaine: 'COURSE.attaquant.sn' }),
      ),
    ]);
    expect([a.statusCode, b.statusCode].sort(), `${a.body}\n${b.body}`).toEqual([201, 409]);
    const holders = await t.database.db
      .select({ domain: deployments.domain })
      .from(deployments)
      .where(inArray(deployments.domain, ['course.attaquant.sn']));
    expect(holders).toHaveLength(1);
  });

  it('has the database itself refuse a second verified holder of a name, whatever its case or trailing dot', async () => {
    const write = (domain: string) =>
      t.database.db.execute(
        sql`update deployments set nom_de_domaine = ${domain}, domain_verified_at = now() where id = ${attackerAppId}`,
      );
    for (const domain of ['shop.victime.sn', 'Shop.Victime.SN', 'shop.victime.sn.'])
      await expect(write(domain)).rejects.toMatchObject({
        cause: expect.objectContaining({ constraint: 'deployments_domain_key' }),
      });
  });
});

describe('hostname takeover on the local default (no APPS_DOMAIN)', () => {
  let t: TestApp;
  let victim: Tenant;
  let attacker: Tenant;
  let victimLabel: string;

  beforeAll(async () => {
    ({ t } = await codeTestApp());
    [victim, attacker] = await Promise.all([tenant(t, 'Victime'), tenant(t, 'Attaquant')]);
    const res = await postDeploy(t, victim.user.token, victim.env.id, erpBody({ nom: 'Blog' }));
    expect(res.statusCode, res.body).toBe(201);
    victimLabel = (await deploymentRow(t, res.json<{ id: string }>().id))!.hostLabel;
  }, 60_000);
  afterAll(() => t.close());

  it.each([
    ['the predicted <label>.localhost of another application', () => `${victimLabel}.localhost`],
    ['a free name under .localhost', () => 'libre.localhost'],
  ])('refuses %s on both deploy routes, and audits both attempts', async (_, name) => {
    const before = (await refusalsIn(t, attacker)).length;
    for (const res of [
      await postDeploy(t, attacker.user.token, attacker.env.id, erpBody({ nom_domaine: name() })),
      await postCode(t, attacker.user.token, attacker.env.id, codeBody({ nom_domaine: name() })),
    ])
      expectIssue(res, ['body', 'nom_domaine'], domainMessages.reservedLocalhost);
    expect(await refusalsIn(t, attacker)).toHaveLength(before + 2);
  });
});
