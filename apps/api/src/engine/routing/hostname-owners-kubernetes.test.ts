import { domainMessages } from '@nuage/shared/schemas/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deployments } from '../../db/schema/deployments';
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
import { createEngineTestApp } from '../../../test/helpers/engine-test-app';
import type { Zone } from '../../../test/helpers/fake-dns';
import { expectDetail, expectIssue } from '../../../test/helpers/project-factories';
import type { TestApp } from '../../../test/helpers/test-app';
import { APPS_DOMAIN, startFakeCluster } from '../../../test/kubernetes/fake-cluster';
import type { FakeKubeApi } from '../../../test/kubernetes/fake-kube-api';
import { ingressHostOwners } from '../../../test/kubernetes/fake-ingress-admission';

/**
 * Hostname ownership on Kubernetes, through the API, the reconciler, the real driver and the
 * strict fake API server (issue 24): a custom domain gets its Ingress only once its owner
 * proved control; another tenant's attempts at the victim's domain, at its platform host and
 * at the platform's own host make no Ingress; and rows that held a name twice before the
 * unique index (written here with the index dropped) leave the host with its first claimant.
 * At every change the cluster is checked: never two Ingresses for one host.
 */
const PLATFORM_HOST = 'plateforme.test'; // testConfig()'s PUBLIC_URL

let t: TestApp;
let api: FakeKubeApi;
let zone: Zone;
let victim: Tenant;
let attacker: Tenant;
let victimId: string;
let attackerAppId: string;
const doubleOwners: string[] = [];

const hosts = () => ingressHostOwners(api.objects);
const settle = () => t.app.engine.reconciler.runUntilIdle();
/** `<namespace>/<Ingress name>` of one of an application's two Ingresses. */
const ingressName = async (id: string, kind: 'platform' | 'domain') => {
  const row = (await deploymentRow(t, id))!;
  const owner = [victim, attacker].find((x) => x.env.id === row.environmentId)!;
  return `${owner.env.namespace_k8s_id}/${row.runtimeName}${kind === 'domain' ? '-domain' : ''}`;
};

beforeAll(async () => {
  const cluster = await startFakeCluster();
  api = cluster.api;
  api.onChange = () => {
    for (const [host, owners] of hosts())
      if (owners.length > 1) doubleOwners.push(`${host}: ${owners.join(', ')}`);
  };
  t = await createEngineTestApp(cluster.driver, {
    config: { appsDomain: APPS_DOMAIN, publicIp: '203.0.113.10' },
  });
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
  const own = await postDeploy(
    t,
    attacker.user.token,
    attacker.env.id,
    erpBody({ nom: 'Vitrine' }),
  );
  expect(own.statusCode, own.body).toBe(201);
  attackerAppId = own.json<{ id: string }>().id;
}, 60_000);
afterAll(async () => {
  await t.close();
  await api.close();
});

describe('hostnames on Kubernetes, through the API', () => {
  it('makes no Ingress for a custom domain until its owner proves control, then exactly one', async () => {
    await settle();
    const victimHost = `${(await deploymentRow(t, victimId))!.hostLabel}.${APPS_DOMAIN}`;
    expect(hosts().get(victimHost)).toEqual([await ingressName(victimId, 'platform')]);
    expect(hosts().has('shop.victime.sn')).toBe(false);

    await proveDomainByTxt(t, zone, victim.user.token, victimId);
    await settle();
    expect(hosts().get('shop.victime.sn')).toEqual([await ingressName(victimId, 'domain')]);
    expect(doubleOwners).toEqual([]);
  });

  it('refuses the three takeover cases; every host keeps its one Ingress', async () => {
    const victimHost = `${(await deploymentRow(t, victimId))!.hostLabel}.${APPS_DOMAIN}`;
    const token = attacker.user.token;
    expectDetail(
      await postDeploy(t, token, attacker.env.id, erpBody({ nom_domaine: 'SHOP.VICTIME.SN' })),
      409,
      domainMessages.taken,
    );
    expectDetail(
      await putDeployment(t, token, attackerAppId, { nom_de_domaine: 'shop.victime.sn.' }),
      409,
      domainMessages.taken,
    );
    for (const [domain, msg] of [
      [victimHost, domainMessages.reservedAppsDomain(APPS_DOMAIN)],
      [PLATFORM_HOST, domainMessages.reservedPlatform],
    ] as const) {
      expectIssue(
        await postDeploy(t, token, attacker.env.id, erpBody({ nom_domaine: domain })),
        ['body', 'nom_domaine'],
        msg,
      );
      expectIssue(
        await putDeployment(t, token, attackerAppId, { nom_de_domaine: domain }),
        ['body', 'nom_de_domaine'],
        msg,
      );
    }
    await settle();
    expect(hosts().get('shop.victime.sn')).toEqual([await ingressName(victimId, 'domain')]);
    expect(hosts().get(victimHost)).toEqual([await ingressName(victimId, 'platform')]);
    expect(hosts().has(PLATFORM_HOST)).toBe(false);
    expect(doubleOwners).toEqual([]);
  });

  it('leaves a name held twice by rows from before the index to its first claimant, never the newcomer', async () => {
    const victimHost = `${(await deploymentRow(t, victimId))!.hostLabel}.${APPS_DOMAIN}`;
    await t.database.db.execute(sql`drop index deployments_domain_key`);
    // A newer, "verified" claim of the victim's domain (another spelling), as an older version
    // could have stored it; then one of the victim's platform host.
    for (const domain of ['Shop.Victime.SN.', victimHost]) {
      await t.database.db
        .update(deployments)
        .set({
          domain,
          domainClaimedAt: new Date(),
          domainVerifiedAt: new Date(),
          domainProof: 'txt',
          generation: sql`${deployments.generation} + 1`,
          nextAttemptAt: new Date(),
        })
        .where(eq(deployments.id, attackerAppId));
      await settle();
      expect(hosts().get('shop.victime.sn')).toEqual([await ingressName(victimId, 'domain')]);
      expect(hosts().get(victimHost)).toEqual([await ingressName(victimId, 'platform')]);
      // The driver never even tried (an admission webhook would have failed the application).
      const row = (await deploymentRow(t, attackerAppId))!;
      expect(row.status).not.toBe('FAILED');
      expect(row.observedGeneration).toBe(row.generation);
    }
    expect(doubleOwners).toEqual([]);
  });
});
