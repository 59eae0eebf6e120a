import { domainMessages } from '@nuage/shared/schemas/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deployments } from '../../db/schema/deployments';
import { certificateLookup } from './certificate-lookup';
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
import { expectDetail, expectIssue } from '../../../test/helpers/project-factories';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { createCustom, customBody } from '../../../test/certificates/api';
import { makeCertificate } from '../../../test/certificates/pki';
import { buildCaddyConfig } from '../drivers/docker/edge/caddy-config';
import { edgeRouteSource } from './edge-routes';

/**
 * Hostname ownership on the docker runtime (issue 24): the edge proxy's routing table, as the
 * docker driver loads it (engine/routing/edge-routes.ts reads it from the database, buildCaddyConfig
 * makes the proxy's configuration), after the attacker's requests went through the API. A
 * custom domain gets a route only once proven; the three takeover cases leave every host with
 * its one owner; rows that held a name twice before the unique index leave it to the first.
 */
const APPS = 'apps.nuage.test';
const PLATFORM_HOST = 'plateforme.test'; // testConfig()'s PUBLIC_URL

let t: TestApp;
let zone: Zone;
let victim: Tenant;
let attacker: Tenant;
let victimId: string;
let attackerAppId: string;

/** host → the applications whose routes list it, in the proxy's whole configuration. */
async function proxyHosts(): Promise<Map<string, string[]>> {
  const routes = await edgeRouteSource(
    t.database.db,
    certificateLookup(t.database.db, t.secrets.secretsKey),
    t.config,
  )();
  const config = buildCaddyConfig(
    routes.map((r) => ({ ...r, upstreams: [] })),
    { adminListen: 'unix//admin.sock', adminOrigin: 'edge', publicHttpsPort: 443 },
  ) as {
    apps: { http: { servers: Record<string, { routes: { match?: { host?: string[] }[] }[] }> } };
  };
  const byHost = new Map<string, string[]>();
  // Each route of the https server (and the plain-HTTP ones) is one application's.
  for (const [server, { routes: served }] of Object.entries(config.apps.http.servers)) {
    for (const route of served) {
      for (const host of route.match?.[0]?.host ?? []) {
        const owner = routes.find((r) => [...r.tlsHosts, ...r.httpHosts].includes(host));
        const key = `${server} ${host.toLowerCase()}`;
        byHost.set(key, [...(byHost.get(key) ?? []), owner?.deploymentId ?? '?']);
      }
    }
  }
  return byHost;
}

const routedTo = async (host: string) => (await proxyHosts()).get(`https ${host}`);
/** No host listed twice in a server (the http server's redirect lists every TLS host once). */
async function expectOneOwnerPerHost() {
  for (const [host, owners] of await proxyHosts()) expect(owners, host).toHaveLength(1);
}

