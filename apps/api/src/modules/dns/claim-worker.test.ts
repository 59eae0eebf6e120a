import { domainOwnershipTexts as t_ } from '@nuage/shared/dns-help';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deployments } from '../../db/schema/deployments';
import { DnsChecker } from './check';
import { DomainClaimWorker } from './claim-worker';
import { deploymentRow, erpBody, postDeploy } from '../../../test/helpers/deploy-factories';
import { dnsHelp, tenant, type Tenant } from '../../../test/helpers/domain-factories';
import { fakeResolver, type Zone } from '../../../test/helpers/fake-dns';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { hostnamePolicy } from '../../engine/routing/reserved-hosts';
import { servedDomainLookup } from '../../engine/routing/served-domains';

/**
 * The platform's own check of pending custom domains (issue 24, item 3): a domain whose owner
 * published the TXT record is verified, and served, without anyone opening the application's
 * page; a DNS that does not answer changes nothing; each pass looks up a bounded number of
 * claims, the ones due first, and spreads their next checks over time; a claim past its delay
 * is withdrawn. The passes run here by hand (`tick`), at chosen instants.
 */
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

let t: TestApp;
let zone: Zone;
let lookups: string[];
let owner: Tenant;

beforeAll(async () => {
  t = await createTestApp({ appsDomain: 'apps.nuage.test', publicIp: '203.0.113.10' });
  zone = {};
  lookups = [];
  t.app.ctx.dns = new DnsChecker(fakeResolver(zone, lookups), {
    timeoutMs: 200,
    cacheMs: 0,
    failureCacheMs: 0,
  });
  owner = await tenant(t, 'Proprietaire');
}, 60_000);
afterAll(() => t.close());

const worker = (batchSize = 10) => new DomainClaimWorker(t.app.ctx, { batchSize });

async function claim(domain: string) {
  const res = await postDeploy(t, owner.user.token, owner.env.id, erpBody({ nom_domaine: domain }));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string }>().id;
}

const txtLookups = (domain: string) =>
  lookups.filter((l) => l === `txt _nuage-verification.${domain}`).length;

/** A moment when every claim made so far is due (the first check comes within 12 minutes). */
const later = (ms = 15 * MINUTE) => new Date(Date.now() + ms);

describe('the background check of pending custom domains', () => {
  it('verifies a domain whose TXT record is published, and serves it, with nobody on the page', async () => {
    const id = await claim('fond.exemple.sn');
    const row = (await deploymentRow(t, id))!;
    // The first check is scheduled soon after the claim, not at once.
    expect(row.domainNextCheckAt!.getTime()).toBeGreaterThan(Date.now() + 5 * MINUTE);
    expect(row.domainNextCheckAt!.getTime()).toBeLessThan(Date.now() + 13 * MINUTE);
    zone['_nuage-verification.fond.exemple.sn'] = {
      txt: [`nuage-verification=${row.domainToken}`],
    };
    // Not due yet: nothing looked up.
    await worker().tick(new Date());
    expect(txtLookups('fond.exemple.sn')).toBe(0);
    await worker().tick(later());
    const after = (await deploymentRow(t, id))!;
    expect(after).toMatchObject({
      domainProof: 'txt',
      domainNextCheckAt: null,
      generation: row.generation + 1,
    });
    expect(after.events[0]!.message).toBe(t_.verifiedEvent('fond.exemple.sn'));
    expect(await servedDomainLookup(t.database.db, hostnamePolicy(t.config))(after)).toBe(
      'fond.exemple.sn',
    );
    // Verified: never looked up again.
    const before = txtLookups('fond.exemple.sn');
    await worker().tick(later(3 * DAY));
    expect(txtLookups('fond.exemple.sn')).toBe(before);
  });

  it('records what it found for the DNS card, and changes nothing when the DNS does not answer', async () => {
    const id = await claim('instable.exemple.sn');
    await worker().tick(later());
    const found = (await deploymentRow(t, id))!;
    expect(found).toMatchObject({ domainVerifiedAt: null, domainCheckResult: 'txt_missing' });
    expect((await dnsHelp(t, owner.user.token, id)).propriete.message).toBe(
      t_.txtMissing('_nuage-verification.instable.exemple.sn'),
    );
    // The DNS fails at every later pass: the claim, its finding and the card stay as they were.
    zone['_nuage-verification.instable.exemple.sn'] = 'servfail';
    zone['instable.exemple.sn'] = 'servfail';
    for (const at of [later(2 * HOUR), later(4 * HOUR), later(6 * HOUR)]) {
      await worker().tick(at);
      const row = (await deploymentRow(t, id))!;
      expect(row).toMatchObject({
        domain: 'instable.exemple.sn',
        domainVerifiedAt: null,
        domainCheckResult: 'txt_missing',
        domainCheckedAt: found.domainCheckedAt,
        generation: found.generation,
      });
      // Looked at again later, never sooner than the usual spacing.
      expect(row.domainNextCheckAt!.getTime()).toBeGreaterThan(at.getTime() + 40 * MINUTE);
    }
    expect(txtLookups('instable.exemple.sn')).toBeGreaterThanOrEqual(4);
  });

  it('looks up a bounded number of claims per pass, the ones due first, and spreads the next checks', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push(await claim(`lot${i}.exemple.sn`));
    const due = later();
    const looked = () => ids.filter((_, i) => txtLookups(`lot${i}.exemple.sn`) > 0).length;
    expect(await worker(2).tick(due)).toBe(2);
    expect(looked()).toBe(2);
    expect(await worker(2).tick(due)).toBe(2);
    expect(looked()).toBe(4);
    expect(await worker(2).tick(due)).toBe(1);
    expect(looked()).toBe(5);
    const next = await t.database.db
      .select({ at: deployments.domainNextCheckAt })
      .from(deployments)
      .where(inArray(deployments.id, ids));
    // Spread: not one instant for all, each within ±20 % of the young claims' ten minutes.
    const times = next.map((n) => n.at!.getTime());
    expect(new Set(times).size).toBe(5);
    for (const at of times) {
      expect(at).toBeGreaterThanOrEqual(due.getTime() + 8 * MINUTE);
      expect(at).toBeLessThanOrEqual(due.getTime() + 12 * MINUTE);
    }
  });

  it('withdraws claims past their delay', async () => {
    const id = await claim('perime.exemple.sn');
    await worker().tick(later(8 * DAY));
    const row = (await deploymentRow(t, id))!;
    expect(row).toMatchObject({ domain: null, domainNextCheckAt: null });
    expect(row.events[0]!.message).toBe(t_.expiredEvent('perime.exemple.sn'));
    expect(
      await t.database.db.$count(deployments, eq(deployments.domain, 'perime.exemple.sn')),
    ).toBe(0);
  });
});