beforeAll(async () => {
  t = await createTestApp({ appsDomain: APPS, publicIp: '203.0.113.10' });
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
afterAll(() => t.close());

describe('hostnames on the docker runtime: the edge proxy’s routes, through the API', () => {
  it('routes no custom domain until its owner proves control, then one route to its application', async () => {
    const victimHost = `${(await deploymentRow(t, victimId))!.hostLabel}.${APPS}`;
    expect(await routedTo(victimHost)).toEqual([victimId]);
    expect(await routedTo('shop.victime.sn')).toBeUndefined();
    await proveDomainByTxt(t, zone, victim.user.token, victimId);
    expect(await routedTo('shop.victime.sn')).toEqual([victimId]);
    await expectOneOwnerPerHost();
  });

  it('refuses the three takeover cases; each host keeps its one route', async () => {
    const victimHost = `${(await deploymentRow(t, victimId))!.hostLabel}.${APPS}`;
    const token = attacker.user.token;
    expectDetail(
      await postDeploy(t, token, attacker.env.id, erpBody({ nom_domaine: 'Shop.Victime.SN' })),
      409,
      domainMessages.taken,
    );
    expectDetail(
      await putDeployment(t, token, attackerAppId, { nom_de_domaine: 'SHOP.victime.sn.' }),
      409,
      domainMessages.taken,
    );
    for (const [domain, msg] of [
      [victimHost, domainMessages.reservedAppsDomain(APPS)],
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
    expect(await routedTo('shop.victime.sn')).toEqual([victimId]);
    expect(await routedTo(victimHost)).toEqual([victimId]);
    expect(await routedTo(PLATFORM_HOST)).toBeUndefined();
    await expectOneOwnerPerHost();
  });

  it('never loads a certificate an attacker uploaded for its own domain that also names another tenant’s hosts', async () => {
    const victimHost = `${(await deploymentRow(t, victimId))!.hostLabel}.${APPS}`;
    const token = attacker.user.token;
    // The attacker's own domain, proved: its application may have a certificate of its choice.
    const edit = await putDeployment(t, token, attackerAppId, {
      nom_de_domaine: 'vitrine.attaquant.sn',
    });
    expect(edit.statusCode, edit.body).toBe(200);
    await proveDomainByTxt(t, zone, token, attackerAppId);
    const loaded = async () => {
      const routes = await edgeRouteSource(
        t.database.db,
        certificateLookup(t.database.db, t.secrets.secretsKey),
        t.config,
      )();
      const config = buildCaddyConfig(
        routes.map((r) => ({ ...r, upstreams: [] })),
        { adminListen: 'unix//admin.sock', adminOrigin: 'edge', publicHttpsPort: 443 },
      ) as {
        apps: { tls: { certificates?: { load_pem: { certificate: string; tags: string[] }[] } } };
      };
      return config.apps.tls.certificates?.load_pem ?? [];
    };
    // A self-signed certificate for its domain that also names the victim's domain and every
    // platform host, uploaded and attached: the upload and the attachment are accepted (it
    // covers the attacker's domain), but the proxy never loads it, so it can never be served.
    for (const names of [
      ['vitrine.attaquant.sn', 'shop.victime.sn'],
      ['vitrine.attaquant.sn', `*.${APPS}`],
      ['vitrine.attaquant.sn', victimHost],
    ]) {
      const forged = makeCertificate({ commonName: names[0]!, names });
      const cert = await createCustom(t, token, customBody(attacker.project.id, forged));
      const attach = await putDeployment(t, token, attackerAppId, { certificat_tls_id: cert.id });
      expect(attach.statusCode, attach.body).toBe(200);
      expect((await loaded()).map((p) => p.certificate)).not.toContain(forged.certPem);
      expect(await routedTo('shop.victime.sn')).toEqual([victimId]);
      expect(await routedTo(victimHost)).toEqual([victimId]);
      // The attacker's domain is still served, with the certificate the proxy orders itself.
      expect(await routedTo('vitrine.attaquant.sn')).toEqual([attackerAppId]);
    }
    // One naming its own domain only is loaded, for its application.
    const own = makeCertificate({
      commonName: 'vitrine.attaquant.sn',
      names: ['vitrine.attaquant.sn', 'www.vitrine.attaquant.sn'],
    });
    const cert = await createCustom(t, token, customBody(attacker.project.id, own));
    await putDeployment(t, token, attackerAppId, { certificat_tls_id: cert.id });
    expect(await loaded()).toEqual([
      expect.objectContaining({ certificate: own.certPem, tags: [`app-${attackerAppId}`] }),
    ]);
    await expectOneOwnerPerHost();
    // Back as it was for the next test.
    await putDeployment(t, token, attackerAppId, { certificat_tls_id: '', nom_de_domaine: '' });
  });

  it('leaves a name held twice by rows from before the index to its first claimant, never the newcomer', async () => {
    const victimRow = (await deploymentRow(t, victimId))!;
    const victimHost = `${victimRow.hostLabel}.${APPS}`;
    await t.database.db.execute(sql`drop index deployments_domain_key`);
    await t.database.db.execute(sql`drop index deployments_host_label_key`);
    const claim = (o: Partial<typeof deployments.$inferInsert>) =>
      t.database.db
        .update(deployments)
        .set({
          domainClaimedAt: new Date(),
          domainVerifiedAt: new Date(),
          domainProof: 'txt',
          ...o,
        })
        .where(eq(deployments.id, attackerAppId));
    for (const domain of ['Shop.Victime.SN.', victimHost]) {
      await claim({ domain });
      expect(await routedTo('shop.victime.sn')).toEqual([victimId]);
      expect(await routedTo(victimHost)).toEqual([victimId]);
      await expectOneOwnerPerHost();
    }
    // Even the victim's host label copied onto the newer row: the older application keeps it.
    await claim({ domain: null, hostLabel: victimRow.hostLabel });
    expect(await routedTo(victimHost)).toEqual([victimId]);
    await expectOneOwnerPerHost();
  });
});
